import * as z from "zod";
import { checkAgentBinding, type Caller } from "../authorization";
import { AgentId, type CredentialStore } from "../credentials";
import {
  AuthorityLevel,
  DirectionOfTravel,
  ExaminationMode,
  FieldProvenance,
  KathekonQuality,
  KatorthomaProximity,
  SenecanGrade,
  TransitionType,
  VirtueDomain,
  type ExaminationMode as Mode,
} from "../enums";
import { ConflictError, ForbiddenError, NotFoundError, UnavailableError, UnprocessableError, ValidationError } from "../errors";
import { callerSubject } from "../metering";
import type { ConsultStore } from "../reason/records";
import { STORE_RETRY_AFTER_SECONDS } from "../store_failures";
import { examineProvenance, type VerifiedElement } from "./examinations";
import type { AccreditationRecord, AccreditationStore, CuratorFlag, GradeHistoryEntry } from "./records";
import { composeTrustRecord, decreaseStatus, hasTrustSurface, TRUST_LIST_CAP, type TrustRecord } from "./trust_record";
import type { TrustStore } from "./trust_events";
import {
  checkAccreditationWrite,
  checkProvenance,
  NULLABLE_RECORD_FIELDS,
  OPTIONAL_RECORD_FIELDS,
  REQUIRED_RECORD_FIELDS,
  stripServerComposed,
  type AccreditationWriteBody,
} from "./write_rules";

/**
 * Accreditation writes and read-back (spec 2.14, 3.5, 4.4), the trust record (2.15, 3.6)
 * and curator flags. Every check runs before anything is written; an accepted write commits
 * the record, its write row, grade history, trust events, readings and gaps together.
 */

export interface AccreditationContext {
  readonly accreditations: AccreditationStore;
  readonly trust: TrustStore;
  readonly consults: ConsultStore;
  readonly credentials: CredentialStore;
  /** The owner of the agent's Stoa declaration, if any: agent ids are one first-come namespace. */
  readonly declarationOwner: (agentId: string) => Promise<string | null>;
  /** The public key set signed assessments verify against (GET /api/public-key). */
  readonly publicKeys: () => unknown;
  /** False when the deployment took the trust record surface dark (spec 3.6): 503. */
  readonly trustSurfaceLive: boolean;
  readonly now: () => Date;
}

const GRADE_HISTORY_SHOWN = 20;
const ELEMENT_CAP = 100;

export const AccreditationData = z.object({
  agent_id: z.string(),
  senecan_grade: SenecanGrade,
  typical_proximity: KatorthomaProximity,
  authority_level: AuthorityLevel,
  direction_of_travel: DirectionOfTravel.nullable(),
  actions_evaluated: z.number().int().nullable(),
  typical_kathekon_quality: KathekonQuality.nullable(),
  coverage_status: z
    .enum(["agent_elected", "unattested"])
    .describe(
      "Composed by the server: agent_elected when examinations the agent chose to present were attested by the consult ledger; unattested when none was.",
    ),
  credential_basis: z
    .string()
    .describe("Composed by the server at the last examination-bearing write: which credential wrote, and what its provenance proved."),
  examination_mode: ExaminationMode.optional().describe(
    "From the writing credential's harness marker at the last examination-bearing write; absent when never declared.",
  ),
  passions_persisting: z.array(z.string()).nullable(),
  dimension_levels: z.record(z.string(), z.string()).nullable(),
  typical_deliberation_breadth: z.number().int().nullable(),
  typical_dominant_passion: z.string().nullable(),
  typical_oikeiosis_stage: z.string().nullable(),
  typical_ruling_faculty_state: z.string().nullable(),
  typical_depth_tier: z.string().nullable(),
  regressing_check_count: z.number().int(),
  total_actions_evaluated: z.number().int(),
  version: z.number().int().describe("Counts accepted writes; the seed is 1."),
  seeded_at: z.string(),
  updated_at: z.string(),
});

export const GradeHistoryView = z.object({
  version: z.number().int(),
  trigger_type: TransitionType,
  from_grade: SenecanGrade,
  to_grade: SenecanGrade,
  from_proximity: KatorthomaProximity,
  to_proximity: KatorthomaProximity,
  previous_authority: AuthorityLevel,
  new_authority: AuthorityLevel,
  created_at: z.string(),
});

