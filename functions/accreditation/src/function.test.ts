import type { Runtime } from "@svc/runtime";
import { clearCredentialCache } from "@svc/http/auth";
import { beforeEach, describe, expect, it } from "vitest";
import {
  ACCOUNTS,
  api,
  consult,
  ENV,
  newAgent,
  readBack,
  record,
  seedBody,
  seededAgent,
  snapshot,
  trustRecord,
  UPGRADE,
  UPGRADE_TRIGGER,
  updateBody,
  write,
  type Agent,
  type Body,
  type SignedElement,
} from "../../../tests/support/accreditation";
import { TEST_OPERATOR_KEY } from "../../../tests/support/credentials";
import { testRuntime } from "../../../tests/support/database";
import { expectError, postReason, readJson, SUPPLIED_INPUT, suppliedExtraction } from "../../../tests/support/reason";
import { describeSecurity } from "../../../tests/support/security";
import { reasonFunction } from "../../reason/src/function";
import { stoaFunction } from "../../stoa/src/function";

// POST/GET /api/accreditation/{agent_id}, GET /api/trust-record/{agent_id} and the curator
// flags (spec 2.14, 2.15, 3.5, 3.6, 4.4) in-process on the test runtime (PGlite, or the real
// PostgreSQL when DATABASE_URL is set). Provenance comes from real consults of the reason
// function with the agent's own svc_prac_ key. Every refused write is read back: nothing moved.

beforeEach(() => clearCredentialCache());

const R = "profile.accreditation_record";
const T = "transition_result.trigger";
const show = (v: unknown) => JSON.stringify(v, null, 1);

/** Refused: status, code and field, and the agent's rows exactly as before. */
async function refused(a: Agent, body: unknown, status: number, code: string, field?: string, path = a.agent): Promise<Body> {
  const before = await snapshot(a.agent);
  const error = await expectError(await write(a, body, path), status, code, field);
  expect(await snapshot(a.agent)).toEqual(before);
  return error;
}

describe("acceptance: a new user publishes an accreditation", () => {
  it("two consults, a seed with one signed assessment, the public read-back and the trust record; a forged signature is 403 no_examination", async () => {
    const a = await newAgent();
    const first = await consult(a.key, ACCOUNTS[0]!);
    await consult(a.key, ACCOUNTS[1]!);
    const seeded = await readJson<Body>(await write(a, seedBody(a.agent, [first])), 201);
    expect(seeded.data.agent_id).toBe(a.agent);
    expect(seeded.write, show(seeded)).toMatchObject({ elements: 1, verified: 1, attested: 1, provenance_gaps: 0 });

    const back = await readJson<Body>(await readBack(a.agent), 200);
    expect(back.status).toBe("ok");
    expect(back.data).toMatchObject({
      agent_id: a.agent,
      senecan_grade: "grade_3",
      typical_proximity: "habitual",
      authority_level: "guided",
      coverage_status: "agent_elected",
    });

    const trust = await readJson<Body>(await trustRecord(a.agent), 200);
    expect(trust.total_orientation_readings_count, show(trust)).toBe(1);
    expect(trust.orientation_readings[0].loop_id).toBe((first.assessment.examination as Body).ref);
    expect(trust.accreditation_url).toBe(`/api/accreditation/${a.agent}`);

    const other = await newAgent();
    const element = await consult(other.key, ACCOUNTS[2]!);
    const forged = { ...element, signature: Buffer.from(new Uint8Array(64).fill(7)).toString("base64") };
    await refused(other, seedBody(other.agent, [forged]), 403, "no_examination");
    expect((await snapshot(other.agent)).record).toHaveLength(0);
  });

  it("a seed whose authority_level does not match its typical_proximity is 400 naming authority_level and the expected value; nothing is stored", async () => {
    const a = await newAgent();
    const element = await consult(a.key, ACCOUNTS[0]!);
    const error = await refused(a, seedBody(a.agent, [element], { authority_level: "autonomous" }), 400, "seed_inconsistent", `${R}.authority_level`);
    expect(error.expected).toBe("guided");
    expect(error.message).toContain("guided");
    await expectError(await readBack(a.agent), 404, "agent_not_found");
    await expectError(await trustRecord(a.agent), 404, "trust_record_not_found");
  });
});

