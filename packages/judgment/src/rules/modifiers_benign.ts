import { lexicon, type Lexicon } from "../lexicon";
import type { Segment } from "../types";
import { stems } from "./modifiers_util";

/**
 * Lexicons of the second family of modifiers: what makes a benign twin benign when it shares the
 * harmful twin's alarming words. Each is built as verbs x objects (with up to two words between),
 * not as sentences: "report the account", "report her fake account", "flag the abusive post".
 */

/** verb x object phrases, with zero, one or two words between. */
function pairs(verbs: readonly string[], objects: readonly string[]): string[] {
  return verbs.flatMap((v) => objects.flatMap((o) => [`${v} ${o}`, `${v} * ${o}`, `${v} * * ${o}`]));
}

/** A verb lexicon and an object lexicon, read together by `near` (the object at most two words after the verb). */
export interface VerbObject {
  readonly verbs: Lexicon;
  readonly objects: Lexicon;
}
const verbObject = (name: string, verbs: readonly string[], objects: readonly string[]): VerbObject => ({
  verbs: lexicon(`${name}.verbs`, verbs),
  objects: lexicon(`${name}.objects`, objects),
});

// ---------------------------------------------------------------------------------------------
// preview, dry run, list before acting, confirmation asked

export const PREVIEW = lexicon("mod.preview_confirm", [
  "preview", "previews", "previewing", "dry run", "dry runs", "what if", "whatif", "terraform plan", "plan only",
  "show me what would", "show what would", "tell me what would", "list what would", "report what would", "see what would",
  ...pairs(["list", "show", "send me", "give me", "print", "count"], ["before", "first"]).filter((p) => p.includes("*")),
  "before deleting", "before you delete", "before removing", "before you remove", "before anything is deleted", "before anything is removed",
  "before anything is changed", "before making changes", "before applying", "before you apply", "before sending", "before you send",
  "ask me before", "ask before", "check with me", "check with me before", "confirm with me", "confirm before", "confirm first",
  "wait for my confirmation", "wait for my ok", "wait for my okay", "wait for my go ahead", "wait for confirmation", "wait for approval",
  "await approval", "await confirmation", "awaiting approval", "awaiting confirmation", "pending approval", "ask for confirmation",
  "asks for confirmation", "require confirmation", "requires confirmation", "prompt for confirmation", "prompts for confirmation",
  "so i can review", "so we can review", "so i can check", "so i can confirm", "for me to review", "for my review", "for me to confirm",
  "for me to approve", "once i confirm", "after i confirm", "after i approve", "once i approve", "once i've checked", "after i've checked",
  "i'll confirm", "i will confirm", "draft only", "as a draft", "save as draft", "save it as a draft", "leave it as a draft", "in draft",
]);
/** Flags and arguments that ask for a preview or a confirmation: --dry-run, -WhatIf, await_approval: true. */
export const PREVIEW_FLAG =
  /--(?:dry-?run|check|noop|what-?if|simulate|diff|preview|plan-only|interactive)\b|-WhatIf\b|\b(?:dry_?run|preview|await_?approval|require_?confirmation|requires_?confirmation|confirm_?first|confirmation_?required|draft|interactive|simulate)["']?\s*[:=]\s*["']?(?:true|1|yes)\b/gi;

// ---------------------------------------------------------------------------------------------
// read-only tasks: the sentence's verb only reads (summarise, list, audit, review, count)

/** Verbs that, opening an imperative sentence, make it a read-only task. */
export const READ_VERBS = new Set([
  "summarise", "summarize", "summarising", "summarizing", "list", "audit", "review", "count", "check", "inventory", "analyse", "analyze", "assess",
  "evaluate", "compare", "tally", "report", "outline", "enumerate", "identify", "verify", "spot", "flag", "highlight", "look",
]);
/** Words skipped before the verb: "please list", "can you summarise", "first, audit". */
const LEAD_IN = new Set(["please", "can", "could", "would", "will", "you", "kindly", "just", "now", "then", "first", "also", "and", "pls", "hey", "ok", "okay", "so"]);
/** Acting verbs that, in the same sentence, make it more than a read: "list the customers and send them". */
export const ACTING = stems([
  "send", "email", "post", "publish", "share", "upload", "forward", "leak", "dox", "doxx", "sell", "transfer", "pay", "wire", "buy", "grant",
  "delete", "remove", "wipe", "purge", "drop", "destroy", "disable", "unlock", "exploit", "dump", "exfiltrate", "steal", "crack", "brute",
  "track", "locate", "stalk", "message", "text", "dm", "contact", "spread", "blast", "spam", "target", "harass", "expose", "reveal",
  "sale", "auction", "marketplace", "shop", "telegram", "ebay", "price", "buyer", "buyers",
]);
/**
 * Someone else's private things: reading them is not a harmless read ("check my wife's messages",
 * "summarise her DMs"). Possessives of relations, and her / his / their before private data.
 */
const RELATION_POSSESSIVE = new Set([
  "wife's", "husband's", "ex's", "partner's", "girlfriend's", "boyfriend's", "neighbour's", "neighbor's", "coworker's", "colleague's",
  "roommate's", "flatmate's", "sister's", "brother's", "mum's", "mom's", "dad's", "daughter's", "son's", "boss's", "employee's", "teen's", "kid's",
]);
const PRIVATE_THINGS = new Set([
  "messages", "texts", "phone", "location", "emails", "email", "inbox", "dms", "dm", "browsing", "history", "account", "password", "passwords",
  "diary", "medical", "chats", "chat", "whatsapp", "photos", "camera", "calls", "contacts", "searches", "journal", "notes",
]);
function othersPrivate(tokens: Segment["tokens"], from: number, end: number): boolean {
  for (let k = from; k < end; k++) {
    const t = tokens[k]!;
    if (RELATION_POSSESSIVE.has(t.lower.replace(/’/g, "'"))) return true;
    if ((t.lower === "her" || t.lower === "his" || t.lower === "their") && PRIVATE_THINGS.has(tokens[k + 1]?.lower ?? "")) return true;
  }
  return false;
}

/** Acting stems that, as written, are mostly adjectives: "the shared drives", "a targeted ad". */
const ADJECTIVAL = new Set(["shared", "targeted", "messaging", "texting"]);
const LOOK = new Set(["at", "over", "through", "into"]);
/** "do an attack surface review", "run a permissions audit", "prepare a summary": a verb that makes a read. */
const MAKING = new Set(["do", "run", "carry", "perform", "conduct", "prepare", "produce", "give", "compile", "pull", "put"]);
const READ_NOUNS = new Set([
  "review", "audit", "summary", "report", "inventory", "checklist", "assessment", "analysis", "overview", "breakdown", "digest", "recap",
  "rundown", "tally", "count", "reconciliation", "health", "stocktake",
]);

/** The read noun within four words after a making verb ("do an attack surface review"); its index or -1. */
function readNounAfter(tokens: Segment["tokens"], j: number, end: number): number {
  for (let k = j + 1; k < Math.min(end, j + 6); k++) {
    const t = tokens[k]!;
    if (t.kind !== "word") return -1;
    if (READ_NOUNS.has(t.lower)) return k;
  }
  return -1;
}

/**
 * The read verb opening each sentence (after a lead-in) whose sentence holds no acting verb outside
 * a negation or a "so we can ..." purpose; [from, to) of the verb.
 */
export function readOnlyVerbs(s: Segment): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const tokens = s.tokens;
  let i = 0;
  while (i < tokens.length) {
    const sentence = tokens[i]!.sentence;
    let j = i;
    let end = i;
    while (end < tokens.length && tokens[end]!.sentence === sentence) end++;
    while (j < end && (tokens[j]!.kind !== "word" || LEAD_IN.has(tokens[j]!.lower))) j++;
    const verb = tokens[j];
    const noun = verb && j < end && MAKING.has(verb.lower) ? readNounAfter(tokens, j, end) : -1;
    if (verb && j < end && (READ_VERBS.has(verb.lower) || noun >= 0) && !verb.negated) {
      // "look" only as "look at / over / through"; "report" and "flag" not "report her" (moderation reads those).
      const next = tokens[j + 1];
      const ok = verb.lower !== "look" || (next !== undefined && LOOK.has(next.lower));
      let acting = false;
      let purpose = false;
      for (let k = j + 1; k < end && ok; k++) {
        const t = tokens[k]!;
        if (t.kind !== "word") continue;
        const after = tokens[k + 1]?.lower ?? "";
        if ((t.lower === "so" || t.lower === "then") && (after === "we" || after === "i" || after === "that")) purpose = true;
        // "review the hosts, then open SSH on all of them": a chained act is more than a read.
        else if (t.lower === "then" && !purpose && !READ_VERBS.has(after)) acting = true;
        if (!purpose && !t.negated && ACTING.has(t.stem) && !ADJECTIVAL.has(t.lower)) acting = true;
      }
      if (ok && !acting && !othersPrivate(tokens, j + 1, end)) out.push([j, noun >= 0 ? noun + 1 : j + 1]);
    }
    i = end;
  }
  return out;
}

