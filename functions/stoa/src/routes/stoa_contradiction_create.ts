import { confirmContradiction, StoaContradictionRequest, StoaContradictionView } from "@svc/core";
import { defineOperation, ErrorEnvelope, withCaller } from "@svc/http";
import { stoaContext } from "./context";

export const stoaContradictionCreate = defineOperation(
  {
    operationId: "confirmStoaContradiction",
    method: "post",
    path: "/api/admin/stoa-contradictions",
    summary: "Confirm that a Stoa commitment contradicts the agent's record",
    description:
      "Operators only. The commitment at `commitment_index` of the agent's current declaration claims a level above `observed_level`, the level its record shows. " +
      "Records the contradiction (with the commitment as declared) and mints one decrease-class trust event (source stoa_contradiction) on the commitment's domain at `observed_level`: " +
      "it lowers that domain of the trust record where the domain has independent examined evidence and is held otherwise (a 404 trust record stays 404). " +
      "On dikaiosyne it also engages the justice latch for 180 days. It never raises a level.",
    tags: ["stoa", "admin"],
    auth: "operator",
    listing: { spec: "4.4, 6" },
    request: { body: StoaContradictionRequest },
    responses: {
      201: { description: "The contradiction, applied or held.", schema: StoaContradictionView },
      400: { description: "A field missing or invalid (named).", schema: ErrorEnvelope },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      403: { description: "Not an operator.", schema: ErrorEnvelope },
      404: { description: "`declaration_not_found`, or `commitment_not_found` (no commitment at that index).", schema: ErrorEnvelope },
      409: {
        description:
          "`no_contradiction`: the claimed level is not above the observed level; `record_of_another_owner`: the agent's accreditation belongs to another owner than the declaration.",
        schema: ErrorEnvelope,
      },
    },
  },
  async (c, { body }) => c.json(await confirmContradiction({ ctx: withCaller(c, await stoaContext(c)), input: body }), 201),
);
