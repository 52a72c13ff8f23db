import { describe, expect, it } from "vitest";
import type { IndifferentCategory, SelectiveValue } from "./enums";
import { ValidationError } from "./errors";
import { INDIFFERENTS } from "./framework";
import { rankIndifferents, RankIndifferentsResponse } from "./indifferent_ranking";
import { stoicBrainDomain } from "./overview";

const ids = (response: RankIndifferentsResponse) => response.ranked.map((r) => r.id);
const ranks = (response: RankIndifferentsResponse) => response.ranked.map((r) => r.rank);

/** Desirability for selection: preferred high first ... dispreferred high last. */
function selectionScore(category: IndifferentCategory, value: SelectiveValue): number {
  const level = { low: 1, moderate: 2, high: 3 }[value];
  return category === "preferred" ? level : -level;
}

function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error("expected a throw");
}

describe("rankIndifferents", () => {
  it("puts the valuable preferred first and the strongly dispreferred last", () => {
    const result = rankIndifferents({ indifferents: ["death", "beauty", "health", "pain"] });
    expect(ids(result)).toEqual(["health", "beauty", "pain", "death"]);
    expect(ranks(result)).toEqual([1, 2, 3, 4]);
  });

  it("lets equal selective value share a rank (competition ranking 1, 2, 2, 4)", () => {
    const result = rankIndifferents({ indifferents: ["beauty", "wealth", "life", "strength"] });
    expect(ranks(result)).toEqual([1, 2, 2, 4]);
    expect(result.ranked[0]?.id).toBe("life");
    expect(result.ranked[3]?.id).toBe("beauty");
    expect(ids(result).slice(1, 3).sort()).toEqual(["strength", "wealth"]);
  });

  it("shares rank 1 when everything is equal", () => {
    expect(ranks(rankIndifferents({ indifferents: ["pain", "poverty", "exile"] }))).toEqual([1, 1, 1]);
  });

  it("ranks a single indifferent first", () => {
    const result = rankIndifferents({ indifferents: ["knowledge"] });
    expect(result.ranked).toEqual([expect.objectContaining({ rank: 1, id: "knowledge", category: "preferred", selective_value: "high" })]);
  });

  it("orders the whole catalogue consistently (checked pairwise, not by a fixed answer)", () => {
    const all = INDIFFERENTS.map((i) => i.id).reverse();
    const result = rankIndifferents({ indifferents: all });
    expect([...ids(result)].sort()).toEqual([...all].sort());
    const scored = result.ranked.map((r) => ({ ...r, score: selectionScore(r.category, r.selective_value) }));
    scored.forEach((item, index) => {
      // competition ranking: 1 + the number of strictly better items
      expect(item.rank, item.id).toBe(1 + scored.filter((other) => other.score > item.score).length);
      const next = scored[index + 1];
      if (next) expect(item.score, `${item.id} before ${next.id}`).toBeGreaterThanOrEqual(next.score);
    });
    const lastPreferred = scored.map((r) => r.category).lastIndexOf("preferred");
    const firstDispreferred = scored.map((r) => r.category).indexOf("dispreferred");
    expect(lastPreferred).toBeLessThan(firstDispreferred);
  });

  it("does not depend on the order the ids are given in", () => {
    const given = ["pain", "health", "beauty", "wealth", "death", "strength"];
    const forward = rankIndifferents({ indifferents: given });
    const backward = rankIndifferents({ indifferents: [...given].reverse() });
    expect(backward.ranked).toEqual(forward.ranked);
  });

  it("carries name, category, value and domain from the framework", () => {
    const [ranked] = rankIndifferents({ indifferents: ["health"] }).ranked;
    const source = INDIFFERENTS.find((i) => i.id === "health")!;
    expect(ranked).toEqual({
      rank: 1,
      id: "health",
      name: source.name,
      category: source.category,
      selective_value: source.selective_value,
      domain: source.domain,
    });
  });

  it("parses with RankIndifferentsResponse and carries the advisory note", () => {
    const result = rankIndifferents({ indifferents: ["life", "death"] });
    expect(RankIndifferentsResponse.safeParse(result).success).toBe(true);
    expect(result.note).toMatch(/good or evil/);
    expect(result.note).toMatch(/advisory/i);
  });

  describe.each([
    ["an unknown id", ["health", "happiness"], "unknown_indifferent", "indifferents[1]"],
    ["an unknown id first", ["Health", "life"], "unknown_indifferent", "indifferents[0]"],
    ["a repeated id", ["health", "life", "health"], "duplicate_indifferent", "indifferents[2]"],
    ["a repeated id next to itself", ["pain", "pain"], "duplicate_indifferent", "indifferents[1]"],
  ])("%s", (_label, indifferents, code, field) => {
    it(`throws a ValidationError ${code} naming ${field}`, () => {
      const err = thrownBy(() => rankIndifferents({ indifferents }));
      expect(err).toBeInstanceOf(ValidationError);
      const error = err as ValidationError;
      expect(error.kind).toBe("validation");
      expect(error.code).toBe(code);
      expect(error.field).toBe(field);
      expect(error.message).toContain(field);
    });
  });
});

describe("stoicBrainDomain", () => {
  it("returns a copy: changing one result leaves the next call and the framework intact", () => {
    const pristine = JSON.stringify(stoicBrainDomain("passions"));
    const first = stoicBrainDomain("passions");
    if (first.domain.id !== "passions") throw new Error("expected the passions file");
    first.domain.title = "changed";
    first.domain.content.roots.length = 0;
    first.domain.content.diagnosis.steps.push("an added step");
    expect(JSON.stringify(stoicBrainDomain("passions"))).toBe(pristine);
  });
});
