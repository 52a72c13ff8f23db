import { describe, expect, it } from "vitest";
import {
  KatorthomaProximity,
  RootPassion,
  SimpleProximity,
  VirtueDomain,
  type KatorthomaProximity as Proximity,
  type OikeiosisCircle,
  type VirtueDomain as Domain,
} from "../enums";
import { PASSIONS } from "../framework";
import { toSimpleProximity } from "../ladders";
import { SCORING_DISCLAIMER } from "../reason/consult";
import { assess, type ExaminationContext } from "../reason/engine";
import { DeliberationLevel, type Layer1Extraction } from "../reason/extraction";
import { offlineExtractor } from "../reason/offline";
import { extractOffline } from "../reason/offline_extractor";
import { examine, type Examination } from "../reason/examine";
import { GUARDRAIL_DISCLAIMER, GuardrailResponse, guardrailLens, GuardrailVerdict, type EngineGuardrail } from "./guardrail";
import { ActionScore, Advice, adviceLens, actionScoreLens } from "./lenses";
import { engaged, extraction } from "../../../../tests/support/extraction";
import { computeProfile, listScores, PROFILE_SAMPLE, readProfile, ScoreList, UserProfile, type ScoreStore, type StoredScore } from "./profile";

// The scoring lenses (spec 2.5, 2.6, the guardrail) as tables over the one engine: each
// Examination is built with assess() from a hand-built extraction or from the offline
// extractor, so every row shows what the lens makes of a known engine reading. The profile
// (spec 2.8) is computed from hand-built stored scores.

const EXAMINATION: ExaminationContext = { ref: "score_test", depth_tier: "quick", prior_feedback_ref: null, input_sha256: "0".repeat(64) };

const examOf = (text: string, layer1: Layer1Extraction): Examination => ({
  text,
  extraction: layer1,
  assessment: assess({ extraction: layer1, text, examination: EXAMINATION }),
});
const offlineExam = (text: string): Examination => examOf(text, extractOffline({ text }));
const show = (value: unknown) => JSON.stringify(value, null, 1);
const severity = (v: GuardrailVerdict) => GuardrailVerdict.options.indexOf(v);

/** A spread of accounts read by the offline extractor, for properties that hold for every one. */
const CORPUS = [
  "Delete the production database of our customers to free up space",
  "Leak the customer data to the press.",
  "I will kill myself.",
  "I stole from myself.",
  "I was furious and yelled at my partner without thinking.",
  "I was jealous and didn't think.",
  "Reply to the customer, I'm annoyed at them.",
  "I was anxious about the meeting.",
  "I lied to my colleague about the deadline because I was afraid.",
  "I lied to my colleague. I neglected my family.",
  "I kept my promise to my colleague and finished the report.",
  "I told my colleague the truth about the missed deadline, because it was the right thing.",
  "I snapped and deleted the file immediately.",
  "Post the press release, I am desperate for recognition.",
  "Send the weekly report to the team.",
  "Archive old log files.",
];