describe("write rules of spec 4.4, one test each, nothing written", () => {
  it("rule 1: the record's agent_id differs from the path", async () => {
    const a = await newAgent();
    const element = await consult(a.key, ACCOUNTS[0]!);
    await refused(a, seedBody(a.agent, [element], { agent_id: "someone-else" }), 400, "agent_id_mismatch", `${R}.agent_id`);
    const body = seedBody(a.agent, [element]);
    body.profile.agent_id = "someone-else";
    await refused(a, body, 400, "agent_id_mismatch", "profile.agent_id");
  });

  it("rule 1: on an update, transition_result.record.agent_id differs from the path", async () => {
    const a = await seededAgent();
    const body = updateBody(a.agent, a.elements, { grade_changed: false, record: { agent_id: "someone-else" } });
    await refused(a, body, 400, "agent_id_mismatch", "transition_result.record.agent_id");
  });

  it.each([
    "senecan_grade",
    "typical_proximity",
    "authority_level",
    "direction_of_travel",
    "passions_persisting",
    "actions_evaluated",
    "dimension_levels",
    "typical_deliberation_breadth",
    "typical_kathekon_quality",
  ])("rule 2: an omitted %s is 400 naming it", async (field) => {
    const a = await newAgent();
    const body = seedBody(a.agent, [await consult(a.key, ACCOUNTS[0]!)]);
    delete body.profile.accreditation_record[field];
    await refused(a, body, 400, "missing_field", `${R}.${field}`);
  });

  it.each(["direction_of_travel", "passions_persisting", "actions_evaluated", "dimension_levels", "typical_deliberation_breadth", "typical_kathekon_quality"])(
    "rule 3: %s may be null (not assessed), listed in not_assessed_fields",
    async (field) => {
      const a = await newAgent();
      await readJson(await write(a, seedBody(a.agent, [await consult(a.key, ACCOUNTS[0]!)], { [field]: null })), 201);
      const back = await readJson<Body>(await readBack(a.agent), 200);
      expect(back.not_assessed_fields).toEqual([field]);
      expect(back.field_provenance[field]).toBe("not-assessed");
    },
  );

  it.each(["senecan_grade", "typical_proximity", "authority_level", "agent_id"])("rule 3: %s as null is 400 naming it", async (field) => {
    const a = await newAgent();
    await refused(a, seedBody(a.agent, [await consult(a.key, ACCOUNTS[0]!)], { [field]: null }), 400, "null_not_allowed", `${R}.${field}`);
  });

  it("rule 4: dimension_levels with one key null is 400 naming the key; whole null is accepted", async () => {
    const a = await newAgent();
    const element = await consult(a.key, ACCOUNTS[0]!);
    const dims = { ...record(a.agent).dimension_levels, judgement_quality: null };
    await refused(a, seedBody(a.agent, [element], { dimension_levels: dims }), 400, "dimension_levels_incomplete", `${R}.dimension_levels.judgement_quality`);
    await readJson(await write(a, seedBody(a.agent, [element], { dimension_levels: null })), 201);
  });

  it("rule 5: a seed's senecan_grade must be the one typical_proximity derives, and typical_proximity one of the five levels", async () => {
    const a = await newAgent();
    const element = await consult(a.key, ACCOUNTS[0]!);
    const error = await refused(a, seedBody(a.agent, [element], { senecan_grade: "grade_1" }), 400, "seed_inconsistent", `${R}.senecan_grade`);
    expect(error.expected).toBe("grade_3");
    await refused(a, seedBody(a.agent, [element], { typical_proximity: "contrary" }), 400, "invalid_field", `${R}.typical_proximity`);
  });

  it("rule 5: every derived pair of the ladder seeds", async () => {
    const pairs = [
      ["reflexive", "pre_progress", "supervised"],
      ["deliberate", "grade_2", "spot_checked"],
      ["principled", "grade_1", "autonomous"],
      ["sage_like", "sage_ideal", "full_authority"],
    ];
    for (const [typical_proximity, senecan_grade, authority_level] of pairs) {
      const a = await newAgent();
      const body = seedBody(a.agent, [await consult(a.key, ACCOUNTS[0]!)], { typical_proximity, senecan_grade, authority_level });
      await readJson(await write(a, body), 201);
    }
  });

  it.each(["type", "from_grade", "to_grade", "from_proximity", "to_proximity"])("rule 6: trigger.%s missing or null is 400 naming it", async (key) => {
    const a = await seededAgent();
    const trigger: Body = { ...UPGRADE_TRIGGER };
    delete trigger[key];
    await refused(a, updateBody(a.agent, a.elements, { grade_changed: true, trigger }, UPGRADE), 400, "trigger_required", `${T}.${key}`);
    await refused(
      a,
      updateBody(a.agent, a.elements, { grade_changed: true, trigger: { ...UPGRADE_TRIGGER, [key]: null } }, UPGRADE),
      400,
      "trigger_required",
      `${T}.${key}`,
    );
  });

  it("rule 6: the trigger itself is required when the grade changed, and an out-of-range value is 400", async () => {
    const a = await seededAgent();
    await refused(a, updateBody(a.agent, a.elements, { grade_changed: true }, UPGRADE), 400, "trigger_required", T);
    await refused(
      a,
      updateBody(a.agent, a.elements, { grade_changed: true, trigger: { ...UPGRADE_TRIGGER, type: "sideways" } }, UPGRADE),
      400,
      "trigger_invalid",
      `${T}.type`,
    );
  });

  it.each([
    ["a downgrade that rises", { type: "downgrade" }, UPGRADE, `${T}.to_grade`],
    ["equal grades", { to_grade: "grade_3" }, UPGRADE, `${T}.to_grade`],
    ["to_proximity not the submitted record's", { to_proximity: "principled" }, UPGRADE, `${T}.to_proximity`],
    ["from_grade not the stored one", { from_grade: "pre_progress" }, UPGRADE, `${T}.from_grade`],
    ["from_proximity not the stored one", { from_proximity: "reflexive" }, UPGRADE, `${T}.from_proximity`],
    ["an authority the proximity does not derive", {}, { ...UPGRADE, authority_level: "autonomous" }, `${R}.authority_level`],
  ])("rule 7: %s is 400 naming the field", async (_name, triggerOverride, recordOverride, field) => {
    const a = await seededAgent();
    const body = updateBody(a.agent, a.elements, { grade_changed: true, trigger: { ...UPGRADE_TRIGGER, ...triggerOverride } }, recordOverride);
    await refused(a, body, 400, "trigger_inconsistent", field);
  });

  it.each([
    ["senecan_grade", { senecan_grade: "grade_2" }],
    ["typical_proximity", { typical_proximity: "deliberate" }],
    ["authority_level", { authority_level: "spot_checked" }],
  ])("rule 8: without a grade change, %s must equal the stored value", async (field, override) => {
    const a = await seededAgent();
    const error = await refused(a, updateBody(a.agent, a.elements, { grade_changed: false }, override), 400, "update_must_match_stored", `${R}.${field}`);
    expect(error.expected).toBe({ senecan_grade: "grade_3", typical_proximity: "habitual", authority_level: "guided" }[field]);
  });

  it("rule 8: without a grade change the trigger is not read, and the update is written with no history row", async () => {
    const a = await seededAgent();
    const body = updateBody(a.agent, a.elements, { grade_changed: false, trigger: { nonsense: true } }, { actions_evaluated: 30 });
    const result = await readJson<Body>(await write(a, body), 200);
    expect(result.grade_change).toBeNull();
    expect(result.data).toMatchObject({ actions_evaluated: 30, version: 2 });
    expect((await snapshot(a.agent)).history).toHaveLength(0);
  });

  it("rule 9: a body without provenance is 400 missing_field naming it (a required field), not a malformed provenance", async () => {
    const a = await newAgent();
    const body = seedBody(a.agent, []);
    delete body.provenance;
    await refused(a, body, 400, "missing_field", "provenance");
  });

  it.each([
    ["an empty list", { signed_assessments: [] }],
    ["an element whose signature is not a string", { signed_assessments: [{ assessment: {}, signature: 7, key_id: "l2-2026Q4" }] }],
    ["a string", "signed"],
  ])("rule 9: %s is 422 bad_provenance", async (_name, provenance) => {
    const a = await newAgent();
    const body = seedBody(a.agent, []);
    body.provenance = provenance;
    await refused(a, body, 422, "bad_provenance");
  });

  it("rule 9: an element with its signature absent or null is unsigned, 403 no_examination (nothing written)", async () => {
    const a = await newAgent();
    const element = await consult(a.key, ACCOUNTS[0]!);
    await refused(a, seedBody(a.agent, [{ assessment: element.assessment, key_id: element.key_id } as SignedElement]), 403, "no_examination");
    await refused(a, seedBody(a.agent, [{ ...element, signature: null } as unknown as SignedElement]), 403, "no_examination");
  });

  it("rule 9: an element changed after signing, or signed with an unknown key id, is 403 no_examination", async () => {
    const a = await newAgent();
    const element = await consult(a.key, ACCOUNTS[0]!);
    const tampered = { ...element, assessment: { ...element.assessment, katorthoma_proximity: "sage_like" } };
    await refused(a, seedBody(a.agent, [tampered]), 403, "no_examination");
    await refused(a, seedBody(a.agent, [{ ...element, key_id: "l2-1999Q1" }]), 403, "no_examination");
  });

  it("rule 9: one verifying element among forged ones is enough; the forged ones are reported and ignored", async () => {
    const a = await newAgent();
    const element = await consult(a.key, ACCOUNTS[0]!);
    const forged = { ...element, signature: element.signature.replace(/^./, (ch) => (ch === "A" ? "B" : "A")) };
    const result = await readJson<Body>(await write(a, seedBody(a.agent, [forged, element])), 201);
    expect(result.write).toMatchObject({ elements: 2, verified: 1, unverified_elements: [0], attested: 1 });
  });

  it("rule 10: a seed against an existing agent is 409; an update against a missing one is 404", async () => {
    const a = await seededAgent();
    await refused(a, seedBody(a.agent, a.elements), 409, "agent_exists");
    const b = await newAgent();
    const element = await consult(b.key, ACCOUNTS[0]!);
    await refused(b, updateBody(b.agent, [element], { grade_changed: false }), 404, "agent_not_found");
  });

  it("rule 11: the write response carries the loop fold (agent-loop-fold-v2), MEASURE only, in submission order", async () => {
    const a = await newAgent();
    const elements = [await consult(a.key, ACCOUNTS[1]!), await consult(a.key, ACCOUNTS[0]!)];
    const result = await readJson<Body>(await write(a, seedBody(a.agent, elements)), 201);
    expect(result.loop_fold.schema).toBe("agent-loop-fold-v2");
    expect(result.loop_fold.measure_only).toBe(true);
    expect(result.loop_fold.entries.map((e: Body) => e.loop_id)).toEqual(elements.map((e) => (e.assessment.examination as Body).ref));
    expect(result.loop_fold.entries.map((e: Body) => e.position)).toEqual([0, 1]);
  });

  it("rule 12: examination_mode comes from the credential's harness marker, only through an examination-bearing write", async () => {
    const a = await newAgent({ harnessMarker: "pre_decision_harness" });
    await readJson(await write(a, seedBody(a.agent, [await consult(a.key, ACCOUNTS[0]!)], { examination_mode: "post_decision_check" })), 201);
    const back = await readJson<Body>(await readBack(a.agent), 200);
    expect(back.data.examination_mode).toBe("pre_decision_harness");
    expect(back.field_provenance.examination_mode).toBe("server-computed");
    const unmarked = await seededAgent();
    expect((await readJson<Body>(await readBack(unmarked.agent), 200)).data.examination_mode).toBeUndefined();
    // A write whose only examination the ledger cannot attest (a supplied extraction) bears none.
    const supplied = await newAgent({ harnessMarker: "post_decision_check" });
    const element = await consult(supplied.key, SUPPLIED_INPUT, { layer1_schema: suppliedExtraction() });
    await readJson(await write(supplied, seedBody(supplied.agent, [element])), 201);
    expect((await readJson<Body>(await readBack(supplied.agent), 200)).data.examination_mode).toBeUndefined();
  });

  it("rule 12: when the credential's harness marker cannot be read the write is 503 and nothing is written", async () => {
    const local = await testRuntime();
    const broken: Runtime = {
      name: "marker-unreadable",
      open: async (config) => {
        const session = await local.open(config);
        return {
          ...session,
          credentials: {
            ...session.credentials,
            harnessMarker: async () => {
              throw new Error("connection reset");
            },
          },
        };
      },
    };
    const a = await newAgent();
    const element = await consult(a.key, ACCOUNTS[0]!);
    const before = await snapshot(a.agent);
    const res = await api.post(`/api/accreditation/${a.agent}`, a.key, seedBody(a.agent, [element]), { ...ENV, SVC_RUNTIME: broken });
    const error = await expectError(res, 503, "harness_marker_unavailable");
    expect(error.message).not.toContain("connection reset");
    expect(await snapshot(a.agent)).toEqual(before);
  });

  it.each(["regressing_check_count", "total_actions_evaluated"])(
    "a profile %s beyond what the record stores is 400 naming it, not a 503; nothing is written",
    async (field) => {
      const a = await seededAgent();
      const body = updateBody(a.agent, a.elements, { grade_changed: false });
      body.profile[field] = 2 ** 31;
      await refused(a, body, 400, "invalid_field", `profile.${field}`);
    },
  );

  it("a body nested deeper than any field needs is 400 invalid_json, not a 500; nothing is written", async () => {
    const a = await seededAgent();
    const body = JSON.stringify(updateBody(a.agent, a.elements, { grade_changed: false })).replace(
      '"provenance":',
      `"provenance":${"[".repeat(50_000)}${"]".repeat(50_000)},"ignored":`,
    );
    await refused(a, body, 400, "invalid_json");
  });

  it.each([
    ["the body", (b: Body) => void (b.note = "x"), "note"],
    ["profile", (b: Body) => void (b.profile.extra = 1), "profile.extra"],
    ["the record", (b: Body) => void (b.profile.accreditation_record.favourite_colour = "blue"), "profile.accreditation_record.favourite_colour"],
    [
      "dimension_levels",
      (b: Body) => void (b.profile.accreditation_record.dimension_levels.injected = { nested: [1, 2, 3] }),
      "profile.accreditation_record.dimension_levels.injected",
    ],
  ])("an unknown field in %s is 400 unknown_field naming it", async (_where, change, field) => {
    const a = await newAgent();
    const body = seedBody(a.agent, [await consult(a.key, ACCOUNTS[0]!)]);
    change(body);
    await refused(a, body, 400, "unknown_field", field);
  });

  it("an unknown key in dimension_levels on an update is 400 unknown_field; the public read-back is unchanged", async () => {
    const a = await seededAgent();
    const dims = { ...record(a.agent).dimension_levels, injected: { nested: [1, 2, 3] } };
    const before = await readJson<Body>(await readBack(a.agent), 200);
    await refused(
      a,
      updateBody(a.agent, a.elements, { grade_changed: false }, { dimension_levels: dims }),
      400,
      "unknown_field",
      `${R}.dimension_levels.injected`,
    );
    expect(await readJson<Body>(await readBack(a.agent), 200)).toEqual(before);
  });

  it("actions_evaluated beyond what can be stored is 400 naming it", async () => {
    const a = await newAgent();
    await refused(a, seedBody(a.agent, [await consult(a.key, ACCOUNTS[0]!)], { actions_evaluated: 1e300 }), 400, "invalid_field", `${R}.actions_evaluated`);
  });

  it("an agent id another owner declared in the Stoa cannot be seeded by this one (409 agent_claimed)", async () => {
    const a = await newAgent();
    const stranger = await newAgent({ agent: a.agent });
    const declared = await stoaFunction.fetch(
      new Request("http://t/api/stoa/declare", {
        method: "POST",
        headers: { authorization: `Bearer ${stranger.key}`, "content-type": "application/json" },
        body: JSON.stringify({ display_name: "Another", statement: "Declared first by another owner." }),
      }),
      ENV,
    );
    await readJson(declared, 201);
    await refused(a, seedBody(a.agent, [await consult(a.key, ACCOUNTS[0]!)]), 409, "agent_claimed");
  });

  it("coverage_status and credential_basis are composed by the server, whatever the writer sends", async () => {
    const a = await newAgent();
    const element = await consult(a.key, ACCOUNTS[0]!);
    const body = seedBody(a.agent, [element], { coverage_status: "complete", credential_basis: "trust me" });
    const result = await readJson<Body>(await write(a, body), 201);
    expect(result.data.coverage_status).toBe("agent_elected");
    expect(result.data.credential_basis).toContain("1 of 1 signed assessments verified");
    // Public: it names neither the owner nor the key.
    expect(result.data.credential_basis).not.toContain(a.owner);
    expect(result.data.credential_basis).not.toContain(a.keyId);
    expect(result.data.credential_basis).not.toContain("trust me");
  });
});

