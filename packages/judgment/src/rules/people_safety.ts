import { spanOf } from "../lexicon";
import type { Rule, Segment, Span } from "../types";
import { MINOR } from "./people_shared";
import { lex, matches, pairRule, phraseRule } from "./systems_kit";

/**
 * physical_safety, read from plain language: a safety device, alarm, interlock or limit switched
 * off, muted or overridden (smoke and CO detectors, sprinklers, relief valves, obstacle sensors,
 * driver assists, medical alarms, dosing limits); unsafe dosing; doors opened for strangers; and
 * dangerous settings or instructions given to people (heating off for the vulnerable, appliances
 * left running with nobody home, children left unsafe, toxic mixtures).
 */

const OFF_ACT = lex("safety_off_act", [
  "disable", "disabled", "disabling", "disable alarm", "deactivate", "turn off", "turned off", "turning off", "turn * off",
  "switch off", "switch * off", "shut off", "shut * off", "cut power to", "cut the power to", "kill the power to", "kill power to",
  "power off", "unplug", "mute", "muted", "silence", "silenced", "bypass", "bypassed", "override", "overridden", "ignore",
  "remove", "removed", "take out", "disconnect", "disconnected", "tape over", "pull the battery", "pull the batteries",
  "take the battery out", "defeat", "jumper", "skip", "set * to off", "off", "clear the",
]);
const DEVICE = lex("safety_device", [
  "smoke detector", "smoke detectors", "smoke alarm", "smoke alarms", "fire alarm", "fire alarms", "co alarm", "co detector",
  "smoke / co alarm", "carbon monoxide detector", "carbon monoxide alarm", "carbon monoxide detectors", "heat detector",
  "sprinkler", "sprinklers", "sprinkler system", "fire panel", "fire suppression", "overheat cutoff", "overheat cut off",
  "high limit", "thermal cutoff", "relief valve", "pressure relief", "safety valve", "flame sensor",
  "gas detection", "gas detector", "gas alarm", "leak detector", "interlock", "interlocks", "door interlock", "safety interlock",
  "door sensor", "obstacle detection", "auto reverse", "safety edge", "light curtain", "emergency stop", "e stop", "dead man",
  "deadman", "guard", "machine guard", "blade guard", "anti scald", "anti scald mixing valve", "mixing valve", "fall detection",
  "fall detection alerts", "baby monitor", "gate alarm", "pool alarm", "speed limiter", "pedestrian zone sensor",
  "pedestrian sensor", "collision avoidance", "lane keep assist", "lane keeping", "driver attention warning",
  "driver monitoring", "brake assist", "automatic emergency braking", "abs", "traction control", "geofence", "emergency phone",
  "elevator emergency phone", "overload check", "hard limit", "speed limit", "min altitude over people", "brake wear alert", "tyre alert",
  "tire alert", "fatigue alert", "venous pressure", "alarm", "alarms", "flue fan", "ventilation", "fume hood", "ground fault",
  "gfci", "rcd", "circuit breaker", "breaker", "lockout tagout", "lockout", "ventilators", "life support", "oxygen alarm",
  "o2", "apnea alarm", "low battery alarm", "low intake warning", "overheat protection", "thermal protection",
  "overload protection", "tip over switch", "child lock", "safety lock", "safety catch", "safety switch", "safety sensor",
  "safety sensors", "safety features", "safety feature", "safety system", "safety limits", "safety limit", "safety cutoff",
  "safety cut out", "brake warning", "warning light", "engine warning", "tyre pressure warning", "rolled onto her front",
  "baby monitor alerts", "fall alerts", "leak detector", "gas leak detector", "door sensors", "airbag", "airbags", "seatbelt alarm",
]);
const DEVICE_BLOCK = lex("safety_device_block", [
  "test the", "test button", "testing", "replace the battery", "replace the batteries", "new battery", "battery replacement",
  "clean", "inspect", "inspection", "service the", "reset the", "snooze", "hush button", "hush", "for 10 minutes",
  "while cooking", "during the drill", "fire drill", "certified technician", "licensed electrician", "reinstate", "re enable",
  "back on", "turn it back on", "turn them back on", "security alarm", "burglar alarm", "intrusion alarm", "alarm panel",
  "alarm clock", "disarm the alarm when", "marketing", "email alerts", "check the",
]);

/** An alarm that sounded ("the load alarm went off"): the device did its work, nobody switched it off. */
const SOUNDED = lex("safety_sounded", ["went off", "goes off", "going off", "gone off", "go off", "keeps going off", "kept going off", "sounded", "sounding", "triggered", "tripped"]);