export const AccreditationReadBack = z
  .object({
    status: z.literal("ok"),
    data: AccreditationData,
    not_assessed_fields: z.array(z.string()).describe("Record fields the writer submitted as null (not assessed)."),
    field_basis: z.record(z.string(), z.string()).describe("For each field of data, what it rests on."),
    field_provenance: z.record(z.string(), FieldProvenance).describe("For each field of data, one label of spec 2.1."),
    grade_history: z.array(GradeHistoryView).describe("The 20 most recent grade changes, newest first."),
    trust_record_url: z.string(),
  })
  .describe("The public read-back of an accreditation record (spec 2.14).");
export type AccreditationReadBack = z.infer<typeof AccreditationReadBack>;

export const AccreditationWriteResult = z.object({
  status: z.literal("ok"),
  kind: z.enum(["seed", "update"]),
  data: AccreditationData,
  write: z.object({
    id: z.string(),
    elements: z.number().int(),
    verified: z.number().int().describe("Elements whose signature verifies against the public key."),
    unverified_elements: z.array(z.number().int()).describe("Positions of elements that did not verify (ignored)."),
    attested: z.number().int().describe("Verified examinations the consult ledger attests for this agent."),
    provenance_gaps: z.number().int().describe("Verified elements the ledger could not attest (listed in the trust record)."),
    trust_events_minted: z.number().int(),
  }),
  grade_change: GradeHistoryView.omit({ created_at: true, version: true }).nullable(),
  loop_fold: z.record(z.string(), z.unknown()).describe("agent-loop-fold-v2: the three-way classification of the submitted chain; MEASURE only."),
});
export type AccreditationWriteResult = z.infer<typeof AccreditationWriteResult>;

function dataOf(stored: AccreditationRecord): z.infer<typeof AccreditationData> {
  const r = stored.record;
  const value = <T>(key: string): T | null => (r[key] === undefined ? null : (r[key] as T));
  return {
    agent_id: stored.agent_id,
    senecan_grade: stored.senecan_grade,
    typical_proximity: stored.typical_proximity,
    authority_level: stored.authority_level,
    direction_of_travel: value("direction_of_travel"),
    actions_evaluated: value("actions_evaluated"),
    typical_kathekon_quality: value("typical_kathekon_quality"),
    coverage_status: stored.coverage_status as "agent_elected" | "unattested",
    credential_basis: stored.credential_basis,
    ...(stored.examination_mode ? { examination_mode: stored.examination_mode } : {}),
    passions_persisting: value("passions_persisting"),
    dimension_levels: value("dimension_levels"),
    typical_deliberation_breadth: value("typical_deliberation_breadth"),
    typical_dominant_passion: value("typical_dominant_passion"),
    typical_oikeiosis_stage: value("typical_oikeiosis_stage"),
    typical_ruling_faculty_state: value("typical_ruling_faculty_state"),
    typical_depth_tier: value("typical_depth_tier"),
    regressing_check_count: stored.regressing_check_count,
    total_actions_evaluated: stored.total_actions_evaluated,
    version: stored.version,
    seeded_at: stored.seeded_at,
    updated_at: stored.updated_at,
  };
}

const SERVER_FIELDS = ["coverage_status", "credential_basis", "examination_mode", "version", "seeded_at", "updated_at"] as const;

/** The read-back envelope: data, and for each field what it rests on and its provenance label. */
export function readBackOf(stored: AccreditationRecord, history: readonly GradeHistoryEntry[]): AccreditationReadBack {
  const data = dataOf(stored);
  const record = stored.record;
  const nullable: readonly string[] = NULLABLE_RECORD_FIELDS;
  const notAssessed = [...REQUIRED_RECORD_FIELDS, ...OPTIONAL_RECORD_FIELDS].filter((k) => record[k] === null);
  const provenance: Record<string, FieldProvenance> = {};
  const basis: Record<string, string> = {};
  for (const key of Object.keys(data)) {
    if ((SERVER_FIELDS as readonly string[]).includes(key)) {
      if (key === "examination_mode" && !stored.examination_mode) continue;
      provenance[key] = "server-computed";
      basis[key] = SERVER_BASIS[key as (typeof SERVER_FIELDS)[number]];
    } else if (key === "agent_id") {
      provenance[key] = "agent-reported";
      basis[key] = "the path and the record's agent_id, which must agree";
    } else if (key === "regressing_check_count" || key === "total_actions_evaluated") {
      provenance[key] = "agent-reported";
      basis[key] = "profile of the last write, as submitted";
    } else if ((OPTIONAL_RECORD_FIELDS as readonly string[]).includes(key) && record[key] === undefined) {
      provenance[key] = "seeded-default";
      basis[key] = "not submitted; stored as the default (null)";
    } else if (record[key] === null) {
      provenance[key] = "not-assessed";
      basis[key] = nullable.includes(key) || (OPTIONAL_RECORD_FIELDS as readonly string[]).includes(key) ? "submitted as null: not assessed" : "not assessed";
    } else if (record[key] === undefined) {
      provenance[key] = "unknown";
      basis[key] = "not present in the stored record";
    } else {
      provenance[key] = "agent-reported";
      basis[key] =
        key === "authority_level" || key === "senecan_grade"
          ? "agent-reported, checked to be the pair derived from typical_proximity (seed) or against the stored record and trigger (update)"
          : "agent-reported in the last write, stored as submitted";
    }
  }
  return {
    status: "ok",
    data,
    not_assessed_fields: notAssessed,
    field_basis: basis,
    field_provenance: provenance,
    grade_history: history.map((h) => ({ ...h })),
    trust_record_url: `/api/trust-record/${encodeURIComponent(stored.agent_id)}`,
  };
}