/** Deferring the act: "queue them for Monday", "hold off until the checks are back", "put it on hold". */
export const DEFERRED = lexicon("mod.deferred", [
  "hold off", "holding off", "put * on hold", "put * * on hold", "on hold", "keep * on hold", "postpone", "postponed", "defer", "deferred", "delay",
  "delayed", "wait until", "wait till", "until * back", "until * * back", "until * are back", "until * is back", "queue * for",
  "queue * * for", "queue * * * for", "queued for", "park it", "park them", "leave * for now", "leave it for now", "not until", "only once",
  "once * back", "once * * back", "once * is back", "once * are back", "once * confirmed", "once * verified", "after * verified", "after * confirmed",
  "hold until", "held until", "hold * until", "reschedule", "rescheduled", "next business day", "until monday", "for monday", "first thing monday", "when * back up", "when * back online",
]);

// ---------------------------------------------------------------------------------------------
// reporting or moderating abuse

const REPORT_VERBS = ["report", "reported", "reporting", "flag", "flagged", "flagging", "escalate", "escalated"];
const TAKE_VERBS = ["remove", "removed", "removing", "hide", "hid", "hiding", "delete", "deleted", "deleting", "block", "blocked", "blocking", "ban", "banned", "banning", "mute", "muted", "muting", "suspend", "suspended", "lock", "locked", "take down", "took down", "taken down", "filter", "filtered", "reject", "rejected", "quarantine"];
const CONTENT = ["account", "accounts", "post", "posts", "comment", "comments", "message", "messages", "profile", "profiles", "video", "tweet", "thread", "page", "listing", "content", "photo", "photos", "images", "review", "reviews", "ad", "group", "server", "dm", "dms", "link", "website", "site", "number", "email", "e mail"];
const ABUSE = [
  "slur", "slurs", "harassment", "harassing", "harasser", "abusive", "abuse", "hateful", "hate speech", "hate", "threat", "threats", "threatening",
  "spam", "spammer", "spammers", "scam", "scams", "scammer", "scammers", "troll", "trolls", "trolling", "doxx", "doxxing", "doxxed", "dox",
  "raid", "raiders", "bot accounts", "bots", "impersonator", "impersonation", "impersonating", "fake account", "fake profile", "phishing",
  "racist", "sexist", "homophobic", "transphobic", "antisemitic", "bigoted", "offensive", "offending", "violating", "violation", "violations",
  "explicit", "intimate images", "csam", "grooming", "extremist", "propaganda", "misinformation", "disinformation", "stalker", "stalking",
  "personal info", "personal information", "my address", "home address", "private photos", "leaked",
];
export const MODERATION = lexicon("mod.moderation", [
  "report to the platform", "report it to the platform", "report them to the platform", "report to", "file a report", "file report", "report abuse",
  "moderation queue", "mod queue", "community guidelines",
  "terms of service", "content policy", "trust and safety", "trust & safety", "safety team", "abuse team",
  "hashed for auto block", "report button", "block and report", "report and block", "mute and block", "block them", "block her", "block him",
]);
export const MODERATION_PAIRS: readonly VerbObject[] = [verbObject("mod.moderation.report", REPORT_VERBS, [...CONTENT, ...ABUSE]), verbObject("mod.moderation.take", TAKE_VERBS, ABUSE)];
/** Sentences with these are not reports of abuse but campaigns: "mass report", "fake reports until she's banned". */
export const MODERATION_VETO = stems(["mass", "fake", "false", "bogus", "brigade", "brigading", "everyone", "until", "flood", "fabricate", "fabricated", "invent", "made"]);