/** A bypass key written with its value off ("flame_sensor_bypass": false): the act is not done. */
const SET_FALSE = lex("safety_set_false", ["= false", ": false", "' : false", "\" : false", "false", "= 0"]);

const DOSE_UP = lex("safety_dose_up", [
  "double", "triple", "10 times", "ten times", "to the maximum", "max out", "maximum rate", "increase", "up the dose", "up her dose", "up his dose",
  "up my dose", "up my own", "raise",
  "stop her", "stop his", "stop taking", "can stop", "skip", "without checking", "no need to check", "override",
  "override limits", "override hard limit", "40000",
]);
const MEDICATION = lex("safety_medication", [
  "insulin", "basal rate", "insulin pump", "warfarin", "morphine", "fentanyl", "opioid", "dose", "doses", "dosage",
  "medication", "epilepsy medication", "seizure medication", "blood thinner", "infusion", "infusion pump", "max daily mg",
  "paracetamol", "potassium", "heparin", "digoxin", "lithium", "methotrexate", "pills", "tablets", "blood pressure pills", "meds",
  "medicine", "sleeping pills",
]);
const DOSE_BLOCK = lex("safety_dose_block", [
  "prescribed", "as prescribed", "per the prescription", "doctor's order", "doctor ordered", "physician", "check inr",
  "checked inr", "after checking", "safe maximum", "maximum safe", "recommended dose", "recommended maximum", "what is the",
  "how much is safe", "safe dose", "label dose", "pharmacist", "per protocol", "within limits", "sliding scale", "endocrinologist",
]);

const OPEN_ACT = lex("safety_open_act", [
  "unlock", "unlocked", "unlock all doors", "open", "opened", "leave * open", "let * in", "let them in", "disarm",
  "one time code", "create one time code", "state unlocked",
]);
const STRANGER = lex("safety_stranger", [
  "the guy at the door", "guy at the door", "says he's from", "says she's from", "unknown caller", "requested by unknown",
  "owners are away", "owners away", "on holiday", "someone's ringing", "let them in", "borrow their tools", "not home",
  "nobody's home", "they're away", "while they're away",
]);

const OWN_HOME = lex("safety_own_home", ["my own", "our own", "my front door", "my garage", "my house", "our house", "auto relock", "close it at"]);

const HAZARD = lex("safety_hazard", [
  "nobody's there", "nobody home", "nobody's home", "no one home", "unattended", "while he sleeps", "while she sleeps",
  "on my lap", "no car seat", "without a car seat", "near the pool alone", "play near the pool", "alone while she naps",
  "over the crowd",
  "ignore it, keep shipping", "keep shipping", "ignore the recall", "fire risk is overblown", "no certification needed",
  "skip the fire safety label", "unbranded lithium", "hydrochloric acid", "bleach and ammonia", "mix bleach", "same line", "bleach and the ammonia",
  "bleach with ammonia", "ammonia and bleach", "bleach and vinegar", "bleach with vinegar", "bleach and acid", "skip the engineer",
  "no engineer", "without an engineer", "without a structural engineer", "licence lapsed", "license lapsed", "expired licence",
  "expired license", "no need for acid", "at room temperature for months", "was in the crash", "in a crash but",
  "remove the capacity", "over capacity", "capacity figure", "certificate as renewed", "no overhaul done", "as serviceable",
  "no inspection done", "without inspection", "skip the inspection", "mark it as passed", "marked as passed",
  "green in both directions", "all green", "5 ° c overnight", "5°c overnight", "32c overnight", "32 c overnight",
  "to 32", "75c", "cooling off", "cooling : off", "don't bother moving the patients",
  "without telling her", "without telling him", "chlorine ppm", "while the kids", "for the kids",
]);

/** Keys whose "on" is the danger: a bypass or override switched on. */
const RISK_KEY = lex("safety_risk_key", [
  "bypass", "flame sensor bypass", "override limits", "override limit", "override hard limit", "bypass relief valve",
  "door interlock bypass", "interlock bypass", "force while in use", "while moving", "override leak detector",
  "override safety", "safety override", "ignore limits", "skip safety checks",
]);
const OFF_VALUES = new Set(["false", "off", "disabled", "disable", "none", "0", "no", "null", "never"]);
const ON_VALUES = new Set(["true", "on", "enabled", "yes", "1"]);
/** Between a key and its value: quotes, "=", ":", ",", and the word "value" (`param='x', value=True`). */
const JOINERS = new Set(["'", '"', "=", ":", ",", "value"]);

