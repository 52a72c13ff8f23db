import * as z from "zod";
import { DistressSeverity } from "../enums";

/**
 * The deterministic distress check (spec 2.16, 3.2–3.4, 4.4). Pure, no I/O: the same texts
 * always give the same assessment. It runs on the caller's own words (`input`, plus
 * `clarification_response` on the continuation turn; the answers of reflect and calling
 * sessions) and never on model output.
 *
 * Tiers
 *   1 explicit: suicidal ideation, self-harm, active crisis, farewell language.
 *   2 philosophically coded: indifference to one's own life framed as Stoic doctrine
 *     ("death is indifferent so it doesn't matter if I die"), the open door, worthlessness,
 *     collapse of will, virtue as futility, isolation tied to one's own absence ("no one
 *     would miss me"), finality (affairs in order, "this is goodbye").
 *   3 vulnerability indicators: loss, isolation (plain loneliness), long struggle, feeling a
 *     burden, despair (hopelessness).
 *
 * Severity rules (first that applies wins)
 *   - any tier-1 signal                                         -> acute
 *   - tier-2 signals, when `finality` occurs together with another tier-2 kind -> acute
 *   - tier-2 signals with two or more *different* tier-3 kinds  -> acute
 *     (coded indifference to one's life on top of accumulated vulnerability)
 *   - any other tier-2 signal(s) (including finality alone)     -> moderate
 *   - tier-3 signals only, any number                           -> mild (internal only)
 *   - nothing                                                   -> null
 *   `redirect` is true exactly for acute and moderate (the API severities, enums
 *   DistressSeverity); then `suggested_user_message` is DISTRESS_MESSAGE and the flow ends.
 *   Mild never redirects and is never surfaced as an API severity.
 *
 * Matching rules
 *   - Case-insensitive, on word boundaries (Unicode letters and digits), whitespace runs of
 *     any kind between words; curly and other typographic apostrophes and dashes are folded
 *     to ASCII one character for one character, so every match maps back to a verbatim span
 *     of the original text, which is what `quote` carries.
 *   - Patterns carry the first person ("I want to die", "kill myself", "my life"), so
 *     impersonal and academic talk is not a signal: "Seneca's death", "Cato chose death",
 *     "what did the Stoics think about suicide?", "suicide squeeze", "the project died",
 *     "end of life of the product", "kill the process", "this deadline is killing me",
 *     "I'd die for a coffee". Hyperbole that does carry the first person is excluded where
 *     it is idiomatic ("killing myself to meet this deadline", "cutting myself a slice",
 *     "taking my life back", "die on this hill").
 *   - A plain denial right before a match ("I would never", "I'm not going to", "won't")
 *     drops that match. "I don't want to …" is deliberately not a denial: "I don't want to
 *     kill myself but I keep thinking about it" still signals.
 *   - Overlapping matches in one text are resolved in favour of the lower tier, then the
 *     longer span, so "everyone would be better off without me" is one tier-1 signal and not
 *     also a tier-3 burden.
 *
 * When in doubt the lists err towards the person's safety: a false redirect costs one
 * interrupted consult; a missed one can cost far more.
 */

export const DISTRESS_RULES_VERSION = "distress-check/v1";

/** Internal severity: `mild` is never surfaced by the API (see DistressSeverity). */
export const DistressLevel = z.enum(["acute", "moderate", "mild"]);
export type DistressLevel = z.infer<typeof DistressLevel>;

export const DistressTier = z.literal([1, 2, 3]);
export type DistressTier = z.infer<typeof DistressTier>;

export const DistressSignalKind = z.enum([
  // tier 1
  "suicidal_ideation",
  "self_harm",
  "active_crisis",
  "farewell",
  // tier 2
  "indifference_to_own_life",
  "open_door",
  "worthlessness",
  "collapse_of_will",
  "virtue_as_futility",
  "isolation",
  "finality",
  // tier 3 (isolation also occurs here, as plain loneliness)
  "loss",
  "long_struggle",
  "burden",
  "despair",
]);
export type DistressSignalKind = z.infer<typeof DistressSignalKind>;

const TIER_KINDS: Record<DistressTier, readonly DistressSignalKind[]> = {
  1: ["suicidal_ideation", "self_harm", "active_crisis", "farewell"],
  2: ["indifference_to_own_life", "open_door", "worthlessness", "collapse_of_will", "virtue_as_futility", "isolation", "finality"],
  3: ["loss", "isolation", "long_struggle", "burden", "despair"],
};

/**
 * The message a redirect carries. Warm, brief, no phone numbers (the service is
 * international), points to human help and says plainly that this service is not it.
 */
export const DISTRESS_MESSAGE =
  "It sounds like you may be carrying something very heavy right now, and you do not have to carry it alone. " +
  "Please reach out to a person who can be with you in this: if you are in danger or might act on these thoughts, " +
  "call your local emergency number now; otherwise contact a crisis line in your country, or tell someone you trust " +
  "what you are going through. This service only examines decisions against a Stoic framework. It is not a substitute " +
  "for human care, so it will stop here. You deserve real support, and it is there for you.";

export const DistressSignalSchema = z
  .strictObject({
    tier: DistressTier,
    kind: DistressSignalKind,
    quote: z.string().min(1).describe("A verbatim span of one of the examined texts."),
  })
  .refine((s) => TIER_KINDS[s.tier].includes(s.kind), { message: "kind does not belong to this tier", path: ["kind"] });
export type DistressSignal = z.infer<typeof DistressSignalSchema>;

export const DistressAssessmentSchema = z
  .strictObject({
    severity: DistressLevel.nullable(),
    redirect: z.boolean(),
    signals: z.array(DistressSignalSchema),
    suggested_user_message: z.string().min(1).nullable(),
  })
  .refine((a) => a.redirect === DistressSeverity.safeParse(a.severity).success, {
    message: "redirect must be true exactly when severity is moderate or acute",
    path: ["redirect"],
  })
  .refine((a) => (a.suggested_user_message !== null) === a.redirect, {
    message: "suggested_user_message must be set exactly when redirecting",
    path: ["suggested_user_message"],
  })
  .refine((a) => (a.severity === null) === (a.signals.length === 0), {
    message: "severity is null exactly when there is no signal",
    path: ["severity"],
  });