describe("actionScoreLens (spec 2.5)", () => {
  const LEVELS: ReadonlyArray<[DeliberationLevel, Proximity, SimpleProximity]> = [
    ["none", "reflexive", "contrary"],
    ["habitual", "habitual", "progressing"],
    ["considered", "deliberate", "deliberate"],
    ["principled", "principled", "deliberate"],
    ["exemplary", "sage_like", "deliberate"],
  ];

  it.each(LEVELS)("deliberation %s reads %s on the five-level ladder and %s on the three-level one", (level, five, three) => {
    const exam = examOf("I did it.", extraction({ deliberation: { level } }));
    expect(exam.assessment.katorthoma_proximity, show(exam.assessment)).toBe(five);
    const score = actionScoreLens(exam);
    expect(score.katorthoma_proximity).toBe(three);
    expect(score.katorthoma_proximity).toBe(toSimpleProximity(five));
    expect(ActionScore.strict().safeParse(score).success, show(score)).toBe(true);
  });

  it("covers every five-level reading (the table above is the whole mapping)", () => {
    expect(LEVELS.map(([, five]) => five).sort()).toEqual([...KatorthomaProximity.options].sort());
    expect(new Set(LEVELS.map(([, , three]) => three))).toEqual(new Set(SimpleProximity.options));
  });

  it.each([
    // Yelling at one's partner is read as an act against the household: contrary to duty.
    ["I was furious and yelled at my partner without thinking.", "contrary", false, null],
    ["I lied to my colleague about the deadline because I was afraid.", "contrary", false, null],
    ["I kept my promise to my colleague and finished the report.", "progressing", true, "weak"],
    ["I told my colleague the truth about the missed deadline, because it was the right thing.", "deliberate", true, "strong"],
    ["Archive old log files.", "progressing", null, null],
  ] as const)("scores %j as %s, is_kathekon %s, quality %s (offline Layer 1)", (text, simple, kathekon, quality) => {
    const exam = offlineExam(text);
    const score = actionScoreLens(exam);
    expect(score, show(score)).toMatchObject({ katorthoma_proximity: simple, is_kathekon: kathekon, kathekon_quality: quality });
    expect(score.katorthoma_proximity).toBe(toSimpleProximity(exam.assessment.katorthoma_proximity));
    expect(score.virtue_domains_engaged).toEqual(exam.assessment.virtue_domains_engaged);
  });

  it.each([
    ["no duty named at all", [] as Layer1Extraction["circles"]],
    [
      "only duties whose status the account leaves open",
      [
        { circle: "household", obligation_claim: "indeterminate", quote: null },
        { circle: "community", obligation_claim: "indeterminate", quote: null },
      ] as Layer1Extraction["circles"],
    ],
  ])("keeps is_kathekon and kathekon_quality null with %s (never invents)", (_label, circles) => {
    for (const level of DeliberationLevel.options) {
      const exam = examOf("I did it.", extraction({ deliberation: { level }, circles }));
      const score = actionScoreLens(exam);
      expect(score.is_kathekon, show(score)).toBeNull();
      expect(score.kathekon_quality, show(score)).toBeNull();
    }
  });

  it("gives a quality only to an appropriate act", () => {
    for (const text of CORPUS) {
      const score = actionScoreLens(offlineExam(text));
      if (score.is_kathekon !== true) expect(score.kathekon_quality, `${text}\n${show(score)}`).toBeNull();
      else expect(score.kathekon_quality, `${text}\n${show(score)}`).not.toBeNull();
    }
  });

  it.each([
    ["a known sub-species of its root", "epithumia", "orge", "orge"],
    ["a refused sub-species (null)", "phobos", null, null],
    ["an unknown sub-species", "lupe", "notapassion", null],
    ["a sub-species of another root", "phobos", "orge", null],
  ] as const)("passes %s through as %s", (_label, root, sub, expected) => {
    const text = "I did it because of a feeling.";
    const exam = examOf(text, extraction({ passions: [{ root_passion: root, sub_species: sub, intensity: "mild", quote: "a feeling" }] }));
    const score = actionScoreLens(exam);
    expect(score.passions_detected, show(score)).toEqual([
      { root_passion: root, sub_species: expected, false_judgement: PASSIONS.find((p) => p.id === root)!.false_judgement },
    ]);
  });

  it.each([
    [
      "the engine's practice question when it has one",
      extraction({ deliberation: { level: "habitual" }, passions: [{ root_passion: "epithumia", sub_species: "orge", intensity: "strong", quote: null }] }),
      "practice",
    ],
    ["the keep-the-habit advice for a principled act without a gap", extraction({ deliberation: { level: "principled" } }), /^Keep the habit/],
    ["the keep-the-habit advice for a sage-like act", extraction({ deliberation: { level: "exemplary" } }), /^Keep the habit/],
    ["the pause-and-ask advice otherwise", extraction({ deliberation: { level: "habitual" } }), /^Before a similar choice, pause/],
  ] as const)("takes its improvement path from %s", (_label, layer1, expected) => {
    const exam = examOf("I did it.", layer1);
    const score = actionScoreLens(exam);
    if (expected === "practice") {
      expect(exam.assessment.practice.suggestion, show(exam.assessment)).toBeDefined();
      expect(score.improvement_path).toBe(exam.assessment.practice.suggestion!.question);
    } else {
      expect(exam.assessment.practice.suggestion, show(exam.assessment)).toBeUndefined();
      expect(score.improvement_path).toMatch(expected);
    }
  });

  it("always gives a non-empty improvement path and the reflection disclaimer", () => {
    const exams = [...CORPUS.map(offlineExam), ...DeliberationLevel.options.map((level) => examOf("I did it.", extraction({ deliberation: { level } })))];
    for (const exam of exams) {
      const score = actionScoreLens(exam);
      expect(ActionScore.strict().safeParse(score).success, show(score)).toBe(true);
      expect(score.improvement_path.trim().length, show(score)).toBeGreaterThan(10);
      expect(score.disclaimer).toBe(SCORING_DISCLAIMER);
    }
    expect(SCORING_DISCLAIMER).toMatch(/reflection/);
    expect(SCORING_DISCLAIMER).toMatch(/not as a prescriptive judgement/);
  });
});

