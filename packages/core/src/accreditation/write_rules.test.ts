import { beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import { generateSigningKey, publicKeySet, signAssessment, type SignedAssessment } from "../reason/signing";
import {
  AccreditationWriteBody,
  checkAccreditationWrite,
  checkProvenance,
  NULLABLE_RECORD_FIELDS,
  REQUIRED_RECORD_FIELDS,
  type StoredAccreditation,
} from "./write_rules";

const AGENT = "agent_1";
const R = "profile.accreditation_record";
const T = "transition_result.trigger";

function record(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    agent_id: AGENT,
    senecan_grade: "grade_3",
    typical_proximity: "habitual",
    authority_level: "guided",
    direction_of_travel: "stable",
    passions_persisting: ["phobos"],
    actions_evaluated: 20,
    dimension_levels: { passion_reduction: "emerging", judgement_quality: "developing", disposition_stability: "established", oikeiosis_extension: "advanced" },
    typical_deliberation_breadth: 2,
    typical_kathekon_quality: "moderate",
    ...overrides,
  };
}

function seed(rec: Record<string, unknown> = record()): AccreditationWriteBody {
  return { kind: "seed", profile: { agent_id: AGENT, accreditation_record: rec, regressing_check_count: 0, total_actions_evaluated: 20 }, provenance: {} };
}

const STORED: StoredAccreditation = { agent_id: AGENT, senecan_grade: "grade_3", typical_proximity: "habitual", authority_level: "guided" };
const UPGRADED = { senecan_grade: "grade_2", typical_proximity: "deliberate", authority_level: "spot_checked" };
const TRIGGER = { type: "upgrade", from_grade: "grade_3", to_grade: "grade_2", from_proximity: "habitual", to_proximity: "deliberate" };

function update(rec: Record<string, unknown>, transition: AccreditationWriteBody["transition_result"]): AccreditationWriteBody {
  return { ...seed(rec), kind: "update", transition_result: transition };
}
function gradeChange(triggerOverrides: Record<string, unknown> = {}, recOverrides: Record<string, unknown> = UPGRADED): AccreditationWriteBody {
  return update(record(recOverrides), { grade_changed: true, trigger: { ...TRIGGER, ...triggerOverrides } });
}

function errorOf(fn: () => void): DomainError {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error("expected a DomainError, nothing was thrown");
}
function refuse(body: AccreditationWriteBody, stored: StoredAccreditation | null = null, pathAgentId = AGENT): DomainError {
  return errorOf(() => checkAccreditationWrite({ pathAgentId, body, stored }));
}
function accept(body: AccreditationWriteBody, stored: StoredAccreditation | null = null): void {
  expect(() => checkAccreditationWrite({ pathAgentId: AGENT, body, stored })).not.toThrow();
}

describe("AccreditationWriteBody schema", () => {
  it("parses a seed body and refuses a negative count", () => {
    expect(AccreditationWriteBody.safeParse(seed()).success).toBe(true);
    const bad = seed();
    bad.profile.regressing_check_count = -1;
    expect(AccreditationWriteBody.safeParse(bad).success).toBe(false);
  });
});

describe("rule 1: agent_id equals the path", () => {
  it("refuses profile.agent_id mismatch", () => {
    const body = seed();
    body.profile.agent_id = "other";
    const err = refuse(body);
    expect([err.kind, err.code, err.field]).toEqual(["validation", "agent_id_mismatch", "profile.agent_id"]);
  });
  it("refuses accreditation_record.agent_id mismatch", () => {
    const err = refuse(seed(record({ agent_id: "other" })));
    expect([err.code, err.field]).toEqual(["agent_id_mismatch", `${R}.agent_id`]);
  });
  it("refuses transition_result.record.agent_id mismatch on update", () => {
    const body = update(record(), { grade_changed: false, record: { agent_id: "other" } });
    const err = refuse(body, STORED);
    expect([err.code, err.field]).toEqual(["agent_id_mismatch", "transition_result.record.agent_id"]);
  });
  it("accepts when all match", () => accept(update(record(), { grade_changed: false, record: { agent_id: AGENT } }), STORED));
});

