import { callerSubject, NarrativeResponse, readNarrative } from "@svc/core";
import { defineOperation, ErrorEnvelope, principalOf, sessionOf } from "@svc/http";
import * as z from "zod";

export const narrativeGet = defineOperation(
  {
    operationId: "getNarrative",
    method: "get",
    path: "/api/reason/narratives/{correlation_id}",
    summary: "A deferred narrative",
    description:
      "For the credential that made the consult that deferred it (response_format assessment_first): `deferred` until the queue consumer has written it, then `ready` with the text, or `failed`. Anyone else gets 404. Kept 90 days.",
    tags: ["reason"],
    auth: "bearer",
    listing: { spec: "3.2" },
    request: { params: z.object({ correlation_id: z.string().max(200).describe("narrative.correlation_id of the consult.") }) },
    responses: {
      200: { description: "The narrative's state, and its text when ready.", schema: NarrativeResponse },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      404: { description: "No narrative of yours has this id.", schema: ErrorEnvelope },
    },
  },
  async (c, { params }) => {
    const session = await sessionOf(c);
    const body = await readNarrative({
      store: session.narratives,
      sealer: session.sealer(),
      correlationId: params.correlation_id,
      subject: callerSubject(principalOf(c)),
    });
    return c.json(body);
  },
);
