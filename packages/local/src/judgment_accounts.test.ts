import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DeliberationLevel, Layer1Extraction, OikeiosisCircle, RootPassion } from "@svc/core";
import { Account, ACCOUNT_DOMAINS, ACCOUNT_TAGS, accountSplitOf, AccountTheme, loadAccounts } from "./judgment_accounts";

const corpus = loadAccounts();
const share = (part: number, whole: number) => part / whole;
const withTag = (tag: (typeof ACCOUNT_TAGS)[number]) => corpus.filter((a) => a.tags.includes(tag));

/** A valid account to break one field at a time. */
const GOOD = {
  id: "acc-z-001",
  text: "I found a wallet on the bus and handed it to the driver.",
  act_kind: "past_action",
  label_wrong: 0,
  is_kathekon: true,
  circles: [{ circle: "humanity", obligation_claim: "met" }],
  deliberation: null,
  passions: [],
  domains: ["dikaiosyne"],
  grave_act: false,
  theme: "returning",
  tags: [],
};

describe("the Stoic corpus of accounts", () => {
  it("parses, with at least 520 accounts, ids unique and numbered in order within each part", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(520);
    expect(new Set(corpus.map((a) => a.id)).size).toBe(corpus.length);
    const next = new Map<string, number>();
    const outOfOrder = corpus.filter((a) => {
      const [, part, n] = a.id.split("-");
      const expected = (next.get(part!) ?? 0) + 1;
      next.set(part!, expected);
      return Number(n) !== expected;
    });
    expect(outOfOrder.map((a) => a.id)).toEqual([]);
    expect(new Set(corpus.map((a) => a.text)).size).toBe(corpus.length);
  });

  it("uses the extraction's own enumerations, and its engaged domains are exactly the extraction's", () => {
    expect([...ACCOUNT_DOMAINS].sort()).toEqual(Object.keys(Layer1Extraction.shape.domains.shape).sort());
    for (const a of corpus) {
      for (const c of a.circles) expect(OikeiosisCircle.options).toContain(c.circle);
      for (const p of a.passions) expect(RootPassion.options).toContain(p.root_passion);
      if (a.deliberation !== null) expect(DeliberationLevel.options).toContain(a.deliberation);
    }
  });

  it("covers every circle both met and violated, every root passion, domain, deliberation level, act kind, theme and tag", () => {
    const claims = new Set(corpus.flatMap((a) => a.circles.map((c) => `${c.circle}:${c.obligation_claim}`)));
    const missingClaims = OikeiosisCircle.options.flatMap((circle) => [`${circle}:met`, `${circle}:violated`]).filter((k) => !claims.has(k));
    expect(missingClaims).toEqual([]);
    expect(claims.has("community:indeterminate")).toBe(true);
    const roots = new Set(corpus.flatMap((a) => a.passions.map((p) => p.root_passion)));
    expect(RootPassion.options.filter((r) => !roots.has(r))).toEqual([]);
    const domains = new Set(corpus.flatMap((a) => a.domains));
    expect(ACCOUNT_DOMAINS.filter((d) => !domains.has(d))).toEqual([]);
    const levels = new Set(corpus.map((a) => a.deliberation));
    expect(DeliberationLevel.options.filter((l) => !levels.has(l))).toEqual([]);
    const kinds = new Set(corpus.map((a) => a.act_kind));
    expect(Layer1Extraction.shape.situation.shape.act_kind.options.filter((k) => !kinds.has(k))).toEqual([]);
    const themes = new Set(corpus.map((a) => a.theme));
    expect(AccountTheme.options.filter((t) => !themes.has(t))).toEqual([]);
    const tags = new Set(corpus.flatMap((a) => a.tags));
    expect(ACCOUNT_TAGS.filter((t) => !tags.has(t))).toEqual([]);
    expect(corpus.some((a) => a.passions.some((p) => p.intensity === "strong"))).toBe(true);
    expect(corpus.some((a) => a.passions.some((p) => p.sub_species === null))).toBe(true);
  });

  it("holds the tricky cases in number: denied and others' passions, proposed, mixed and negated acts, no act at all, agents", () => {
    const counts = {
      negated_passion: withTag("negated_passion").length,
      third_person_passion: withTag("third_person_passion").length,
      proposed: corpus.filter((a) => a.act_kind === "proposed_action").length,
      mixed: withTag("mixed").length,
      negated_act: withTag("negated_act").length,
      no_act_toward_anyone: corpus.filter((a) => a.theme === "neutral").length,
      agent: withTag("agent").length,
    };
    expect(Object.entries(counts).filter(([, n]) => n < 15)).toEqual([]);
    // Another's passion is never the author's: an account that names only another's passion and no
    // act of the author's has none, and the denied passions stay out except where the act belies them.
    const thirdOnly = withTag("third_person_passion").filter((a) => a.theme === "neutral");
    expect(thirdOnly.filter((a) => a.passions.length > 0).map((a) => a.id)).toEqual([]);
    expect(
      withTag("negated_passion")
        .filter((a) => a.passions.length > 0 && !a.note)
        .map((a) => a.id),
    ).toEqual([]);
  });

  it("is roughly balanced between wrong and not wrong, and decides is_kathekon whenever an act is clearly right or wrong", () => {
    const wrong = corpus.filter((a) => a.label_wrong === 1).length;
    const notWrong = corpus.filter((a) => a.label_wrong === 0).length;
    expect(share(wrong, wrong + notWrong)).toBeGreaterThan(0.4);
    expect(share(wrong, wrong + notWrong)).toBeLessThan(0.6);
    const clearActs = corpus.filter((a) => a.label_wrong !== null && a.circles.length > 0);
    expect(share(clearActs.filter((a) => a.is_kathekon !== null).length, clearActs.length)).toBeGreaterThan(0.95);
    expect(corpus.filter((a) => a.theme === "neutral").every((a) => a.is_kathekon === null)).toBe(true);
  });
});