describe("rule 2: every required field present", () => {
  it.each(REQUIRED_RECORD_FIELDS)("omitted %s gives 400 naming it", (field) => {
    const rec = record();
    delete rec[field];
    const err = refuse(seed(rec));
    expect([err.kind, err.code, err.field]).toEqual(["validation", "missing_field", `${R}.${field}`]);
  });
  it("a full record seeds", () => accept(seed()));
});

describe("rule 3: nulls", () => {
  it("lists exactly the six nullable fields", () => {
    expect([...NULLABLE_RECORD_FIELDS].sort()).toEqual([
      "actions_evaluated",
      "dimension_levels",
      "direction_of_travel",
      "passions_persisting",
      "typical_deliberation_breadth",
      "typical_kathekon_quality",
    ]);
  });
  it.each(NULLABLE_RECORD_FIELDS)("%s accepts null", (field) => accept(seed(record({ [field]: null }))));
  it.each(["agent_id", "senecan_grade", "typical_proximity", "authority_level"])("%s null gives 400", (field) => {
    const err = refuse(seed(record({ [field]: null })));
    expect([err.kind, err.code, err.field]).toEqual(["validation", "null_not_allowed", `${R}.${field}`]);
  });
  it.each([
    ["senecan_grade", "grade_9"],
    ["authority_level", "boss"],
    ["direction_of_travel", "sideways"],
    ["typical_kathekon_quality", "great"],
    ["actions_evaluated", -1],
  ])("%s out of range gives 400 naming it", (field, value) => {
    const err = refuse(seed(record({ [field]: value })));
    expect([err.code, err.field]).toEqual(["invalid_field", `${R}.${field}`]);
  });
});

describe("rule 4: dimension_levels is all-or-nothing", () => {
  it("whole null is accepted", () => accept(seed(record({ dimension_levels: null }))));
  it.each(["passion_reduction", "judgement_quality", "disposition_stability", "oikeiosis_extension"])("%s null gives 400 naming the key", (key) => {
    const dims = { ...(record().dimension_levels as Record<string, unknown>), [key]: null };
    const err = refuse(seed(record({ dimension_levels: dims })));
    expect([err.code, err.field]).toEqual(["dimension_levels_incomplete", `${R}.dimension_levels.${key}`]);
  });
  it("an out-of-range level gives 400 naming the key", () => {
    const dims = { ...(record().dimension_levels as Record<string, unknown>), judgement_quality: "superb" };
    expect(refuse(seed(record({ dimension_levels: dims }))).field).toBe(`${R}.dimension_levels.judgement_quality`);
  });
  it("a key beyond the four gives 400 unknown_field naming every unknown key", () => {
    const dims = { ...(record().dimension_levels as Record<string, unknown>), injected: { nested: [1, 2, 3] }, also: "x" };
    const err = refuse(seed(record({ dimension_levels: dims })));
    expect([err.code, err.field]).toEqual(["unknown_field", `${R}.dimension_levels.injected`]);
    expect(err.message).toContain(`${R}.dimension_levels.also`);
  });
});

describe("rule 5: seed derives from typical_proximity", () => {
  it("typical_proximity not one of the five levels gives 400", () => {
    const err = refuse(seed(record({ typical_proximity: "heroic" })));
    expect([err.kind, err.field]).toEqual(["validation", `${R}.typical_proximity`]);
    expect(err.message).toContain("sage_like");
  });
  it("authority_level not derived gives 400 naming it with the expected value", () => {
    const err = refuse(seed(record({ authority_level: "autonomous" })));
    expect([err.code, err.field]).toEqual(["seed_inconsistent", `${R}.authority_level`]);
    expect(err.message).toContain("expected guided");
  });
  it("senecan_grade not derived gives 400 naming it", () => {
    const err = refuse(seed(record({ senecan_grade: "grade_1" })));
    expect([err.code, err.field]).toEqual(["seed_inconsistent", `${R}.senecan_grade`]);
    expect(err.message).toContain("expected grade_3");
  });
  it("the habitual row (guided, grade_3) passes", () =>
    accept(seed(record({ typical_proximity: "habitual", authority_level: "guided", senecan_grade: "grade_3" }))));
});

