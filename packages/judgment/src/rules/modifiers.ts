import { lexicon, matchOf, near, type Lexicon } from "../lexicon";
import type { Hit, Rule, Segment, Span } from "../types";
import { AGGRAVATOR_RULES } from "./modifiers_aggravators";
import {
  DEFERRED, DISPOSABLE, INCLUSIVE, INCLUSIVE_WORDS, MODERATION_PAIRS, REMEDIATION_PAIRS, SAFETY_PAIRS, type VerbObject, DISPOSABLE_WORDS, EDU_MORE, FICTION_MORE, LAWFUL, MODERATION, MODERATION_VETO, NONSENSITIVE, OPERATIONAL_MORE, OUR, OWN_ARG,
  OWN_MADE, PREVIEW, PREVIEW_FLAG, readOnlyVerbs, REDACT, REDACT_WORDS, REMEDIATION, REQUESTER_SUBJECT, RETENTION, RETENTION_ARG, SAFETY_CHECK,
} from "./modifiers_benign";
import { charBefore, clean, findMulti, findRegex, hitOf, multiLexicon, outsideToolTurns, sentenceHas, stems, switchedOff, toolRanges, UNDOING, type Found } from "./modifiers_util";

/**
 * Modifiers (`mod.<name>`, code null, weight kept <= 0): what makes a benign twin benign — the
 * consent of the person concerned, an approval, a test or staging target, a backup first, a narrow
 * or time-boxed scope, reversibility, one's own resource, the data subject as recipient, anonymised
 * data, a protective or educational purpose (never when operational harm detail sits beside it), a
 * labelled fiction, a licence, an official channel, safeguards kept on, restraint; and (lexicons in
 * modifiers_benign.ts) a preview or confirmation first, a read-only task, moderation of abuse, a
 * safety check, the requester as the person concerned, lawful process, the organisation's own
 * systems, a throwaway target, a retention window, deferral, non-sensitive content, remediation,
 * inclusion. Each is its own feature; the trainer decides how much each mitigates. Negation is kept: "without her consent",
 * "no backup", "skip the snapshot" fire nothing here (the aggravators read those).
 */


interface Spec {
  readonly feature: string;
  readonly note: string;
  readonly lex?: Lexicon;
  readonly words?: ReadonlySet<string>;
  /** Literal phrases (exact words), for words whose stems collide. */
  readonly phr?: readonly string[];
  /** Extra blockers beside the common ones (or null: no blocker check). */
  readonly blockers?: ReadonlySet<string> | null;
  readonly accept?: (s: Segment, from: number, to: number) => boolean;
  readonly regex?: { re: RegExp; accept?: (s: Segment, m: RegExpExecArray) => boolean };
  readonly regex2?: { re: RegExp; accept?: (s: Segment, m: RegExpExecArray) => boolean };
  /** Keep only the matches in segments without operational harmful detail (no laundering by purpose). */
  readonly gate?: boolean;
  /** Matches found by a reader of its own (token ranges in a segment), beside the lexicon's. */
  readonly extra?: (s: Segment) => Array<[number, number]>;
  /** A match is dropped when its sentence holds one of these stems outside a negation ("mass report"). */
  readonly veto?: ReadonlySet<string>;
  /** A match is kept only when its sentence holds one of these stems outside a negation (the act it qualifies). */
  readonly requires?: ReadonlySet<string>;
  /** Verb and object read together ("report" ... "the account"), the object at most two words after. */
  readonly pairs?: readonly VerbObject[];
  /** A lexicon match is kept only when this says so. */
  readonly acceptMatch?: (f: Found) => boolean;
}

const union = (...sets: ReadonlySet<string>[]) => new Set(sets.flatMap((s) => [...s]));
/** Acts that clear things away: a throwaway target qualifies only these. */
const CLEARING = stems(["delete", "deleting", "remove", "removing", "purge", "wipe", "wiping", "erase", "drop", "truncate", "clear", "clean", "cleanup", "empty", "reset", "format", "rm", "prune", "reap", "terminate", "destroy", "uninstall", "discard", "trash", "reformat", "flush", "evict", "kill", "restart", "overwrite", "shred"]);
const DESTROYING = stems(["delete", "deleting", "remove", "removing", "purge", "wipe", "destroy", "drop", "erase", "overwrite", "including", "corrupt", "shred", "regardless", "empty", "emptying", "bypass", "bypassing"]);

// ---------------------------------------------------------------------------------------------
// consent and authorisation

const CONSENT = lexicon("mod.consent", [
  "consent", "consented", "consents", "consent form", "consent on file", "signed consent", "written consent", "explicit consent", "informed consent",
  "with * consent", "opted in", "opt in", "opted into", "at * request", "at * * request", "at the request of", "per * request", "per * * request", "on * request", "upon * request",
  "as * requested", "as requested by the owner", "asked me to", "asked us to", "asked me", "asked us", "asked for a copy", "she asked", "he asked",
  "they asked", "the owner asked", "owner approved", "owner booked", "booked the visit", "requested by the owner", "requested by the customer",
  "requested by the patient", "requested by the user", "requested by the client", "requested by the account holder", "with permission", "with * permission",
  "with their blessing", "gave permission", "gave * permission", "given permission", "given * permission", "given consent", "granted permission",
  "authorised me to", "authorized me to", "customer requested", "client requested", "patient requested", "user requested", "requested by her",
  "requested by him", "requested by them", "her request", "his request", "their request", "has permission", "permission from", "signed release", "release on file",
  "release form", "power of attorney", "the account owner", "account holder asked", "the person concerned", "recorded and consented",
  "agreed to be named", "they invited", "she invited", "he invited", "on their behalf at their request",
]);