const SERVER_BASIS: Record<(typeof SERVER_FIELDS)[number], string> = {
  coverage_status: "composed by the server from whether the consult ledger attested any presented examination",
  credential_basis: "composed by the server from the writing credential and the verified provenance",
  examination_mode: "the writing credential's harness marker at the last examination-bearing write",
  version: "counted by the server",
  seeded_at: "recorded by the server",
  updated_at: "recorded by the server",
};

function credentialBasis(verified: number, elements: number, attested: number, keyIds: readonly string[]): string {
  return (
    "Written with a svc_prac_ key of the record's owner holding accreditation_write; " +
    `${verified} of ${elements} signed assessments verified against ${[...new Set(keyIds)].join(", ")}; ` +
    `${attested} attested by the consult ledger for this agent.`
  );
}

export async function writeAccreditation({
  ctx,
  input,
}: {
  ctx: AccreditationContext & Caller;
  input: { agent_id: string; body: AccreditationWriteBody };
}): Promise<AccreditationWriteResult> {
  const { principal } = ctx;
  const { agent_id: agentId, body } = input;
  if (principal.type !== "api_key") {
    throw new ForbiddenError("Accreditation writes need a svc_prac_ API key; this credential is not one.", "wrong_credential_kind", {
      required: ["svc_prac_"],
    });
  }
  checkAgentBinding(principal, agentId);
  const now = ctx.now();
  const stored = await ctx.accreditations.find(agentId);
  checkAccreditationWrite({ pathAgentId: agentId, body, stored }); // rules 1-8 and 10
  if (stored && stored.owner_id !== principal.owner_id) {
    throw new ForbiddenError(`The accreditation of ${agentId} belongs to another owner.`, "not_record_owner");
  }
  if (!stored) {
    const declaredBy = await ctx.declarationOwner(agentId);
    if (declaredBy !== null && declaredBy !== principal.owner_id) {
      throw new ConflictError(`The agent id ${agentId} is declared in the Stoa by another owner; it cannot be accredited by this one.`, "agent_claimed");
    }
  }
  // Rule 9.
  const elementsRaw = (body.provenance as { signed_assessments?: unknown } | null)?.signed_assessments;
  if (Array.isArray(elementsRaw) && elementsRaw.length > ELEMENT_CAP) {
    throw new UnprocessableError(
      `provenance.signed_assessments holds ${elementsRaw.length} elements; at most ${ELEMENT_CAP} are read.`,
      "bad_provenance",
      "provenance.signed_assessments",
    );
  }
  const jwks = ctx.publicKeys();
  const provenance = await checkProvenance(body.provenance, jwks);
  if (!provenance.ok) {
    if (provenance.code === "bad_provenance") throw new UnprocessableError(provenance.message, provenance.code, "provenance");
    throw new ForbiddenError(provenance.message, provenance.code);
  }
  // Rule 12: the harness marker, read fresh; unreadable means refused.
  let marker: Mode | null;
  try {
    marker = await ctx.credentials.harnessMarker(principal.credential_id);
  } catch {
    throw new UnavailableError(
      "The writing credential's harness marker cannot be read; the write is refused and nothing was written.",
      "harness_marker_unavailable",
      { retry_after: STORE_RETRY_AFTER_SECONDS },
    );
  }

  const elements = (body.provenance as { signed_assessments: { assessment: Record<string, unknown>; key_id: string }[] }).signed_assessments;
  const verified: VerifiedElement[] = [];
  const unverified: number[] = [];
  const keyIds: string[] = [];
  for (const [index, element] of elements.entries()) {
    const result = provenance.results[index]!;
    if (!result.valid) {
      unverified.push(index);
      continue;
    }
    keyIds.push(result.key_id);
    const ref = (element.assessment.examination as { ref?: unknown } | undefined)?.ref;
    const consult = typeof ref === "string" ? await ctx.consults.find(ref) : null;
    verified.push({ index, assessment: element.assessment, consult });
  }
  const outcome = examineProvenance(verified, { owner_id: principal.owner_id, agent_id: agentId }, now);

  const record = stripServerComposed(body.profile.accreditation_record);
  const writeId = crypto.randomUUID();
  const tr = body.transition_result;
  const gradeChange =
    stored && body.kind === "update" && tr?.grade_changed
      ? {
          trigger_type: (tr.trigger as { type: "upgrade" | "downgrade" }).type,
          from_grade: stored.senecan_grade,
          to_grade: record.senecan_grade as AccreditationRecord["senecan_grade"],
          from_proximity: stored.typical_proximity,
          to_proximity: record.typical_proximity as AccreditationRecord["typical_proximity"],
          previous_authority: stored.authority_level,
          new_authority: record.authority_level as AccreditationRecord["authority_level"],
        }
      : null;
  const attestedBefore = stored?.coverage_status === "agent_elected";
  const committed = await ctx.accreditations.commit({
    kind: body.kind,
    expected_version: stored?.version ?? null,
    record: {
      agent_id: agentId,
      owner_id: principal.owner_id,
      senecan_grade: record.senecan_grade as AccreditationRecord["senecan_grade"],
      typical_proximity: record.typical_proximity as AccreditationRecord["typical_proximity"],
      authority_level: record.authority_level as AccreditationRecord["authority_level"],
      record,
      regressing_check_count: body.profile.regressing_check_count,
      total_actions_evaluated: body.profile.total_actions_evaluated,
      // Rule 12: only a write bearing an examination the ledger attests sets the mode.
      examination_mode: (outcome.attested > 0 ? marker : null) ?? stored?.examination_mode ?? null,
      coverage_status: attestedBefore || outcome.attested > 0 ? "agent_elected" : "unattested",
      credential_basis: credentialBasis(verified.length, elements.length, outcome.attested, keyIds),
    },
    write: {
      id: writeId,
      credential_id: principal.credential_id,
      elements: elements.length,
      verified: verified.length,
      attested: outcome.attested,
      loop_fold: outcome.loop_fold,
    },
    grade_change: gradeChange,
    events: outcome.events,
    readings: outcome.readings,
    gaps: outcome.gaps.map((g) => ({ ...g, write_id: writeId })),
  });
  if (!committed.ok) {
    if (committed.reason === "exists") throw new ConflictError(`agent ${agentId} already has an accreditation record`, "agent_exists");
    if (committed.reason === "missing") throw new NotFoundError(`agent ${agentId} has no accreditation record to update`, "agent_not_found");
    throw new ConflictError(`The accreditation of ${agentId} changed while this write was checked; read it back and write again.`, "record_changed");
  }
  return {
    status: "ok",
    kind: body.kind,
    data: dataOf(committed.record),
    write: {
      id: writeId,
      elements: elements.length,
      verified: verified.length,
      unverified_elements: unverified,
      attested: outcome.attested,
      provenance_gaps: outcome.gaps.length,
      trust_events_minted: outcome.events.length,
    },
    grade_change: gradeChange,
    loop_fold: outcome.loop_fold as unknown as Record<string, unknown>,
  };
}