export type DistressAssessment = z.infer<typeof DistressAssessmentSchema>;

/* ------------------------------------------------------------------------------------------ */
/* Pattern data                                                                                */
/* ------------------------------------------------------------------------------------------ */

/**
 * Pattern notation: a regular-expression source, matched case-insensitively on the folded text.
 * A literal space stands for any run of whitespace. `{NAME}` expands to a fragment below.
 * Every pattern is wrapped in word boundaries.
 */
const FRAGMENTS: Record<string, string> = {
  I: String.raw`\bi\b`,
  IM: String.raw`\bi(?:'?m| am)\b`,
  IVE: String.raw`\bi(?:'?ve| have)\b`,
  ID: String.raw`\bi(?:'?d| would)\b`,
  ILL: String.raw`\bi(?:'?ll| will)\b`,
  DONT: "(?:don'?t|do not)",
  CANT: "(?:can'?t|cannot|can not)",
  // Optional adverbs between a subject and its verb: "I just really want to …".
  ADV: "(?:(?:just|really|honestly|truly|actually|simply|seriously|sometimes|often|still|literally|genuinely|only|so|kind of|sort of|kinda|almost|already|finally|now|also|even|secretly|quietly) )*",
  // First-person intent, ending on a word; continue with " {ADV}verb" (base form or -ing).
  INTENT:
    "(?:" +
    [
      String.raw`\bi(?:'?m| am) {ADV}(?:going to|gonna|about to|ready to|planning to|planning on|trying to|thinking of|thinking about|considering|contemplating|tempted to)`,
      String.raw`\bi(?:'?ve| have) {ADV}(?:decided to|been planning to|been planning on|been thinking of|been thinking about|been considering|been contemplating)`,
      String.raw`\bi {ADV}(?:want to|wanna|need to|plan to|intend to|mean to|decided to|will|might|may)`,
      String.raw`\bi(?:'?ll| will)`,
      String.raw`\bi(?:'?d| would) {ADV}like to`,
    ].join("|") +
    ")",
  // Close relations and companions, for bereavement.
  PEOPLE:
    "(?:wife|husband|partner|spouse|girlfriend|boyfriend|fianc[eé]e?|mother|mom|mum|father|dad|son|daughter|child|baby|kid|brother|sister|sibling|twin|best friend|friend|grandmother|grandma|grandfather|grandpa|grandparents?|parents?|aunt|uncle|cousin|mentor|dog|cat|pet)",
  // End of a clause: punctuation or end of text.
  END: String.raw`(?=\s*(?:$|[.,;:!?…)"'—-]))`,
  // Not followed by an academic frame ("… in Stoic philosophy", "… as a topic").
  NOT_ACADEMIC:
    "(?! (?:in|within|among|according to|from|for|by|throughout) (?:the )?(?:stoic|ancient|roman|greek|philosoph|seneca|epictetus|marcus|cato|literature|history|antiquity|my (?:essay|paper|thesis|class|course|seminar|lecture|research|book))| as (?:a|an) (?:topic|subject|theme|question|concept|idea|philosophical|historical))",
};

export interface DistressRule {
  readonly tier: DistressTier;
  readonly kind: DistressSignalKind;
  readonly patterns: readonly string[];
}