describe("grade changes and history", () => {
  it("an upgrade writes a grade-history row with the new and previous authority", async () => {
    const a = await seededAgent();
    const result = await readJson<Body>(await write(a, updateBody(a.agent, a.elements, { grade_changed: true, trigger: UPGRADE_TRIGGER }, UPGRADE)), 200);
    expect(result.grade_change).toEqual({
      trigger_type: "upgrade",
      from_grade: "grade_3",
      to_grade: "grade_2",
      from_proximity: "habitual",
      to_proximity: "deliberate",
      previous_authority: "guided",
      new_authority: "spot_checked",
    });
    const back = await readJson<Body>(await readBack(a.agent), 200);
    expect(back.data).toMatchObject({ ...UPGRADE, version: 2 });
    expect(back.grade_history).toHaveLength(1);
    expect(back.grade_history[0]).toMatchObject({ version: 2, previous_authority: "guided", new_authority: "spot_checked" });

    const down = { type: "downgrade", from_grade: "grade_2", to_grade: "grade_3", from_proximity: "deliberate", to_proximity: "habitual" };
    await readJson(await write(a, updateBody(a.agent, a.elements, { grade_changed: true, trigger: down })), 200);
    const after = await readJson<Body>(await readBack(a.agent), 200);
    expect(after.grade_history.map((h: Body) => [h.version, h.trigger_type, h.previous_authority, h.new_authority])).toEqual([
      [3, "downgrade", "spot_checked", "guided"],
      [2, "upgrade", "guided", "spot_checked"],
    ]);
  });

  it("two updates racing on one record: one wins, the other is refused, the history stays consistent", async () => {
    const a = await seededAgent();
    const up = updateBody(a.agent, a.elements, { grade_changed: true, trigger: UPGRADE_TRIGGER }, UPGRADE);
    const responses = await Promise.all([write(a, up), write(a, up)]);
    const statuses = responses.map((r) => r.status).sort();
    const texts = await Promise.all(responses.map((r) => r.clone().text()));
    expect(statuses, texts.join("\n")).toContain(200);
    expect(
      statuses.filter((s) => s === 200),
      texts.join("\n"),
    ).toHaveLength(1);
    const loser = responses.find((r) => r.status !== 200)!;
    // Refused either by the version check (409) or, when it read the winner's record, by rule 7 (400).
    expect([400, 409], texts.join("\n")).toContain(loser.status);
    const rows = await snapshot(a.agent);
    expect(rows.record[0]).toMatchObject({ version: 2, senecan_grade: "grade_2", authority_level: "spot_checked" });
    expect(rows.history.map((h) => [h.version, h.previous_authority, h.new_authority])).toEqual([[2, "guided", "spot_checked"]]);
    expect(rows.writes.map((w) => w.version).sort()).toEqual([1, 2]);
  });

  it("two seeds racing for one agent: one is written, the other is 409", async () => {
    const a = await newAgent();
    const body = seedBody(a.agent, [await consult(a.key, ACCOUNTS[0]!)]);
    const statuses = (await Promise.all([write(a, body), write(a, body)])).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
    expect((await snapshot(a.agent)).writes).toHaveLength(1);
  });
});

