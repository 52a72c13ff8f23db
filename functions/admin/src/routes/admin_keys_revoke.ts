import { revokeApiKey, StoredApiKey } from "@svc/core";
import { defineOperation, ErrorEnvelope, sessionOf } from "@svc/http";
import { forgetCachedCredential } from "@svc/http/auth";
import * as z from "zod";

export const adminKeysRevoke = defineOperation(
  {
    operationId: "revokeApiKey",
    method: "delete",
    path: "/api/admin/keys/{id}",
    summary: "Revoke an API key",
    description:
      "Takes effect at once in the isolate that served the call and everywhere within KEY_CACHE_TTL_SECONDS. Revoking twice keeps the first revocation time.",
    tags: ["admin"],
    auth: "operator",
    listing: { spec: "5.10" },
    request: { params: z.object({ id: z.uuid().describe("The key's id.") }) },
    responses: {
      200: { description: "The revoked key.", schema: StoredApiKey },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      403: { description: "Not an operator.", schema: ErrorEnvelope },
      404: { description: "No such key.", schema: ErrorEnvelope },
    },
  },
  async (c, { params }) => {
    const { credentials } = await sessionOf(c);
    const revoked = await revokeApiKey({ ctx: { credentials, now: () => new Date() }, input: params });
    forgetCachedCredential(revoked.id);
    return c.json(revoked);
  },
);
