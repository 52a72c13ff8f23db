import { accountFunction } from "@svc/fn-account";
import { accreditationFunction } from "@svc/fn-accreditation";
import { assessmentsFunction } from "@svc/fn-assessments";
import { adminFunction } from "@svc/fn-admin";
import { discoveryFunction } from "@svc/fn-discovery";
import { overviewFunction } from "@svc/fn-overview";
import { practiceFunction } from "@svc/fn-practice";
import { guardrailFunction } from "@svc/fn-guardrail";
import { mcpFunction } from "@svc/fn-mcp";
import { reasonFunction } from "@svc/fn-reason";
import { scoringFunction } from "@svc/fn-scoring";
import { skillsFunction } from "@svc/fn-skills";
import { stoaFunction } from "@svc/fn-stoa";
import type { ServiceFunction } from "@svc/http";

/**
 * Every HTTP function of the service. The local server mounts these very modules; each is
 * also deployed alone as a Worker (wrangler.toml has one environment per name).
 */
export const SERVICE_FUNCTIONS: readonly ServiceFunction[] = [
  discoveryFunction,
  overviewFunction,
  adminFunction,
  accountFunction,
  reasonFunction,
  scoringFunction,
  guardrailFunction,
  skillsFunction,
  assessmentsFunction,
  accreditationFunction,
  practiceFunction,
  stoaFunction,
  mcpFunction,
];