/** The pattern lists, by tier and kind. */
export const DISTRESS_RULES: readonly DistressRule[] = [
  /* ---------------------------------------- tier 1 ---------------------------------------- */
  {
    tier: 1,
    kind: "suicidal_ideation",
    patterns: [
      // "I want to die", "I just wanna die", "I wish to not exist"
      "(?:{I} {ADV}(?:want|wanna|wish|need|long|yearn)|{IM} {ADV}(?:longing|yearning|wanting|hoping|praying)) (?:to )?(?:die|be dead|not be alive|not exist|stop existing|cease to exist|not wake up|never wake up|disappear forever|sleep forever)(?! on (?:this|that|the) hill)",
      // "I don't want to be here anymore", "I don't want to live anymore"
      "{I} {DONT} {ADV}want to (?:be here|be alive|live|exist|wake up|go on|keep going|keep living|carry on) {ADV}(?:anymore|any more|any longer|ever again)",
      "{I} {DONT} {ADV}want to (?:be alive|exist|keep living|go on living|wake up again)",
      "{I} {DONT} {ADV}want to live(?:{END}| like this| this way)",
      "{I} wish {I} (?:was|were|'d been|had been) dead",
      "{I} wish {I} (?:had never been|'d never been|was never|were never|hadn'?t been|had not been|wasn'?t|weren'?t) born",
      "{I} wish {I} (?:could|would) {ADV}(?:die|not wake up|never wake up|stop existing|cease to exist|not exist|fall asleep and never wake up|go to sleep and never wake up)",
      "(?:sleep|go to sleep|fall asleep) and never wake up",
      "{I} {ADV}want (?:it all|everything|my life|this life) to (?:end|stop|be over)",
      "(?:{ID} {ADV}be|{IM} {ADV}) better off dead",
      "(?:everyone|everybody|the world|my family|my kids|my children|my wife|my husband|my partner|my parents|my friends|people|they|them|all of them|we all) (?:would|will|'d|'ll|are|is) (?:all )?(?:be )?(?:so much |much |far |a lot )?(?:better off|happier|fine|better) without me",
      "better off (?:if {I} (?:was|were|'m|am) (?:dead|gone|not here|not around|never born)|without me (?:alive|here|around|in (?:the|this|their) (?:world|lives)))",
      "{I} {DONT} deserve to (?:live|be alive|exist)",
      // "no reason to live", not "no reason to live in fear"
      "no (?:more )?reasons? (?:left )?to (?:live|go on living|keep living|stay alive|be alive)(?! (?:in|with|like|as|near|there|here|on|at|under|a|an|the|by|without|abroad|together)\\b)",
      "{I} {DONT} (?:see|have) (?:a|any) reasons? (?:left )?to (?:live|go on|keep living|stay alive|be alive)(?! (?:in|with|like|as|near|there|here|on|at|under|a|an|the|by|without|abroad|together)\\b)",
      "nothing (?:left )?to live for",
      "my life (?:isn'?t|is not|'s not|is no longer|no longer feels|doesn'?t feel|does not feel) worth living",
      "life (?:isn'?t|is not|'s not|is no longer) worth living (?:anymore|any more|any longer|for me)",
      // "kill myself", not the overwork idiom
      "kill(?:ing)? myself(?! laughing| (?:over|for)(?: (?:a|an|the|this|that|my|our|some))? (?:deadline|project|report|exam|job|presentation|work|company|boss|client|team)s?| (?:at|for) work| working| to (?:finish|meet|get|hit|make|please|keep|impress|deliver))",
      "(?:end|ending|ended|take|taking) my own life",
      "(?:end|ending) my life(?! as\\b)",
      "(?:take|taking) my life(?! (?:back|in|into|to|seriously|forward|as|more|apart|for granted|over|one day)\\b)",
      "end(?:ing)? it all",
      "hang(?:ing)? myself",
      "{INTENT} {ADV}(?:commit(?:ting)? suicide|overdos(?:e|ing)|jump(?:ing)? off (?:a|the|my) (?:bridge|building|roof|balcony|cliff|ledge)|throw(?:ing)? myself (?:off|in front of|under)|step(?:ping)? in front of (?:a|the) (?:train|bus|truck|car))",
      "{I}(?:'?ve| have)? {ADV}(?:tried|attempted) to (?:kill myself|end my life|take my (?:own )?life|commit suicide)",
      "{I}(?:'?ve| have)? attempted suicide",
      "my (?:last |previous |first |second |recent )?suicide attempt",
      // first-person "suicidal", not "was Cato suicidal?"
      "{IM} {ADV}(?:feeling )?(?:so |very |really |quite |a bit |a little |pretty )?suicidal",
      "{I} (?:feel|felt|keep feeling|have felt|'ve felt|have been|'ve been|been feeling) {ADV}(?:so |very |really |quite |pretty )?suicidal",
      "(?:{I}|{IVE}|{IM}) {ADV}(?:been )?(?:having|had|have|getting|get|fighting|battling) suicidal (?:thoughts|feelings|urges|ideation)",
      "my suicidal (?:thoughts|feelings|urges|ideation|plans?)",
      "(?:{IM}|{IVE}|{I}) {ADV}(?:been |keep |kept |can'?t stop |cannot stop )?(?:thinking|thought|dreaming|fantasi[sz]ing) (?:about|of) (?:suicide|being dead|not being (?:here|alive)|not existing|ending (?:it all|my life|things)|taking my (?:own )?life|killing myself){NOT_ACADEMIC}",
      "{IM} {ADV}(?:considering|contemplating|planning|researching) (?:suicide|ending my life|taking my (?:own )?life|killing myself|how to (?:kill myself|die)){NOT_ACADEMIC}",
      "(?:write|writing|wrote|written|left|leave|leaving|draft|drafted|drafting) (?:my|a) suicide (?:note|letter)",
      "my suicide (?:note|letter|plan)",
    ],
  },
  {
    tier: 1,
    kind: "self_harm",
    patterns: [
      "(?:want|wanna|wanted|urge|urges|tempted|need|longing|feel like) (?:to )?(?:hurt|harm|cut|burn) myself",
      "(?:{IVE} {ADV}been|{IM}|{I} {ADV}(?:keep|kept|started|start|can'?t stop|cannot stop)) {ADV}(?:hurting|harming|cutting|burning) myself(?! (?:a|an|some|off|free|loose|slack|short|out|down|financially|professionally|by|with|in the foot)\\b)",
      "feel like (?:hurting|harming|cutting|burning) myself",
      "(?:{I} (?:will|shall|plan to|intend to|am going to|am gonna)|{I}'ll|{IM} (?:going to|gonna|about to)) {ADV}(?:hurt|harm|cut|burn) myself(?! (?:a|an|some|off|free|loose|slack|short|out|down|financially|professionally|by|with|in the foot)\\b)",
      "cutting myself(?! (?:a|an|some|off|free|loose|slack|short|out|down|in|into|on|while|shaving)\\b)",
      "{I} (?:cut|hurt|burned|burnt|harmed) myself (?:again|on purpose|deliberately|intentionally)",
      "(?:{IM}|{IVE} {ADV}been|{I} {ADV}(?:keep|started|relapsed into|went back to|still)) {ADV}self(?:-| )?harm(?:ing)?",
      "{I} {ADV}self(?:-| )?harm(?:ed)?",
      "my self(?:-| )?harm(?:ing)?",
      "{I} relapsed (?:into|on|with) self(?:-| )?harm(?:ing)?",
    ],
  },
  {
    tier: 1,
    kind: "active_crisis",
    patterns: [
      "{IM} {ADV}(?:in|having) (?:a )?(?:mental health )?crisis",
      "{IM} {ADV}not safe (?:right now|tonight|with myself|around myself|alone|anymore|any more)",
      "{I} {DONT} {ADV}feel safe (?:with|around) myself",
      "{I} {CANT} keep myself safe",
      "(?:{I} (?:took|swallowed)|{IVE} (?:taken|swallowed)) (?:all|a lot|too many|a bunch|a handful|a whole bottle|the whole bottle|a bottle|bottles)(?: of)? (?:my |the |these |those )?(?:pills|tablets|sleeping pills|painkillers|meds|medication)",
      "{I}(?:'?ve| have)? {ADV}overdosed",
      "{IM} {ADV}(?:standing|sitting) on (?:the|a) (?:ledge|railing|edge of (?:the|a) (?:roof|bridge|cliff|building|runtime))",
      "(?:the |my )?(?:rope|noose|pills|gun) (?:is|are) (?:all )?ready",
      "{IVE} {ADV}(?:tied|made|got|bought) (?:a|the) noose",
      "(?:stockpil(?:ed|ing)|sav(?:ed|ing) up|hoard(?:ed|ing)|collect(?:ed|ing)) (?:my |enough |all my )?(?:pills|tablets|sleeping pills|painkillers|meds|medication)",
    ],
  },
  {
    tier: 1,
    kind: "farewell",
    patterns: [
      "(?:goodbye|good-bye|farewell) forever",
      "goodbye,? cruel world",
      "this (?:is|will be) my (?:last|final) (?:message|note|letter|post|words)(?! (?:before|until|till|of the|for (?:today|tonight|the day|the week|now)|today|this (?:week|year|month))\\b)",
      "(?:you|nobody|no one|no-one|anyone|everyone|they)(?:'ll| will) never (?:hear from|see|talk to) me again",
      "(?:you|they|nobody|no one)(?: won'?t| will not) (?:ever )?(?:hear from|see) me (?:ever )?again",
      "the last time (?:you|anyone)(?:'ll| will) (?:ever )?hear from me",
      "by the time (?:you|anyone|someone|they) (?:read|reads|see|sees|find|finds|get|gets) this,? {I}(?:'ll| will) (?:already )?(?:be gone|be dead|no longer be|have gone|not be)",
    ],
  },

  /* ---------------------------------------- tier 2 ---------------------------------------- */
  {
    tier: 2,
    kind: "indifference_to_own_life",
    patterns: [
      // "the Stoics say death is indifferent so it doesn't matter if I die"
      "(?:doesn'?t|does not|won'?t|will not|wouldn'?t|would not|shouldn'?t|should not) {ADV}matter (?:if|whether|when) {I} (?:die|died|live or die|lived or died|was dead|were dead|am dead|'m dead|am gone|'m gone|was gone|were gone|wake up|don'?t wake up|didn'?t wake up|disappear|disappeared|stop existing)",
      "(?:nothing|it) (?:matters|would matter) (?:if|whether) {I} (?:live|die|lived|died)",
      "{I} {DONT} {ADV}care (?:if|whether) {I} (?:live|die|lived|died|wake up|survive|am alive|'m alive|stay alive)",
      "whether {I} live or die (?:is|'s|doesn'?t|does not|makes no|is just|is merely|is an|is a matter)",
      "my (?:own )?(?:life|existence|survival|continued existence) (?:is|'s|has become) (?:just |merely |only |simply )?(?:an )?(?:indifferent|matter of indifference)",
      "{IM} {ADV}indifferent to (?:whether {I} live|living|being alive|staying alive|my (?:own )?(?:life|survival|existence))",
      "(?:staying alive|living|being alive|my survival) (?:is|'s) (?:just |merely |only )?(?:an? )?(?:indifferent|matter of indifference) (?:to|for) me",
      "(?:{I}|{ID}) {ADV}(?:welcome|embrace|long for|yearn for|crave|look forward to) (?:my (?:own )?)?death",
      "death (?:would|will) be (?:a |such a )?(?:relief|release|mercy|welcome)(?: (?:for|to) me)",
    ],
  },
  {
    tier: 2,
    kind: "open_door",
    patterns: [
      "{INTENT} {ADV}(?:tak(?:e|ing)|walk(?:ing)? through|go(?:ing)? through|us(?:e|ing)|step(?:ping)? through|exit(?:ing)? (?:through|by)|leav(?:e|ing) (?:through|by)) (?:the|that|epictetus'?s?) open door",
      "{INTENT} {ADV}(?:tak(?:e|ing)|walk(?:ing)? through|go(?:ing)? through|us(?:e|ing)|step(?:ping)? through) (?:the|that) door (?:that )?(?:epictetus|seneca|the stoics|marcus)",
      "(?:time (?:for me )?to|ready to) (?:take|walk through|go through|use|step through) (?:the|that) open door",
      "(?:the|my) open door is (?:my|the) (?:answer|way out|only way|only option|solution|choice)",
      // "Epictetus said the door is always open, and I think it's time I walked through it"
      String.raw`door (?:is|was|remains|stays|stands) (?:always )?open[^.!?\n]{0,80}?{I}\b[^.!?\n]{0,40}?\b(?:walk|go|step|pass|leave)(?:s|ed|ing)? (?:through|out)`,
      "(?:{IM} {ADV}(?:ready|going|about|prepared|choosing|planning) to|{INTENT}) {ADV}(?:leav(?:e|ing)|exit(?:ing)?|depart(?:ing)?) (?:this life|life|the world|this world|existence)",
      "(?:{INTENT}|{IM} {ADV}ready to) {ADV}(?:die (?:like|as) (?:cato|seneca|socrates|zeno|cleanthes)|do (?:what|as) cato did|follow (?:cato|seneca|socrates|zeno|cleanthes)(?:'?s)? (?:example|path|lead|way) (?:out|to the end|into death))",
      "{INTENT} {ADV}(?:tak(?:e|ing)|mak(?:e|ing)|choos(?:e|ing)|plan(?:ning)?) (?:a|my|the) (?:rational|reasonable|well-reasoned|dignified|stoic|philosophical|reasoned) (?:exit|departure|suicide|death)",
      "my (?:rational|reasonable|well-reasoned|dignified|stoic|philosophical|reasoned) (?:exit|departure|suicide)",
      "{INTENT} {ADV}(?:leav(?:e|ing)|exit(?:ing)?) the (?:smoky|smoke-filled) (?:room|house)",
      "my life (?:is|has become|has gotten|'s) (?:too |so )?(?:smoky|full of smoke)",
    ],
  },
  {
    tier: 2,
    kind: "worthlessness",
    patterns: [
      "{IM} {ADV}(?:completely |totally |utterly |absolutely |so |such )?(?:worthless|a waste of (?:space|air|oxygen|skin|life)|beyond (?:saving|redemption|help)|unlovable|nothing but a (?:failure|burden|disappointment)|a (?:complete |total |utter )?(?:failure|disappointment) (?:at|in) (?:everything|life))",
      "{I} (?:feel|felt) {ADV}(?:completely |totally |utterly |so )?(?:worthless|like a waste of (?:space|air|oxygen|skin|life)|like nothing|like (?:a )?(?:complete |total )?nobody)",
      "my life (?:is|'s|has been|has become|feels) (?:completely |totally |utterly |so |just )?(?:worthless|meaningless|pointless|a waste|a joke|empty)",
      "{IM} {ADV}(?:no good|not good enough) (?:to|for) (?:anyone|anybody|anything|this world)",
    ],
  },
  {
    tier: 2,
    kind: "collapse_of_will",
    patterns: [
      "{I} {CANT} {ADV}(?:go on|keep going|carry on|keep living|go on living|face (?:another|one more) day)(?:{END}| {ADV}(?:anymore|any more|any longer)| like this| this way| with (?:life|living|this life))",
      "{I}(?:'?ve| have)? {ADV}(?:give|given|gave) up on (?:everything|life|living|myself|being alive|ever getting better|getting better|the future)",
      "{IM} {ADV}(?:so |completely |really )?(?:done with|tired of|sick of|exhausted by|weary of|finished with) (?:life|living|being alive|existing|existence|this life|this world)",
      "what'?s the point (?:of|in) (?:anything|living|going on|carrying on|being alive|existing|it all|any of (?:it|this)|trying anymore|even trying)(?:{END}| anymore| any more)",
      "(?:there'?s|there is) no point (?:in|to) (?:living|going on|carrying on|being alive|existing|anything)(?:{END}| anymore| any more)",
      "{I} wish {I} could {ADV}(?:disappear|vanish|fade away)",
      "{I} {ADV}want (?:the pain|this pain|the suffering) to (?:end|stop)",
    ],
  },
  {
    tier: 2,
    kind: "virtue_as_futility",
    patterns: [
      "(?:virtue|being good|being virtuous|doing (?:the )?right(?: thing)?|trying to be (?:good|virtuous)|philosophy|stoicism|all my (?:effort|efforts|striving|practice)) (?:is|'s|has been|was|feels) (?:all |completely |totally |utterly )?(?:pointless|futile|useless|meaningless|worthless|for nothing|in vain) (?:for me|to me|anymore|any more|now)",
      "nothing {I} do {ADV}(?:matters|makes (?:any|a) difference|will ever matter|means anything|changes anything)(?! to\\b)",
      "(?:none of (?:it|this)|nothing) (?:matters|means anything|is worth it) (?:anymore|any more|any longer)",
      "(?:virtue|philosophy|stoicism|reason|the stoics) (?:can'?t|cannot|won'?t|will not|couldn'?t) (?:save|help) me (?:now|anymore|any more)",
      "{IVE} {ADV}(?:tried|been trying|failed) (?:so hard |for years |all my life )?(?:to be (?:good|virtuous|better)|to live virtuously)(?:,)? (?:and|but) (?:it'?s|it has been|it was|it is) (?:all )?(?:pointless|futile|useless|for nothing|in vain)",
    ],
  },
  {
    tier: 2,
    kind: "isolation",
    patterns: [
      "(?:nobody|no one|no-one|noone|not a single person|not one person) (?:would|will|'d|'ll|is going to) (?:even )?(?:notice|care|miss me|mourn|grieve|remember me) (?:if|when) {I} (?:(?:was|were|am|'m) (?:gone|dead|not here|not around)|died|die|disappeared|disappear|vanished|stopped existing|killed myself)",
      "(?:nobody|no one|no-one|noone) (?:would|will|'d|'ll) (?:even )?(?:miss me|mourn me|grieve for me|come to my funeral)",
    ],
  },
  {
    tier: 2,
    kind: "finality",
    patterns: [
      "this is goodbye",
      "(?:giving|gave|give) away (?:all )?(?:of )?my (?:things|stuff|belongings|possessions)(?! (?:to live|so {I} can live|to simplify|as (?:a|an) (?:experiment|exercise|practice)|because {IM} moving|before (?:{I} move|moving|the move))\\b)",
      "(?:{IVE} {ADV}(?:put|got|gotten|set)|(?:putting|getting|setting)) my affairs in order",
      "{IVE} {ADV}made (?:my )?peace with (?:leaving (?:this world|everyone)|not being here|the end|it all ending|ending it|my decision to (?:die|go|leave))",
      "{I} (?:won'?t|will not) be (?:here|around|alive) (?:much longer|for (?:much )?longer|for long|anymore|any more|by (?:tomorrow|morning|next week|the weekend|then))",
      "{IM} {ADV}(?:ready|prepared) to (?:leave this world|let go of (?:life|this life)|say goodbye to (?:everyone|everything|this world|life))",
      "(?:saying|said|say|writing|wrote|sent|sending) (?:my )?(?:final|last) goodbyes?",
      "my (?:final|last) goodbyes?",
      "{ILL} {ADV}(?:finally )?be (?:at peace|out of (?:everyone'?s|everybody'?s|your|their|the) way|free of (?:this|it all|everything|the pain))(?! with\\b)",
      "{ILL} be gone (?:forever|for good)",
      "(?:my|the) (?:final|last) (?:day|days|night|hours|act) (?:on earth|alive|of my life)(?! as\\b)",
    ],
  },

  /* ---------------------------------------- tier 3 ---------------------------------------- */
  {
    tier: 3,
    kind: "loss",
    patterns: [
      "my (?:(?:late|beloved|dear|only|little|older|younger|big|twin|baby|elder) )*{PEOPLE} (?:recently |just |suddenly |unexpectedly |tragically )?(?:died|passed away|passed on|was killed|got killed|killed (?:himself|herself|themselves|themself)|took (?:his|her|their) (?:own )?life|committed suicide|is dead)",
      "{I}(?:'?ve| have)? {ADV}(?:recently )?lost my (?:(?:late|beloved|dear|only|little|older|younger|big|twin|baby|elder) )*(?:{PEOPLE}|job|home|house|marriage|business|everything|everyone|faith|health)",
      "since (?:the )?(?:death|loss|suicide|funeral) of my",
      "since my {PEOPLE}(?:'?s)? (?:death|died|passed away|funeral|suicide)",
      "{IM} {ADV}(?:still )?(?:grieving|in mourning)",
      "my grief",
      "my (?:wife|husband|partner|girlfriend|boyfriend|fianc[eé]e?) (?:left|divorced|abandoned) me",
    ],
  },
  {
    tier: 3,
    kind: "isolation",
    patterns: [
      "{I}(?:'?ve| have)(?: got)? (?:no friends|(?:no one|nobody|no-one) (?:left|to talk to|to turn to|who cares|who understands|in my life))",
      "{I}(?:'?ve| have)(?: got)? (?:no one|nobody|no-one){END}",
      "{IM} {ADV}(?:so |very |completely |totally |utterly |really |all )?(?:lonely|isolated)",
      "{I} (?:feel|felt) {ADV}(?:so |very |completely |totally |utterly |really )?(?:alone|lonely|isolated)",
      "{IM} {ADV}(?:completely |totally |utterly |all )alone",
      "{IM} {ADV}alone in (?:this|the) world",
      "(?:nobody|no one) (?:cares about|understands|loves|likes|wants) me",
      "(?:everyone|everybody) (?:has )?(?:left|abandoned|forgotten|turned (?:their backs )?on) me",
      "cut(?:ting)? myself off from (?:everyone|everybody|my friends|my family|people|the world|everything)",
    ],
  },
  {
    tier: 3,
    kind: "long_struggle",
    patterns: [
      String.raw`{IVE} {ADV}been (?:struggling|depressed|suffering|fighting|battling|drowning|barely coping|barely holding on|in (?:so much )?pain|exhausted|miserable|hopeless|unhappy|numb)(?: [\w'-]+){0,6}? for (?:so long|years|months|decades|a long time|ages|too long|(?:many|several|so many) (?:years|months))`,
      "(?:for|after) (?:years|months|decades) (?:of|and) (?:struggling|depression|suffering|fighting|battling|pain)",
      "{I} {CANT} {ADV}(?:take|bear|stand|handle|do) (?:it|this|this life|any of this) {ADV}(?:anymore|any more|any longer)",
      "{IM} {ADV}(?:so |really |completely |utterly )?(?:tired|exhausted|worn out|weary) of (?:everything|it all|fighting|struggling|trying|being me|feeling this way|this pain)",
      "{I}(?:'?ve| have) nothing left (?:to give|in me|in the tank)",
    ],
  },
  {
    tier: 3,
    kind: "burden",
    patterns: [
      "{IM} {ADV}(?:just |only |such |always |nothing but )?(?:a|an) (?:(?:huge|big|constant|terrible|total) )?burden",
      "{I} (?:feel|felt) {ADV}(?:like )?(?:(?:such )?a|an) (?:(?:huge|big|constant|terrible|total) )?burden",
      "(?:better off|happier) without me",
      "{IM} {ADV}(?:always )?(?:dragging|holding) (?:everyone|everybody|them|my family) (?:down|back)",
      "{I} (?:only|just) (?:cause|make) (?:problems|trouble|things worse) for (?:everyone|everybody|my family|the people {I} love)",
    ],
  },
  {
    tier: 3,
    kind: "despair",
    patterns: [
      "{IM} {ADV}(?:so |really |very |deeply |severely |clinically )?depressed",
      "{I} (?:feel|felt) {ADV}(?:so |completely |totally |utterly )?(?:hopeless|empty|numb|broken|dead inside)",
      "{IM} {ADV}(?:so |completely |totally |utterly )?(?:hopeless|broken|dead inside)(?! at\\b)",
      "(?:there'?s|there is) no hope (?:left )?for me",
      "{I} (?:see|have) no (?:hope|future)",
    ],
  },
];

