import * as z from "zod";
import {
  AuthorityLevel,
  DimensionLevel,
  DirectionOfTravel,
  KathekonQuality,
  KatorthomaProximity,
  OikeiosisCircle,
  RootPassion,
  SenecanGrade,
  TransitionType,
} from "../enums";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { compareOnLadder, deriveFromProximity, SENECAN_GRADE_LADDER } from "../ladders";
import { SignedAssessment, verifyAssessment, type VerificationResult } from "../reason/signing";
import { describeIssues } from "../issues";

/**
 * Write rules of POST /api/accreditation/{agent_id} (spec 4.4 rules 1-10, state table 3.5).
 * Pure: no I/O. `checkAccreditationWrite` throws typed domain errors (400 / 404 / 409);
 * `checkProvenance` (rule 9) returns a result the HTTP layer maps to 422 / 403, because
 * errors.ts has no 422 kind.
 *
 * Order of checks: rules 1-6 (body alone), then rule 10 (the stored state), then rules 7-8
 * (which compare with the stored record). A malformed body is refused before state is read.
 */

/** The largest count the record's integer columns hold: a larger one is a 400, not a failed write. */
const MAX_STORED_COUNT = 2_147_483_647;

/** The write body's shape only; field-level rules 2-8 are applied by checkAccreditationWrite. */
export const AccreditationWriteBody = z.strictObject({
  kind: z.enum(["seed", "update"]),
  profile: z.strictObject({
    agent_id: z.string(),
    accreditation_record: z.record(z.string(), z.unknown()),
    regressing_check_count: z.number().int().min(0).max(MAX_STORED_COUNT),
    total_actions_evaluated: z.number().int().min(0).max(MAX_STORED_COUNT),
  }),
  provenance: z.unknown(),
  transition_result: z
    .strictObject({
      grade_changed: z.boolean(),
      record: z.record(z.string(), z.unknown()).optional(),
      trigger: z.unknown().optional(),
    })
    .optional(),
});
export type AccreditationWriteBody = z.infer<typeof AccreditationWriteBody>;

/** Record fields mapped to stored columns: each must be present (rule 2). */
export const REQUIRED_RECORD_FIELDS = [
  "agent_id",
  "senecan_grade",
  "typical_proximity",
  "authority_level",
  "direction_of_travel",
  "passions_persisting",
  "actions_evaluated",
  "dimension_levels",
  "typical_deliberation_breadth",
  "typical_kathekon_quality",
] as const;
export type RequiredRecordField = (typeof REQUIRED_RECORD_FIELDS)[number];

/** The six fields where null means "not assessed" (rule 3). */
export const NULLABLE_RECORD_FIELDS = [
  "direction_of_travel",
  "passions_persisting",
  "actions_evaluated",
  "dimension_levels",
  "typical_deliberation_breadth",
  "typical_kathekon_quality",
] as const satisfies readonly RequiredRecordField[];

/**
 * The four optional `typical_*` fields the spec mentions without naming (2.14): each may be
 * omitted (stored as a seeded default, null) or null.
 */
export const OPTIONAL_RECORD_FIELDS = ["typical_dominant_passion", "typical_oikeiosis_stage", "typical_ruling_faculty_state", "typical_depth_tier"] as const;
const RULING_FACULTY_STATES = z.enum(["governed", "unexamined", "disturbed", "overwhelmed"]);
const DEPTH_TIERS = z.enum(["quick", "standard", "deep"]);
const OPTIONAL_FIELD_VALUES: Record<(typeof OPTIONAL_RECORD_FIELDS)[number], { options: readonly string[] }> = {
  typical_dominant_passion: RootPassion,
  typical_oikeiosis_stage: OikeiosisCircle,
  typical_ruling_faculty_state: RULING_FACULTY_STATES,
  typical_depth_tier: DEPTH_TIERS,
};
/** Largest typical_deliberation_breadth: the number of oikeiosis circles weighed. */
const MAX_DELIBERATION_BREADTH = OikeiosisCircle.options.length;