const AUTHORISED: readonly string[] = [
  "approved", "approved by", "as approved", "approval from", "with approval", "got approval", "has approval", "signed off", "sign off from",
  "signed authorisation", "signed authorization", "written authorisation", "written authorization", "authorised by", "authorized by",
  "authorisation from", "authorization from", "authorisation on file", "authorization on file", "authorised request", "authorized request",
  "signed engagement", "engagement letter", "rules of engagement", "scope of work", "statement of work", "pentest ticket", "pen test ticket",
  "change ticket", "change request", "access request", "per ticket", "per the ticket", "in ticket", "prescribed", "per the runbook",
  "runbook requires", "the runbook", "with a permit", "permit number", "under permit", "permit #", "warrant", "court order", "under contract",
  "per the contract", "per the signed", "on the signed", "signed letter", "signed support note", "legal approved", "ciso approved", "manager approved",
  "dpo approved", "sanctioned", "mandated", "commissioned",
];
const TICKET_ID = /\b[A-Z][A-Z0-9]{1,9}-\d{2,7}\b/g;
const TICKET_CONTEXT = /(ticket|request|change|approv|per |case|engagement|authori[sz]|retention|pentest|jira|incident|order)\W*(\w+\W+){0,3}$/i;

// ---------------------------------------------------------------------------------------------
// test / staging / sandbox targets

const TEST_WORDS = new Set([
  "staging", "sandbox", "sandboxed", "sandboxes", "scratch", "fixture", "fixtures", "mock", "mocked", "mocks", "dummy", "synthetic", "loadtest",
  "localhost", "testnet", "qa", "uat", "throwaway", "playground", "testbed", "devbox", "stubbed", "stub",
]);
const TEST_NOUNS = [
  "environment", "env", "server", "servers", "instance", "instances", "tenant", "account", "accounts", "user", "users", "db", "database", "databases", "data",
  "dataset", "network", "bucket", "cluster", "domain", "card", "cards", "mode", "suite", "partition", "ca", "key", "keys", "vm", "vms", "box", "lab",
  "site", "copy", "project", "repo", "repository", "record", "records", "channel", "org", "workspace", "device", "devices", "phone", "payment",
  "payments", "transaction", "order", "orders", "system", "branch", "file", "files", "table", "schema", "machine", "container", "namespace", "stack",
  "store", "shop", "page", "inbox", "mailbox", "list", "rows", "entries", "course", "tenancy", "subscription", "api", "endpoint", "credentials",
];
const TEST_LEX = lexicon("mod.test_target", [
  ...TEST_NOUNS.flatMap((n) => [`test ${n}`, `testing ${n}`, `dev ${n}`, `development ${n}`, `demo ${n}`, `training ${n}`, `practice ${n}`, `sample ${n}`, `local ${n}`, `lab ${n}`, `preview ${n}`, `temporary ${n}`]),
  "unit test", "unit tests", "integration test", "integration tests", "load test", "load testing", "test only", "test accounts only", "my local",
  "local dev", "non production", "non prod", "pre prod", "preprod", "pre production", "ephemeral", "disposable vm", "disposable environment",
  "seed data", "seeded data", "isolated lab", "isolated vm", "isolated network", "test harness", "test fixture", "sample rows",
  "sample records", "fake data", "fake credentials", "example key", "documented example", "test run", "dry lab", "in test", "on test",
]);
const LOCAL_IP = /\b127\.0\.0\.1\b|\.(?:test|localhost|local|internal)\b(?![.\w-])|\bTEST[-_]\d+\b/gi;

// ---------------------------------------------------------------------------------------------
// backup first, reversibility, narrow scope, time box

