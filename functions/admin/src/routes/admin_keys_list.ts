import { ApiKeyList, listApiKeys, ListApiKeysQuery } from "@svc/core";
import { defineOperation, ErrorEnvelope, sessionOf } from "@svc/http";

export const adminKeysList = defineOperation(
  {
    operationId: "listApiKeys",
    method: "get",
    path: "/api/admin/keys",
    summary: "List API keys",
    description: "Newest first, never with secrets. Revoked keys only with include_revoked=true.",
    tags: ["admin"],
    auth: "operator",
    listing: { spec: "5.10" },
    request: { query: ListApiKeysQuery },
    responses: {
      200: { description: "A page of keys.", schema: ApiKeyList },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      403: { description: "Not an operator.", schema: ErrorEnvelope },
    },
  },
  async (c, { query }) => {
    const { credentials } = await sessionOf(c);
    return c.json(await listApiKeys({ ctx: { credentials, now: () => new Date() }, input: query }));
  },
);
