import { skillLens } from "@svc/core";
import { skillOperation } from "./skill_call";

/**
 * POST /api/v1/diagnose-passion (spec 4.6): the versioned name the listing gives svc-diagnose.
 * The same lens, input, output and allowance as POST /api/skill/svc-diagnose.
 */
export const v1DiagnosePassion = skillOperation(skillLens("svc-diagnose")!, {
  path: "/api/v1/diagnose-passion",
  operationId: "diagnosePassionV1",
  summary: "Diagnose the passion behind a described reaction (svc-diagnose, versioned)",
  listing: { spec: "4.6", planned: true },
});
