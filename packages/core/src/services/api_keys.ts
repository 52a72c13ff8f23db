import * as z from "zod";
import { AgentId, displayPrefix, generateApiKey, hashApiKey, KeyOwnerName, keyOwnerId, StoredApiKey, type CredentialStore } from "../credentials";
import { Capability, CredentialKind, ExaminationMode, Tier } from "../enums";
import { NotFoundError } from "../errors";

export interface KeyServiceContext {
  readonly credentials: CredentialStore;
  readonly now: () => Date;
}

export const CreateApiKeyRequest = z
  .strictObject({
    kind: CredentialKind.describe("live (svc_live_), prac (svc_prac_) or inst (svc_inst_)."),
    owner_id: KeyOwnerName.describe(
      "Who owns the key and the records it writes: a name, stored as the owner id key:<name> (a key:<name> id is taken as it is; a user:<sub> id is refused, as a key never acts for a human user).",
    ),
    tier: Tier.default("free"),
    capabilities: z
      .array(Capability)
      .max(Capability.options.length)
      .refine((caps) => new Set(caps).size === caps.length, "lists a capability twice")
      .default([]),
    agent_id: AgentId.nullable().optional().describe("Binds the key to one agent."),
    daily_limit: z.number().int().min(1).max(10_000_000).nullable().optional().describe("Paid keys: calls per UTC day (default PAID_DAILY_LIMIT)."),
    label: z.string().trim().min(1).max(200).nullable().optional(),
    harness_marker: ExaminationMode.nullable()
      .optional()
      .describe(
        "How the agent runs examinations: pre_decision_harness (it consults before acting) or post_decision_check; sets examination_mode on its accreditation writes.",
      ),
    expires_at: z.iso.datetime({ offset: true }).nullable().optional().describe("ISO 8601; absent means no expiry."),
  })
  .describe("A new API key.");
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequest>;

export const CreatedApiKey = StoredApiKey.extend({
  key: z.string().describe("The key itself. Shown this once: only its hash is stored."),
});
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export async function issueApiKey({ ctx, input }: { ctx: KeyServiceContext; input: CreateApiKeyRequest }): Promise<CreatedApiKey> {
  const key = generateApiKey(input.kind);
  const stored = await ctx.credentials.insert({
    id: crypto.randomUUID(),
    kind: input.kind,
    key_prefix: displayPrefix(key),
    key_hash: await hashApiKey(key),
    owner_id: keyOwnerId(input.owner_id),
    agent_id: input.agent_id ?? null,
    tier: input.tier,
    capabilities: input.capabilities,
    daily_limit: input.daily_limit ?? null,
    label: input.label ?? null,
    harness_marker: input.harness_marker ?? null,
    expires_at: input.expires_at ? new Date(input.expires_at) : null,
  });
  return { ...stored, key };
}

export const ListApiKeysQuery = z.strictObject({
  owner_id: KeyOwnerName.optional().describe("Only the keys of this owner: its name or its key:<name> id."),
  include_revoked: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: z.uuid().optional().describe("Cursor: the id of the last key of the previous page."),
});

export const ApiKeyList = z.object({
  keys: z.array(StoredApiKey),
  next_cursor: z.string().nullable().describe("Pass as `before` for the next page; null on the last page."),
});
export type ApiKeyList = z.infer<typeof ApiKeyList>;

export async function listApiKeys({ ctx, input }: { ctx: KeyServiceContext; input: z.infer<typeof ListApiKeysQuery> }): Promise<ApiKeyList> {
  const keys = await ctx.credentials.list({
    include_revoked: input.include_revoked,
    limit: input.limit,
    ...(input.owner_id !== undefined ? { owner_id: keyOwnerId(input.owner_id) } : {}),
    ...(input.before !== undefined ? { before_id: input.before } : {}),
  });
  return { keys, next_cursor: keys.length === input.limit ? keys[keys.length - 1]!.id : null };
}

export async function revokeApiKey({ ctx, input }: { ctx: KeyServiceContext; input: { id: string } }): Promise<StoredApiKey> {
  const revoked = await ctx.credentials.revoke(input.id, ctx.now());
  if (!revoked) throw new NotFoundError(`No API key has the id ${input.id}.`);
  return revoked;
}
