import { describe, expect, it } from "vitest";
import { AuthorityLevel, KatorthomaProximity, SenecanGrade, SimpleProximity } from "./enums";
import {
  atRank,
  AUTHORITY_LADDER,
  compareOnLadder,
  DECISION_WEIGHTS,
  deriveFromProximity,
  lowestOf,
  PROXIMITY_DERIVATION,
  PROXIMITY_LADDER,
  rankOf,
  SENECAN_GRADE_LADDER,
  SIMPLE_PROXIMITY_OF,
  toSimpleProximity,
} from "./ladders";

const PROXIMITIES = KatorthomaProximity.options;
const pairs = <T>(values: readonly T[]): [T, T][] => values.flatMap((a) => values.map((b): [T, T] => [a, b]));

describe("ladder orders (spec 2.1)", () => {
  it("ranks the Senecan grades pre_progress < grade_3 < grade_2 < grade_1 < sage_ideal", () => {
    expect(SENECAN_GRADE_LADDER).toEqual(["pre_progress", "grade_3", "grade_2", "grade_1", "sage_ideal"]);
  });

  it("ranks proximity reflexive < habitual < deliberate < principled < sage_like", () => {
    expect(PROXIMITY_LADDER).toEqual(["reflexive", "habitual", "deliberate", "principled", "sage_like"]);
  });

  it("ranks the simple proximity contrary < progressing < deliberate", () => {
    expect(SimpleProximity.options).toEqual(["contrary", "progressing", "deliberate"]);
  });
});

describe("rankOf / atRank", () => {
  it("gives 0 to the lowest value and length-1 to the highest", () => {
    expect(rankOf(SenecanGrade, "pre_progress")).toBe(0);
    expect(rankOf(SenecanGrade, "sage_ideal")).toBe(SENECAN_GRADE_LADDER.length - 1);
  });

  it("round-trips every value of every ladder", () => {
    for (const ladder of [KatorthomaProximity, SenecanGrade, AuthorityLevel, SimpleProximity]) {
      ladder.options.forEach((value, index) => {
        expect(rankOf(ladder, value)).toBe(index);
        expect(atRank(ladder, rankOf(ladder, value))).toBe(value);
      });
    }
  });

  it.each([-1, 5, 1.5, Number.NaN])("gives undefined outside the ladder (rank %s)", (rank) => {
    expect(atRank(SenecanGrade, rank)).toBeUndefined();
  });

  it("throws on a value that is not on the ladder", () => {
    expect(() => rankOf(SenecanGrade, "grade_4" as SenecanGrade)).toThrow(RangeError);
    expect(() => rankOf(KatorthomaProximity, "grade_3" as KatorthomaProximity)).toThrow(/grade_3/);
  });
});

describe("compareOnLadder", () => {
  it("agrees in sign with the ranks for every pair, and is antisymmetric", () => {
    for (const [a, b] of pairs(SENECAN_GRADE_LADDER)) {
      const compared = compareOnLadder(SenecanGrade, a, b);
      expect(Math.sign(compared), `${a} vs ${b}`).toBe(Math.sign(SENECAN_GRADE_LADDER.indexOf(a) - SENECAN_GRADE_LADDER.indexOf(b)));
      expect(Math.sign(compareOnLadder(SenecanGrade, b, a)) + Math.sign(compared), `${a} vs ${b} antisymmetry`).toBe(0);
    }
  });

  it("puts grade_1 above grade_3 (the Senecan numbering runs downward)", () => {
    expect(compareOnLadder(SenecanGrade, "grade_1", "grade_3")).toBeGreaterThan(0);
  });

  it("sorts a shuffled ladder back into order", () => {
    const shuffled: SenecanGrade[] = ["grade_1", "sage_ideal", "pre_progress", "grade_2", "grade_3"];
    expect([...shuffled].sort((a, b) => compareOnLadder(SenecanGrade, a, b))).toEqual(SENECAN_GRADE_LADDER);
  });

  it("throws when either value is off the ladder", () => {
    expect(() => compareOnLadder(SenecanGrade, "grade_1", "nope" as SenecanGrade)).toThrow(RangeError);
  });
});

describe("lowestOf", () => {
  it("is null for an empty list", () => {
    expect(lowestOf(KatorthomaProximity, [])).toBeNull();
  });

  it("is the value itself for one value", () => {
    expect(lowestOf(KatorthomaProximity, ["principled"])).toBe("principled");
  });

  it("is the minimum by rank for every pair, regardless of order", () => {
    for (const [a, b] of pairs(PROXIMITIES)) {
      const expected = PROXIMITIES.indexOf(a) <= PROXIMITIES.indexOf(b) ? a : b;
      expect(lowestOf(KatorthomaProximity, [a, b]), `${a}, ${b}`).toBe(expected);
      expect(lowestOf(KatorthomaProximity, [b, a]), `${b}, ${a}`).toBe(expected);
    }
  });

  it("takes the minimum over engaged domains (the aggregate rule of spec 2.1)", () => {
    expect(lowestOf(KatorthomaProximity, ["sage_like", "deliberate", "principled", "habitual", "deliberate"])).toBe("habitual");
  });

  it("throws when a value is off the ladder", () => {
    expect(() => lowestOf(KatorthomaProximity, ["deliberate", "heroic" as KatorthomaProximity])).toThrow(RangeError);
  });
});