export async function readAccreditation({
  ctx,
  input: { agent_id: agentId },
}: {
  ctx: Pick<AccreditationContext, "accreditations">;
  input: { agent_id: string };
}): Promise<AccreditationReadBack> {
  const stored = await ctx.accreditations.find(agentId);
  if (!stored) throw new NotFoundError(`agent ${agentId} has no accreditation record`, "agent_not_found");
  return readBackOf(stored, await ctx.accreditations.gradeHistory(agentId, GRADE_HISTORY_SHOWN));
}

/**
 * Composes the trust record (spec 3.6): 503 when the events cannot be read, or when the gap
 * read failed where a 404 would be served; 404 with no examined evidence and no gap entry.
 */
export async function readTrustRecord({
  ctx,
  input: { agent_id: agentId },
}: {
  ctx: Pick<AccreditationContext, "accreditations" | "trust" | "trustSurfaceLive" | "now">;
  input: { agent_id: string };
}): Promise<TrustRecord> {
  if (!ctx.trustSurfaceLive) throw new UnavailableError("The trust record surface is dark on this deployment; try again later.", "trust_record_dark");
  const unavailable = () =>
    new UnavailableError("The trust record store is unavailable; try again shortly.", "trust_store_unavailable", { retry_after: STORE_RETRY_AFTER_SECONDS });
  const now = ctx.now();
  const [digest, readings, gaps, gapCount, accreditation] = await Promise.all([
    ctx.trust.digest(agentId, now).catch(() => null),
    ctx.trust.readings(agentId, TRUST_LIST_CAP).catch(() => null),
    ctx.trust.gaps(agentId, TRUST_LIST_CAP).catch(() => null),
    ctx.trust.gapCount(agentId).catch(() => null),
    ctx.accreditations.find(agentId).catch(() => null),
  ]);
  if (digest === null || readings === null) throw unavailable();
  const surfaced = hasTrustSurface({ digest, gaps, gap_count: gapCount });
  if (!surfaced) {
    if (gaps === null || gapCount === null) throw unavailable();
    throw new NotFoundError(`agent ${agentId} has no examined trust evidence and no provenance-gap entry`, "trust_record_not_found");
  }
  return composeTrustRecord({ agent_id: agentId, digest, readings, gaps, gap_count: gapCount, has_accreditation: accreditation !== null, now });
}

