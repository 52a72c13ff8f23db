import { AssessmentFramework, AssessmentIndex, assessmentFramework, assessmentIndex, BaselineIndex, baselineIndex, FRAMEWORK_URL } from "@svc/core";
import { defineOperation, ErrorEnvelope, staticPublicJson } from "@svc/http";

const index = (path: "/api/assessment/foundational" | "/api/assessment/full", operationId: string, kind: "foundational" | "full") =>
  defineOperation(
    {
      operationId,
      method: "get",
      path,
      summary: `Index of the ${kind === "foundational" ? "foundational" : "full"} assessment`,
      tags: ["assessments"],
      auth: "bearer",
      listing: { spec: "4.3" },
      responses: {
        200: { description: "Ids, phases and where the prompts are.", schema: AssessmentIndex },
        401: { description: "No valid credential.", schema: ErrorEnvelope },
      },
    },
    (c) => c.json(assessmentIndex(kind)),
  );

export const foundationalIndexGet = index("/api/assessment/foundational", "getFoundationalIndex", "foundational");
export const fullIndexGet = index("/api/assessment/full", "getFullIndex", "full");

export const baselineIndexGet = defineOperation(
  {
    operationId: "getBaselineScenarios",
    method: "get",
    path: "/api/baseline/agent",
    summary: "The four baseline scenarios",
    tags: ["assessments"],
    auth: "bearer",
    listing: { spec: "4.3" },
    responses: {
      200: { description: "One scenario per cardinal virtue.", schema: BaselineIndex },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
    },
  },
  (c) => c.json(baselineIndex()),
);

export const frameworkGet = defineOperation(
  {
    operationId: "getAssessmentFramework",
    method: "get",
    path: FRAMEWORK_URL,
    summary: "The assessment prompts",
    description: "Every assessment's prompt and what its evaluation looks for (assessment_framework_url). Public and cacheable.",
    tags: ["assessments"],
    auth: "none",
    listing: { spec: "4.3" },
    cache: "public",
    responses: { 200: { description: "The framework.", schema: AssessmentFramework } },
  },
  staticPublicJson(() => assessmentFramework()),
);