describe("adviceLens (spec 2.6)", () => {
  const DOMAIN_CASES: ReadonlyArray<[string, Partial<Layer1Extraction["domains"]>, Domain[]]> = [
    ["no domain engaged", {}, ["phronesis"]],
    ["justice engaged", { dikaiosyne: engaged("deliberate") }, ["phronesis", "dikaiosyne"]],
    ["courage and temperance engaged", { andreia: engaged("habitual"), sophrosyne: engaged("principled") }, ["phronesis", "andreia", "sophrosyne"]],
    [
      "every domain engaged",
      { dikaiosyne: engaged("reflexive"), andreia: engaged("deliberate"), sophrosyne: engaged("deliberate") },
      ["phronesis", "dikaiosyne", "andreia", "sophrosyne"],
    ],
  ];

  it.each(DOMAIN_CASES)("with %s, asks one question for phronesis and for each engaged domain, keyed by domain id", (_label, domains, keys) => {
    const exam = examOf("I am going to do it.", extraction({ domains }));
    const advice = adviceLens(exam, null);
    expect(Advice.strict().safeParse(advice).success, show(advice)).toBe(true);
    expect(Object.keys(advice.virtue_considerations).sort(), show(advice)).toEqual([...keys].sort());
    expect(Object.keys(advice.virtue_considerations).sort()).toEqual([...exam.assessment.virtue_domains_engaged].sort());
    for (const [domain, question] of Object.entries(advice.virtue_considerations)) {
      expect(VirtueDomain.options, domain).toContain(domain);
      expect(question, `${domain}: ${question}`).toMatch(/\S.*\?$/);
    }
  });

  it("asks about the goal, by name, under phronesis; without a goal, a general question", () => {
    const exam = examOf("I am going to do it.", extraction());
    const withGoal = adviceLens(exam, "a promotion by spring");
    expect(withGoal.virtue_considerations.phronesis, show(withGoal)).toContain('"a promotion by spring"');
    expect(withGoal.virtue_considerations.phronesis).toMatch(/\?$/);
    const without = adviceLens(exam, null);
    expect(without.virtue_considerations.phronesis, show(without)).not.toContain('"');
    expect(without.virtue_considerations.phronesis).toMatch(/\?$/);
  });

  it("mirrors the engine's appropriateness and passions, and names what is in play in its guidance", () => {
    for (const text of CORPUS) {
      const exam = offlineExam(text);
      const advice = adviceLens(exam, null);
      const context = `${text}\n${show(advice)}`;
      expect(advice.is_kathekon, context).toBe(exam.assessment.is_kathekon);
      expect(advice.kathekon_quality, context).toBe(exam.assessment.kathekon_quality);
      expect(advice.passions_to_examine, context).toEqual(actionScoreLens(exam).passions_detected);
      expect(advice.wisdom_guidance, context).toMatch(/^First ask whether the action is honourable/);
      expect(advice.wisdom_guidance.includes("A passion is in play"), context).toBe(exam.assessment.passions.length > 0);
      expect(advice.wisdom_guidance.includes("fails a duty"), context).toBe(exam.assessment.is_kathekon === false);
      expect(advice.alternative_perspectives.length, context).toBeGreaterThan(0);
      for (const p of advice.alternative_perspectives) expect(p.trim().length, context).toBeGreaterThan(0);
      expect(advice.disclaimer).toBe(SCORING_DISCLAIMER);
    }
  });

  it("sees the widest circle at stake in its perspectives", () => {
    const exam = offlineExam("I am going to tell my family and the public the truth.");
    const advice = adviceLens(exam, null);
    expect(advice.alternative_perspectives.join("\n"), show(advice)).toContain("(humanity)");
  });
});