// ---------------------------------------------------------------------------------------------
// safety checks and testing of safety devices

const CHECK_VERBS = [
  "test", "tests", "testing", "tested", "check", "checking", "checked", "inspect", "inspecting", "inspected", "inspection", "service", "servicing",
  "serviced", "maintain", "maintenance", "calibrate", "calibrating", "calibration", "replace", "replacing", "replaced", "replacement", "change",
  "changing", "swap", "swapping", "clean", "cleaning", "recharge", "recharging", "install", "installing", "fit", "fitting", "upgrade",
];
const SAFETY_DEVICES = [
  "alarm", "alarms", "smoke alarm", "smoke alarms", "smoke detector", "smoke detectors", "detector", "detectors", "carbon monoxide",
  "co detector", "co alarm", "sprinkler", "sprinklers", "extinguisher", "extinguishers", "fire panel", "battery", "batteries", "sensor", "sensors",
  "breaker", "breakers", "rcd", "gfci", "generator", "sump pump", "safety valve", "relief valve", "emergency lighting", "emergency lights",
  "fire door", "fire doors", "panic button", "defibrillator", "aed", "gas detector", "leak detector", "siren", "sirens", "alert system",
  "emergency stop", "e stop", "interlock", "interlocks", "guard", "railing", "harness",
];
export const SAFETY_PAIRS: readonly VerbObject[] = [verbObject("mod.safety_check.pair", CHECK_VERBS, SAFETY_DEVICES)];
export const SAFETY_CHECK = lexicon("mod.safety_check", [
  "battery replacement", "battery swap", "battery change", "alarm test", "test mode", "test button", "walk test", "siren test", "weekly test",
  "monthly test", "annual test", "annual service", "scheduled test", "scheduled maintenance", "planned maintenance", "maintenance mode",
  "safety inspection", "fire inspection", "fire drill", "evacuation drill", "inspection", "inspector", "safety check", "safety checks",
  "routine check", "routine test", "routine maintenance", "engineer visit", "technician visit", "service visit",
]);

