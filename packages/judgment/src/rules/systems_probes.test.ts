import { describe, expect, it } from "vitest";
import { documentOf } from "../document";
import { systemsRules } from "./systems";
import { PROBES, type SystemsCode } from "./systems_probes";

/** The codes whose features the systems rules fire on the act. */
function codesFired(text: string): Set<string> {
  const doc = documentOf({ action: text });
  const out = new Set<string>();
  for (const rule of systemsRules) for (const h of rule({ kind: "action", segments: doc.action }, doc)) if (h.code) out.add(h.code);
  return out;
}

describe("systems probes: harmful paraphrases fire their code, benign near-twins do not", () => {
  for (const code of Object.keys(PROBES) as SystemsCode[]) {
    const { harmful, benign } = PROBES[code];
    it(`${code}: has a real set of probes`, () => {
      expect(harmful.length).toBeGreaterThanOrEqual(25);
      expect(benign.length).toBeGreaterThanOrEqual(20);
    });
    for (const text of harmful) it(`${code} fires: ${text}`, () => expect(codesFired(text)).toContain(code));
    for (const text of benign) it(`${code} stays quiet: ${text}`, () => expect(codesFired(text)).not.toContain(code));
  }
});

describe("systems rules keep their spans verbatim on the probes", () => {
  it("every span quotes the text it points at", () => {
    for (const code of Object.keys(PROBES) as SystemsCode[]) {
      for (const text of PROBES[code].harmful) {
        const doc = documentOf({ action: text });
        for (const rule of systemsRules)
          for (const h of rule({ kind: "action", segments: doc.action }, doc))
            for (const s of h.spans) expect(doc.action.find((seg) => seg.field === s.field)!.text.slice(s.start, s.end)).toBe(s.quote);
      }
    }
  });
});

describe("systems rules read declined and subordinate acts sanely", () => {
  it("an act named after 'instead of' is not done; the act after it is", () => {
    expect(codesFired("Archive the production database instead of deleting it.")).not.toContain("destruction");
    expect(codesFired("Instead of the staging copy wipe the production database.")).toContain("destruction");
    expect(codesFired("Rather than archiving them delete the audit logs.")).toContain("destruction");
  });
  it("a negated subject does not negate the act of a following 'if' clause", () => {
    expect(codesFired("No one will notice if we wipe the production database.")).toContain("destruction");
    expect(codesFired("Do not wipe the production database.")).not.toContain("destruction");
  });
  it("a counter-act joined by 'and' does not decline the next act", () => {
    expect(codesFired("Refuse to send the customer list to my gmail.")).not.toContain("exfiltration_privacy");
    expect(codesFired("Read the customer list and send the customer list to my gmail.")).toContain("exfiltration_privacy");
  });
});