describe("rule 6: trigger required and in range when grade_changed", () => {
  it("a consistent upgrade passes", () => accept(gradeChange(), STORED));
  it("a missing trigger gives 400", () => {
    const err = refuse(update(record(UPGRADED), { grade_changed: true }), STORED);
    expect([err.code, err.field]).toEqual(["trigger_required", T]);
  });
  it("a missing transition_result on update gives 400", () => {
    const err = refuse(update(record(), undefined), STORED);
    expect([err.code, err.field]).toEqual(["missing_field", "transition_result"]);
  });
  it.each(["type", "from_grade", "to_grade", "from_proximity", "to_proximity"])("%s missing, null or out of range gives 400 naming it", (key) => {
    const body = gradeChange();
    const trigger = body.transition_result!.trigger as Record<string, unknown>;
    delete trigger[key];
    expect([refuse(body, STORED).code, refuse(body, STORED).field]).toEqual(["trigger_required", `${T}.${key}`]);
    const nulled = gradeChange({ [key]: null });
    expect([refuse(nulled, STORED).code, refuse(nulled, STORED).field]).toEqual(["trigger_required", `${T}.${key}`]);
    const wrong = gradeChange({ [key]: "nonsense" });
    expect([refuse(wrong, STORED).code, refuse(wrong, STORED).field]).toEqual(["trigger_invalid", `${T}.${key}`]);
  });
});

describe("rule 7: trigger consistency", () => {
  const DOWN = { senecan_grade: "pre_progress", typical_proximity: "reflexive", authority_level: "supervised" };
  it("a consistent downgrade passes", () => accept(gradeChange({ type: "downgrade", to_grade: "pre_progress", to_proximity: "reflexive" }, DOWN), STORED));
  it("an upgrade with to_grade below from_grade is refused", () => {
    const err = refuse(gradeChange({ to_grade: "pre_progress", to_proximity: "reflexive" }, DOWN), STORED);
    expect([err.code, err.field]).toEqual(["trigger_inconsistent", `${T}.to_grade`]);
    expect(err.message).toContain("upgrade");
  });
  it("a downgrade with to_grade above from_grade is refused", () => {
    const err = refuse(gradeChange({ type: "downgrade" }), STORED);
    expect([err.code, err.field]).toEqual(["trigger_inconsistent", `${T}.to_grade`]);
    expect(err.message).toContain("downgrade");
  });
  it("equal grades are refused", () => {
    const err = refuse(
      gradeChange({ to_grade: "grade_3", to_proximity: "habitual" }, { senecan_grade: "grade_3", typical_proximity: "habitual", authority_level: "guided" }),
      STORED,
    );
    expect([err.code, err.field]).toEqual(["trigger_inconsistent", `${T}.to_grade`]);
    expect(err.message).toContain("equals from_grade");
  });
  it("to_grade must equal the submitted senecan_grade", () => {
    const err = refuse(gradeChange({ to_grade: "grade_1" }), STORED);
    expect([err.code, err.field]).toEqual(["trigger_inconsistent", `${T}.to_grade`]);
    expect(err.message).toContain("senecan_grade");
  });
  it("to_proximity must equal the submitted typical_proximity", () => {
    const err = refuse(gradeChange({ to_proximity: "principled" }), STORED);
    expect([err.code, err.field]).toEqual(["trigger_inconsistent", `${T}.to_proximity`]);
  });
  it("from_grade must equal the stored grade", () => {
    const err = refuse(gradeChange({ from_grade: "pre_progress" }), STORED);
    expect([err.code, err.field]).toEqual(["trigger_inconsistent", `${T}.from_grade`]);
  });
  it("from_proximity must equal the stored proximity", () => {
    const err = refuse(gradeChange({ from_proximity: "reflexive" }), STORED);
    expect([err.code, err.field]).toEqual(["trigger_inconsistent", `${T}.from_proximity`]);
  });
  it("authority_level must be the one typical_proximity derives", () => {
    const err = refuse(gradeChange({}, { ...UPGRADED, authority_level: "autonomous" }), STORED);
    expect([err.code, err.field]).toEqual(["trigger_inconsistent", `${R}.authority_level`]);
    expect(err.message).toContain("expected spot_checked");
  });
});