/* ------------------------------------------------------------------------------------------ */
/* Matching                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/**
 * Every pattern starts on a word boundary: no letter, digit or "_" right before. The rules' regular
 * expressions leave this out and `candidatesIn` checks it on each match (see there): a leading
 * look-behind keeps V8 from skipping ahead to where a match can start, up to ten times slower.
 */
const WORD_BEFORE = /[\p{L}\p{N}_]$/u;
const WORD_END = String.raw`(?![\p{L}\p{N}_])`;

function expand(pattern: string): string {
  let out = pattern;
  // Fragments may refer to fragments ({INTENT} uses {ADV}); expand until stable.
  for (let i = 0; i < 5 && /\{[A-Z_]+\}/.test(out); i++) {
    out = out.replace(/\{([A-Z_]+)\}/g, (whole, name: string) => {
      const fragment = FRAGMENTS[name];
      if (fragment === undefined) throw new Error(`distress pattern: unknown fragment ${whole}`);
      return fragment;
    });
  }
  return out.replace(/ /g, String.raw`\s+`);
}

interface CompiledRule {
  readonly tier: DistressTier;
  readonly kind: DistressSignalKind;
  /** The pattern and its word end; its word start is checked apart (WORD_BEFORE). */
  readonly regex: RegExp;
  /**
   * Sets of runs of letters (as indices into LITERALS): every match contains one run of each set,
   * so a text lacking every run of some set is not searched. None: always searched.
   */
  readonly literals: readonly (readonly number[])[];
}

