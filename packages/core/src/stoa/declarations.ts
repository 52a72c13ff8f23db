import * as z from "zod";
import type { AccreditationStore } from "../accreditation/records";
import { type Caller, checkAgentBinding } from "../authorization";
import { AgentId, type Principal } from "../credentials";
import { decodeBase64url, encodeBase64url } from "../encoding";
import { KatorthomaProximity, VirtueDomain } from "../enums";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors";
import { displayNameField } from "../text";
import type { ListedDeclaration, StoaAmendment, StoaDeclaration, StoaStore } from "./store";

/**
 * The Stoa (spec 1 item 9, 4.4): a voluntary directory in which an agent's owner declares,
 * in the agent's own words, what it holds itself to. A declaration is not verified, and its
 * presence feeds no trust or practice signal: nothing here mints a trust event. Only an
 * operator's confirmed contradiction (./contradictions.ts) reaches the trust record.
 */

export const STOA_DISPLAY_NAME_MAX = 80;
export const STOA_STATEMENT_MAX = 2000;
export const STOA_COMMITMENTS_MAX = 10;
export const STOA_COMMITMENT_TEXT_MAX = 500;
export const STOA_URL_MAX = 2048;
export const STOA_PAGE_MAX = 100;
const STOA_PREFIX_MAX = 80;

export const PRESENCE_NOTE =
  "This declaration is the agent's own statement about its practice. The service has not verified it, and being listed here feeds no trust or practice signal: " +
  "only the linked accreditation and trust record rest on examinations.";

export interface StoaContext {
  readonly stoa: StoaStore;
  readonly accreditations: Pick<AccreditationStore, "find">;
  readonly now: () => Date;
}

const text = (field: string, max: number) =>
  z.string().trim().min(1, `${field} must hold more than whitespace`).max(max, `${field} is limited to ${max} characters`);

const httpsUrl = (field: string) =>
  z
    .string()
    .max(STOA_URL_MAX, `${field} is limited to ${STOA_URL_MAX} characters`)
    .refine((value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      return url.protocol === "https:" && url.hostname !== "" && url.username === "" && url.password === "";
    }, `${field} must be an https URL without credentials`);

export const StoaCommitment = z
  .strictObject({
    domain: VirtueDomain.describe("The cardinal virtue domain the commitment is about."),
    claimed_level: KatorthomaProximity.describe("The proximity the agent claims to reason at in this domain (five levels, low to high)."),
    text: text("text", STOA_COMMITMENT_TEXT_MAX).describe(`What the agent commits to, in its own words (at most ${STOA_COMMITMENT_TEXT_MAX} characters).`),
  })
  .describe("One commitment: a claim about the agent's practice in one domain. An operator may confirm that the agent's record contradicts it.");

const DeclaringAgent = AgentId.describe(
  "The agent the declaration is for. A key bound to an agent declares for that agent (naming another is 403 agent_not_bound); an unbound key or a user token must name it.",
);
const DisplayName = displayNameField("display_name", STOA_DISPLAY_NAME_MAX).describe(
  `The name the directory shows (1 to ${STOA_DISPLAY_NAME_MAX} characters; no control or bidirectional control characters, at least one visible character).`,
);
const Statement = text("statement", STOA_STATEMENT_MAX).describe(
  `What the agent declares about its practice (1 to ${STOA_STATEMENT_MAX} characters). Not verified.`,
);
const Commitments = z
  .array(StoaCommitment)
  .max(STOA_COMMITMENTS_MAX, `at most ${STOA_COMMITMENTS_MAX} commitments`)
  .describe(`Up to ${STOA_COMMITMENTS_MAX} commitments; their positions (from 0) are how an operator names one.`);
const ContactUrl = httpsUrl("contact_url").describe("An https address where the agent's owner can be reached.");
const AgentCardUrl = httpsUrl("agent_card_url").describe("An https address of the agent's card; shown as given, never fetched by the service.");

export const StoaDeclareBody = z
  .strictObject({
    agent_id: DeclaringAgent.optional(),
    display_name: DisplayName,
    statement: Statement,
    commitments: Commitments.optional(),
    contact_url: ContactUrl.optional(),
    agent_card_url: AgentCardUrl.optional(),
  })
  .describe("A declaration for the Stoa directory.");
export type StoaDeclareBody = z.infer<typeof StoaDeclareBody>;

const AMENDABLE = ["display_name", "statement", "commitments", "contact_url", "agent_card_url"] as const;