/**
 * Fields the server composes (spec 2.14): a writer may send them (a read-back echoed into a
 * write, say) but they are never read; stripServerComposed drops them before storing.
 */
export const SERVER_COMPOSED_FIELDS = ["coverage_status", "credential_basis", "examination_mode"] as const;

export function stripServerComposed(record: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (!(SERVER_COMPOSED_FIELDS as readonly string[]).includes(key)) kept[key] = value;
  return kept;
}

/** The four keys of dimension_levels (rule 4). */
export const DIMENSION_KEYS = ["passion_reduction", "judgement_quality", "disposition_stability", "oikeiosis_extension"] as const;

/** The stored record as far as the write rules read it. */
export interface StoredAccreditation {
  agent_id: string;
  senecan_grade: SenecanGrade;
  typical_proximity: KatorthomaProximity;
  authority_level: AuthorityLevel;
  direction_of_travel?: DirectionOfTravel | null;
  actions_evaluated?: number | null;
  typical_kathekon_quality?: KathekonQuality | null;
}

export interface AccreditationWriteInput {
  pathAgentId: string;
  body: AccreditationWriteBody;
  stored: StoredAccreditation | null;
}

const RECORD = "profile.accreditation_record";
const TRIGGER = "transition_result.trigger";
const TRIGGER_FIELDS = ["type", "from_grade", "to_grade", "from_proximity", "to_proximity"] as const;