/** The shortest run of a set. */
const shortest = (set: readonly string[]) => Math.min(...set.map((l) => l.length));

/**
 * Sets of runs of plain letters such that every match of an expanded pattern contains one run of
 * each set (none when none can be told). A run written outside any class, not made optional by a
 * quantifier, is required alone; the sets of a group that is not optional are required; a
 * top-level alternation requires one run of one set of each branch (for each branch the set whose
 * shortest run is longest). Only sets whose runs are all at least three letters are kept. Only a
 * pre-filter: a text lacking some set cannot match, any other text is searched as before.
 */
export function requiredLiterals(source: string): string[][] {
  const branches = splitTopLevel(source);
  if (branches.length > 1) {
    const all: string[] = [];
    for (const branch of branches) {
      const sets = requiredLiterals(branch);
      if (sets.length === 0) return [];
      all.push(...sets.reduce((best, set) => (shortest(set) > shortest(best) ? set : best)));
    }
    return [all];
  }
  const candidates: string[][] = [];
  let run = "";
  const flush = () => {
    if (run.length > 0) candidates.push([run]);
    run = "";
  };
  const optionalAfter = (i: number) => source[i] === "?" || source[i] === "*" || (source[i] === "{" && source[i + 1] === "0");
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === "\\") {
      flush();
      i++;
      continue;
    }
    if (ch === "[") {
      flush();
      for (i++; i < source.length && source[i] !== "]"; i++) if (source[i] === "\\") i++;
      continue;
    }
    if (ch === "(") {
      flush();
      const close = closingParen(source, i);
      const inner = source.slice(i + 1, close);
      i = close;
      if (inner.startsWith("?=") || inner.startsWith("?!") || inner.startsWith("?<=") || inner.startsWith("?<!")) continue;
      if (optionalAfter(i + 1)) continue;
      candidates.push(...requiredLiterals(inner.startsWith("?:") ? inner.slice(2) : inner));
      continue;
    }
    if (ch === "?" || ch === "*" || ch === "+" || ch === "{") {
      // The quantifier binds the last letter only.
      run = run.slice(0, -1);
      flush();
      continue;
    }
    if (ch >= "a" && ch <= "z") run += ch;
    else flush();
  }
  flush();
  return candidates.filter((set) => shortest(set) >= 3);
}