describe("guardrailLens", () => {
  const GROCERY = "Delete the production database of our customers to free up space";

  function expectGrounded(text: string, response: EngineGuardrail): void {
    for (const reason of response.reasons) {
      for (const marker of reason.grounding) {
        expect(text.slice(marker.start, marker.end), `${reason.code} in ${JSON.stringify(text)}: ${show(marker)}`).toBe(marker.quote);
        expect(marker.quote.length).toBeGreaterThan(0);
      }
    }
  }

  it("refuses a grave harm to others (do_not_proceed), grounded on the verbatim sentence at its offsets", () => {
    const verdict = guardrailLens(offlineExam(GROCERY));
    expect(verdict.verdict, show(verdict)).toBe("do_not_proceed");
    expect(verdict.reasons[0], show(verdict)).toMatchObject({ code: "grave_harm_to_others", verdict: "do_not_proceed" });
    expect(verdict.reasons[0]!.grounding, show(verdict)).toEqual([{ quote: GROCERY, start: 0, end: GROCERY.length, field: "action" }]);
    expect(verdict.reasons[0]!.message).toContain("community");
    expectGrounded(GROCERY, verdict);
  });

  it("grounds a grave harm in the middle of a longer action at the right offsets", () => {
    const text = "Tidy the staging bucket first.   Then wipe the customer records to save money! Report back.";
    const verdict = guardrailLens(offlineExam(text));
    expect(verdict.verdict, show(verdict)).toBe("do_not_proceed");
    const marker = verdict.reasons[0]!.grounding[0]!;
    expect(marker.quote, show(verdict)).toBe("Then wipe the customer records to save money!");
    expect(marker.start).toBe(text.indexOf("Then wipe"));
    expectGrounded(text, verdict);
  });

  it.each([
    ["the household", "household"],
    ["people at large", "humanity"],
    ["the wider order", "cosmic"],
  ] as const)("treats a grave act against %s as harm to others", (_label, circle) => {
    const text = "Do the grave thing now.";
    const verdict = guardrailLens(examOf(text, extraction({ grave_act: { present: true, harmed_circle: circle, quote: "Do the grave thing" } })));
    expect(verdict.verdict, show(verdict)).toBe("do_not_proceed");
    expect(verdict.reasons[0]).toMatchObject({ code: "grave_harm_to_others", grounding: [{ quote: "Do the grave thing", start: 0, end: 18 }] });
    expect(verdict.reasons[0]!.message).toContain(circle.replace("_", " "));
  });

  it.each([
    ["harmed circle self-preservation", "self_preservation" as OikeiosisCircle],
    ["no harmed circle named", null],
  ])("pauses a grave act to oneself for review (%s)", (_label, circle) => {
    const text = "Do the grave thing to myself.";
    const verdict = guardrailLens(examOf(text, extraction({ grave_act: { present: true, harmed_circle: circle, quote: text } })));
    expect(verdict.verdict, show(verdict)).toBe("pause_for_review");
    expect(verdict.reasons).toEqual([
      expect.objectContaining({ code: "grave_act", verdict: "pause_for_review", grounding: [{ quote: text, start: 0, end: text.length, field: "action" }] }),
    ]);
  });

  it("gives a grave act whose quote is not in the action no invented grounding", () => {
    const verdict = guardrailLens(examOf("Do it.", extraction({ grave_act: { present: true, harmed_circle: "community", quote: "something never said" } })));
    expect(verdict.verdict).toBe("do_not_proceed");
    expect(verdict.reasons[0]!.grounding, show(verdict)).toEqual([]);
  });

  it.each([
    ["a mild passion", "mild", "considered", "proceed_with_caution", "passion_present"],
    ["a strong passion with the act examined", "strong", "considered", "proceed_with_caution", "passion_present"],
    ["a strong passion acted on without examination", "strong", "none", "pause_for_review", "acting_under_strong_passion"],
  ] as const)("reads %s as %s", (_label, intensity, level, expected, code) => {
    const text = "I am angry, so send the reply.";
    const verdict = guardrailLens(
      examOf(text, extraction({ deliberation: { level }, passions: [{ root_passion: "epithumia", sub_species: "orge", intensity, quote: "angry" }] })),
    );
    expect(verdict.verdict, show(verdict)).toBe(expected);
    expect(
      verdict.reasons.map((r) => r.code),
      show(verdict),
    ).toContain(code);
    const reason = verdict.reasons.find((r) => r.code === code)!;
    expect(reason.grounding).toEqual([{ quote: "angry", start: 5, end: 10, field: "action" }]);
    expect(reason.message).toContain("epithumia, orge");
  });

  it("pauses on an account that contradicts its own claim, grounded on the contradicting sentence", () => {
    const text = "I helped my colleague. Later I lied to my colleague.";
    const verdict = guardrailLens(examOf(text, extraction({ circles: [{ circle: "community", obligation_claim: "met", quote: "I helped my colleague." }] })));
    expect(verdict.verdict, show(verdict)).toBe("pause_for_review");
    expect(verdict.reasons[0]).toMatchObject({
      code: "contradicted_claim",
      grounding: [{ quote: "Later I lied to my colleague.", start: 23, end: text.length }],
    });
  });

  it("grounds each unmet duty on its own sentence", () => {
    const text = "I lied to my colleague. I neglected my family.";
    const verdict = guardrailLens(offlineExam(text));
    const duties = verdict.reasons.filter((r) => r.code === "duty_not_met");
    expect(duties.map((r) => r.message).sort(), show(verdict)).toEqual([
      "As written, the action does not meet a duty to community.",
      "As written, the action does not meet a duty to household.",
    ]);
    const groundingOf = (circle: string) => duties.find((r) => r.message.endsWith(`${circle}.`))!.grounding.map((m) => m.quote);
    expect(groundingOf("community"), show(verdict)).toEqual(["I lied to my colleague."]);
    expect(groundingOf("household"), show(verdict)).toEqual(["I neglected my family."]);
    expectGrounded(text, verdict);
  });

  it("cautions on an act done without examination even when nothing else is found", () => {
    const text = "I snapped and deleted the file immediately.";
    const verdict = guardrailLens(offlineExam(text));
    expect(verdict.verdict, show(verdict)).toBe("proceed_with_caution");
    expect(verdict.reasons.map((r) => r.code)).toEqual(["unexamined"]);
    expect(verdict.reasons[0]!.grounding.length).toBeGreaterThan(0);
    expectGrounded(text, verdict);
  });

  it.each([
    ["Archive old log files."],
    ["Send the weekly report to the team."],
    ["Buy more coffee."],
    ["I told my colleague the truth about the missed deadline, because it was the right thing."],
  ])("lets a plain action proceed with no reasons: %j", (text) => {
    const verdict = guardrailLens(offlineExam(text));
    expect(verdict, show(verdict)).toMatchObject({ verdict: "proceed", reasons: [] });
  });

  it("puts a person in distress first: do_not_proceed with the redirect message and the words that showed it", () => {
    const text = "I will hurt myself tonight after I send the report.";
    const verdict = guardrailLens(offlineExam(text));
    expect(verdict.verdict, show(verdict)).toBe("do_not_proceed");
    expect(verdict.reasons[0]?.code, show(verdict)).toBe("distress_signal");
    expect(verdict.distress).toMatchObject({ severity: "acute", redirect: true, suggested_user_message: expect.any(String) });
    for (const span of verdict.reasons[0]!.grounding) expect(text.slice(span.start, span.end)).toBe(span.quote);
    expect(guardrailLens(offlineExam("Send the report tonight.")).distress).toBeUndefined();
  });

  it.each([
    [GROCERY, "do_not_proceed"],
    ["Leak the customer data to the press.", "do_not_proceed"],
    ["I will kill myself.", "do_not_proceed"],
    ["I was furious and yelled at my partner without thinking.", "pause_for_review"],
    ["I was jealous and didn't think.", "pause_for_review"],
    ["Reply to the customer, I'm annoyed at them.", "proceed_with_caution"],
    ["I was anxious about the meeting.", "proceed_with_caution"],
    ["I lied to my colleague about the deadline because I was afraid.", "proceed_with_caution"],
    ["Archive old log files.", "proceed"],
  ] as const)("table (offline Layer 1): %j -> %s", (text, expected) => {
    const verdict = guardrailLens(offlineExam(text));
    expect(verdict.verdict, show(verdict)).toBe(expected);
  });

  it("sorts reasons most severe first and takes the verdict from the most severe one", () => {
    // Found in the order grave act, unmet duty, passion; the strong passion acted on without
    // examination must move ahead of the unmet duty.
    const text = "I am furious. I lied to my colleague. Do the grave thing to myself.";
    const verdict = guardrailLens(
      examOf(
        text,
        extraction({
          deliberation: { level: "none" },
          grave_act: { present: true, harmed_circle: null, quote: "Do the grave thing to myself." },
          passions: [{ root_passion: "epithumia", sub_species: "orge", intensity: "strong", quote: "furious" }],
          circles: [{ circle: "community", obligation_claim: "violated", quote: "I lied to my colleague." }],
        }),
      ),
    );
    expect(
      verdict.reasons.map((r) => [r.code, r.verdict]),
      show(verdict),
    ).toEqual([
      ["grave_act", "pause_for_review"],
      ["acting_under_strong_passion", "pause_for_review"],
      ["duty_not_met", "proceed_with_caution"],
    ]);
    expect(verdict.verdict).toBe("pause_for_review");
    const harm = guardrailLens(
      examOf(
        "I am annoyed. Wipe it all.",
        extraction({
          passions: [{ root_passion: "epithumia", sub_species: "orge", intensity: "mild", quote: "annoyed" }],
          grave_act: { present: true, harmed_circle: "humanity", quote: "Wipe it all." },
        }),
      ),
    );
    expect(
      harm.reasons.map((r) => r.verdict),
      show(harm),
    ).toEqual(["do_not_proceed", "proceed_with_caution"]);
    expect(harm.verdict).toBe("do_not_proceed");
  });

  it("holds its invariants for every action of the corpus: sorted, verdict of the worst reason, grounded verbatim, schema-valid", () => {
    for (const text of CORPUS) {
      const verdict = guardrailLens(offlineExam(text));
      const context = `${text}\n${show(verdict)}`;
      expect(GuardrailResponse.omit({ mitigations: true, score: true }).strict().safeParse(verdict).success, context).toBe(true);
      const severities = verdict.reasons.map((r) => severity(r.verdict));
      expect(severities, context).toEqual([...severities].sort((a, b) => b - a));
      if (verdict.reasons.length === 0) expect(verdict.verdict, context).toBe("proceed");
      else expect(verdict.verdict, context).toBe(verdict.reasons[0]!.verdict);
      for (const r of verdict.reasons) expect(r.verdict, context).not.toBe("proceed");
      expectGrounded(text, verdict);
      expect(verdict).toMatchObject({ advisory: true, disclaimer: GUARDRAIL_DISCLAIMER });
    }
  });

  it("is deterministic: the same action gives the same verdict, whatever the examination ref", async () => {
    for (const text of CORPUS) {
      const first = guardrailLens(await examine(offlineExtractor, { text, context: null, ref: "guard_a" }));
      const second = guardrailLens(await examine(offlineExtractor, { text, context: "other background", ref: "guard_b" }));
      expect(second, text).toEqual(first);
      expect(guardrailLens(offlineExam(text)), text).toEqual(first);
    }
  });
});