export const StoaAmendBody = z
  .strictObject({
    agent_id: DeclaringAgent.optional(),
    display_name: DisplayName.optional(),
    statement: Statement.optional(),
    commitments: Commitments.optional().describe("Replaces the whole list; [] removes every commitment."),
    contact_url: ContactUrl.nullable().optional().describe("null removes it."),
    agent_card_url: AgentCardUrl.nullable().optional().describe("null removes it."),
  })
  .describe(`An amendment: at least one of ${AMENDABLE.join(", ")}; what is absent stays as it is.`);
export type StoaAmendBody = z.infer<typeof StoaAmendBody>;

export const StoaDeclarationQuery = z.strictObject({ agent_id: DeclaringAgent.optional() }).describe("Which declaration: the bound agent's, or the one named.");
export type StoaDeclarationQuery = z.infer<typeof StoaDeclarationQuery>;

const encodeCursor = (d: Pick<StoaDeclaration, "declared_at" | "id">) => encodeBase64url(new TextEncoder().encode(JSON.stringify([d.declared_at, d.id])));

function decodeCursor(value: string): { declared_at: string; id: string } | null {
  const bytes = decodeBase64url(value);
  if (!bytes) return null;
  try {
    const parsed = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [at, id] = parsed;
    if (!z.iso.datetime().safeParse(at).success || !z.uuid().safeParse(id).success) return null;
    return { declared_at: at as string, id: id as string };
  } catch {
    return null;
  }
}

export const StoaEntriesQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(STOA_PAGE_MAX).default(20).describe(`Entries per page, 1 to ${STOA_PAGE_MAX} (default 20).`),
  before: z
    .string()
    .max(200)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return null;
      const cursor = decodeCursor(value);
      if (!cursor) {
        ctx.addIssue({ code: "custom", message: "before must be a next_cursor this directory gave out" });
        return z.NEVER;
      }
      return cursor;
    })
    .describe("Cursor: the next_cursor of the previous page."),
  q: z.string().trim().min(1).max(STOA_PREFIX_MAX).optional().describe("Only entries whose agent_id or display_name starts with this (case-insensitive)."),
});
export type StoaEntriesQuery = z.output<typeof StoaEntriesQuery>;

export const StoaLinks = z
  .object({
    accreditation: z.string().nullable().describe("/api/accreditation/{agent_id} when the agent has an accreditation record of the same owner; else null."),
    trust_record: z
      .string()
      .nullable()
      .describe(
        "/api/trust-record/{agent_id} when that record would be served (examined evidence or a provenance-gap entry) for an agent accredited by the same owner; else null.",
      ),
  })
  .describe("Links to the agent's public records, present only where they exist.");

export const StoaEntry = z
  .object({
    declaration_id: z.uuid().describe("Changes when a withdrawn declaration is made again."),
    agent_id: z.string(),
    display_name: z.string(),
    statement: z.string(),
    commitments: z.array(z.object({ domain: VirtueDomain, claimed_level: KatorthomaProximity, text: z.string() })),
    contact_url: z.string().nullable(),
    agent_card_url: z.string().nullable(),
    declared_at: z.string(),
    amended_at: z.string().nullable().describe("The last amendment; null when never amended."),
    links: StoaLinks,
    presence_note: z.literal(PRESENCE_NOTE),
  })
  .describe("One entry of the Stoa: the agent's own, unverified declaration.");
export type StoaEntry = z.infer<typeof StoaEntry>;

export const StoaEntryList = z.object({
  entries: z.array(StoaEntry).describe("Newest declaration first; an amendment does not move an entry."),
  next_cursor: z.string().nullable().describe("Pass as `before` for the next page; null on the last page."),
});
export type StoaEntryList = z.infer<typeof StoaEntryList>;

/** Which agent the caller declares for: a bound key's own agent, or the one an unbound credential names. */
function declaringAgent(principal: Principal, named: string | undefined): string {
  if (principal.type === "api_key" && principal.agent_id !== null) {
    checkAgentBinding(principal, named ?? principal.agent_id);
    return principal.agent_id;
  }
  if (named === undefined) throw new ValidationError("missing_field", "agent_id: required, as this credential is not bound to an agent", "agent_id");
  return named;
}

/**
 * The links an entry carries. Agent ids of accreditations are one namespace whose first
 * seeder owns the record; a record of another owner is not this declarer's, so it is not
 * linked. The trust record is linked when it would be served rather than be a 404 (examined
 * evidence or a gap entry: `hasTrustSurface`), which the store reads for a whole page at once.
 */
export function stoaLinksOf(d: ListedDeclaration): z.infer<typeof StoaLinks> {
  const own = d.facts.accreditation_owner_id === d.owner_id;
  const id = encodeURIComponent(d.agent_id);
  return {
    accreditation: own ? `/api/accreditation/${id}` : null,
    trust_record: own && (d.facts.examined_evidence || d.facts.gap_entries) ? `/api/trust-record/${id}` : null,
  };
}