/** The index of the parenthesis closing the group opened at `open`. */
function closingParen(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const ch = source[i];
    if (ch === "\\") i++;
    else if (ch === "[") {
      for (i++; i < source.length && source[i] !== "]"; i++) if (source[i] === "\\") i++;
    } else if (ch === "(") depth++;
    else if (ch === ")" && --depth === 0) return i;
  }
  throw new Error(`distress pattern: unbalanced group in ${source}`);
}

/** The branches of a source's top-level alternation (one when it has none). */
function splitTopLevel(source: string): string[] {
  const branches: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === "\\") i++;
    else if (ch === "[") {
      for (i++; i < source.length && source[i] !== "]"; i++) if (source[i] === "\\") i++;
    } else if (ch === "(") depth++;
    else if (ch === ")") depth--;
    else if (ch === "|" && depth === 0) {
      branches.push(source.slice(from, i));
      from = i + 1;
    }
  }
  branches.push(source.slice(from));
  return branches;
}

/** Every rule's required runs of letters, each once (rules share many: "myself", "life"). */
const LITERALS: string[] = [];

function compileRules(rules: readonly DistressRule[]): readonly CompiledRule[] {
  const ids = new Map<string, number>();
  const idOf = (literal: string) => {
    let id = ids.get(literal);
    if (id === undefined) ids.set(literal, (id = LITERALS.push(literal) - 1));
    return id;
  };
  return rules.flatMap((rule) =>
    rule.patterns.map((p) => {
      const source = expand(p);
      return {
        tier: rule.tier,
        kind: rule.kind,
        regex: new RegExp(`(?:${source})${WORD_END}`, "gu"),
        literals: requiredLiterals(source).map((set) => set.map(idOf)),
      };
    }),
  );
}

