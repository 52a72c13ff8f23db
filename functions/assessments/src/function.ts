import { createServiceFunction } from "@svc/http";
import { authenticate } from "@svc/http/auth";
import { languageWorkersRuntime } from "@svc/workers/reason";
import { baselineIndexGet, foundationalIndexGet, frameworkGet, fullIndexGet } from "./routes/assessment_indexes";
import { baselineSubmit, foundationalSubmit, fullSubmit } from "./routes/assessment_submit";

/** The self-assessments, each scored through the reason engine. */
export const assessmentsFunction = createServiceFunction(
  "assessments",
  [frameworkGet, foundationalIndexGet, foundationalSubmit, fullIndexGet, fullSubmit, baselineIndexGet, baselineSubmit],
  { runtime: languageWorkersRuntime, authenticate },
);