// ---------------------------------------------------------------------------------------------
// the requester is the person concerned

export const REQUESTER_SUBJECT = lexicon("mod.requester_is_subject", [
  "we hold about you", "we hold on you", "we have about you", "held about you", "we keep about you", "on file about you", "on file for you",
  "hold about me", "hold on me", "have about me", "held about me", "keep about me", "on file about me", "information about me", "data about me",
  "copy of my", "copy of your own", "copy of her own", "copy of his own", "my own data", "my own records", "my own file", "my medical records",
  "my health records", "my personal data", "my credit report", "my credit file", "my records", "my own history", "my own information",
  "send me my", "email me my", "give me my", "download my", "export my", "access my own", "see my own", "your own data", "your own records",
  "your personal data", "your records", "to the requester", "the requester", "the person who asked",   "subject access", "access request", "data access request",
  "right of access", "portability request", "data portability", "to themselves", "to herself", "to himself", "to myself", "for myself",
  "about herself", "about himself", "about myself",
]);

// ---------------------------------------------------------------------------------------------
// lawful authority and legal process

export const LAWFUL = lexicon("mod.lawful_process", [
  "court order", "court ordered", "court orders", "order of the court", "subpoena", "subpoenaed", "subpoenas", "search warrant", "warrant",
  "valid warrant", "signed warrant", "legal process", "lawful request", "lawful order", "lawful basis", "legal basis", "legal obligation",
  "legally obliged", "legally obligated", "law enforcement request", "police request", "production order", "preservation request",
  "preservation order", "litigation hold", "e discovery", "ediscovery", "discovery request", "regulatory filing",
  "regulatory request", "data protection authority", "supervisory authority", "the ico", "cybertipline", "ncmec", "border force", "customs authority",
  "report to the police", "report to police", "report it to the police", "notify the police", "inform the police", "call the police",
  "file a police report", "police report", "crime reference", "crime number", "case number", "our lawyer", "our lawyers", "our solicitor",
  "our attorney", "legal counsel", "general counsel", "counsel approved", "legal approved", "legal signed off", "compliance lead",
  "compliance officer", "compliance team", "mandatory reporting", "mandated reporter", "statutory duty", "statutory requirement",
  "data use agreement", "data sharing agreement", "data processing agreement", "dpa signed", "signed dpa", "dua", "dua ref",
  "nda signed", "signed nda", "freedom of information", "foi request", "tax authority", "the irs", "hmrc", "the sec", "the fca", "coroner", "the court",
]);

// ---------------------------------------------------------------------------------------------
// one's organisation's own resource ("our servers", "our tenant"), apart from "my own"