describe("who may write", () => {
  it("a key bound to another agent is 403; another owner's record is 403 not_record_owner", async () => {
    const a = await seededAgent();
    const element = a.elements[0]!;
    const bound = await newAgent();
    await expectError(await write(bound, seedBody(a.agent, [element]), a.agent), 403, "agent_not_bound");
    const stranger = await newAgent({ agent: a.agent });
    const strangerElement = await consult(stranger.key, ACCOUNTS[0]!);
    await refused({ ...stranger, agent: a.agent }, updateBody(a.agent, [strangerElement], { grade_changed: false }), 403, "not_record_owner");
  });

  describeSecurity({
    name: "POST /api/accreditation/{agent_id}",
    call: (authorization) => api.send("POST", "/api/accreditation/agent-security", authorization, seedBody("agent-security", [])),
    callIncomplete: (authorization) => api.send("POST", "/api/accreditation/agent-security", authorization, { kind: "seed" }),
    runtime: testRuntime,
    requires: { kinds: ["prac"], capability: "accreditation_write" },
    validCredential: async () => (await newAgent({ agent: null })).key,
  });

  describeSecurity({
    name: "POST /api/admin/curator-flags",
    call: (authorization) =>
      api.send("POST", "/api/admin/curator-flags", authorization, { agent_id: "agent-x", basis: "dikaiosyne", level: "habitual", note: "n" }),
    callIncomplete: (authorization) => api.send("POST", "/api/admin/curator-flags", authorization, { agent_id: "agent-x" }),
    runtime: testRuntime,
    requires: { operator: true },
    validCredential: async () => TEST_OPERATOR_KEY,
  });
});