describe("rule 8: grade_changed false keeps grade, proximity and authority", () => {
  it("matching values pass and the trigger is not read", () => accept(update(record(), { grade_changed: false, trigger: "garbage" }), STORED));
  it.each([
    ["senecan_grade", "grade_2"],
    ["typical_proximity", "deliberate"],
    ["authority_level", "spot_checked"],
  ])("a differing %s gives 400 naming it", (field, value) => {
    const err = refuse(update(record({ [field]: value }), { grade_changed: false }), STORED);
    expect([err.kind, err.code, err.field]).toEqual(["validation", "update_must_match_stored", `${R}.${field}`]);
  });
});

describe("rule 10: state", () => {
  it("seed on an existing agent gives 409", () => {
    const err = refuse(seed(), STORED);
    expect([err.kind, err.code]).toEqual(["conflict", "agent_exists"]);
  });
  it("update on a missing agent gives 404", () => {
    const err = refuse(update(record(), { grade_changed: false }), null);
    expect([err.kind, err.code]).toEqual(["not_found", "agent_not_found"]);
  });
});

describe("rule 9: checkProvenance", () => {
  const NOW = new Date("2026-11-21T10:00:00.000Z");
  let signed: SignedAssessment;
  let jwks: unknown;
  beforeAll(async () => {
    const key = await generateSigningKey(NOW);
    signed = await signAssessment({ katorthoma_proximity: "habitual", examination: { ref: "loop_1" } }, key);
    jwks = publicKeySet({ records: [key] }, NOW);
  });

  it.each([
    ["undefined", undefined],
    ["null", null],
    ["no signed_assessments", {}],
    ["empty array", { signed_assessments: [] }],
    ["not an array", { signed_assessments: "x" }],
    ["signature not a string", { signed_assessments: [{ assessment: {}, signature: 7, key_id: "k" }] }],
    ["assessment not an object", { signed_assessments: [{ assessment: "a", signature: "s", key_id: "k" }] }],
    ["key_id not a string", { signed_assessments: [{ assessment: {}, signature: "s", key_id: 1 }] }],
  ])("%s gives 422 bad_provenance", async (_name, provenance) => {
    expect(await checkProvenance(provenance, jwks)).toMatchObject({ ok: false, code: "bad_provenance" });
  });
  it("a forged signature gives 403 no_examination", async () => {
    const forged = { ...signed, assessment: { ...signed.assessment, katorthoma_proximity: "sage_like" } };
    expect(await checkProvenance({ signed_assessments: [forged] }, jwks)).toMatchObject({ ok: false, code: "no_examination" });
  });
  it.each([
    ["absent", (s: SignedAssessment) => ({ assessment: s.assessment, key_id: s.key_id })],
    ["null", (s: SignedAssessment) => ({ ...s, signature: null })],
  ])("a signature %s is an unsigned examination: 403 no_examination (rule 9), not a malformed provenance", async (_name, unsign) => {
    expect(await checkProvenance({ signed_assessments: [unsign(signed)] }, jwks)).toMatchObject({ ok: false, code: "no_examination" });
    const result = await checkProvenance({ signed_assessments: [unsign(signed), signed] }, jwks);
    expect(result.ok && result.results.map((r) => r.valid)).toEqual([false, true]);
  });
  it("an unknown key gives 403 no_examination", async () => {
    expect(await checkProvenance({ signed_assessments: [{ ...signed, key_id: "l2-1999Q1" }] }, jwks)).toMatchObject({ ok: false, code: "no_examination" });
  });
  it("a real signature verifies", async () => {
    expect(await checkProvenance({ signed_assessments: [signed] }, jwks)).toMatchObject({
      ok: true,
      verified: 1,
      results: [{ valid: true, key_id: signed.key_id }],
    });
  });
  it("counts only the elements that verify", async () => {
    const forged = { ...signed, assessment: { other: true } };
    const result = await checkProvenance({ signed_assessments: [signed, forged, signed] }, jwks);
    expect(result).toMatchObject({ ok: true, verified: 2 });
    expect(result.ok && result.results.map((r) => r.valid)).toEqual([true, false, true]);
  });
});
