import { describe, expect, it } from "vitest";
import { CardinalVirtue, OikeiosisCircle, ProfileDimension, RootPassion, VirtueDomain } from "../enums";
import {
  ASSESSMENT_ITEMS,
  ASSESSMENT_PHASES,
  AssessmentItem,
  AssessmentPhase,
  AssessmentPhaseCode,
  BASELINE_SCENARIOS,
  BaselineScenario,
  FOUNDATIONAL_IDS,
  FULL_IDS,
  assessmentItem,
  phaseOf,
} from "./framework";

const EXPECTED_COUNTS: Record<string, number> = { FD: 7, AM: 7, VH: 7, UE: 7, PD: 9, RA: 7, MJ: 6, IN: 5 };
const EXPECTED_CODES = ["FD", "AM", "VH", "UE", "PD", "RA", "MJ", "IN"];
const pad = (n: number) => String(n).padStart(2, "0");
const idsFor = (code: string) => Array.from({ length: EXPECTED_COUNTS[code]! }, (_, i) => `${code}-${pad(i + 1)}`);

describe("assessment phases", () => {
  it("has the eight phases in order, each parsing", () => {
    expect(ASSESSMENT_PHASES.map((p) => p.phase)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ASSESSMENT_PHASES.map((p) => p.code)).toEqual(EXPECTED_CODES);
    for (const p of ASSESSMENT_PHASES) expect(AssessmentPhase.safeParse(p).success).toBe(true);
  });

  it("titles the phases as the domain facts order their themes", () => {
    expect(ASSESSMENT_PHASES.map((p) => p.title)).toEqual([
      "Foundations",
      "The mind's causal sequence",
      "Value",
      "Virtue",
      "Passions",
      "Right action",
      "Progress",
      "Integration",
    ]);
    for (const p of ASSESSMENT_PHASES) {
      expect(p.theme.trim().endsWith(".")).toBe(true);
      expect(p.theme.split(/(?<=[.!?])\s+/).filter((s) => s.trim().length > 0)).toHaveLength(1);
    }
  });

  it("rejects a phase whose code belongs to another phase", () => {
    expect(AssessmentPhase.safeParse({ phase: 2, code: "FD", title: "x", theme: "y" }).success).toBe(false);
    expect(AssessmentPhase.safeParse({ phase: 9, code: "IN", title: "x", theme: "y" }).success).toBe(false);
  });
});

describe("assessment items", () => {
  it("every item parses", () => {
    for (const item of ASSESSMENT_ITEMS) {
      const r = AssessmentItem.safeParse(item);
      expect(r.success, `${item.id}: ${r.error?.message}`).toBe(true);
    }
  });

  it("has exactly 55 unique ids, FD-01..IN-05 in order with the per-phase counts", () => {
    const ids = ASSESSMENT_ITEMS.map((i) => i.id);
    expect(ids).toHaveLength(55);
    expect(new Set(ids).size).toBe(55);
    expect(ids).toEqual(EXPECTED_CODES.flatMap(idsFor));
    for (const code of EXPECTED_CODES) {
      expect(ids.filter((id) => id.startsWith(`${code}-`))).toHaveLength(EXPECTED_COUNTS[code]!);
    }
  });

  it("each id's prefix is its phase's code", () => {
    for (const item of ASSESSMENT_ITEMS) {
      const phase = ASSESSMENT_PHASES.find((p) => p.phase === item.phase);
      expect(phase, item.id).toBeDefined();
      expect(item.id.slice(0, 2), item.id).toBe(phase!.code);
    }
  });

  it("the schema refuses an id in the wrong phase and a PD item without a root passion", () => {
    const base = ASSESSMENT_ITEMS[0]!;
    expect(AssessmentItem.safeParse({ ...base, phase: 2 }).success).toBe(false);
    expect(AssessmentItem.safeParse({ ...base, id: "FD-1" }).success).toBe(false);
    const pd = ASSESSMENT_ITEMS.find((i) => i.id === "PD-01")!;
    const { root_passion: _omit, ...withoutRoot } = pd;
    expect(AssessmentItem.safeParse(withoutRoot).success).toBe(false);
  });

  it("FOUNDATIONAL_IDS is the 14 FD and AM ids in order; FULL_IDS is all 55 in order", () => {
    expect(FOUNDATIONAL_IDS).toEqual([...idsFor("FD"), ...idsFor("AM")]);
    expect(FULL_IDS).toEqual(EXPECTED_CODES.flatMap(idsFor));
    expect(FULL_IDS.slice(0, 14)).toEqual(FOUNDATIONAL_IDS);
  });

  it("every dimension and every domain is informed by at least 5 items", () => {
    for (const d of ProfileDimension.options) {
      expect(ASSESSMENT_ITEMS.filter((i) => i.dimension === d).length, d).toBeGreaterThanOrEqual(5);
    }
    for (const d of VirtueDomain.options) {
      expect(ASSESSMENT_ITEMS.filter((i) => i.domain === d).length, d).toBeGreaterThanOrEqual(5);
    }
  });

  it("every PD item names a root passion and together they cover all four roots", () => {
    const pd = ASSESSMENT_ITEMS.filter((i) => i.phase === 5);
    expect(pd).toHaveLength(9);
    for (const item of pd) expect(item.root_passion, item.id).toBeDefined();
    expect(new Set(pd.map((i) => i.root_passion))).toEqual(new Set(RootPassion.options));
  });

  it("the UE items cover all four virtue domains", () => {
    const ue = ASSESSMENT_ITEMS.filter((i) => i.phase === 4);
    expect(new Set(ue.map((i) => i.domain))).toEqual(new Set(VirtueDomain.options));
  });

  it("prompts are questions of 40 to 400 characters, and no two are the same", () => {
    for (const item of ASSESSMENT_ITEMS) {
      expect(item.prompt.endsWith("?"), item.id).toBe(true);
      expect(item.prompt.length, item.id).toBeGreaterThanOrEqual(40);
      expect(item.prompt.length, item.id).toBeLessThanOrEqual(400);
    }
    const normalised = ASSESSMENT_ITEMS.map((i) => i.prompt.trim().toLowerCase());
    expect(new Set(normalised).size).toBe(ASSESSMENT_ITEMS.length);
  });

  it("titles are unique and looks_for is one or two sentences", () => {
    expect(new Set(ASSESSMENT_ITEMS.map((i) => i.title)).size).toBe(ASSESSMENT_ITEMS.length);
    for (const item of ASSESSMENT_ITEMS) {
      const sentences = item.looks_for.split(/(?<=[.!?])\s+/).filter((s) => s.trim().length > 0);
      expect(sentences.length, item.id).toBeGreaterThanOrEqual(1);
      expect(sentences.length, item.id).toBeLessThanOrEqual(2);
      expect(item.looks_for.trim().endsWith("."), item.id).toBe(true);
    }
  });
});