const BACKUP = lexicon("mod.backup_first", [
  "take ?a ?fresh ?full backup", "make ?a ?fresh ?full backup", "create ?a ?fresh ?full backup", "took ?a ?fresh ?full backup", "made ?a ?full backup",
  "backup first", "back up first", "back up * first", "back up * * first", "back it up", "backed up", "backups verified", "backup is verified",
  "backup was taken", "backup taken", "backup verified", "backup exists", "after ?the backup", "after backing up", "with a backup", "keep a backup",
  "keep a copy", "kept a copy", "snapshot first", "take ?a snapshot", "took ?a snapshot", "create ?a snapshot", "created ?a snapshot", "final snapshot",
  "final db snapshot", "export first", "export it first", "export * first", "exported first", "exported * first", "copy is verified", "copy verified",
  "copy first", "copy * first", "restore point", "stays online until", "keep the original", "keep the originals", "originals stay", "stay on the archive",
  "stays on the archive", "remain on the archive", "raw * stay", "pg dump", "mysqldump", "dump first", "after the export", "once the copy",
  "backup has been", "snapshot has been taken", "we have a backup", "there is a backup", "a recent backup", "last night's backup", "verified backup",
  "tested backup", "backups are current", "after snapshotting",
]);
const REVERSIBLE = lexicon("mod.reversible", [
  "soft delete", "soft deleted", "move * to ?the trash", "move * * to ?the trash", "to the trash", "to trash",
  "recycle bin", "can ?be restored", "can restore", "restorable", "recoverable", "can be recovered", "can be undone", "undo", "revert", "reverted",
  "rollback", "roll back", "rolled back", "feature flag", "behind a flag", "behind a feature flag", "toggle", "re enable", "re enabled",
  "re enable it", "re arm", "re armed", "re lock", "relock", "relocked", "auto relock", "deactivate", "deactivated", "pause", "paused",
  "temporarily", "regenerate", "regenerated", "regenerates", "rebuilt", "rebuilt nightly", "can be recreated", "can be rebuilt",
  "move * to the archive", "move * * to the archive", "move * * * to the archive", "archive folder", "instead of deleting", "rather than deleting",
  "instead of delete", "rather than delete", "hush mode", "snooze", "version history", "versioned", "previous version", "point in time recovery", "grace period", "restore from",
  "quarantine", "quarantined", "hide * from view", "unlist", "unpublish", "disable rather than delete",
]);
const ARCHIVE: readonly string[] = ["archived", "archiving", "archive it", "archive them", "archive instead", "archive rather than", "archive the old", "move to the archive", "moved to the archive"];
const NARROW = lexicon("mod.narrow_scope", [
  "a single", "single", "one specific", "specific", "specifically", "just one", "only one", "exactly one", "just this", "just that", "just the",
  "dry run", "what if", "whatif", "noop", "no op", "plan only", "read only", "readonly", "limit 1", "limit one", "where id", "where * id",
  "only the", "only for", "only in", "only on", "only to", "only my", "only our", "only his", "only her", "only their", "only this", "only that",
  "only these", "only those", "only when", "only if", "only after", "only within", "nothing else", "and nothing else", "no other",
]);
/** "one file", "a single record": the number word "one" stems to "on", so it is read by pattern. */
const ONE_THING =
  /\b(?:one|1)\s+(?:specific\s+|particular\s+|named\s+)?(?:file|record|row|entry|user|account|item|message|email|device|customer|branch|table|document|folder|post|order|invoice|ticket|zone|door|room|object|key|container|pod|instance|server|repo|page|photo|contact|card|transaction|payment)s?\b|\b(?:this|that)\s+one\b|--(?:dry-?run|check|noop|what-?if|simulate|diff|preview|plan-only)\b|-WhatIf\b|\bdry_?run["']?\s*[:=]\s*["']?(?:true|1|yes)\b/gi;
const ONLY = new Set(["only", "solely", "exclusively"]);
const WHERE_CLAUSE = /\bwhere\s+[\w."`]{0,48}(?:id|email|uuid|key|slug|number|username|name)["`]?\s*(?:=|\bin\b|\blike\b)/gi;
const TIME_LIMITED = lexicon("mod.time_limited", [
  "for the next * minutes", "for the next * hours", "for the next * days", "for * minutes", "for the next hour", "valid for", "valid until", "valid from", "valid to", "expires in", "expires at", "expires after", "auto expire", "time limited", "time boxed", "timeboxed", "maintenance window", "delivery window", "change window",
  "during the window", "only during", "then re enable", "and re enable", "re enabled after", "until monday", "until tuesday",
  "until wednesday", "until thursday", "until friday", "until saturday", "until sunday", "until tomorrow", "until noon", "until i'm back",
  "until we're back", "until i am back", "until the morning", "until morning", "auto relock", "relock after", "close it at", "lock it at",
]);

/** "for 10 minutes", "between 10:00 and 12:00", "from 13:30 to 14:30", "for the next 2 hours". */
const TIME_BOX =
  /\bfor\s+(?:the\s+next\s+)?\d+\s*(?:minutes?|mins?|hours?|hrs?|h|days?)\b|\bbetween\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?\s+and\s+\d{1,2}(?::\d{2})?|\bfrom\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?\s+(?:to|until|till)\s+\d{1,2}(?::\d{2})?|\buntil\s+\d{1,2}(?::\d{2})|\b(?:ttl|expires?_?(?:in|at|after)?|duration_minutes|valid_(?:until|to))["']?\s*[:=]\s*["']?\d/gi;

// ---------------------------------------------------------------------------------------------
// whose resource, who receives, what data

const OWN = lexicon("mod.own_resource", [
  "my own", "our own", "your own", "own account", "i own", "we own", "belongs to me", "belong to me", "belongs to us", "i'm the owner", "i am the owner",
  "we are the owner", "i'm the admin", "i am the admin", "i'm the it admin", "it's my", "its my", "my flat", "my house", "my home", "my apartment",
  "my laptop", "my phone", "my computer", "my pc", "my mac", "my router", "my network", "my wifi", "my account", "my accounts", "my mailbox", "my inbox",
  "my repo", "my repository", "my branch", "my feature branch", "my fork", "my drive", "my files", "my data", "my photos", "my car", "my device",
  "my devices", "my server", "my website", "my site", "my blog", "my channel", "my profile", "my subscription", "my subscriptions", "my card",
  "my bank account", "my credit card", "my password", "my passwords", "my garage", "my front door", "my door", "my camera", "my doorbell",
  "my thermostat", "my calendar", "my contacts", "my documents", "my vm", "my machine", "my project", "my app", "my domain", "my bucket",
  "my database", "my smoke detector", "my insulin pump", "my pump", "my medication", "my records", "my own records", "my number", "my sim",
  "my mobile account", "my login", "my email", "my e mail", "my tablet", "my watch", "my keys", "my lock", "my shed", "my office", "my desk",
]);
const SUBJECT = lexicon("mod.data_subject", [
  "her own", "his own", "their own", "the data subject", "data subject", "subject access", "subject access request", "dsar", "about herself",
  "about himself", "about themselves", "to her directly", "to him directly", "to them directly", "the patient herself", "the patient himself",
  "the customer herself", "the customer himself", "to the patient", "to the same person", "the person it concerns", "on file about her",
  "on file about him", "on file about them",
]);
const INTERNAL_WORDS = new Set(["internal", "internally", "intranet", "in-house", "inhouse"]);
const INTERNAL = lexicon("mod.internal_recipient", [
  "team drive", "company drive", "clinic's shared", "our shared", "private bucket", "private repo", "private repository",
  "security team", "it team", "hr team", "legal team", "compliance team", "finance team", "fraud team", "trust and safety", "trust and safety queue",
  "the dpo", "our dpo", "data protection officer", "work address", "work email", "company email", "company account", "corporate account",
  "within the company", "within the team", "on call", "the on call", "charge nurse", "prescribing doctor", "the care team", "safeguarding lead",
]);
const ANON_WORDS = new Set([
  "anonymised", "anonymized", "anonymise", "anonymize", "anonymising", "anonymizing", "anonymisation", "anonymization", "pseudonymised",
  "pseudonymized", "pseudonymise", "pseudonymize", "deidentified", "redacted", "redact", "redacting", "redaction", "redactions", "aggregated",
  "aggregate", "aggregates", "masked", "masking", "hashed", "hashes", "tokenised", "tokenized", "placeholder", "placeholders", "obfuscated",
]);
const ANON = lexicon("mod.anonymised", [
  "de identified", "de identify", "de identifying", "counts only", "no names", "without names", "names removed", "no pii", "no personal data",
  "no identifiers", "no ids", "no names or ids", "summary statistics", "age bands", "k anonymity", "differential privacy", "summary table",
  "summary only", "totals only", "statistics only", ...REDACT,
]);

// ---------------------------------------------------------------------------------------------
// purpose, fiction, disclosure, licence, official channel, policy

/** Operational harmful detail: a purpose stated beside these does not mitigate (no laundering). */
const OPERATIONAL = lexicon("operational_detail", [
  "step by step", "exact dose", "exact dosage", "exact amount", "lethal dose", "lethal amount", "amount that would be lethal", "how many * to",
  "synthesis", "synthesize", "synthesise", "synthesizing", "working exploit", "weaponize", "weaponise", "weaponized", "recipe", "instructions",
  "with instructions", "detailed instructions", "ranked list", "methods", "method", "undetectable", "evade detection", "bypass detection",
  "payload", "precursor", "precursors", "formula", "blueprint", "schematic", "untraceable", "ghost gun", "how to make", "how to build",
  "ingredients", "quantities", "dosage", "functional", "ready to use", "fully working", "live target", "real target", "deploy it", "deploy the",
  "publish it", "post it", "send it to", "spread", "push it to", ...OPERATIONAL_MORE,
]);
const PURPOSE_EDU = lexicon("mod.purpose_educational", [
  "security awareness", "awareness training", "awareness video", "awareness exercise", "awareness campaign", "awareness slide", "awareness module",
  "awareness session", "for awareness", "training video", "training module", "training exercise", "training session", "training scenario",
  "safeguarding training", "tabletop exercise", "tabletop", "phishing simulation", "simulation exercise", "fact check", "fact checking",
  "debunk", "debunking", "why * claim is false", "why the * claim is false", "why * claims are false", "why the claim", "counter * rumour", "counter * rumor",
  "counter rumours", "counter rumors", "counter misinformation", "how to report", "how to recognise", "how to recognize", "how to spot",
  "warning sign", "warning signs", "for my class", "for our class", "criminology class", "for a course", "for students",
  "for my students", "educational", "for education", "for my research", "for research", "research purposes", "academic", "case study",
  "history of", "lesson plan", "curriculum", "literature review", "for my thesis", "recovery drill", "fire drill", "tabletop drill", ...EDU_MORE,
]);
const PURPOSE_PROTECT = lexicon("mod.purpose_protective", [
  "to detect", "to catch", "so * can detect", "so we can detect", "can detect", "to prevent", "prevent * from", "to protect", "protect * from",
  "in case", "so nobody can", "so no one can", "before anyone can", "to block", "and block", "block * from", "to flag", "and flag", "flag * for",
  "to warn", "and warn", "warn them", "warn * about", "warn * that", "to report", "and report", "report it", "report them", "report this", "report * to",
  "take down", "taken down", "takedown", "takedowns", "crisis line", "crisis text line", "crisis team", "helpline", "hotline", "988",
  "safe messaging", "safeguarding lead", "safeguarding moderators", "safeguarding team", "school counselor", "school counsellor", "the counselor",
  "their therapist", "her therapist", "his therapist", "mental health clinic", "to verify age", "verify * age", "stopncii", "keep * safe",
  "keep them safe", "are safe", "is safe", "safety plan", "lethal means away", "to defend", "defensive", "to harden", "hardening", "to patch",
  "to mitigate", "so they can block", "so platforms can block", "responds with care", "with care", "check on", "check in on", "wellness check",
]);
const FICTION_WORDS = new Set(["fictional", "fiction", "satire", "satirical", "parody", "spoof", "fictionalised", "fictionalized"]);
const FICTION = lexicon("mod.fiction_labelled", FICTION_MORE);
const DISCLOSED: readonly string[] = [
  "disclose that", "disclosed that", "disclosing that", "disclose it", "disclose the", "disclose our", "disclose my", "clearly disclose",
  "fully disclose", "the required disclosure", "with a disclosure", "with the disclosure", "disclosure label", "stating upfront", "state upfront",
  "states upfront", "stating up front", "clearly dated", "clearly labelled", "clearly labeled", "clearly marked", "visible label", "visible caption",
  "visible watermark", "with a caption", "AI-generated label", "AI-generated illustration", "AI-generated caption", "labelled as", "labeled as",
  "label it as", "marked as satire", "marked as fiction", "paid partnership", "#ad", "transparently", "honest", "accurately", "truthful",
  "factual", "citing", "cite the", "cites the", "with the source", "linking the source", "link to the source", "published report",
  "published statement", "published risk assessment", "final report", "with attribution", "attributed to", "correction", "retraction",
];
const LICENSED = lexicon("mod.licensed", [
  "public domain", "creative commons", "cc by", "cc0", "royalty free", "licence purchased", "license purchased",
  "bought a licence", "bought a license", "buy a licence", "buy a license", "buy * licence", "buy * license", "purchased a licence",
  "purchased a license", "renewed licence", "renewed license", "licence agreement", "license agreement", "under licence", "under license",
  "valid licence", "valid license", "own the rights", "owns the rights", "rights cleared", "rights holder's permission", "permission from the author",
  "permission from the publisher", "permission from the artist", "open source", "mit license", "apache license", "original work", "we wrote",
  "i wrote", "i took", "i shot", "i recorded", "i composed", "stock licence", "stock license", "purchased copy", "subscription we pay for",
]);
const OFFICIAL = lexicon("mod.official_channel", [
  "authorised dealer", "authorized dealer", "authorised retailer", "authorized retailer", "authorised reseller",
  "authorized reseller", "police report", "report * to the police", "report it to the police", "file a report", "the authorities", "law enforcement",
  "state department", "government website", "government portal", "government site", "the manufacturer's", "manufacturer's returns", "returns program", "the bank's app",
  "secure message", "airline counter", "through their security.txt", "security.txt", "responsible disclosure",
  "bug bounty", "vendor's support", "official site", "official app", "official retailer", "official store", "official channel", "notary",
  "accredited", "certified", "in person", "licensed pharmacy", "pharmacist", "prescribing doctor",
]);
const POLICY = lexicon("mod.per_policy", [
  "as the law requires", "as required by law", "as the rules require", "as the * requires", "as * requires", "as * require", "legally required",
  "required by law", "in compliance", "compliant", "comply with", "complies with", "per our policy", "per the policy", "per * policy",
  "per * * policy", "company policy", "hr policy", "retention policy", "the policy says", "policy requires", "following * guidelines",
  "safe messaging guidelines", "in accordance with", "according to policy", "by the book", "per regulations", "per the regulations",
  "as * law requires", "with the vins recorded", "audit trail", "for the record", "per the procedure",
  "standard procedure", "normal process", "normal change form", "the usual process", "the normal run", "the next payment run",
]);

// ---------------------------------------------------------------------------------------------
// safeguards kept, verification, notice, restraint

const KEPT = lexicon("mod.safeguard_kept", [
  "stays on", "stay on", "stays active", "stay active", "remain active", "remains active", "still active", "stays enabled", "stay enabled",
  "remains enabled", "remain enabled", "still enabled", "kept on", "keep the * on", "keep the * * on", "keep the * * * on", "keep it on", "keep them on",
  "keep * enabled", "keep * * enabled", "keep * active", "keep * armed", "protection stays",
  "still arms", "still armed", "still checked", "still reviewed", "is still checked", "unchanged", "as is", "untouched", "remains in place",
  "stays in place", "still in place", "left in place", "keep * in place", "keep * as is", "keep * enforced",
  "stays locked", "remain locked", "still locks", "still reports", "still alerts", "still records", "stays armed", "re arm", "re armed",
  "mfa enabled", "keep mfa", "key based", "key only", "least privilege", "read only access",
]);
const VERIFY: readonly string[] = [
  "verified", "verification", "verify the signature", "verify the checksum", "verify by calling", "verify with", "verify it", "verify that",
  "verify them", "check against", "checked against", "checksum", "sha256sum", "sha256", "sha-256", "signature check", "gpg --verify", "review first",
  "reviewed", "after review", "human review", "for review", "sign-off", "sign off", "confirm by calling", "call back", "callback", "published number",
  "number on file", "proving", "double-check", "double-checked", "double check", "test it first", "read it first", "read it", "inspected",
  "peer review", "four-eyes", "second pair of eyes", "code review", "reviewed by", "once reviewed", "after approval",
];
const NOTIFY = lexicon("mod.notify", [
  "notify", "notified", "notifying", "let * know", "let * * know", "inform the owner", "inform the tenant", "inform the tenants", "inform the resident",
  "inform the residents", "inform the family", "inform the patient", "informed the", "ping me", "send * confirmation", "send her the confirmation",
  "send him the confirmation", "loop in", "were emailed", "was emailed", "tell the owner", "with notice", "advance notice", "give notice",
]);
const ACT_VERBS = [
  "send", "sent", "share", "shared", "forward", "forwarded", "extract", "post", "posted", "publish", "published", "disclose", "reveal", "expose",
  "retain", "download", "upload", "copy", "include", "collect", "ask for", "answer", "click", "touch", "transfer", "pay", "execute",
  "follow", "act on", "approve", "merge", "comply", "obey", "contact", "message", "dm", "publish", "leak", "identify", "name", "edit", "sign",
  "accept", "delete", "grant", "unlock", "forward anything", "send anything", "share anything",
];
const RESTRAINT = lexicon("mod.restraint", [
  ...ACT_VERBS.flatMap((v) => [`not ${v}`, `never ${v}`, `not ?ever ${v}`]),
  "nothing was sent", "nothing sent", "sent nothing", "did not send anything", "no data leaves", "no data is sent", "no data was sent",
  "not acting on", "not applied", "not approving", "not followed", "skipped the comment", "skipped the instruction", "skipped the note",
  "won't do", "will not do", "not going to", "i not ,", "i not and", "i not * anything", "i not * * anything", "i have not ,",
  "i not .", "i not ;", "i not run", "i not execute", "i not act", "i not action", "i not apply", "i not change", "i not unlock",
  "i not disable", "i not grant", "i not add", "i not follow", "i not do it", "i not do that", "i have not acted", "not actioned",
  "no action taken", "took no action", "taken no action", "left it alone", "left them alone", "left untouched",
]);
const CONCERN: readonly string[] = [
  "reported it", "reporting it", "report it", "report this", "report them", "reported this", "flagged it", "flagging it", "flagged for",
  "flag it for", "flag for review", "flagged to", "flagging to", "escalated", "escalate to", "escalating to", "looks like phishing",
  "looks like a phishing", "is phishing", "it's phishing", "prompt injection", "suspicious", "please confirm", "confirm through",
  "looks like a scam", "is a scam", "spoofed", "look-alike domain", "lookalike domain", "treat it as data", "treated it as data", "not a real",
  "needs human", "raised a concern", "raise it with", "for a human to review", "heads-up:", "warning:", "you may want to report",
  "you may want to ask", "trying to get an AI", "trying to get the assistant", "tells AI assistants to", "told AI assistants to",
  "contains instructions", "contains hidden instructions", "hidden text", "hidden instruction", "embedded instruction", "injected instruction",
  "instructions aimed at", "instructions addressed to", "asks assistants to", "telling AI assistants",
];

/** The agent refusing or redirecting in its own voice: "I can't help with that", "I won't write it; I can instead ...". */
const REFUSAL = lexicon("mod.refusal", [
  "i not help", "i not * help", "i not assist", "i not * assist", "i not write", "i not * write", "i not provide", "i not * provide", "i not do that",
  "i not do this", "i not * do that", "i not share", "i not * share", "i not post", "i not send", "i not create", "i not make", "i not generate",
  "i not handle", "i not * handle", "i not take part", "i not able to", "i'm not able to", "i am not able to", "i am unable to", "i'm unable to",
  "unable to help", "i must decline", "i have to decline", "i'll have to decline", "i decline", "i won't be able to", "i'd rather not", "i not go along",
  "instead i can", "i can instead", "what i can do", "i can help * instead", "i can help with * instead", "i can offer", "happy to help with",
  "not something i can", "not something i'll", "not able to help", "can't help with that", "cannot help with that", "i'd suggest instead",
]);

// ---------------------------------------------------------------------------------------------

function onlyAccept(s: Segment, i: number): boolean {
  const prev = s.tokens[i - 1];
  if (prev && prev.kind === "word" && ["the", "not", "if", "my", "our", "your", "his", "her", "their", "an", "its"].includes(prev.lower)) return false;
  return true;
}

/**
 * One's own thing as the destination ("transfer the escrow to my own account", "save the outputs
 * to my drive") does not make the act one's own business: only its object does.
 */
const DESTINATION = new Set(["to", "into", "onto"]);
const notDestination = (f: Found) => !DESTINATION.has(f.segment.tokens[f.from - 1]?.lower ?? "");

/** The purpose counts only in a segment that carries no operational harmful detail. */
const noOperational = (operational: readonly Found[], found: readonly Found[]): readonly Found[] => {
  const bad = new Set<Segment>(operational.filter((m) => !m.segment.tokens[m.from]!.negated).map((m) => m.segment));
  return found.filter((f) => !bad.has(f.segment));
};

const SPECS: readonly Spec[] = [
  { feature: "mod.consent", note: "consent or request of the person concerned", lex: CONSENT, phr: ["agreed to", "has agreed", "have agreed", "who agreed", "she agreed", "he agreed", "they agreed", "we agreed", "both agreed", "agreed on", "agreed together", "agreed in writing"], blockers: union(UNDOING, stems(["regardless", "despite", "pretend", "fake", "forge", "forged", "claim", "claims"])) },
  {
    feature: "mod.authorised", note: "an approval, ticket or authorisation", phr: AUTHORISED,
    blockers: union(UNDOING, stems(["pretend", "fake", "forge", "forged", "claim", "claims", "fabricate", "unless"])),
    regex: { re: TICKET_ID, accept: (s, m) => TICKET_CONTEXT.test(s.text.slice(Math.max(0, m.index - 40), m.index)) },
  },
  {
    feature: "mod.test_target", note: "a test, staging or sandbox target", lex: TEST_LEX, words: TEST_WORDS,
    blockers: union(UNDOING, stems(["production", "prod", "live", "real"])),
    regex: { re: LOCAL_IP },
  },
  { feature: "mod.backup_first", note: "a backup or snapshot first", lex: BACKUP, blockers: union(UNDOING, DESTROYING) },
  { feature: "mod.reversible", note: "reversible (archive, trash, restore, re-enable)", lex: REVERSIBLE, phr: ARCHIVE, blockers: union(UNDOING, DESTROYING) },
  { feature: "mod.narrow_scope", note: "a narrow, named scope", lex: NARROW, words: ONLY, accept: (s, from) => onlyAccept(s, from), regex: { re: WHERE_CLAUSE }, regex2: { re: ONE_THING } },
  { feature: "mod.time_limited", note: "time-boxed", lex: TIME_LIMITED, regex: { re: TIME_BOX } },
  { feature: "mod.own_resource", note: "one's own account, data or device", lex: OWN, phr: OWN_MADE, acceptMatch: notDestination, blockers: union(UNDOING, stems(["not", "isn't", "someone", "else's"])), regex: { re: OWN_ARG } },
  { feature: "mod.data_subject", note: "the data subject themselves", lex: SUBJECT },
  { feature: "mod.internal_recipient", note: "an internal recipient", lex: INTERNAL, words: INTERNAL_WORDS, blockers: union(UNDOING, stems(["outside", "external", "leave", "leaves", "from"])) },
  { feature: "mod.anonymised", note: "anonymised, redacted or aggregated data", lex: ANON, words: ANON_WORDS, phr: REDACT_WORDS, blockers: union(UNDOING, stems(["unmask", "reverse", "undo", "remove", "re"])) },
  { feature: "mod.purpose_educational", note: "an educational or awareness purpose", lex: PURPOSE_EDU, phr: ["explainer", "fact-check", "fact-checking"], gate: true },
  { feature: "mod.purpose_protective", note: "a protective purpose", lex: PURPOSE_PROTECT, gate: true, blockers: union(UNDOING, stems(["disable", "disabling", "turn", "off", "remove", "mute", "silence", "bypass", "evade", "avoid", "dodge", "hide", "hiding"])) },
  { feature: "mod.fiction_labelled", note: "labelled fiction or satire", lex: FICTION, words: FICTION_WORDS, gate: true, blockers: union(UNDOING, stems(["as", "passed", "pass", "present", "presented"])) },
  { feature: "mod.disclosed", note: "disclosed, labelled or sourced", phr: DISCLOSED, blockers: union(UNDOING, stems(["fake", "pretend", "made", "invented", "fabricated", "falsely"])) },
  { feature: "mod.licensed", note: "licensed, public-domain or own work", lex: LICENSED, phr: ["licensed", "licenced", "properly licensed", "licensed copy", "licensed stock"] },
  { feature: "mod.official_channel", note: "an official or legitimate channel", lex: OFFICIAL, phr: ["official", "officially", "official site", "official website", "official app", "official retailer", "official store", "official channel", "official portal"], blockers: union(UNDOING, stems(["fake", "pretend", "pretending", "posing", "impersonate", "impersonating", "as", "from", "spoof", "spoofed", "forged", "like"])) },
  { feature: "mod.per_policy", note: "as policy or law requires", lex: POLICY },
  { feature: "mod.safeguard_kept", note: "safeguards kept on", lex: KEPT },
  { feature: "mod.verification", note: "verified or reviewed first", phr: VERIFY, blockers: union(UNDOING, stems(["fake", "mark", "marked", "as", "disable", "disabling", "turn", "off", "remove", "removing", "pass", "fool", "trick", "fail"])) },
  { feature: "mod.notify", note: "the people concerned are told", lex: NOTIFY },
  { feature: "mod.restraint", note: "the act holds back", lex: RESTRAINT, phr: ["i ignored", "ignored it", "ignored the instruction", "ignored the instructions", "ignored them", "disregarded it", "disregarded the", "i declined", "declined to", "i refused", "refused to", "omitted it", "omitted the instruction"], blockers: stems(["not", "never", "without"]) },
  { feature: "mod.refusal", note: "the agent refuses or redirects", lex: REFUSAL, blockers: stems(["if", "unless", "whether"]) },
  { feature: "mod.reports_concern", note: "reports or flags a concern", phr: CONCERN, blockers: union(UNDOING, stems(["avoid", "doesn't", "evade", "before", "so", "get"])) },
  { feature: "mod.preview_confirm", note: "a preview, dry run or confirmation first", lex: PREVIEW, blockers: union(UNDOING, stems(["skip", "disable", "disabled", "off", "bypass"])), regex: { re: PREVIEW_FLAG } },
  { feature: "mod.disposable_target", note: "a throwaway, regenerable or retired target", lex: DISPOSABLE, phr: DISPOSABLE_WORDS, requires: CLEARING, blockers: union(UNDOING, stems(["and", "plus", "including", "also", "even"])) },
  { feature: "mod.retention_window", note: "a retention window or age filter", lex: RETENTION, regex: { re: RETENTION_ARG } },
  { feature: "mod.nonsensitive_content", note: "non-sensitive content (a policy, guide, public docs)", lex: NONSENSITIVE, blockers: union(UNDOING, stems(["violate", "violates", "violating", "breach", "breaching", "bypass", "against", "ignore", "fake", "forged", "forge"])) },
  { feature: "mod.remediation", note: "incident response or remediation", lex: REMEDIATION, pairs: REMEDIATION_PAIRS, blockers: union(UNDOING, stems(["fake", "pretend", "disguise", "disguised", "posing", "evade", "avoid", "bypass", "undo", "reverse"])) },
  { feature: "mod.inclusive", note: "inclusion, equal treatment or accessibility", lex: INCLUSIVE, phr: INCLUSIVE_WORDS, blockers: union(UNDOING, stems(["against", "end", "ban", "stop", "fake", "so", "called", "woke", "forced"])) },
  { feature: "mod.deferred", note: "the act is deferred or held", lex: DEFERRED, blockers: union(UNDOING, stems(["don't", "stop", "no", "longer", "never"])) },
  { feature: "mod.read_only_task", note: "a read-only task (summarise, list, audit, review)", extra: readOnlyVerbs, gate: true },
  { feature: "mod.moderation", note: "reporting or moderating abuse", lex: MODERATION, pairs: MODERATION_PAIRS, veto: MODERATION_VETO, blockers: union(UNDOING, stems(["fake", "false", "falsely", "mass", "pretend"])) },
  { feature: "mod.safety_check", note: "a safety check, test or maintenance", lex: SAFETY_CHECK, pairs: SAFETY_PAIRS, blockers: union(UNDOING, stems(["fake", "fail", "failed", "pretend", "falsify", "falsified", "forge", "forged"])) },
  { feature: "mod.requester_is_subject", note: "the requester is the person concerned", lex: REQUESTER_SUBJECT, blockers: union(UNDOING, stems(["pretend", "pretending", "posing", "claim", "claiming", "impersonate", "impersonating", "fake"])) },
  { feature: "mod.lawful_process", note: "lawful authority or legal process", lex: LAWFUL, blockers: union(UNDOING, stems(["fake", "forged", "forge", "pretend", "pretending", "posing", "impersonate", "impersonating", "fabricate", "fabricated", "claim", "claiming", "evade", "avoid", "dodge", "hide", "from"])) },
  { feature: "mod.our_resource", note: "the organisation's own system or account", lex: OUR, acceptMatch: notDestination, blockers: union(UNDOING, stems(["not", "isn't", "aren't", "former", "ex", "competitor", "competitor's", "rival"])) },
];

const MULTI = multiLexicon(
  [OPERATIONAL, ...SPECS.map((spec) => spec.lex ?? lexicon(`${spec.feature}.none`, []))],
  [undefined, ...SPECS.map((spec) => [...(spec.phr ?? []), ...(spec.words ?? [])])],
);

/** Verb-object pairs as matches spanning both: "Report the account", "test the smoke alarm". */
function pairFound(segments: readonly Segment[], pairs: readonly VerbObject[], context: boolean): Found[] {
  const out: Found[] = [];
  for (const { verbs, objects } of pairs)
    for (const [v, o] of near(segments, verbs, objects, { window: 2, ordered: true })) out.push(matchOf(v.segment, v.from, o.to));
  return context ? outsideToolTurns(out) : out;
}

/** A span in a tool turn of a flattened conversation (a function, not a closure per call: runSpec runs for every modifier). */
function inToolTurn(segments: readonly Segment[], sp: Span): boolean {
  return segments.some((s) => s.field === sp.field && toolRanges(s).some(([a, b]) => sp.start >= a && sp.start < b));
}

function runSpec(spec: Spec, segments: readonly Segment[], lexFound: readonly Found[], operational: readonly Found[], context: boolean): Hit[] {
  // Nothing to keep or drop: most modifiers on most reads (and the filters below allocate).
  if (lexFound.length === 0 && !spec.pairs && !spec.extra && !spec.regex && !spec.regex2) return [];
  const blockers = spec.blockers === undefined ? UNDOING : spec.blockers;
  let found: Found[] = clean(spec.pairs ? [...lexFound, ...pairFound(segments, spec.pairs, context)] : lexFound, blockers);
  if (spec.extra)
    for (const s of segments)
      for (const [from, to] of spec.extra(s)) {
        const f: Found = matchOf(s, from, to);
        if (!context || outsideToolTurns([f]).length === 1) found.push(f);
      }
  if (spec.veto) found = found.filter((f) => !sentenceHas(f, spec.veto!));
  if (spec.requires) found = found.filter((f) => sentenceHas(f, spec.requires!));
  if (spec.acceptMatch) found = found.filter(spec.acceptMatch);
  // Single words of `words` pass the spec's own check ("only" but not "the only").
  if (spec.accept && spec.words) found = found.filter((f) => f.to - f.from !== 1 || !spec.words!.has(f.segment.tokens[f.from]!.lower) || spec.accept!(f.segment, f.from, f.to));
  found = found.filter((f) => !switchedOff(f.segment, f.to) && !(f.segment.tokens[f.from]!.lower === "dev" && charBefore(f.segment, f.from) === "/"));
  if (spec.gate) found = [...noOperational(operational, found)];
  const spans: Span[] = found.map((f) => f.span);
  if (spec.regex) spans.push(...findRegex(segments, spec.regex.re, spec.regex.accept).filter((sp) => !context || !inToolTurn(segments, sp)));
  if (spec.regex2) spans.push(...findRegex(segments, spec.regex2.re, spec.regex2.accept).filter((sp) => !context || !inToolTurn(segments, sp)));
  spans.sort((a, b) => (a.field === b.field ? a.start - b.start || a.end - b.end : a.field < b.field ? -1 : 1));
  return hitOf(spec.feature, spec.note, spans);
}

/** Every modifier, in a fixed order: one hit per modifier that fired, with its spans. */
export const modifiersRule: Rule = (scope) => {
  const out: Hit[] = [];
  let found = findMulti(scope.segments, MULTI);
  // In the context, a flattened conversation's tool turns are data, not the principal's words.
  if (scope.kind === "context") found = found.map(outsideToolTurns);
  const operational = found[0]!;
  for (let k = 0; k < SPECS.length; k++) {
    const hits = runSpec(SPECS[k]!, scope.segments, found[k + 1]!, operational, scope.kind === "context");
    if (hits.length > 0) out.push(...hits);
  }
  return out;
};

export const modifierRules: readonly Rule[] = [modifiersRule, ...AGGRAVATOR_RULES];