const COMPILED: readonly CompiledRule[] = compileRules(DISTRESS_RULES);

/**
 * LITERALS as one automaton (Aho-Corasick over the letters a-z), so that one pass over a text
 * tells which of them it contains. State 0 is the root; `next` is the full transition table
 * (26 per state); `output` the literal a state spells, or -1; `fail` the state of its longest
 * proper suffix that is a state too.
 */
interface LiteralAutomaton {
  readonly next: Int32Array;
  readonly output: Int32Array;
  readonly fail: Int32Array;
}

function literalAutomaton(literals: readonly string[]): LiteralAutomaton {
  const edges: number[][] = [new Array<number>(26).fill(-1)];
  const outputs: number[] = [-1];
  literals.forEach((literal, id) => {
    let state = 0;
    for (let k = 0; k < literal.length; k++) {
      const c = literal.charCodeAt(k) - 97;
      if (c < 0 || c >= 26) throw new Error(`distress literal "${literal}" is not made of a-z`);
      if (edges[state]![c] === -1) {
        edges[state]![c] = edges.length;
        edges.push(new Array<number>(26).fill(-1));
        outputs.push(-1);
      }
      state = edges[state]![c]!;
    }
    outputs[state] = id;
  });
  const n = edges.length;
  const next = new Int32Array(n * 26);
  const fail = new Int32Array(n);
  // Breadth first: a state's fail link and transitions use those of shallower states.
  const queue: number[] = [];
  for (let c = 0; c < 26; c++) {
    const child = edges[0]![c]!;
    next[c] = child === -1 ? 0 : child;
    if (child !== -1) queue.push(child);
  }
  for (let q = 0; q < queue.length; q++) {
    const state = queue[q]!;
    for (let c = 0; c < 26; c++) {
      const child = edges[state]![c]!;
      if (child === -1) next[state * 26 + c] = next[fail[state]! * 26 + c]!;
      else {
        next[state * 26 + c] = child;
        fail[child] = next[fail[state]! * 26 + c]!;
        queue.push(child);
      }
    }
  }
  return { next, output: Int32Array.from(outputs), fail };
}

const AUTOMATON = literalAutomaton(LITERALS);

/**
 * Which of LITERALS the (folded, lower-case) text contains, exactly as `text.includes(literal)`
 * would say for each: one pass through AUTOMATON instead of a search per literal (several
 * hundred over 5,000 characters, most finding nothing). A literal is all letters, so any other
 * character sends the search back to the root.
 */
