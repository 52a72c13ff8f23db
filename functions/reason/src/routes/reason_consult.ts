import { ClarificationResponse, consult, ReasonRequest, ReasonResponse } from "@svc/core";
import { defineOperation, ErrorEnvelope } from "@svc/http";
import { consultContext } from "./context";
import * as z from "zod";

export const reasonConsult = defineOperation(
  {
    operationId: "consultReason",
    method: "post",
    path: "/api/reason",
    summary: "Examine an action or its reasoning",
    description:
      "Runs Layer 1 (extraction, or the caller's layer1_schema), the deterministic Layer 2 assessment, signed with Ed25519 over its JCS form, and Layer 3 prose. " +
      "A situation too ambiguous on one axis first gets a clarifying question (HTTP 200 with clarification_required); an answer may bring one on another axis, never one already answered, and the third answer at the latest brings the assessment. " +
      "A continuation_token is used once, by the credential it was issued to; a second use is 400 continuation_token_used. One metered loop per consult; its clarification turns belong to the same loop. " +
      "The header X-Loop-Id equals examination.ref.",
    tags: ["reason"],
    auth: "bearer",
    listing: { spec: "4.4, 2.12, 2.13", requires: "layer1_schema needs capability l1_supply; svc_inst_ keys must supply it" },
    charge: { skill: "svc-reason", at: "service" },
    maxBodyBytes: 256 * 1024,
    request: { body: ReasonRequest },
    responses: {
      200: {
        description: "The signed assessment, or the clarification question.",
        schema: z.union([ReasonResponse, ClarificationResponse]),
        headers: ["X-Loop-Id"],
      },
      400: {
        description: "A field over its cap or malformed, or a continuation rule broken, such as a token already used (the code names which).",
        schema: ErrorEnvelope,
      },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      403: { description: "layer1_schema without capability l1_supply.", schema: ErrorEnvelope },
      429: { description: "Loop allowance or burst window exhausted.", schema: ErrorEnvelope },
    },
  },
  async (c, { body }) => {
    const result = await consult({ ctx: await consultContext(c), input: body });
    if (result.kind === "assessment") c.header("X-Loop-Id", result.loopId);
    return c.json(result.body);
  },
);