function has(obj: Record<string, unknown>, key: string): boolean {
  return Object.hasOwn(obj, key) && obj[key] !== undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function checkEnum(schema: { options: readonly string[] }, value: unknown, field: string, code = "invalid_field"): void {
  if (typeof value !== "string" || !schema.options.includes(value)) {
    throw new ValidationError(code, `${field} must be one of ${schema.options.join(", ")}; got ${JSON.stringify(value)}`, field);
  }
}

// Rule 1.
function checkAgentIds(pathAgentId: string, body: AccreditationWriteBody): void {
  const mismatch = (field: string, value: unknown) => {
    throw new ValidationError("agent_id_mismatch", `${field} (${JSON.stringify(value)}) must equal the path agent_id ${pathAgentId}`, field);
  };
  if (body.profile.agent_id !== pathAgentId) mismatch("profile.agent_id", body.profile.agent_id);
  const record = body.profile.accreditation_record;
  if (has(record, "agent_id") && record.agent_id !== null && record.agent_id !== pathAgentId) mismatch(`${RECORD}.agent_id`, record.agent_id);
  const tr = body.kind === "update" ? body.transition_result?.record : undefined;
  if (tr && has(tr, "agent_id") && tr.agent_id !== pathAgentId) mismatch("transition_result.record.agent_id", tr.agent_id);
}

// Rules 2-4 plus value validation of each field.
function checkRecordFields(record: Record<string, unknown>): void {
  for (const key of REQUIRED_RECORD_FIELDS) {
    if (!has(record, key)) throw new ValidationError("missing_field", `${RECORD}.${key} is required`, `${RECORD}.${key}`);
  }
  const nullable: readonly string[] = NULLABLE_RECORD_FIELDS;
  for (const key of REQUIRED_RECORD_FIELDS) {
    if (record[key] === null && !nullable.includes(key)) {
      throw new ValidationError("null_not_allowed", `${RECORD}.${key} may not be null`, `${RECORD}.${key}`);
    }
  }
  if (typeof record.agent_id !== "string") throw new ValidationError("invalid_field", `${RECORD}.agent_id must be a string`, `${RECORD}.agent_id`);
  checkEnum(SenecanGrade, record.senecan_grade, `${RECORD}.senecan_grade`);
  checkEnum(KatorthomaProximity, record.typical_proximity, `${RECORD}.typical_proximity`);
  checkEnum(AuthorityLevel, record.authority_level, `${RECORD}.authority_level`);
  if (record.direction_of_travel !== null) checkEnum(DirectionOfTravel, record.direction_of_travel, `${RECORD}.direction_of_travel`);
  if (record.typical_kathekon_quality !== null) checkEnum(KathekonQuality, record.typical_kathekon_quality, `${RECORD}.typical_kathekon_quality`);
  const known: readonly string[] = [...REQUIRED_RECORD_FIELDS, ...OPTIONAL_RECORD_FIELDS, ...SERVER_COMPOSED_FIELDS];
  const unknown = Object.keys(record).find((key) => !known.includes(key));
  if (unknown !== undefined)
    throw new ValidationError("unknown_field", `${RECORD}.${unknown} is not a field of the accreditation record`, `${RECORD}.${unknown}`);
  const passions = record.passions_persisting;
  if (passions !== null) {
    const field = `${RECORD}.passions_persisting`;
    if (!Array.isArray(passions)) throw new ValidationError("invalid_field", `${field} must be an array of root passions or null`, field);
    for (const [i, p] of passions.entries()) checkEnum(RootPassion, p, `${field}[${i}]`);
    if (new Set(passions).size !== passions.length) throw new ValidationError("invalid_field", `${field} lists a passion twice`, field);
  }
  const breadth = record.typical_deliberation_breadth;
  if (breadth !== null && !(typeof breadth === "number" && Number.isInteger(breadth) && breadth >= 1 && breadth <= MAX_DELIBERATION_BREADTH)) {
    const field = `${RECORD}.typical_deliberation_breadth`;
    throw new ValidationError("invalid_field", `${field} must be an integer from 1 to ${MAX_DELIBERATION_BREADTH} (oikeiosis circles weighed) or null`, field);
  }
  for (const key of OPTIONAL_RECORD_FIELDS) {
    if (has(record, key) && record[key] !== null) checkEnum(OPTIONAL_FIELD_VALUES[key], record[key], `${RECORD}.${key}`);
  }
  const actions = record.actions_evaluated;
  if (actions !== null && !(typeof actions === "number" && Number.isInteger(actions) && actions >= 0 && actions <= MAX_STORED_COUNT)) {
    throw new ValidationError(
      "invalid_field",
      `${RECORD}.actions_evaluated must be an integer from 0 to ${MAX_STORED_COUNT}, or null`,
      `${RECORD}.actions_evaluated`,
    );
  }
  const dims = record.dimension_levels;
  if (dims !== null) {
    if (!isPlainObject(dims)) throw new ValidationError("invalid_field", `${RECORD}.dimension_levels must be an object or null`, `${RECORD}.dimension_levels`);
    // The column is stored and served as sent: anything beyond the four keys would be published.
    const extra = Object.keys(dims).filter((key) => !(DIMENSION_KEYS as readonly string[]).includes(key));
    if (extra.length > 0) {
      const field = `${RECORD}.dimension_levels.${extra[0]}`;
      throw new ValidationError(
        "unknown_field",
        `${extra.map((key) => `${RECORD}.dimension_levels.${key}`).join(", ")} ${extra.length === 1 ? "is not a dimension" : "are not dimensions"}; dimension_levels has exactly ${DIMENSION_KEYS.join(", ")}`,
        field,
      );
    }
    for (const key of DIMENSION_KEYS) {
      const field = `${RECORD}.dimension_levels.${key}`;
      if (!has(dims, key) || dims[key] === null) {
        throw new ValidationError(
          "dimension_levels_incomplete",
          `${field} is missing or null; dimension_levels is all-or-nothing (null as a whole, or all four keys set)`,
          field,
        );
      }
      checkEnum(DimensionLevel, dims[key], field);
    }
  }
}

// Rule 5.
function checkSeed(record: Record<string, unknown>): void {
  const derived = deriveFromProximity(record.typical_proximity as KatorthomaProximity);
  if (record.authority_level !== derived.authority_level) {
    throw new ValidationError(
      "seed_inconsistent",
      `${RECORD}.authority_level must be derived from typical_proximity ${String(record.typical_proximity)}: expected ${derived.authority_level}, got ${String(record.authority_level)}`,
      `${RECORD}.authority_level`,
      { expected: derived.authority_level },
    );
  }
  if (record.senecan_grade !== derived.senecan_grade) {
    throw new ValidationError(
      "seed_inconsistent",
      `${RECORD}.senecan_grade must be derived from typical_proximity ${String(record.typical_proximity)}: expected ${derived.senecan_grade}, got ${String(record.senecan_grade)}`,
      `${RECORD}.senecan_grade`,
      { expected: derived.senecan_grade },
    );
  }
}

interface Trigger {
  type: TransitionType;
  from_grade: SenecanGrade;
  to_grade: SenecanGrade;
  from_proximity: KatorthomaProximity;
  to_proximity: KatorthomaProximity;
}

// Rule 6: shape of the trigger.
function checkTriggerShape(trigger: unknown): Trigger {
  if (trigger === undefined || trigger === null) {
    throw new ValidationError("trigger_required", `${TRIGGER} is required when transition_result.grade_changed is true`, TRIGGER);
  }
  if (!isPlainObject(trigger)) throw new ValidationError("trigger_invalid", `${TRIGGER} must be an object`, TRIGGER);
  for (const key of TRIGGER_FIELDS) {
    if (!has(trigger, key) || trigger[key] === null) {
      throw new ValidationError("trigger_required", `${TRIGGER}.${key} is required`, `${TRIGGER}.${key}`);
    }
  }
  checkEnum(TransitionType, trigger.type, `${TRIGGER}.type`, "trigger_invalid");
  checkEnum(SenecanGrade, trigger.from_grade, `${TRIGGER}.from_grade`, "trigger_invalid");
  checkEnum(SenecanGrade, trigger.to_grade, `${TRIGGER}.to_grade`, "trigger_invalid");
  checkEnum(KatorthomaProximity, trigger.from_proximity, `${TRIGGER}.from_proximity`, "trigger_invalid");
  checkEnum(KatorthomaProximity, trigger.to_proximity, `${TRIGGER}.to_proximity`, "trigger_invalid");
  return trigger as unknown as Trigger;
}

// Rule 7: consistency of the trigger with the submitted and stored records.
function checkTriggerConsistency(trigger: Trigger, record: Record<string, unknown>, stored: StoredAccreditation): void {
  const inconsistent = (field: string, message: string) => {
    throw new ValidationError("trigger_inconsistent", message, field);
  };
  const cmp = compareOnLadder({ options: SENECAN_GRADE_LADDER }, trigger.to_grade, trigger.from_grade);
  if (cmp === 0) inconsistent(`${TRIGGER}.to_grade`, `${TRIGGER}.to_grade equals from_grade (${trigger.from_grade}): a grade change needs different grades`);
  if (trigger.type === "upgrade" && cmp < 0) {
    inconsistent(`${TRIGGER}.to_grade`, `an upgrade needs ${TRIGGER}.to_grade above from_grade; ${trigger.to_grade} is below ${trigger.from_grade}`);
  }
  if (trigger.type === "downgrade" && cmp > 0) {
    inconsistent(`${TRIGGER}.to_grade`, `a downgrade needs ${TRIGGER}.to_grade below from_grade; ${trigger.to_grade} is above ${trigger.from_grade}`);
  }
  if (trigger.to_grade !== record.senecan_grade) {
    inconsistent(`${TRIGGER}.to_grade`, `${TRIGGER}.to_grade (${trigger.to_grade}) must equal ${RECORD}.senecan_grade (${String(record.senecan_grade)})`);
  }
  if (trigger.to_proximity !== record.typical_proximity) {
    inconsistent(
      `${TRIGGER}.to_proximity`,
      `${TRIGGER}.to_proximity (${trigger.to_proximity}) must equal ${RECORD}.typical_proximity (${String(record.typical_proximity)})`,
    );
  }
  if (trigger.from_grade !== stored.senecan_grade) {
    inconsistent(
      `${TRIGGER}.from_grade`,
      `${TRIGGER}.from_grade (${trigger.from_grade}) must equal the stored senecan_grade (expected ${stored.senecan_grade})`,
    );
  }
  if (trigger.from_proximity !== stored.typical_proximity) {
    inconsistent(
      `${TRIGGER}.from_proximity`,
      `${TRIGGER}.from_proximity (${trigger.from_proximity}) must equal the stored typical_proximity (expected ${stored.typical_proximity})`,
    );
  }
  const derived = deriveFromProximity(record.typical_proximity as KatorthomaProximity).authority_level;
  if (record.authority_level !== derived) {
    inconsistent(
      `${RECORD}.authority_level`,
      `${RECORD}.authority_level must be derived from typical_proximity: expected ${derived}, got ${String(record.authority_level)}`,
    );
  }
}

// Rule 8.
function checkUnchanged(record: Record<string, unknown>, stored: StoredAccreditation): void {
  for (const key of ["senecan_grade", "typical_proximity", "authority_level"] as const) {
    if (record[key] !== stored[key]) {
      throw new ValidationError(
        "update_must_match_stored",
        `${RECORD}.${key} must equal the stored value when grade_changed is false: expected ${stored[key]}, got ${String(record[key])}`,
        `${RECORD}.${key}`,
        { expected: stored[key] },
      );
    }
  }
}

/**
 * Applies write rules 1-8 and 10. Throws ValidationError (400), ConflictError (409,
 * `agent_exists`) or NotFoundError (404, `agent_not_found`); returns when the write may proceed
 * (provenance, rule 9, is checked by checkProvenance).
 */
export function checkAccreditationWrite(input: AccreditationWriteInput): void {
  const { pathAgentId, body, stored } = input;
  const record = body.profile.accreditation_record;
  checkAgentIds(pathAgentId, body); // rule 1
  checkRecordFields(record); // rules 2-4
  let trigger: Trigger | null = null;
  if (body.kind === "seed") {
    checkSeed(record); // rule 5
  } else {
    const tr = body.transition_result;
    if (!tr) throw new ValidationError("missing_field", "transition_result is required on an update", "transition_result");
    if (tr.grade_changed) trigger = checkTriggerShape(tr.trigger); // rule 6
  }
  // Rule 10.
  if (body.kind === "seed" && stored) throw new ConflictError(`agent ${pathAgentId} already has an accreditation record`, "agent_exists");
  if (body.kind === "update" && !stored) throw new NotFoundError(`agent ${pathAgentId} has no accreditation record to update`, "agent_not_found");
  if (body.kind === "update" && stored) {
    if (trigger)
      checkTriggerConsistency(trigger, record, stored); // rule 7
    else checkUnchanged(record, stored); // rule 8
  }
}

// An element's signature may be absent or null: that is an unsigned examination, which rule 9
// counts with the forged ones (403 when nothing verifies), not a malformed provenance.
const ProvenanceElement = SignedAssessment.extend({ signature: SignedAssessment.shape.signature.nullish() });
const ProvenanceShape = z.object({ signed_assessments: z.array(ProvenanceElement).min(1) });

export type ProvenanceResult =
  | { ok: true; verified: number; results: readonly VerificationResult[] }
  | { ok: false; code: "bad_provenance"; message: string }
  | { ok: false; code: "no_examination"; message: string };

/**
 * Rule 9: malformed provenance gives 422 `bad_provenance`; no element verifying against the
 * key set (forged, or with its signature absent or null) gives 403 `no_examination`. Otherwise the count of verifying elements and each element's result.
 */
export async function checkProvenance(provenance: unknown, jwks: unknown): Promise<ProvenanceResult> {
  const parsed = ProvenanceShape.safeParse(provenance);
  if (!parsed.success) {
    const detail = describeIssues(parsed.error, "provenance");
    return { ok: false, code: "bad_provenance", message: `malformed provenance: ${detail}` };
  }
  // Verify the caller's own elements (not zod's copies), as they were received.
  const elements = (provenance as { signed_assessments: unknown[] }).signed_assessments;
  const results: VerificationResult[] = [];
  for (const element of elements) results.push(await verifyAssessment(element, jwks));
  const verified = results.filter((r) => r.valid).length;
  if (verified === 0) {
    return { ok: false, code: "no_examination", message: "no signed assessment in provenance verifies against the public key" };
  }
  return { ok: true, verified, results };
}
