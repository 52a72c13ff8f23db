import { Advice, adviseAction as adviseActionService, optionalTextField, textField } from "@svc/core";
import { defineOperation, ErrorEnvelope } from "@svc/http";
import * as z from "zod";
import { TEXT_BODY_BYTES } from "./score_action";
import { scoringContext } from "./context";

const TEXT_CAP = 5000;
const text = (field: string) => textField(field, TEXT_CAP);

export const AdviseActionRequest = z.strictObject({
  proposed_action: text("proposed_action"),
  context: optionalTextField("context", TEXT_CAP),
  goal: optionalTextField("goal", TEXT_CAP),
});

export const adviseAction = defineOperation(
  {
    operationId: "adviseAction",
    method: "post",
    path: "/api/advise-action",
    summary: "Advice on a proposed action",
    description:
      "Examines a proposed action with the reason engine and presents it as spec 2.6: guidance, appropriateness, passions to examine, one question per virtue domain, other perspectives. Not stored.",
    tags: ["scoring"],
    auth: "bearer",
    listing: { spec: "4.2, 2.6" },
    charge: { skill: "svc-score" },
    maxBodyBytes: TEXT_BODY_BYTES,
    request: { body: AdviseActionRequest },
    responses: {
      200: { description: "The advice.", schema: Advice },
      400: { description: "A field missing, over 5,000 characters, or not accepted.", schema: ErrorEnvelope },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      429: { description: "svc-score allowance exhausted.", schema: ErrorEnvelope },
    },
  },
  async (c, { body }) => c.json(await adviseActionService({ ctx: await scoringContext(c), input: body })),
);
