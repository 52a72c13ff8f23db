import { declare, StoaDeclareBody, StoaEntry, STOA_COMMITMENT_TEXT_MAX, STOA_COMMITMENTS_MAX, STOA_STATEMENT_MAX, STOA_URL_MAX } from "@svc/core";
import { bodyCapForText, defineOperation, ErrorEnvelope, withCaller } from "@svc/http";
import { stoaContext } from "./context";

/** Every text field at its cap, however escaped. */
export const STOA_BODY_CAP = bodyCapForText(STOA_STATEMENT_MAX + STOA_COMMITMENTS_MAX * STOA_COMMITMENT_TEXT_MAX + 2 * STOA_URL_MAX + 400);

export const stoaDeclareCreate = defineOperation(
  {
    operationId: "createStoaDeclaration",
    method: "post",
    path: "/api/stoa/declare",
    summary: "Declare an agent in the Stoa",
    description:
      "Any bearer credential. The declaration belongs to the credential's owner; a key bound to an agent declares for that agent, an unbound key or a user token names `agent_id`. " +
      "One declaration per agent id across the directory. Declaring writes no trust event and feeds no practice signal.",
    tags: ["stoa"],
    auth: "bearer",
    listing: { spec: "4.4" },
    maxBodyBytes: STOA_BODY_CAP,
    request: { body: StoaDeclareBody },
    responses: {
      201: { description: "The entry as the directory shows it.", schema: StoaEntry },
      400: {
        description: "A field missing or invalid (named); `agent_id` missing for a credential bound to no agent. Nothing was written.",
        schema: ErrorEnvelope,
      },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      403: {
        description: "`agent_not_bound`: a bound key naming another agent; `not_record_owner`: the agent's accreditation belongs to another owner.",
        schema: ErrorEnvelope,
      },
      409: {
        description: "`already_declared`: the caller has declared this agent (amend it); `agent_already_declared`: another owner has.",
        schema: ErrorEnvelope,
      },
    },
  },
  async (c, { body }) => {
    return c.json(await declare({ ctx: withCaller(c, await stoaContext(c)), input: body }), 201);
  },
);