describe("the account schema refuses labels that contradict one another", () => {
  it.each([
    ["a sub-species under the wrong root", { passions: [{ root_passion: "phobos", sub_species: "orge", intensity: "mild" }] }],
    ["a sub-species that does not exist", { passions: [{ root_passion: "lupe", sub_species: "ennui", intensity: "mild" }] }],
    ["a kathekon with no duty met", { circles: [{ circle: "humanity", obligation_claim: "indeterminate" }] }],
    ["a wrong act called a kathekon", { label_wrong: 1 }],
    ["an act contrary to duty that violates no circle", { is_kathekon: false, label_wrong: 1 }],
    ["no act toward anyone, yet decided", { circles: [] }],
    ["a grave act not called wrong", { grave_act: true }],
    ["a neutral account touching a circle", { theme: "neutral" }],
    [
      "the same circle twice",
      {
        circles: [
          { circle: "humanity", obligation_claim: "met" },
          { circle: "humanity", obligation_claim: "violated" },
        ],
      },
    ],
    ["a domain the extraction does not read", { domains: ["phronesis"] }],
    ["an unknown circle", { circles: [{ circle: "nation", obligation_claim: "met" }] }],
    ["an unknown deliberation level", { deliberation: "weighed" }],
    ["an id of another shape", { id: "acc-1-001" }],
    ["an unknown field", { label: "wrong" }],
  ])("%s", (_, change) => {
    expect(Account.safeParse(GOOD).success).toBe(true);
    expect(Account.safeParse({ ...GOOD, ...change }).success).toBe(false);
  });

  const dir = mkdtempSync(join(tmpdir(), "accounts-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("names the file and line of a bad account when loading", () => {
    writeFileSync(join(dir, "part_z.jsonl"), `${JSON.stringify(GOOD)}\n\n${JSON.stringify({ ...GOOD, id: "acc-z-002", grave_act: true })}\n`);
    expect(() => loadAccounts(dir)).toThrow(/^part_z\.jsonl:3: label_wrong: a grave act is clearly wrong/);
  });
});

describe("the split", () => {
  it("is fixed by id alone: the same sides every time, about a fifth to dev", () => {
    expect(["acc-a-001", "acc-a-002", "acc-a-003", "acc-a-004", "acc-f-092"].map(accountSplitOf)).toEqual(["train", "dev", "train", "dev", "train"]);
    const ids = corpus.map((a) => a.id);
    expect(ids.map(accountSplitOf)).toEqual(ids.map(accountSplitOf));
    const dev = corpus.filter((a) => accountSplitOf(a.id) === "dev");
    expect(share(dev.length, corpus.length)).toBeGreaterThan(0.15);
    expect(share(dev.length, corpus.length)).toBeLessThan(0.25);
  });

  it("puts both labels, every circle and every root passion on the dev side", () => {
    const dev = corpus.filter((a) => accountSplitOf(a.id) === "dev");
    expect(new Set(dev.map((a) => a.label_wrong))).toEqual(new Set([0, 1, null]));
    const circles = new Set(dev.flatMap((a) => a.circles.map((c) => c.circle)));
    expect(OikeiosisCircle.options.filter((c) => !circles.has(c))).toEqual([]);
    const roots = new Set(dev.flatMap((a) => a.passions.map((p) => p.root_passion)));
    expect(RootPassion.options.filter((r) => !roots.has(r))).toEqual([]);
  });
});