describe("provenance from a clarification turn", () => {
  const AMBIGUOUS = "Should I tell her? Should I quit?";
  const turn = (key: string, body: Body) => postReason(reasonFunction, ENV, `Bearer ${key}`, body);

  it("yields one attested examination however often its continuation token is sent, in parallel or after", async () => {
    const a = await newAgent();
    const question = await readJson<Body>(await turn(a.key, { input: AMBIGUOUS }), 200);
    expect(question.clarification_required, show(question)).toBe(true);
    const answer = { input: AMBIGUOUS, continuation_token: question.continuation_token, clarification_response: "The resignation." };
    const answers = await Promise.all([turn(a.key, answer), turn(a.key, answer), turn(a.key, answer)]);
    answers.push(await turn(a.key, answer));
    const elements: SignedElement[] = [];
    for (const res of answers) {
      const body = await readJson<Body>(res, res.status);
      if (res.status === 200) elements.push(body.assessment as SignedElement);
      else expect(body.error?.code, show(body)).toBe("continuation_token_used");
    }
    expect(elements, "exactly one turn answered the token").toHaveLength(1);
    const seeded = await readJson<Body>(await write(a, seedBody(a.agent, elements)), 201);
    expect(seeded.write, show(seeded)).toMatchObject({ elements: 1, attested: 1 });
    expect((await snapshot(a.agent)).readings, "one orientation reading").toBe(1);
  });
});