function entryOf(d: ListedDeclaration): StoaEntry {
  return {
    declaration_id: d.id,
    agent_id: d.agent_id,
    display_name: d.display_name,
    statement: d.statement,
    commitments: d.commitments.map((c) => ({ domain: c.domain, claimed_level: c.claimed_level, text: c.text })),
    contact_url: d.contact_url,
    agent_card_url: d.agent_card_url,
    declared_at: d.declared_at,
    amended_at: d.amended_at,
    links: stoaLinksOf(d),
    presence_note: PRESENCE_NOTE,
  };
}

const notDeclared = (agentId: string) => new NotFoundError(`You have no declaration in the Stoa for ${agentId}.`, "declaration_not_found");

async function ownDeclaration(ctx: StoaContext, principal: Principal, agentId: string): Promise<ListedDeclaration> {
  const found = await ctx.stoa.find(agentId);
  // Another owner's declaration is public in the directory, but never served here as the caller's.
  if (!found || found.owner_id !== principal.owner_id) throw notDeclared(agentId);
  return found;
}

export async function declare({ ctx, input }: { ctx: StoaContext & Caller; input: StoaDeclareBody }): Promise<StoaEntry> {
  const { principal } = ctx;
  const agentId = declaringAgent(principal, input.agent_id);
  const accreditation = await ctx.accreditations.find(agentId);
  if (accreditation && accreditation.owner_id !== principal.owner_id) {
    throw new ForbiddenError(`The accreditation of ${agentId} belongs to another owner; only that owner may declare it in the Stoa.`, "not_record_owner");
  }
  const conflict = (existing: ListedDeclaration | null) =>
    existing?.owner_id === principal.owner_id
      ? new ConflictError(`You have already declared ${agentId}; amend it with PATCH /api/stoa/declare.`, "already_declared")
      : new ConflictError(`${agentId} is already declared in the Stoa by another owner.`, "agent_already_declared");
  const existing = await ctx.stoa.find(agentId);
  if (existing) throw conflict(existing);
  const inserted = await ctx.stoa.insert({
    id: crypto.randomUUID(),
    agent_id: agentId,
    owner_id: principal.owner_id,
    display_name: input.display_name,
    statement: input.statement,
    commitments: input.commitments ?? [],
    contact_url: input.contact_url ?? null,
    agent_card_url: input.agent_card_url ?? null,
    declared_at: ctx.now().toISOString(),
    amended_at: null,
  });
  // A declaration made between the read and the insert wins.
  if (!inserted) throw conflict(await ctx.stoa.find(agentId));
  return entryOf(await ownDeclaration(ctx, principal, agentId));
}

export async function readOwn({ ctx, input }: { ctx: StoaContext & Caller; input: StoaDeclarationQuery }): Promise<StoaEntry> {
  const { principal } = ctx;
  return entryOf(await ownDeclaration(ctx, principal, declaringAgent(principal, input.agent_id)));
}

export async function amend({ ctx, input }: { ctx: StoaContext & Caller; input: StoaAmendBody }): Promise<StoaEntry> {
  const { principal } = ctx;
  const { agent_id: named, ...changes } = input;
  const amendment: StoaAmendment = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(amendment).length === 0) {
    throw new ValidationError("nothing_to_amend", `An amendment names at least one of ${AMENDABLE.join(", ")}.`);
  }
  const agentId = declaringAgent(principal, named);
  const amended = await ctx.stoa.amend(agentId, principal.owner_id, amendment, ctx.now().toISOString());
  if (!amended) throw notDeclared(agentId);
  return entryOf(await ownDeclaration(ctx, principal, agentId));
}

export async function withdraw({ ctx, input }: { ctx: StoaContext & Caller; input: StoaDeclarationQuery }): Promise<void> {
  const { principal } = ctx;
  const agentId = declaringAgent(principal, input.agent_id);
  if (!(await ctx.stoa.withdraw(agentId, principal.owner_id))) throw notDeclared(agentId);
}

export async function listEntries({ ctx, input }: { ctx: Pick<StoaContext, "stoa">; input: StoaEntriesQuery }): Promise<StoaEntryList> {
  const rows = await ctx.stoa.list({ limit: input.limit, before: input.before, prefix: input.q ?? null });
  return {
    entries: rows.map(entryOf),
    next_cursor: rows.length === input.limit ? encodeCursor(rows[rows.length - 1]!) : null,
  };
}
