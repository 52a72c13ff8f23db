import type { NewTrustEvent } from "../accreditation/trust_events";
import type { KatorthomaProximity, VirtueDomain } from "../enums";

/** One commitment of a declaration: what the agent claims of its practice in one domain. */
export interface StoaCommitmentRecord {
  readonly domain: VirtueDomain;
  readonly claimed_level: KatorthomaProximity;
  readonly text: string;
}

/** A declaration as stored: one per agent id across the directory, owned by its declarer's owner. */
export interface StoaDeclaration {
  /** Changes when a withdrawn declaration is made again. */
  readonly id: string;
  readonly agent_id: string;
  readonly owner_id: string;
  readonly display_name: string;
  readonly statement: string;
  readonly commitments: readonly StoaCommitmentRecord[];
  readonly contact_url: string | null;
  readonly agent_card_url: string | null;
  readonly declared_at: string;
  readonly amended_at: string | null;
}

/**
 * What the store knows of the records an entry may link, read with the entry itself so a page
 * of 100 costs one query: who owns the agent's accreditation, and whether the agent has
 * examined trust evidence or a provenance-gap entry (the trust record's 404 rule).
 */
export interface StoaLinkFacts {
  readonly accreditation_owner_id: string | null;
  readonly examined_evidence: boolean;
  readonly gap_entries: boolean;
}

export interface ListedDeclaration extends StoaDeclaration {
  readonly facts: StoaLinkFacts;
}

/** The fields an amendment may change; an absent key is left as it is. */
export type StoaAmendment = Partial<Pick<StoaDeclaration, "display_name" | "statement" | "commitments" | "contact_url" | "agent_card_url">>;

/** A confirmed contradiction between a declared commitment and the agent's record, with what was declared at the time. */
export interface StoaContradiction {
  readonly id: string;
  readonly agent_id: string;
  readonly declaration_id: string;
  readonly commitment_index: number;
  readonly commitment: StoaCommitmentRecord;
  readonly observed_level: KatorthomaProximity;
  readonly note: string;
  readonly confirmed_by: string;
  readonly created_at: string;
}

export interface StoaPageQuery {
  readonly limit: number;
  /** The last entry of the previous page (newest first). */
  readonly before: { readonly declared_at: string; readonly id: string } | null;
  /** Case-insensitive prefix of the agent id or the display name. */
  readonly prefix: string | null;
}

/** The store port of the Stoa; Postgres in @svc/db. */
export interface StoaStore {
  find(agentId: string): Promise<ListedDeclaration | null>;
  /** False when the agent id is already declared (by anyone). */
  insert(declaration: StoaDeclaration): Promise<boolean>;
  /** Null when the owner has no declaration for the agent. */
  amend(agentId: string, ownerId: string, amendment: StoaAmendment, amendedAt: string): Promise<StoaDeclaration | null>;
  /** False when the owner has no declaration for the agent. */
  withdraw(agentId: string, ownerId: string): Promise<boolean>;
  /** Newest declaration first, then by id. */
  list(query: StoaPageQuery): Promise<ListedDeclaration[]>;
  /** Records the contradiction and mints its decrease-class trust event in one transaction. */
  confirmContradiction(contradiction: StoaContradiction, event: NewTrustEvent): Promise<StoaContradiction>;
}
