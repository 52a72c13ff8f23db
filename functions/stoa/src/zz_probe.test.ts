import { clearCredentialCache } from "@svc/http/auth";
import { beforeEach, describe, expect, it } from "vitest";
import { ACCOUNTS, api, consult, ENV, newAgent, record, seedBody, seededAgent, updateBody, write, UPGRADE, UPGRADE_TRIGGER, type Body } from "../../../tests/support/accreditation";
import { mintApiKey, TEST_OPERATOR_KEY } from "../../../tests/support/credentials";
import { testPlatform } from "../../../tests/support/database";
import { requester } from "../../../tests/support/requests";
import { watchingCycle, bareCycle } from "../../../tests/support/watching";
import { stoaFunction } from "./function";
import { practiceFunction } from "../../practice/src/function";
import { encodeBase64url } from "@svc/core";

beforeEach(() => clearCredentialCache());
const stoa = requester(stoaFunction, ENV);
const prac = requester(practiceFunction, ENV);
const raw = (fn: any, method: string, path: string, auth: string | undefined, body?: string) => {
  const headers: Record<string, string> = {};
  if (auth) headers.authorization = auth;
  return Promise.resolve(fn.fetch(new Request(`http://t${path}`, { method, headers, body }), ENV)) as Promise<Response>;
};
const log = async (label: string, res: Response) => { const t = await res.text(); console.log(`${res.status} ${label} :: ${t.slice(0, 300)}`); return res.status; };