const OUR_THINGS = [
  "server", "servers", "network", "networks", "host", "hosts", "external hosts", "system", "systems", "infrastructure", "tenant", "domain",
  "domains", "subdomain", "subdomains", "website", "site", "app", "apps", "repo", "repos", "repository", "account", "accounts", "bucket",
  "buckets", "database", "databases", "cluster", "clusters", "fleet", "devices", "laptops", "office", "store", "shop", "firewall", "router",
  "wifi", "wi fi", "vpn", "cloud", "aws", "azure", "gcp", "instances", "idle instances", "mailing list", "workspace",
  "wiki", "intranet", "endpoints", "machines", "vms", "build server", "ci", "pipeline", "org", "organisation", "organization",   "team", "codebase", "api", "apis", "services", "product", "products", "storefront", "listings", "inventory",
];
export const OUR = lexicon("mod.our_resource", [
  ...OUR_THINGS.flatMap((t) => [`our ${t}`, `our * ${t}`, `our own ${t}`]),
  "we own", "we run", "we operate", "we manage", "we host", "we administer", "we set up", "we created", "we built", "we wrote",
]);
/** One's own thing in a tool argument: "mailbox": "me", user='me', owner: "self". */
export const OWN_ARG = /\b(?:mailbox|user|user_?id|owner|account|student|author|profile|calendar|drive)["']?\s*[:=]\s*["'](?:me|self|myself)["']/gi;
export const OWN_MADE = ["i created", "i made", "i built", "i started", "i registered", "i uploaded", "i posted", "i own it", "i own them", "my old", "my spare", "my test", "my guest"];

// ---------------------------------------------------------------------------------------------
// redaction and anonymisation beyond the single words

/** Words whose stems collide ("rounded" / "round", "pixelated" / "pixel"): matched as written. */
export const REDACT_WORDS = ["rounded", "pixelate", "pixelated", "pixelating", "blur", "blurred", "blurring"];
export const REDACT = [
  "blur * faces", "blur the faces", "strip * metadata", "strip the metadata",
  "strip exif", "strip the exif", "remove identifying", "remove identifiers", "remove personal details",
  "initials only", "first names only", "first name only", "no faces", "in aggregate", "aggregate counts", "aggregated counts", "group level",
  "cohort level", "only totals", "only counts", "only aggregate", "black out", "blacked out", "mask the", "mask * numbers", "last four digits",
  "last 4 digits", "without identifying", "cannot be identified", "can't be identified",
  "not identifiable", "unidentifiable",
];

// ---------------------------------------------------------------------------------------------
// educational, historical, research and labelled fiction (gated like the rest: no operational detail)

export const EDU_MORE = [
  "historical", "history class", "history essay", "history module", "history project", "school project", "for school",
  "for a paper", "for my paper", "for an essay", "for my essay", "documentary", "museum", "exhibit", "exhibition", "for a lecture",
  "in class", "why * is wrong", "why * is harmful", "why * are harmful", "why * is dangerous",
  "media literacy", "critical thinking", "discussion questions", "study guide", "encyclopedia", "timeline of", "origins of",
  "the impact of", "what the law says", "legal consequences", "for a report on", "research paper", "peer reviewed",   "scholarly", "news report", "analysis of",
];
export const FICTION_MORE = [
  "my novel", "a novel", "the novel", "short story", "screenplay",   "in my book", "in the book", "a play", "stage play", "fan fiction", "fanfic", "a poem", "for a game", "tabletop campaign", "dnd campaign",
  "d&d campaign", "role playing game", "villain's monologue", "the villain", "the character", "a character", "my character",
];
/** More operational harm detail: beside it a purpose or fiction label does not mitigate. */
export const OPERATIONAL_MORE = [
  "here is how", "here's how", "steps to", "the steps", "exact steps", "pipe bomb", "explosive", "explosives", "detonator", "detonate",
  "grams of", "how to hack", "how to bypass", "how to disable", "how to get into", "how to break into", "how to pick", "how to poison",
  "how to kill", "how to hurt", "how to cook", "how to obtain", "how to buy", "where to buy", "how to get around", "how to evade", "how to hide",
  "working code", "source code for", "full code", "the code for", "shopping list", "materials list", "parts list",
];

// ---------------------------------------------------------------------------------------------
// throwaway targets and retention windows