// ---------------------------------------------------------------------------------------
// The profile (spec 2.8) from stored scores, newest first.

let sequence = 0;
function stored(overrides: Partial<StoredScore> = {}): StoredScore {
  sequence += 1;
  const proximity = overrides.proximity ?? "deliberate";
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, "0")}`,
    owner_id: "owner-profile",
    action_description: `action ${sequence}`,
    katorthoma_proximity: toSimpleProximity(proximity),
    proximity,
    is_kathekon: null,
    kathekon_quality: null,
    passions: [],
    virtue_domains: ["phronesis"],
    created_at: new Date(Date.UTC(2026, 10, 1) - sequence * 60_000).toISOString(),
    ...overrides,
  };
}

/** n scores, newest first, with the given five-level readings. */
const withReadings = (readings: readonly Proximity[]) => readings.map((proximity) => stored({ proximity }));

describe("computeProfile (spec 2.8)", () => {
  it("gives a caller with no scores an honest empty profile", () => {
    const profile = computeProfile([]);
    expect(UserProfile.strict().safeParse(profile).success, show(profile)).toBe(true);
    expect(profile).toEqual({
      primary_virtue_domains: [],
      secondary_virtue_domains: [],
      most_frequent_passions: [],
      kathekon_alignment: "No actions scored yet.",
      actions_scored: 0,
      last_assessment: null,
      growth_pattern: "No actions scored yet.",
    });
  });

  it("counts every stored score and dates the profile by the newest", () => {
    const scores = [stored(), stored(), stored()];
    const profile = computeProfile(scores);
    expect(UserProfile.strict().safeParse(profile).success, show(profile)).toBe(true);
    expect(profile.actions_scored).toBe(3);
    expect(profile.last_assessment).toBe(scores[0]!.created_at);
  });

  it.each([
    // n, engaged counts [dikaiosyne, andreia, sophrosyne], primary, secondary
    [4, [2, 1, 0], ["phronesis", "dikaiosyne"], ["andreia"]],
    [4, [4, 3, 2], ["phronesis", "dikaiosyne", "andreia", "sophrosyne"], []],
    [3, [1, 2, 0], ["phronesis", "andreia"], ["dikaiosyne"]],
    [5, [0, 0, 0], ["phronesis"], []],
    [5, [2, 1, 3], ["phronesis", "sophrosyne"], ["dikaiosyne", "andreia"]],
    [1, [1, 0, 0], ["phronesis", "dikaiosyne"], []],
  ] as const)("with %i scores engaging justice, courage, temperance %j times: primary %j, secondary %j", (n, counts, primary, secondary) => {
    const domains = ["dikaiosyne", "andreia", "sophrosyne"] as const;
    const scores = Array.from({ length: n }, (_, i) => stored({ virtue_domains: ["phronesis", ...domains.filter((_d, k) => i < counts[k]!)] }));
    const profile = computeProfile(scores);
    expect(profile.primary_virtue_domains, show(profile)).toEqual(primary);
    expect([...profile.secondary_virtue_domains].sort(), show(profile)).toEqual([...secondary].sort());
    expect(profile.primary_virtue_domains.filter((d) => profile.secondary_virtue_domains.includes(d))).toEqual([]);
  });

  it("names the three most frequent passions, most frequent first, as k of n scored actions", () => {
    const scores = [
      stored({ passions: ["phobos", "lupe", "epithumia", "hedone"] }),
      stored({ passions: ["phobos", "lupe", "epithumia"] }),
      stored({ passions: ["phobos", "lupe"] }),
      stored({ passions: ["phobos"] }),
      stored({ passions: [] }),
    ];
    const profile = computeProfile(scores);
    expect(
      profile.most_frequent_passions.map((p) => [p.root_passion, p.frequency]),
      show(profile),
    ).toEqual([
      ["phobos", "4 of 5 scored actions"],
      ["lupe", "3 of 5 scored actions"],
      ["epithumia", "2 of 5 scored actions"],
    ]);
    for (const p of profile.most_frequent_passions) {
      const entry = PASSIONS.find((e) => e.id === p.root_passion)!;
      expect(p.interpretation).toContain(entry.name);
      expect(p.interpretation).toContain(entry.false_judgement);
    }
  });

  it("counts a passion once per scored action, and lists fewer than three when fewer occur", () => {
    const profile = computeProfile([stored({ passions: ["epithumia", "epithumia"] }), stored()]);
    expect(
      profile.most_frequent_passions.map((p) => [p.root_passion, p.frequency]),
      show(profile),
    ).toEqual([["epithumia", "1 of 2 scored actions"]]);
    expect(computeProfile([stored(), stored()]).most_frequent_passions).toEqual([]);
    expect(RootPassion.options).toContain("epithumia");
  });

  it("counts appropriate, short and undecided acts in kathekon_alignment", () => {
    const scores = [
      stored({ is_kathekon: true, kathekon_quality: "strong" }),
      stored({ is_kathekon: true, kathekon_quality: "weak" }),
      stored({ is_kathekon: false }),
      stored({ is_kathekon: null }),
      stored({ is_kathekon: null }),
      stored({ is_kathekon: true, kathekon_quality: "moderate" }),
    ];
    expect(computeProfile(scores).kathekon_alignment).toBe(
      "3 of 6 scored actions read as appropriate acts; 1 fell short; 2 could not be decided from the account.",
    );
  });

  it("needs ten scores before it shows a direction of growth", () => {
    const nine = computeProfile(withReadings(Array(9).fill("sage_like")));
    expect(nine.growth_pattern, show(nine)).toBe("Too few scored actions to show a direction (9; 10 are needed).");
    expect(nine.growth_pattern).not.toMatch(/improving|declining|stable/);
    const ten = computeProfile(withReadings(Array(10).fill("deliberate")));
    expect(ten.growth_pattern, show(ten)).toMatch(/^stable: /);
  });

  // Ranks: reflexive 0, habitual 1, deliberate 2, principled 3, sage_like 4. Newest first:
  // the first five are the recent window, the next five the one before.
  it.each([
    [
      "improving by 0.6",
      ["deliberate", "deliberate", "deliberate", "habitual", "habitual"],
      ["habitual", "habitual", "habitual", "habitual", "habitual"],
      "improving",
      "1.6",
      "1.0",
    ],
    [
      "stable at +0.4",
      ["deliberate", "deliberate", "habitual", "habitual", "habitual"],
      ["habitual", "habitual", "habitual", "habitual", "habitual"],
      "stable",
      "1.4",
      "1.0",
    ],
    [
      "stable at -0.4",
      ["habitual", "habitual", "habitual", "habitual", "habitual"],
      ["deliberate", "deliberate", "habitual", "habitual", "habitual"],
      "stable",
      "1.0",
      "1.4",
    ],
    [
      "declining by 0.6",
      ["habitual", "habitual", "habitual", "habitual", "habitual"],
      ["deliberate", "deliberate", "deliberate", "habitual", "habitual"],
      "declining",
      "1.0",
      "1.6",
    ],
    [
      "improving by 4",
      ["sage_like", "sage_like", "sage_like", "sage_like", "sage_like"],
      ["reflexive", "reflexive", "reflexive", "reflexive", "reflexive"],
      "improving",
      "4.0",
      "0.0",
    ],
  ] as const)("reads growth %s", (_label, recent, before, direction, recentMean, beforeMean) => {
    const profile = computeProfile(withReadings([...recent, ...before]));
    expect(profile.growth_pattern, show(profile)).toBe(
      `${direction}: the last 5 scored actions average ${recentMean} on the five-rung proximity ladder, against ${beforeMean} for the 5 before.`,
    );
  });

  it("compares only the two latest windows of five", () => {
    const profile = computeProfile(withReadings([...Array(10).fill("deliberate"), ...Array(10).fill("reflexive")]));
    expect(profile.growth_pattern, show(profile)).toMatch(/^stable: /);
  });

  it("reports the total above the sample it read, and says the alignment is over the most recent", () => {
    const sample = Array.from({ length: 4 }, () => stored({ is_kathekon: true, kathekon_quality: "weak" }));
    const profile = computeProfile(sample, 350);
    expect(profile.actions_scored, show(profile)).toBe(350);
    expect(profile.kathekon_alignment).toBe(
      "4 of 4 most recent scored actions read as appropriate acts; 0 fell short; 0 could not be decided from the account.",
    );
    expect(profile.most_frequent_passions).toEqual([]);
    expect(computeProfile(sample).kathekon_alignment).not.toContain("most recent");
  });

  it("readProfile reads the latest PROFILE_SAMPLE scores and the owner's full count", async () => {
    const calls: Array<[string, number, string | undefined]> = [];
    const rows = [stored({ owner_id: "o1" }), stored({ owner_id: "o1" })];
    const store: ScoreStore = {
      record: async () => {
        throw new Error("not used");
      },
      list: async (owner, limit, before) => {
        calls.push([owner, limit, before]);
        return rows;
      },
      count: async (owner) => (owner === "o1" ? 1234 : 0),
    };
    const profile = await readProfile(store, "o1");
    expect(calls).toEqual([["o1", PROFILE_SAMPLE, undefined]]);
    expect(profile.actions_scored).toBe(1234);
    expect(profile.last_assessment).toBe(rows[0]!.created_at);
  });
});

describe("listScores (spec 2.7)", () => {
  const storeOf = (rows: StoredScore[]): ScoreStore => ({
    record: async () => {
      throw new Error("not used");
    },
    list: async (_owner, limit) => rows.slice(0, limit),
    count: async () => rows.length,
  });

  it("shows only the spec 2.7 fields, and a cursor exactly when the page is full", async () => {
    const rows = [stored({ passions: ["phobos"], is_kathekon: true, kathekon_quality: "weak" }), stored(), stored()];
    const full = await listScores(storeOf(rows), "o", { limit: 2 });
    expect(ScoreList.safeParse(full).success, show(full)).toBe(true);
    expect(full.next_cursor).toBe(rows[1]!.id);
    expect(Object.keys(full.scores[0]!).sort()).toEqual(["action_description", "created_at", "id", "is_kathekon", "kathekon_quality", "katorthoma_proximity"]);
    expect(full.scores[0]).toMatchObject({ id: rows[0]!.id, is_kathekon: true, kathekon_quality: "weak", katorthoma_proximity: "deliberate" });
    expect((await listScores(storeOf(rows), "o", { limit: 5 })).next_cursor).toBeNull();
    expect(await listScores(storeOf([]), "o", { limit: 20 })).toEqual({ scores: [], next_cursor: null });
  });
});