describe("probe", () => {
  it("accreditation write odd bodies", async () => {
    const a = await seededAgent();
    const el = a.elements[0]!;
    const cases: [string, unknown][] = [
      ["array body", []],
      ["null body", null],
      ["number", 5],
      ["profile null", { kind: "seed", profile: null, provenance: {} }],
      ["record array", { ...seedBody(a.agent, [el]), profile: { agent_id: a.agent, accreditation_record: [], regressing_check_count: 0, total_actions_evaluated: 0 } }],
      ["huge regressing", { ...updateBody(a.agent, [el], { grade_changed: false }), profile: { agent_id: a.agent, accreditation_record: record(a.agent), regressing_check_count: 2 ** 40, total_actions_evaluated: 0 } }],
      ["huge total", { ...updateBody(a.agent, [el], { grade_changed: false }), profile: { agent_id: a.agent, accreditation_record: record(a.agent), regressing_check_count: 1, total_actions_evaluated: 2 ** 31 } }],
      ["huge actions_evaluated", updateBody(a.agent, [el], { grade_changed: false }, { actions_evaluated: 1e300 })],
      ["actions 2^60", updateBody(a.agent, [el], { grade_changed: false }, { actions_evaluated: 2 ** 60 })],
      ["transition_result null", { ...updateBody(a.agent, [el], { grade_changed: false }), transition_result: null }],
      ["transition record null", updateBody(a.agent, [el], { grade_changed: false, record: null })],
      ["transition record agent null", updateBody(a.agent, [el], { grade_changed: false, record: { agent_id: null } })],
      ["trigger array", updateBody(a.agent, [el], { grade_changed: true, trigger: [] }, UPGRADE)],
      ["trigger type obj", updateBody(a.agent, [el], { grade_changed: true, trigger: { ...UPGRADE_TRIGGER, type: { x: 1 } } }, UPGRADE)],
      ["trigger type toString", updateBody(a.agent, [el], { grade_changed: true, trigger: { ...UPGRADE_TRIGGER, type: "toString" } }, UPGRADE)],
      ["proximity __proto__", updateBody(a.agent, [el], { grade_changed: false }, { typical_proximity: "__proto__" })],
      ["proximity constructor", seedBody(a.agent, [el], { typical_proximity: "constructor" })],
      ["record with __proto__ key", JSON.parse(JSON.stringify(updateBody(a.agent, [el], { grade_changed: false })).replace('"agent_id":"' + a.agent + '","senecan', '"__proto__":{"x":1},"agent_id":"' + a.agent + '","senecan'))],
      ["dims array", updateBody(a.agent, [el], { grade_changed: false }, { dimension_levels: [1, 2] })],
      ["dims __proto__", updateBody(a.agent, [el], { grade_changed: false }, { dimension_levels: { passion_reduction: "toString", judgement_quality: "developing", disposition_stability: "emerging", oikeiosis_extension: "developing" } })],
      ["passions obj", updateBody(a.agent, [el], { grade_changed: false }, { passions_persisting: { a: 1 } })],
      ["passions with objects", updateBody(a.agent, [el], { grade_changed: false }, { passions_persisting: [{}, []] })],
      ["kathekon toString", updateBody(a.agent, [el], { grade_changed: false }, { typical_kathekon_quality: "hasOwnProperty" })],
      ["optional typical_depth_tier obj", updateBody(a.agent, [el], { grade_changed: false }, { typical_depth_tier: { a: 1 } })],
      ["provenance elements numbers", updateBody(a.agent, [1, 2] as any, { grade_changed: false })],
      ["provenance element assessment array", updateBody(a.agent, [{ assessment: [], signature: "AAAA", key_id: "x" }] as any, { grade_changed: false })],
      ["provenance signature weird", updateBody(a.agent, [{ ...el, signature: "!!!\u{1F600}" }], { grade_changed: false })],
      ["provenance key_id huge", updateBody(a.agent, [{ ...el, key_id: "k".repeat(100000) }], { grade_changed: false })],
      ["provenance assessment examination ref number", updateBody(a.agent, [{ ...el, assessment: { ...el.assessment, examination: { ref: 5 } } }], { grade_changed: false })],
      ["provenance examination null", updateBody(a.agent, [{ ...el, assessment: { ...el.assessment, examination: null } }], { grade_changed: false })],
      ["101 elements", updateBody(a.agent, Array.from({ length: 101 }, () => el), { grade_changed: false })],
      ["100 elements same", updateBody(a.agent, Array.from({ length: 100 }, () => el), { grade_changed: false })],
      ["lone surrogate in record", updateBody(a.agent, [el], { grade_changed: false }, { typical_proximity: "\ud800" })],
    ];
    for (const [label, body] of cases) {
      const s = await log(label, await write(a, body));
      expect.soft(s, label).toBeLessThan(500);
    }
    // raw bodies
    for (const [label, text] of [["lone surrogate escape", `{"kind":"seed","profile":{"agent_id":"\\ud800"}}`], ["deep nesting", "[".repeat(100000) + "]".repeat(100000)], ["huge number", `{"kind":"seed","profile":{"agent_id":"x","accreditation_record":{},"regressing_check_count":1e400,"total_actions_evaluated":0},"provenance":{}}`]] as const) {
      const s = await log(label, await raw((await import("../../accreditation/src/function")).accreditationFunction, "POST", `/api/accreditation/${a.agent}`, `Bearer ${a.key}`, text));
      expect.soft(s, label).toBeLessThan(500);
    }
    // odd path ids
    for (const p of ["%00", "%FF", "%E2%80%AE", "a%2Fb", "%F0%9F%98%80%F0%9F%98%80", "x".repeat(200), "..", "%25", "a%20b", "%ED%A0%80x"]) {
      for (const path of [`/api/accreditation/${p}`, `/api/trust-record/${p}`, `/agents/${p}`]) {
        const s = await log(path, await api.send("GET", path, undefined));
        expect.soft(s, path).toBeLessThan(500);
      }
      const s = await log("POST " + p, await api.post(`/api/accreditation/${p}`, a.key, seedBody(p, [el])));
      expect.soft(s).toBeLessThan(500);
    }
  });

  it("curator flags odd", async () => {
    for (const body of [{ agent_id: "\ud800x", basis: "oversight", domain: "andreia", level: "habitual", note: "n" }, { agent_id: "a".repeat(128), basis: "oversight", domain: "andreia", level: "habitual", note: "n".repeat(2000) }, { agent_id: "ab", basis: "oversight", domain: "constructor", level: "habitual", note: "n" }]) {
      const s = await log("flag", await api.post("/api/admin/curator-flags", TEST_OPERATOR_KEY, body));
      expect.soft(s).toBeLessThan(500);
    }
  });

  it("stoa odd", async () => {
    const { key } = await mintApiKey(await testPlatform(), { kind: "live" });
    const agent = `ag-${crypto.randomUUID()}`;
    const cur = (v: unknown) => encodeBase64url(new TextEncoder().encode(JSON.stringify(v)));
    const queries = [
      `before=${cur(["0000-01-01T00:00:00Z", crypto.randomUUID()])}`,
      `before=${cur(["9999-12-31T23:59:59.999999999Z", crypto.randomUUID()])}`,
      `before=${cur(["2026-01-01T00:00:00Z", "00000000-0000-0000-0000-000000000000"])}`,
      `before=%00`, `q=%25`, `q=_`, `q=%5C`, `q=%ED%A0%80`, `limit=1e2`, `limit=0x10`, `limit=-0`, `limit=100.0`, `limit=`, `q=a&q=b`, `limit=5&limit=6`,
    ];
    for (const q of queries) {
      const s = await log(q, await stoa.send("GET", `/api/stoa/entries?${q}`, undefined));
      expect.soft(s, q).toBeLessThan(500);
    }
    for (const q of [`agent_id=%00`, `agent_id=a&agent_id=b`, `agent_id=${"x".repeat(300)}`, `agent_id=%E2%80%AE%E2%80%AE`]) {
      const s = await log(q, await stoa.send("GET", `/api/stoa/declare?${q}`, `Bearer ${key}`));
      expect.soft(s, q).toBeLessThan(500);
    }
    const bodies: unknown[] = [
      { agent_id: agent, display_name: "x", statement: "y", commitments: [{ domain: "phronesis", claimed_level: "sage_like", text: "\u{1F600}".repeat(500) }] },
      { agent_id: agent + "2", display_name: "\u202e\u202e", statement: "y", contact_url: "https://xn--/" },
      { agent_id: agent + "3", display_name: "x", statement: "y", contact_url: "https://[::1]/" },
      { agent_id: agent + "4", display_name: "x", statement: "y", agent_card_url: "https://a.b/" + "%".repeat(10) },
      [], null, "x",
    ];
    for (const b of bodies) {
      const s = await log("declare", await stoa.send("POST" as any, "/api/stoa/declare", `Bearer ${key}`, b));
      expect.soft(s).toBeLessThan(500);
    }
    for (const b of [{ agent_id: agent, contact_url: null }, { agent_id: agent, display_name: null }, { agent_id: agent, commitments: null }, { agent_id: agent, statement: "" }]) {
      const s = await log("amend " + JSON.stringify(b), await raw(stoaFunction, "PATCH", "/api/stoa/declare", `Bearer ${key}`, JSON.stringify(b)));
      expect.soft(s).toBeLessThan(500);
    }
    for (const b of [{ agent_id: agent, commitment_index: 0, observed_level: "habitual", note: "n" }, { agent_id: "zz", commitment_index: 9, observed_level: "habitual", note: "n" }, { agent_id: agent, commitment_index: 1.5, observed_level: "habitual", note: "n" }]) {
      const s = await log("contra", await stoa.post("/api/admin/stoa-contradictions", TEST_OPERATOR_KEY, b));
      expect.soft(s).toBeLessThan(500);
    }
  });

  it("watching odd", async () => {
    const { key } = await mintApiKey(await testPlatform(), { kind: "prac", capabilities: ["watching_write"] });
    const agent = `ag-${crypto.randomUUID()}`;
    const mut: [string, (b: any) => void][] = [
      ["year 0000", (b) => { b.started_at = "0000-01-01T00:00:00Z"; b.alignment_events[0].check.ran_at = "0001-01-01T00:00:00Z"; }],
      ["nanos", (b) => { b.started_at = "2026-11-21T10:00:00.000000001Z"; }],
      ["9999 end", (b) => { b.ended_at = "9999-12-31T23:59:59.999999Z"; }],
      ["offset +23:59", (b) => { b.ended_at = "2026-11-21T10:30:00+23:59"; }],
      ["count float", (b) => { b.answers_received_unstructured = 1.5; }],
      ["lone surrogate act", (b) => { b.alignment_events[0].surfaced_act.text = "\ud800"; }],
      ["handle unicode space", (b) => { b.alignment_events[0].relayed_lifts[0].principal_handle = "a\u3000b"; }],
      ["models dup", (b) => { b.alignment_events[0].check.models = ["a", "a"]; }],
      ["late response year 0000", (b) => { b.alignment_events[0].late_responses[0].received_at = "0000-01-01T00:00:00Z"; }],
      ["late response 9999", (b) => { b.alignment_events[0].late_responses[0].received_at = "9999-12-31T23:59:59Z"; }],
      ["held_at 0000", (b) => { const d = b.alignment_events[0].check.decisions[2]; d.held_at = "0000-01-01T00:00:00Z"; d.closed_at = "0000-01-01T01:00:00Z"; }],
    ];
    for (const [label, m] of mut) {
      const body = await watchingCycle(agent);
      m(body);
      const s = await log(label, await prac.post("/api/practice/watching", key, body));
      expect.soft(s, label).toBeLessThan(500);
    }
    const bare = bareCycle(agent, { started_at: "0000-01-01T00:00:00Z" });
    expect.soft(await log("bare 0000", await prac.post("/api/practice/watching", key, bare))).toBeLessThan(500);
    expect.soft(await log("bare cycle_id", await prac.post("/api/practice/watching", key, bareCycle(agent, { cycle_id: "a".repeat(128) })))).toBeLessThan(500);
  });
});