function literalsIn(text: string): Uint8Array {
  const { next, output, fail } = AUTOMATON;
  const present = new Uint8Array(LITERALS.length);
  // States whose suffix chain has been read: each chain is walked once.
  const done = new Uint8Array(fail.length);
  let state = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i) - 97;
    if (c < 0 || c >= 26) {
      state = 0;
      continue;
    }
    state = next[state * 26 + c]!;
    for (let s = state; s > 0 && done[s] === 0; s = fail[s]!) {
      done[s] = 1;
      if (output[s]! >= 0) present[output[s]!] = 1;
    }
  }
  return present;
}

/**
 * A plain denial just before a match ("I would never kill myself", "I'm not going to end my
 * life"). "I don't want to …" is not on the list on purpose.
 */
const DENIAL_BEFORE =
  /(?:\b(?:never|won'?t|wouldn'?t|will not|would not|am not going to|'m not going to|not gonna|no intention (?:of|to)|no plans? to)\s+(?:ever\s+)?(?:(?:try|want|plan|attempt|actually|really)\s+(?:to\s+)?)?)$/iu;

/** Folds typographic apostrophes, quotes and dashes to ASCII, one UTF-16 unit for one, so offsets survive. */
function fold(text: string): string {
  return text.replace(/[\u2018\u2019\u201A\u201B\u2032\u02BC\u0060\u00B4]/g, "'").replace(/[\u2010\u2011\u2012\u2013]/g, "-");
}

/**
 * Lower case, one UTF-16 unit for one so offsets survive (the rare character whose lower case is
 * longer, such as "İ", is kept as it is). The rules are written in lower case and run without the
 * case-insensitive flag, which over a 5,000-character text is several times faster.
 */
function lowerInPlace(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = "";
  for (const ch of text) {
    const l = ch.toLowerCase();
    out += l.length === ch.length ? l : ch;
  }
  return out;
}

interface Candidate {
  tier: DistressTier;
  kind: DistressSignalKind;
  text: number;
  start: number;
  end: number;
}

/** Whether each set of required literals has one in the text: loops, as this runs for every rule on every text. */
function literalsPresent(literals: readonly (readonly number[])[], present: Uint8Array): boolean {
  for (const set of literals) {
    let any = false;
    for (const id of set)
      if (present[id] === 1) {
        any = true;
        break;
      }
    if (!any) return false;
  }
  return true;
}

function candidatesIn(original: string, textIndex: number): Candidate[] {
  const folded = lowerInPlace(fold(original));
  const present = literalsIn(folded);
  const found: Candidate[] = [];
  for (const rule of COMPILED) {
    if (!literalsPresent(rule.literals, present)) continue;
    // The matches of `(?<![\p{L}\p{N}_])` + the rule's regex, as matchAll would give them: the
    // look-behind consumes nothing and does not depend on how the rest matches, so where it fails
    // the search goes on from the next code point. The shared regex's lastIndex is set before each
    // search, which runs to its end synchronously.
    const regex = rule.regex;
    regex.lastIndex = 0;
    for (let m = regex.exec(folded); m !== null; m = regex.exec(folded)) {
      const start = m.index;
      if (m[0].length === 0 || WORD_BEFORE.test(folded.slice(Math.max(0, start - 2), start))) {
        regex.lastIndex = start + ((folded.codePointAt(start) ?? 0) > 0xffff ? 2 : 1);
        continue;
      }
      const before = folded.slice(Math.max(0, start - 48), start);
      if (DENIAL_BEFORE.test(before)) continue;
      found.push({ tier: rule.tier, kind: rule.kind, text: textIndex, start, end: start + m[0].length });
    }
  }
  return found;
}

/** Keeps, within each text, non-overlapping spans: lower tier first, then the longer span. */
function resolveOverlaps(candidates: Candidate[]): Candidate[] {
  const ranked = [...candidates].sort((a, b) => a.tier - b.tier || b.end - b.start - (a.end - a.start) || a.text - b.text || a.start - b.start);
  const kept: Candidate[] = [];
  for (const c of ranked) {
    if (!kept.some((k) => k.text === c.text && k.start < c.end && c.start < k.end)) kept.push(c);
  }
  return kept.sort((a, b) => a.text - b.text || a.start - b.start || a.tier - b.tier);
}

function severityOf(signals: readonly DistressSignal[]): DistressLevel | null {
  if (signals.length === 0) return null;
  if (signals.some((s) => s.tier === 1)) return "acute";
  const tier2 = new Set(signals.filter((s) => s.tier === 2).map((s) => s.kind));
  const tier3 = new Set(signals.filter((s) => s.tier === 3).map((s) => s.kind));
  if (tier2.size > 0) {
    if (tier2.has("finality") && tier2.size >= 2) return "acute";
    if (tier3.size >= 2) return "acute";
    return "moderate";
  }
  return "mild";
}

/**
 * Examines the person's own texts (for a consult: `input`, then `clarification_response` on
 * the continuation turn). Deterministic and pure. Null or empty entries are skipped.
 */
export function detectDistress(texts: readonly (string | null | undefined)[]): DistressAssessment {
  const candidates: Candidate[] = [];
  texts.forEach((text, i) => {
    if (typeof text === "string" && text.length > 0) candidates.push(...candidatesIn(text, i));
  });
  const seen = new Set<string>();
  const signals: DistressSignal[] = [];
  for (const c of resolveOverlaps(candidates)) {
    const quote = (texts[c.text] as string).slice(c.start, c.end);
    const key = `${c.tier}|${c.kind}|${quote}`;
    if (seen.has(key)) continue;
    seen.add(key);
    signals.push({ tier: c.tier, kind: c.kind, quote });
  }
  const severity = severityOf(signals);
  const redirect = severity === "acute" || severity === "moderate";
  return { severity, redirect, signals, suggested_user_message: redirect ? DISTRESS_MESSAGE : null };
}