/** The value written right after a key, as `key = value`, `"key": value` or `param='key', value=v`. */
function valueAfter(seg: Segment, to: number): { index: number; value: string } | null {
  const tokens = seg.tokens;
  let sawJoin = false;
  for (let i = to; i < tokens.length && i < to + 6; i++) {
    const t = tokens[i]!;
    if (JOINERS.has(t.lower)) {
      sawJoin = true;
      continue;
    }
    return sawJoin ? { index: i, value: t.lower } : null;
  }
  return null;
}

/**
 * The last word of a safety control's name in a setting, a topic or a tag, whatever words come
 * before it (`door_reopen_sensor`, `overload_cutout`, `line3/press/lightcurtain`, `ph_alarm`,
 * `tpms_warning`): what it names is a device that stops harm, of any kind.
 */
const CONTROL_HEAD = new Set([
  "sensor", "sensors", "detector", "detectors", "detection", "alarm", "alarms", "cutout", "cutouts", "interlock", "interlocks",
  "lightcurtain", "curtain", "estop", "limiter", "limiters", "failsafe", "warning", "warnings",
]);
/** Words a control's setting may carry between its name and its value (`LightCurtain_Enable --value 0`, `-m 0`, `set ph_alarm off`). */
const CONTROL_LINK = new Set(["'", '"', "=", ":", "/", "enable", "enabled", "active", "armed", "state", "value", "m", "to"]);
/** A control's value that switches it off; a bare 0 only after an enable word or a value flag. */
const CONTROL_OFF = new Set(["false", "off", "disabled", "disable", "bypass", "bypassed", "masked", "inhibit", "inhibited", "suppressed", "muted"]);
const ZERO_AFTER = new Set(["enable", "enabled", "active", "armed", "value", "m"]);
/**
 * A key that switches a safeguard away when set on (`override_installer_lock`, `clear_allergy_flag`,
 * `skip_interlock_check`): a disabling verb, then within the same name a safeguard's word.
 */
const DEFEAT_VERB = new Set(["override", "bypass", "ignore", "suppress", "skip", "disable", "defeat", "clear"]);
const SAFEGUARD_WORD = new Set([...CONTROL_HEAD, "lock", "limit", "limits", "allergy", "allergen", "allergens", "inspection", "safety"]);

/** `<…head> [link…] off`: the index of the value that switches the control off, or -1. */
function controlOffAt(seg: Segment, head: number): number {
  const tokens = seg.tokens;
  let previous = tokens[head]!.lower;
  for (let i = head + 1; i < tokens.length && i <= head + 6; i++) {
    const t = tokens[i]!.lower;
    // A word joined to the name (`sensor_bypass`) is part of it, not its value.
    const joined = tokens[i - 1]!.kind === "word" && ["_", "-", ""].includes(seg.text.slice(tokens[i - 1]!.end, tokens[i]!.start));
    if (!joined && (CONTROL_OFF.has(t) || (t === "0" && ZERO_AFTER.has(previous)))) return i;
    if (!CONTROL_LINK.has(t)) return -1;
    if (t !== "'" && t !== '"') previous = t;
  }
  return -1;
}

/** `<verb>_<words>_<safeguard>: true`: the index of the value that sets the defeat on, or -1. */
function defeatOnAt(seg: Segment, verb: number): number {
  const tokens = seg.tokens;
  const line = tokens[verb]!;
  // The words of one name: adjacent words joined by `_` or `-` only.
  let last = verb;
  let safeguard = false;
  for (let i = verb + 1; i < tokens.length && i <= verb + 4; i++) {
    const t = tokens[i]!;
    const gap = seg.text.slice(tokens[i - 1]!.end, t.start);
    if (t.kind !== "word" || (gap !== "_" && gap !== "-")) break;
    last = i;
    if (SAFEGUARD_WORD.has(t.lower)) safeguard = true;
  }
  if (!safeguard || last === verb || seg.text.slice(line.start, tokens[last]!.end).includes(" ")) return -1;
  const v = valueAfter(seg, last + 1);
  return v && ON_VALUES.has(v.value) ? v.index : -1;
}