export const CuratorFlagRequest = z
  .strictObject({
    agent_id: AgentId.describe("The agent whose record is flagged."),
    basis: z
      .enum(["oversight", "dikaiosyne"])
      .describe("oversight: a curator's correction of a domain's level; dikaiosyne: a justice concern, which also engages the justice latch."),
    domain: VirtueDomain.optional().describe("The domain an oversight flag corrects; a dikaiosyne flag is always on dikaiosyne (omit it, or name dikaiosyne)."),
    level: KatorthomaProximity.describe("The highest level the domain may show while the flag stands: it lowers or corrects, never raises."),
    note: z.string().trim().min(1).max(2000).describe("Why: kept with the flag."),
  })
  .describe("A curator flag on an agent's trust record.");
export type CuratorFlagRequest = z.infer<typeof CuratorFlagRequest>;

export const CuratorFlagView = z.object({
  id: z.string(),
  agent_id: z.string(),
  basis: z.enum(["oversight", "dikaiosyne"]),
  domain: VirtueDomain,
  level: KatorthomaProximity,
  note: z.string(),
  flagged_by: z.string(),
  created_at: z.string(),
  withdrawn_at: z.string().nullable().describe("When an operator withdrew the flag; its trust event is gone since."),
  status: z
    .enum(["applied", "held", "withdrawn"])
    .describe("applied when the domain has independent examined evidence now; held otherwise (it applies once evidence exists); withdrawn once withdrawn."),
});

/** Withdraws a flag: its trust event is removed, so the levels are composed as if it had never been. */
export async function withdrawCuratorFlag({
  ctx,
  input: { id },
}: {
  ctx: Pick<AccreditationContext, "accreditations">;
  input: { id: string };
}): Promise<z.infer<typeof CuratorFlagView>> {
  const flag = await ctx.accreditations.withdrawFlag(id, new Date());
  if (!flag) throw new NotFoundError(`No curator flag has the id ${id}.`, "flag_not_found");
  return { ...flag, status: "withdrawn" };
}

export async function flagTrustRecord({
  ctx,
  input,
}: {
  ctx: Pick<AccreditationContext, "accreditations" | "trust" | "now"> & Caller;
  input: CuratorFlagRequest;
}): Promise<z.infer<typeof CuratorFlagView>> {
  const { principal } = ctx;
  const domain = input.basis === "dikaiosyne" ? "dikaiosyne" : input.domain;
  if (input.basis === "dikaiosyne" && input.domain !== undefined && input.domain !== "dikaiosyne") {
    throw new ValidationError("invalid_field", "a dikaiosyne flag is on the dikaiosyne domain; omit domain or name dikaiosyne", "domain");
  }
  if (!domain) throw new ValidationError("missing_field", "an oversight flag names the domain it corrects", "domain");
  const now = ctx.now();
  const id = crypto.randomUUID();
  const flagged_by = callerSubject(principal);
  const flag: Omit<CuratorFlag, "created_at" | "withdrawn_at"> = {
    id,
    agent_id: input.agent_id,
    basis: input.basis,
    domain,
    level: input.level,
    note: input.note,
    flagged_by,
  };
  // Decided before the write (the flag adds no evidence): a failed read then refuses with nothing stored.
  const status = decreaseStatus(await ctx.trust.digest(input.agent_id, now), domain);
  const created = await ctx.accreditations.flag(flag, {
    agent_id: input.agent_id,
    source: "curator_flag",
    class: "decrease",
    domain,
    level: input.level,
    source_ref: id,
    occurred_at: now.toISOString(),
    latch: input.basis === "dikaiosyne",
    note: input.note,
  });
  return { ...created, status };
}
