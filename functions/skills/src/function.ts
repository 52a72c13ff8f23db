import { createServiceFunction } from "@svc/http";
import { authenticate } from "@svc/http/auth";
import { languageWorkersPlatform } from "@svc/workers/reason";
import { skillOperations } from "./routes/skill_call";
import { skillIterate } from "./routes/skill_iterate";
import { skillsListGet } from "./routes/skills_list_get";

/** The skills of the pricing table, each its own route. */
export const skillsFunction = createServiceFunction("skills", [skillsListGet, skillIterate, ...skillOperations], {
  platform: languageWorkersPlatform,
  authenticate,
});