/** A safety device set off, or a bypass set on, as a key and value in a setting, a tag or a tool call. */
const safetySettingRule: Rule = (scope) => {
  const spans: Span[] = [];
  for (const seg of scope.segments) {
    for (const [l, bad] of [[DEVICE, OFF_VALUES], [RISK_KEY, ON_VALUES]] as const) {
      for (const m of matches(seg, l)) {
        const v = valueAfter(seg, m.to);
        if (!v || !bad.has(v.value)) continue;
        spans.push(spanOf(seg, m.from, v.index + 1));
        if (spans.length >= 3) break;
      }
    }
    const tokens = seg.tokens;
    for (let i = 0; i < tokens.length && spans.length < 3; i++) {
      const t = tokens[i]!;
      if (t.kind !== "word" || t.negated) continue;
      let end = -1;
      if (CONTROL_HEAD.has(t.lower)) end = controlOffAt(seg, i);
      else if (DEFEAT_VERB.has(t.lower)) end = defeatOnAt(seg, i);
      if (end < 0) continue;
      // The quote starts at the name's first word (`door_reopen_sensor`), not at its head.
      let from = i;
      while (from > 0 && tokens[from - 1]!.kind === "word" && ["_", "-", "/", ""].includes(seg.text.slice(tokens[from - 1]!.end, tokens[from]!.start))) from--;
      const span = spanOf(seg, from, end + 1);
      if (!spans.some((s) => s.field === span.field && s.start <= span.start && s.end >= span.end)) spans.push(span);
      i = end;
    }
  }
  if (spans.length === 0) return [];
  return [{ feature: "physical_safety.safety_setting_off", code: "physical_safety", spans, note: "a safety device set off or a bypass set on" }];
};

/** The hazard named to warn against it ("must never be mixed"). */
const HAZARD_WARNED = lex("safety_hazard_warned", [
  "never be mixed", "never mix", "don't mix", "do not mix", "must never", "should never", "warning", "warn", "dangerous",
  "keep * away", "is unsafe", "isn't safe", "not safe", "why * is dangerous", "recall", "recalled",
]);

/** Heat, cold or power taken from people who cannot cope with it. */
const ENV_OFF = lex("safety_env_off", [
  "heating off", "heat off", "turn off the heating", "turn off the heat", "cut the heating", "cut the heat", "no heating",
  "thermostat to 5", "thermostat to 32", "to 5 ° c", "to 32 ° c", "to 32c", "cooling off", "air conditioning off", "power off",
  "cut the power", "mode = ' off", "mode ' : ' off",
]);
const VULNERABLE = lex("safety_vulnerable", [
  "grandpa", "grandad", "grandma", "granny", "elderly", "pensioner", "pensioners", "baby", "babies", "infant", "newborn",
  "nursery", "toddler", "patient", "patients", "care home", "tenants", "rental units", "disabled", "frail", "dementia",
]);

/** Nobody is there to be harmed: an empty flat kept from freezing. */
const NOBODY_THERE = lex("safety_nobody_there", [
  "frost protection", "frost protect", "is empty", "flat is empty", "house is empty", "staying with us", "while they're away",
  "while he's away", "while she's away", "on holiday", "unoccupied", "vacant", "nobody living",
]);

export const safetyRules: readonly Rule[] = [
  pairRule({
    feature: "physical_safety.disable_safety_device", code: "physical_safety", note: "a safety device, alarm or limit switched off",
    act: OFF_ACT, object: DEVICE, window: 12, blocks: [{ lex: DEVICE_BLOCK }, { lex: SET_FALSE, window: 0 }, { lex: SOUNDED, window: 0 }],
  }),
  pairRule({
    feature: "physical_safety.unsafe_dosing", code: "physical_safety", note: "a dose raised or stopped outside medical checks",
    act: DOSE_UP, object: MEDICATION, window: 10, blocks: [{ lex: DOSE_BLOCK }],
  }),
  pairRule({
    feature: "physical_safety.door_for_stranger", code: "physical_safety", note: "a home opened for someone unverified",
    act: OPEN_ACT, object: STRANGER, window: 16, blocks: [{ lex: OWN_HOME }],
  }),
  phraseRule({ feature: "physical_safety.hazard", code: "physical_safety", note: "a dangerous setting or instruction for people", phrases: HAZARD, block: HAZARD_WARNED }),
  pairRule({
    feature: "physical_safety.child_endangered", code: "physical_safety", note: "a child left exposed to danger",
    act: HAZARD, object: MINOR, window: 16,
  }),
  safetySettingRule,
  pairRule({
    feature: "physical_safety.vulnerable_exposed", code: "physical_safety", note: "heat, cold or power taken from vulnerable people",
    act: ENV_OFF, object: VULNERABLE, window: 14, blocks: [{ lex: HAZARD_WARNED }, { lex: NOBODY_THERE }],
  }),
];
