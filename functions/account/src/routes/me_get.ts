import { Capability, CredentialKind, Tier } from "@svc/core";
import { defineOperation, ErrorEnvelope, principalOf } from "@svc/http";
import * as z from "zod";

export const MeResponse = z.object({
  type: z.enum(["api_key", "user", "operator"]).describe("How the caller authenticated."),
  owner_id: z
    .string()
    .describe("Owner of the caller's records, qualified by kind: key:<owner name> for an API key, user:<sub> for a JWT, operator for the operator key.")
    .meta({ example: "user:alice" }),
  credential_id: z.string().nullable().describe("The API key's id; null for users and the operator key."),
  kind: CredentialKind.nullable(),
  agent_id: z.string().nullable(),
  tier: Tier,
  capabilities: z.array(Capability),
});

export const meGet = defineOperation(
  {
    operationId: "getMe",
    method: "get",
    path: "/api/me",
    summary: "Who this credential is",
    description: "The caller's owner id, tier, capabilities and, for an API key, its kind and agent binding.",
    tags: ["account"],
    auth: "bearer",
    listing: { spec: "5" },
    responses: {
      200: { description: "The caller.", schema: MeResponse },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
    },
  },
  (c) => {
    const p = principalOf(c);
    return c.json({
      type: p.type,
      owner_id: p.owner_id,
      credential_id: p.type === "api_key" ? p.credential_id : null,
      kind: p.type === "api_key" ? p.kind : null,
      agent_id: p.type === "api_key" ? p.agent_id : null,
      tier: p.tier,
      capabilities: [...p.capabilities],
    });
  },
);