describe("the trust record", () => {
  it("404 with no examined evidence and no gap entry; 200 sparse with gap entries only (an extraction the caller supplied)", async () => {
    const a = await newAgent();
    await expectError(await trustRecord(a.agent), 404, "trust_record_not_found");
    const supplied = await consult(a.key, SUPPLIED_INPUT, { layer1_schema: suppliedExtraction() });
    const result = await readJson<Body>(await write(a, seedBody(a.agent, [supplied])), 201);
    expect(result.write).toMatchObject({ verified: 1, attested: 0, provenance_gaps: 1, trust_events_minted: 0 });
    expect(result.data.coverage_status).toBe("unattested");
    const trust = await readJson<Body>(await trustRecord(a.agent), 200);
    expect(trust.aggregate.level).toBeNull();
    expect(trust.sparse).toBe(true);
    expect(trust.total_provenance_gaps_count).toBe(1);
    expect(trust.provenance_gaps[0]).toMatchObject({ reason: "caller_supplied_extraction", positive_finding: true });
    expect(trust.total_orientation_readings_count).toBe(0);
  });

  it("another owner's signed assessment is an identity_mismatch gap, never evidence", async () => {
    const a = await newAgent();
    const stranger = await newAgent();
    const theirs = await consult(stranger.key, ACCOUNTS[0]!);
    const mine = await consult(a.key, ACCOUNTS[1]!);
    const result = await readJson<Body>(await write(a, seedBody(a.agent, [theirs, mine])), 201);
    expect(result.write).toMatchObject({ verified: 2, attested: 1, provenance_gaps: 1 });
    const trust = await readJson<Body>(await trustRecord(a.agent), 200);
    expect(trust.provenance_gaps.map((g: Body) => [g.reason, g.loop_id, g.positive_finding])).toEqual([
      ["identity_mismatch", (theirs.assessment.examination as Body).ref, false],
    ]);
    expect(trust.orientation_readings.map((r: Body) => r.loop_id)).toEqual([(mine.assessment.examination as Body).ref]);
  });

  it("a reading is observed when the consult took longer than the 28,000 ms harness time-out, and observed readings are not evidence", async () => {
    const a = await newAgent();
    const slow = await consult(a.key, ACCOUNTS[0]!);
    const db = await (await testRuntime()).database();
    await db
      .updateTable("consults")
      .set({ elapsed_ms: 28_001 })
      .where("loop_id", "=", (slow.assessment.examination as Body).ref as string)
      .execute();
    const result = await readJson<Body>(await write(a, seedBody(a.agent, [slow])), 201);
    expect(result.write.trust_events_minted).toBe(0);
    // No examined evidence and no gap: the record is not served.
    await expectError(await trustRecord(a.agent), 404, "trust_record_not_found");
    const fast = await consult(a.key, ACCOUNTS[1]!);
    await readJson(await write(a, updateBody(a.agent, [fast], { grade_changed: false })), 200);
    const trust = await readJson<Body>(await trustRecord(a.agent), 200);
    expect(trust.orientation_readings.map((r: Body) => [r.loop_id, r.class])).toEqual([
      [(fast.assessment.examination as Body).ref, "examined"],
      [(slow.assessment.examination as Body).ref, "observed"],
    ]);
    expect(trust.total_orientation_readings_count).toBe(2);
    expect(trust.examined_orientation_readings_count).toBe(1);
    for (const r of trust.orientation_readings) expect(r.clause).toContain("not the alignment of the agent");
  });

  it("the lists are capped at 50, newest first, with their true totals", async () => {
    const a = await seededAgent();
    const db = await (await testRuntime()).database();
    const base = Date.parse("2026-10-01T00:00:00Z");
    await db
      .insertInto("orientation_readings")
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          agent_id: a.agent,
          loop_id: `loop_bulk_${i}`,
          class: "observed" as const,
          direction: "indeterminate" as const,
          proximity: "habitual",
          elapsed_ms: 30_000,
          examined_at: new Date(base + i * 60_000),
        })),
      )
      .execute();
    const writeId = (await snapshot(a.agent)).writes[0]!.id;
    await db
      .insertInto("provenance_gaps")
      .values(
        Array.from({ length: 55 }, (_, i) => ({
          id: crypto.randomUUID(),
          agent_id: a.agent,
          write_id: writeId,
          element_index: i,
          loop_id: null,
          reason: "no_ledger_entry" as const,
          recorded_at: new Date(base + i * 60_000),
        })),
      )
      .execute();
    const trust = await readJson<Body>(await trustRecord(a.agent), 200);
    expect(trust.orientation_readings).toHaveLength(50);
    expect(trust.total_orientation_readings_count).toBe(61);
    const times = trust.orientation_readings.map((r: Body) => Date.parse(r.examined_at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(trust.provenance_gaps).toHaveLength(50);
    expect(trust.total_provenance_gaps_count).toBe(55);
    expect(trust.provenance_gaps[0].element_index).toBe(54);
  });

  it("503 never cached when the store is unavailable; a failed gap count is omitted", async () => {
    const a = await seededAgent();
    const local = await testRuntime();
    const failing = (what: "digest" | "gapCount"): Runtime => ({
      name: `trust-${what}-down`,
      open: async (config) => {
        const session = await local.open(config);
        return {
          ...session,
          trust: {
            ...session.trust,
            [what]: async () => {
              throw new Error("down");
            },
          },
        };
      },
    });
    const down = await trustRecord(a.agent, { ...ENV, SVC_RUNTIME: failing("digest") });
    await expectError(down, 503, "trust_record_store_unavailable".replace("record_", ""));
    expect(down.headers.get("cache-control")).toBe("no-store");
    const partial = await readJson<Body>(await trustRecord(a.agent, { ...ENV, SVC_RUNTIME: failing("gapCount") }), 200);
    expect(partial).not.toHaveProperty("total_provenance_gaps_count");
    expect(partial.provenance_gaps).toEqual([]);
    const fresh = await newAgent();
    const dark = await trustRecord(fresh.agent, { ...ENV, SVC_RUNTIME: failing("gapCount") });
    await expectError(dark, 503, "trust_store_unavailable");
  });

  it("503 trust_record_dark, never cached, when the deployment takes the surface dark; the agent page says so", async () => {
    const a = await seededAgent();
    const dark = { ...ENV, TRUST_RECORD_SURFACE: "dark" };
    const res = await trustRecord(a.agent, dark);
    await expectError(res, 503, "trust_record_dark");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const page = await api.send("GET", `/agents/${a.agent}`, undefined, undefined, dark);
    const html = await page.text();
    expect(page.status, html.slice(0, 300)).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(html).toContain("temporarily unavailable");
  });

  it("no route lets a consumer write a trust event", async () => {
    const a = await seededAgent();
    for (const path of [`/api/trust-record/${a.agent}`, `/api/trust-record/${a.agent}/events`]) {
      const res = await api.post(path, a.key, { domain: "dikaiosyne", level: "sage_like" });
      expect([404, 405], await res.clone().text()).toContain(res.status);
    }
  });
});

