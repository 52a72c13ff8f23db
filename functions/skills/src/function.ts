import { createServiceFunction } from "@svc/http";
import { authenticate } from "@svc/http/auth";
import { languageWorkersRuntime } from "@svc/workers/reason";
import { skillOperations } from "./routes/skill_call";
import { skillIterate } from "./routes/skill_iterate";
import { skillsListGet } from "./routes/skills_list_get";
import { v1DiagnosePassion } from "./routes/v1_diagnose_passion";

/** The skills of the pricing table, each its own route, and svc-diagnose's /api/v1 name. */
export const skillsFunction = createServiceFunction("skills", [skillsListGet, skillIterate, ...skillOperations, v1DiagnosePassion], {
  runtime: languageWorkersRuntime,
  authenticate,
});