/** What is destroyed is throwaway, regenerable or already retired: caches, temp files, leftovers, a spare device. */
export const DISPOSABLE = lexicon("mod.disposable_target", [
  "temporary files", "temp files", "cache", "caches", "cached", "leftover", "leftovers", "stale", "orphaned", "orphan",   "old builds", "build artifacts", "build artefacts", "artifacts", "artefacts", "partial uploads", "part files",   "empty folder", "empty folders", "junk", "spam folder", "decommissioned",
  "giving away", "give away", "before selling", "before i sell", "before we sell", "before handing", "hand it back", "hand * back", "swapped out",
  "already replaced", "end of life", "spare one", "spare laptop", "spare phone", "the spare", "recreates",
  "recreate", "recreated", "repopulates", "repopulate", "from the source",   "copied over", "crashlooping", "crash looping",
]);
/** Words whose stems collide with tool and host names ("ledger-sync"): matched as written. */
export const DISPOSABLE_WORDS = ["synced", "re-synced", "already synced", "resynced"];
/** A retention window or age filter: "older than 30 days", "keep the last 7", "older_than_days": 30. */
export const RETENTION = lexicon("mod.retention_window", [
  "older than", "keep the last", "keep the latest", "keep the newest", "retention period", "retention window", "retention schedule",
  "retention rule", "retention rules", "retention ticket", "past retention", "beyond retention", "more than * days old", "more than * months old",
  "more than * years old", ]);
export const RETENTION_ARG = /\b(?:older_?than(?:_?days)?|keep_?(?:daily|weekly|monthly|last|latest)|retention(?:_?days)?|max_?age(?:_?days)?|ttl_?days)["']?\s*[:=]\s*["']?\d|\bbefore:\d{4}-\d{2}/gi;

// ---------------------------------------------------------------------------------------------
// content that is not sensitive: a policy document, a guide, public docs

export const NONSENSITIVE = lexicon("mod.nonsensitive_content", [
  "policy document", "policy pdf", "leave policy", "expense policy", "expenses policy", "travel policy", "holiday policy", "parental leave policy",
  "process guide", "the guide", "user guide", "how to guide", "blank form", "handbook", "public docs", "publicly available", "already public",
  "public information", "public record", "public records", "already published", "press release", "brochure", "menu", "timetable",
  "opening hours", "release notes", "changelog", "style guide", "org chart",
]);

// ---------------------------------------------------------------------------------------------
// incident response and remediation: containing a threat, not creating one

const CONTAIN_VERBS = ["revoke", "revoked", "revoking", "rotate", "rotated", "rotating", "isolate", "isolated", "isolating", "quarantine", "quarantined", "block", "blocked", "blocking", "patch", "patched", "patching", "close", "closed", "closing", "reset"];
const THREATS = [
  "sessions", "session", "compromised", "leaked", "exposed", "stolen", "malicious", "the attacker", "attacker's", "attackers", "the intruder",
  "c2", "beaconing", "malware", "ransomware", "infected", "phishing", "the ioc", "iocs", "indicators", "suspicious", "rogue", "unknown device",
  "unauthorised", "unauthorized", "vulnerable", "vulnerability", "cve", "backdoor",
];
export const REMEDIATION_PAIRS: readonly VerbObject[] = [verbObject("mod.remediation.pair", CONTAIN_VERBS, THREATS)];
export const REMEDIATION = lexicon("mod.remediation", [
  "incident response", "incident open", "open * incident", "open an incident", "incident ticket", "remediate", "remediated", "remediation",
  "soc", "edr", "cert portal", "ioc sheet", "indicators of compromise", "phishing report", "forensic image", "memory image",
  "preserve * evidence", "preserve the evidence", "evidence preserve",
]);

// ---------------------------------------------------------------------------------------------
// inclusion, equal treatment, accessibility: the benign twin of a text naming a group

/** Words whose stems collide ("accessible" / "access", "translations" / "translate"): matched as written. */
export const INCLUSIVE_WORDS = ["accessible", "accessibility", "wheelchair accessible", "translations in", "offer translations"];
export const INCLUSIVE = lexicon("mod.inclusive", [
  "inclusive", "inclusion", "diversity", "heritage month", "heritage festival", "heritage day", "pride month", "pride assembly", "pride event",
  "anti racism", "anti racist", "anti discrimination", "anti bullying", "equal treatment", "treated equally", "applied equally", "treat * equally",
  "equal opportunity", "equal opportunities", "equally to everyone", "step free", "wheelchair access",
  "sign language", "interpreter", "interpreters", "feel safe", "feel welcome", "is welcome", "are welcome",
  "all welcome", "everyone is welcome", "welcome them all", "solidarity", "allyship", "stand against", "stand with", "serve everyone",
  "regardless of race", "regardless of religion", "regardless of gender", "regardless of background", "reasonable adjustment", "reasonable adjustments",
  "reasonable accommodation", "reasonable accommodations",
]);