describe("PROXIMITY_DERIVATION", () => {
  it("derives habitual -> grade_3 / guided, as the spec confirms", () => {
    expect(PROXIMITY_DERIVATION.habitual).toEqual({ senecan_grade: "grade_3", authority_level: "guided" });
    expect(deriveFromProximity("habitual")).toEqual({ senecan_grade: "grade_3", authority_level: "guided" });
  });

  it("covers all five proximities with values on their ladders", () => {
    expect(Object.keys(PROXIMITY_DERIVATION).sort()).toEqual([...PROXIMITIES].sort());
    for (const proximity of PROXIMITIES) {
      const derived = deriveFromProximity(proximity);
      expect(SenecanGrade.safeParse(derived.senecan_grade).success, proximity).toBe(true);
      expect(AuthorityLevel.safeParse(derived.authority_level).success, proximity).toBe(true);
    }
  });

  it("is monotone: a higher proximity never derives a lower grade or authority", () => {
    for (const [a, b] of pairs(PROXIMITIES)) {
      if (compareOnLadder(KatorthomaProximity, a, b) <= 0) continue;
      const high = deriveFromProximity(a);
      const low = deriveFromProximity(b);
      expect(compareOnLadder(SenecanGrade, high.senecan_grade, low.senecan_grade), `${a} > ${b}: grade`).toBeGreaterThanOrEqual(0);
      expect(compareOnLadder(AuthorityLevel, high.authority_level, low.authority_level), `${a} > ${b}: authority`).toBeGreaterThanOrEqual(0);
    }
  });

  it("gives distinct proximities distinct grades and authorities (all five rungs are reached)", () => {
    const grades = new Set(PROXIMITIES.map((p) => deriveFromProximity(p).senecan_grade));
    const authorities = new Set(PROXIMITIES.map((p) => deriveFromProximity(p).authority_level));
    expect([...grades].sort()).toEqual([...SENECAN_GRADE_LADDER].sort());
    expect([...authorities].sort()).toEqual([...AUTHORITY_LADDER].sort());
  });

  it("maps the ends to the ends", () => {
    expect(deriveFromProximity("reflexive")).toEqual({ senecan_grade: "pre_progress", authority_level: "supervised" });
    expect(deriveFromProximity("sage_like")).toEqual({ senecan_grade: "sage_ideal", authority_level: "full_authority" });
  });

  it("cannot be changed by a caller", () => {
    expect(Object.isFrozen(PROXIMITY_DERIVATION)).toBe(true);
    expect(Object.isFrozen(PROXIMITY_DERIVATION.habitual)).toBe(true);
    expect(() => {
      (PROXIMITY_DERIVATION.habitual as { senecan_grade: string }).senecan_grade = "sage_ideal";
    }).toThrow(TypeError);
  });
});

describe("toSimpleProximity", () => {
  it.each([
    ["reflexive", "contrary"],
    ["habitual", "progressing"],
    ["deliberate", "deliberate"],
    ["principled", "deliberate"],
    ["sage_like", "deliberate"],
  ] as const)("maps %s to %s", (proximity, simple) => {
    expect(toSimpleProximity(proximity)).toBe(simple);
    expect(SIMPLE_PROXIMITY_OF[proximity]).toBe(simple);
  });

  it("is monotone: a higher proximity never maps to a lower simple proximity", () => {
    for (const [a, b] of pairs(PROXIMITIES)) {
      if (compareOnLadder(KatorthomaProximity, a, b) <= 0) continue;
      expect(compareOnLadder(SimpleProximity, toSimpleProximity(a), toSimpleProximity(b)), `${a} > ${b}`).toBeGreaterThanOrEqual(0);
    }
  });

  it("reaches every simple level", () => {
    expect(new Set(PROXIMITIES.map(toSimpleProximity))).toEqual(new Set(SimpleProximity.options));
  });
});

describe("DECISION_WEIGHTS", () => {
  it("weighs wisdom 30, justice 25, courage 25, temperance 20", () => {
    expect(DECISION_WEIGHTS).toEqual({ wisdom: 30, justice: 25, courage: 25, temperance: 20 });
  });

  it("sums to 100", () => {
    expect(Object.values(DECISION_WEIGHTS).reduce((sum, w) => sum + w, 0)).toBe(100);
  });

  it("cannot be changed by a caller", () => {
    expect(Object.isFrozen(DECISION_WEIGHTS)).toBe(true);
  });
});