describe("helpers", () => {
  it("assessmentItem finds every id and nothing else", () => {
    for (const item of ASSESSMENT_ITEMS) expect(assessmentItem(item.id)).toBe(item);
    expect(assessmentItem("FD-08")).toBeUndefined();
    expect(assessmentItem("XX-01")).toBeUndefined();
  });

  it("phaseOf gives each id's phase and undefined for unknown ids", () => {
    expect(phaseOf("FD-01")).toBe(1);
    expect(phaseOf("AM-07")).toBe(2);
    expect(phaseOf("PD-09")).toBe(5);
    expect(phaseOf("IN-05")).toBe(8);
    expect(phaseOf("MJ-07")).toBeUndefined();
    for (const item of ASSESSMENT_ITEMS) {
      expect(phaseOf(item.id)).toBe(AssessmentPhaseCode.options.indexOf(item.id.slice(0, 2) as AssessmentPhaseCode) + 1);
    }
  });
});

describe("baseline scenarios", () => {
  it("four scenarios BS-01..BS-04, each parsing, one per cardinal virtue", () => {
    expect(BASELINE_SCENARIOS.map((s) => s.id)).toEqual(["BS-01", "BS-02", "BS-03", "BS-04"]);
    for (const s of BASELINE_SCENARIOS) {
      const r = BaselineScenario.safeParse(s);
      expect(r.success, `${s.id}: ${r.error?.message}`).toBe(true);
    }
    expect(BASELINE_SCENARIOS.map((s) => s.virtue).sort()).toEqual([...CardinalVirtue.options].sort());
    expect(BASELINE_SCENARIOS.map((s) => s.domain).sort()).toEqual([...VirtueDomain.options].sort());
  });

  it("each names 1 to 3 distinct circles, inner to outer", () => {
    const rank = (c: OikeiosisCircle) => OikeiosisCircle.options.indexOf(c);
    for (const s of BASELINE_SCENARIOS) {
      expect(s.circles_at_stake.length, s.id).toBeGreaterThanOrEqual(1);
      expect(s.circles_at_stake.length, s.id).toBeLessThanOrEqual(3);
      for (let i = 1; i < s.circles_at_stake.length; i++) {
        expect(rank(s.circles_at_stake[i]!), s.id).toBeGreaterThan(rank(s.circles_at_stake[i - 1]!));
      }
    }
  });

  it("situations run 2 to 4 sentences", () => {
    for (const s of BASELINE_SCENARIOS) {
      const sentences = s.situation.split(/(?<=[.!?])\s+/).filter((x) => x.trim().length > 0);
      expect(sentences.length, s.id).toBeGreaterThanOrEqual(2);
      expect(sentences.length, s.id).toBeLessThanOrEqual(4);
    }
  });

  it("the schema refuses out-of-order circles, too many circles and a mismatched domain", () => {
    const base = BASELINE_SCENARIOS[0]!;
    expect(BaselineScenario.safeParse({ ...base, circles_at_stake: ["community", "household"] }).success).toBe(false);
    expect(BaselineScenario.safeParse({ ...base, circles_at_stake: ["household", "household"] }).success).toBe(false);
    expect(BaselineScenario.safeParse({ ...base, circles_at_stake: ["self_preservation", "household", "community", "humanity"] }).success).toBe(false);
    expect(BaselineScenario.safeParse({ ...base, circles_at_stake: [] }).success).toBe(false);
    expect(BaselineScenario.safeParse({ ...base, domain: "andreia" }).success).toBe(false);
  });
});