describe("curator flags", () => {
  const flag = (body: Body) => api.post("/api/admin/curator-flags", TEST_OPERATOR_KEY, body);

  it("a dikaiosyne flag lowers a domain with examined evidence and engages the justice latch", async () => {
    const a = await newAgent();
    const elements = [await consult(a.key, ACCOUNTS[0]!), await consult(a.key, ACCOUNTS[1]!)];
    await readJson(await write(a, seedBody(a.agent, elements)), 201);
    const before = await readJson<Body>(await trustRecord(a.agent), 200);
    expect(before.domains.dikaiosyne.level, show(before.domains)).not.toBeNull();
    const created = await readJson<Body>(await flag({ agent_id: a.agent, basis: "dikaiosyne", level: "reflexive", note: "misled a customer" }), 201);
    expect(created).toMatchObject({ basis: "dikaiosyne", domain: "dikaiosyne", level: "reflexive", status: "applied", flagged_by: "operator" });
    const after = await readJson<Body>(await trustRecord(a.agent), 200);
    expect(after.domains.dikaiosyne).toMatchObject({ level: "reflexive", evidence_level: before.domains.dikaiosyne.level });
    expect(after.domains.dikaiosyne.lowered_by).toContain("curator_flag");
    expect(after.aggregate.level).toBe("reflexive");
    expect(after.justice_latch).toMatchObject({ engaged: true, level: "reflexive", source: "curator_flag" });
    expect(after.assessor_record.curator_flags).toEqual({ applied: 1, held: 0 });
  });

  it("an oversight flag on a domain without examined evidence is held, and a 404 stays 404", async () => {
    const a = await newAgent();
    const created = await readJson<Body>(await flag({ agent_id: a.agent, basis: "oversight", domain: "andreia", level: "reflexive", note: "held" }), 201);
    expect(created.status).toBe("held");
    await expectError(await trustRecord(a.agent), 404, "trust_record_not_found");
    const seeded = await seededAgent();
    await readJson(await flag({ agent_id: seeded.agent, basis: "oversight", domain: "andreia", level: "reflexive", note: "held too" }), 201);
    const trust = await readJson<Body>(await trustRecord(seeded.agent), 200);
    expect(trust.domains.andreia).toMatchObject({ level: null, held_events: 1 });
    expect(trust.assessor_record.curator_flags.held).toBe(1);
  });

  it("a withdrawn flag no longer lowers the level; withdrawing twice keeps the first time; an unknown id is 404", async () => {
    const a = await seededAgent();
    const before = await readJson<Body>(await trustRecord(a.agent), 200);
    const created = await readJson<Body>(await flag({ agent_id: a.agent, basis: "oversight", domain: "phronesis", level: "reflexive", note: "in error" }), 201);
    expect((await readJson<Body>(await trustRecord(a.agent), 200)).domains.phronesis.level).toBe("reflexive");
    const withdraw = () => api.send("DELETE", `/api/admin/curator-flags/${created.id}`, `Bearer ${TEST_OPERATOR_KEY}`);
    const first = await readJson<Body>(await withdraw(), 200);
    expect(first).toMatchObject({ id: created.id, status: "withdrawn" });
    expect(first.withdrawn_at).not.toBeNull();
    const { composed_at: _a, ...after } = await readJson<Body>(await trustRecord(a.agent), 200);
    const { composed_at: _b, ...expected } = before;
    expect(after).toEqual(expected);
    expect((await readJson<Body>(await withdraw(), 200)).withdrawn_at).toBe(first.withdrawn_at);
    await expectError(await api.send("DELETE", `/api/admin/curator-flags/${crypto.randomUUID()}`, `Bearer ${TEST_OPERATOR_KEY}`), 404, "flag_not_found");
    await expectError(await api.send("DELETE", `/api/admin/curator-flags/${created.id}`, `Bearer ${a.key}`), 403, "operator_only");
  });

  it("a flag never raises a level", async () => {
    const a = await seededAgent();
    const before = await readJson<Body>(await trustRecord(a.agent), 200);
    await readJson(await flag({ agent_id: a.agent, basis: "oversight", domain: "phronesis", level: "sage_like", note: "generous" }), 201);
    const after = await readJson<Body>(await trustRecord(a.agent), 200);
    expect(after.domains.phronesis.level).toBe(before.domains.phronesis.level);
  });

  it.each([
    [{ basis: "oversight", level: "habitual", note: "n" }, "domain"],
    [{ basis: "dikaiosyne", domain: "andreia", level: "habitual", note: "n" }, "domain"],
    [{ basis: "kindness", level: "habitual", note: "n" }, "basis"],
    [{ basis: "oversight", domain: "andreia", level: "perfect", note: "n" }, "level"],
    [{ basis: "oversight", domain: "andreia", level: "habitual", note: " " }, "note"],
  ])("a bad flag is 400 naming the field (%o)", async (partial, field) => {
    const res = await flag({ agent_id: `agent-${crypto.randomUUID()}`, ...partial });
    const error = await readJson<Body>(res, 400);
    expect(error.error.field).toBe(field);
  });
});
