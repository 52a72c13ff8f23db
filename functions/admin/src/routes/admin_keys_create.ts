import { CreateApiKeyRequest, CreatedApiKey, issueApiKey } from "@svc/core";
import { defineOperation, ErrorEnvelope, sessionOf } from "@svc/http";

export const adminKeysCreate = defineOperation(
  {
    operationId: "createApiKey",
    method: "post",
    path: "/api/admin/keys",
    summary: "Create an API key",
    description: "Returns the plaintext key once, with its id; only a hash is stored.",
    tags: ["admin"],
    auth: "operator",
    listing: { spec: "5.10" },
    // The plaintext key is shown once and stored nowhere, so no response of this route is kept for replay.
    idempotent: false,
    request: { body: CreateApiKeyRequest },
    responses: {
      201: { description: "The new key.", schema: CreatedApiKey },
      400: { description: "A field is missing or invalid (named in `field`).", schema: ErrorEnvelope },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      403: { description: "Not an operator.", schema: ErrorEnvelope },
    },
  },
  async (c, { body }) => {
    const { credentials } = await sessionOf(c);
    return c.json(await issueApiKey({ ctx: { credentials, now: () => new Date() }, input: body }), 201);
  },
);
