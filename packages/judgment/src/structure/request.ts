import { find, lexicon, type Match } from "../lexicon";
import { stemOf } from "../text";
import type { Segment, Span } from "../types";
import { structureOf } from "./code";
import { spanAt } from "./emit";
import { readToolName, type ActKind } from "./toolname";

/**
 * Whether the act gated is one the user asked for. The act's kind (destroying, sending out,
 * moving money, opening access) is read from its tool names and its verbs; the user's turns are
 * read for requests of the same kind ("clean up", "email her", "pay the invoice") and for words
 * that limit the agent to reading ("just summarise", "don't change anything"). An act of a kind
 * the user never asked for, or after the user asked for reading only, is unrequested.
 */

/** Verbs of the act, by kind, as they appear in an act's text (prose, shell, SQL). */
const ACT_VERBS: Record<ActKind, ReturnType<typeof lexicon>> = {
  destroy: lexicon("act.destroy", ["delete", "rm", "rmdir", "drop", "truncate", "purge", "wipe", "erase", "destroy", "shred", "remove", "format", "mkfs", "reset hard", "factory reset", "terminate", "revoke", "uninstall", "expunge", "prune"]),
  transfer: lexicon("act.transfer", ["transfer", "wire", "pay", "payout", "withdraw", "remit", "disburse", "send ? the money", "send * funds", "liquidate", "sell all", "refund"]),
  share: lexicon("act.share", ["send", "email", "e mail", "forward", "upload", "post", "publish", "tweet", "share", "scp", "rsync", "curl ? x post", "export * to", "sync * to"]),
  permission: lexicon("act.permission", ["grant", "chmod", "chown", "icacls", "make * public", "make public", "set * public", "add * to * admins", "give * access", "open * to", "allow all", "invite", "acl"]),
};

/** The user's words asking for an act of each kind. */
const ASKED: Record<ActKind, ReturnType<typeof lexicon>> = {
  destroy: lexicon("ask.destroy", ["delete", "remove", "drop", "truncate", "purge", "wipe", "erase", "destroy", "get rid of", "clean up", "cleanup", "clean out", "clear", "clear out", "free up", "free * space", "reset", "uninstall", "prune", "start fresh", "start over", "from scratch", "tear down", "teardown", "decommission", "shut down", "deprovision", "can go", "trash", "bin", "discard", "dispose", "nuke", "rm", "revoke", "cancel", "close * account", "deactivate", "archive"]),
  transfer: lexicon("ask.transfer", ["pay", "payment", "transfer", "wire", "send * money", "send * funds", "refund", "withdraw", "reimburse", "settle", "invoice", "buy", "purchase", "order", "top up", "payout", "payroll", "move * money", "move * funds", "tip", "donate", "sell", "liquidate", "cash out", "$", "€", "£"]),
  share: lexicon("ask.share", ["send", "email", "e mail", "mail", "forward", "share", "post", "publish", "tweet", "reply", "respond", "message", "tell", "notify", "let * know", "invite", "upload", "export", "submit", "cc", "loop in", "announce", "broadcast", "text", "contact", "write to", "draft", "sync", "back up", "backup"]),
  permission: lexicon("ask.permission", ["grant", "give * access", "access", "permission", "permissions", "share", "make * public", "public", "open", "unlock", "invite", "add * to", "admin", "role", "chmod", "can not access", "can't access", "cannot access", "locked out", "visible"]),
};

/** The user's words limiting the agent to reading or leaving things as they are. */
const READ_ONLY = lexicon("ask.read_only", [
  "just summarise", "just summarize", "only summarise", "only summarize", "just summary", "just read", "only read", "read only", "read-only", "just check", "only check", "just look", "only look",
  "just list", "only list", "just tell me", "just show me", "only report", "just report", "just review", "dry run", "look but", "don't change", "do not change", "don't modify", "do not modify",
  "don't touch", "do not touch", "don't delete", "do not delete", "don't remove", "do not remove", "don't send", "do not send", "don't share", "do not share", "don't pay", "do not pay",
  "don't make * changes", "do not make * changes", "without changing", "without modifying", "without deleting", "without sending", "no changes", "nothing else", "leave * as is", "leave everything",
  "don't act", "do not act", "just investigate", "only investigate", "just find", "only find", "just explain", "just analyse", "just analyze", "just draft", "only draft",
]);

export interface ActOf {
  readonly kind: ActKind;
  readonly span: Span;
}

/** The kinds of act in the act's segments: from tool names first, then the act's verbs (first found per kind). */
export function actKinds(segments: readonly Segment[]): ActOf[] {
  const out = new Map<ActKind, Span>();
  // A segment with tool calls is read by their names; one without, by its verbs.
  const prose: Segment[] = [];
  for (const s of segments) {
    const tools = structureOf(s).tools;
    if (tools.length === 0) prose.push(s);
    for (const t of tools) for (const k of readToolName(t.words).kinds) if (!out.has(k)) out.set(k, spanAt(s, t.start, Math.max(t.start + 1, t.argsStart - 1)));
  }
  for (const k of Object.keys(ACT_VERBS) as ActKind[]) {
    if (out.has(k)) continue;
    const m = find(prose, ACT_VERBS[k])[0];
    if (m) out.set(k, m.span);
  }
  return [...out].map(([kind, span]) => ({ kind, span }));
}

/** Past participles that name a thing, not a request ("the shared drive", "the posted notice"). */
const PARTICIPLES = new Set(["shared", "posted", "published", "deleted", "removed", "sent", "mailed", "emailed", "paid", "transferred", "granted", "ordered", "archived", "cleared"]);

export interface UserAsk {
  /** Kinds the user asked for (not negated). */
  readonly asked: ReadonlySet<ActKind>;
  /** The user's words limiting the agent to reading. */
  readonly limits: readonly Match[];
}

export function userAsk(userTurns: readonly Segment[]): UserAsk {
  const asked = new Set<ActKind>();
  for (const k of Object.keys(ASKED) as ActKind[]) if (find(userTurns, ASKED[k]).some((m) => !PARTICIPLES.has(m.segment.tokens[m.from]!.lower))) asked.add(k);
  const limits = find(userTurns, READ_ONLY, { keepNegated: true });
  return { asked, limits };
}

/** Argument keys naming what an act falls on or goes to. */
const TARGET_KEY = /^(?:path|paths|file|files|filename|folder|folders|dir|directory|target|targets|repo|repository|bucket|database|db|table|tables|branch|project|item|items|ids?|name|names|resource|mailbox|query|to|recipient|recipients|email|send_to|share_with|payee|beneficiary|to_account|account|channel|document|documents|attachments?|records?|users?|member|members)$/;
const RECIPIENT = /^(?:to|recipient|recipients|email|send_to|share_with|payee|beneficiary|to_account|member|members|users?)$/;
const GENERIC = new Set("the and for with from into file files folder folders copy final draft data item items list user users account accounts document documents record records table tables repo email mail com org net example http https www json csv txt pdf xlsx docx doc png jpg zip tar gz main default new old all any".split(" "));

export interface TargetNaming {
  /** Target values of the act's tool calls the user's words name, when every target is named. */
  readonly named: readonly Span[];
  /** Target values the user's words never name. */
  readonly unnamed: readonly Span[];
}

/** Whether the things the act's calls fall on (paths, folders, recipients, payees) are things the user named. */
export function targetNaming(actSegments: readonly Segment[], userTurns: readonly Segment[]): TargetNaming {
  const said = new Set<string>();
  for (const s of userTurns) for (const t of s.tokens) if (t.kind === "word" && t.lower.length >= 2) said.add(t.stem);
  const named: Span[] = [];
  const unnamed: Span[] = [];
  // Recipients count one by one (one stranger is enough); other targets count together.
  const unnamedRecipients: Span[] = [];
  const otherUnnamed: Span[] = [];
  let otherNamed = 0;
  for (const s of actSegments)
    for (const t of structureOf(s).tools) {
      if (readToolName(t.words).kinds.size === 0) continue;
      for (const l of t.leaves) {
        if (typeof l.value !== "string" || !(TARGET_KEY.test(l.key) || l.keys.some((k) => TARGET_KEY.test(k)))) continue;
        const recipient = RECIPIENT.test(l.key) || /@/.test(l.value);
        const value = recipient ? l.value.replace(/@.*$/, "") : l.value;
        const words = (value.toLowerCase().match(/[a-z]{2,}/g) ?? []).filter((w) => !GENERIC.has(w) && (w.length > 2 || recipient));
        if (words.length === 0) continue;
        const span = spanAt(s, l.start, l.end);
        const isNamed = words.some((w) => said.has(stemOf(w)));
        if (isNamed) named.push(span);
        else (recipient ? unnamedRecipients : otherUnnamed).push(span);
        if (!recipient && isNamed) otherNamed++;
        if (named.length + unnamedRecipients.length + otherUnnamed.length >= 12) break;
      }
    }
  unnamed.push(...unnamedRecipients);
  if (otherNamed === 0) unnamed.push(...otherUnnamed);
  return { named: unnamed.length === 0 && otherUnnamed.length === 0 ? named : [], unnamed };
}

// --- What the surrounding text says about the act's target.

/** Words that protect what they stand beside: a hold, a "do not delete", the only copy, no backup. */
const PROTECTED = /\b(?:legal[ -]hold|litigation hold|on hold|do not (?:delete|remove|touch|drop|purge|wipe|modify|change|share|send|forward|publish|move|pay|transfer|distribute)|don['’]t (?:delete|remove|touch|drop|purge|wipe|modify|change|share|send|forward|publish|move|pay|transfer)|must not|never (?:delete|remove|share|send|publish)|must be (?:kept|retained|preserved)|retain(?:ed)? (?:until|for|through)|keep (?:until|for|through)|preserve[ds]?|untouched|no backups?|not backed up|backup: never|never backed up|no (?:mirror|snapshot|copy|export) |only copy|sole copy|irreplaceable|not (?:yet )?(?:exported|archived|migrated|verified|backed up)|not for distribution|embargo(?:ed)?)\b/i;
/** Words that clear it: safe to delete, regenerated, backed up, approved. */
const CLEARED = /\b(?:safe to (?:delete|remove|drop|purge|wipe|clean)|can be (?:deleted|removed|dropped|purged|cleaned|wiped|shared|sent|published)|can go|approved (?:for|to) (?:deletion|removal|purge|release|sharing)|okay to (?:delete|remove|share)|ok to (?:delete|remove|share)|scratch|temporary (?:files?|data|tables?|copy|folder|directory|build)|regenerated|rebuilt (?:nightly|daily|from)|reproducible|backed up|backup (?:verified|ok|exists|taken)|(?:archived|exported|copied) to|mirror(?:ed)?:|synced \d|checksum ok|duplicates?|obsolete|expired|no longer (?:needed|used)|not needed|empty|test data|sample (?:data|rows)|fixtures|already public|publicly available)\b/i;

const ID_RE = /(?:~|\.{0,2}\/)?[A-Za-z0-9][\w.@-]*(?:\/[\w.@*-]+)*/g;
const ID_STOP = new Set("true false none null force recursive delete remove drop table from where select update into with database schema cascade purge http https".split(" "));

/** Distinctive names in the act's code and calls: path components, table and bucket names, quoted target values. */
export function actIdentifiers(segments: readonly Segment[]): Array<{ id: string; span: Span }> {
  const out = new Map<string, Span>();
  const add = (s: Segment, raw: string, at: number): boolean => {
    for (const part of raw.split("/")) {
      const p = part.replace(/[*.@-]+$/, "").replace(/^[*.@-]+/, "");
      if (p.length < 4 || ID_STOP.has(p.toLowerCase()) || /^\d+(?:\.\d+)?$/.test(p) || part.startsWith("-")) continue;
      // Code-like names only: a plain word ("reminder", "approved") names nothing in particular.
      if (!/[_.\d@]/.test(p) && !(/-/.test(p) && p.length >= 8)) continue;
      const key = p.toLowerCase();
      if (out.has(key)) continue;
      const i = s.text.indexOf(p, at);
      out.set(key, spanAt(s, i < 0 ? at : i, (i < 0 ? at : i) + p.length));
      if (out.size >= 10) return false;
    }
    return true;
  };
  for (const s of segments) {
    const st = structureOf(s);
    for (const t of st.tools)
      for (const l of t.leaves) {
        if (typeof l.value !== "string" || !(TARGET_KEY.test(l.key) || l.keys.some((k) => TARGET_KEY.test(k)))) continue;
        const v = l.value.trim();
        // A quoted name with spaces ("Untitled folder (14)") is searched whole.
        if (/\s/.test(v) && v.length >= 6 && v.length <= 60 && !out.has(v.toLowerCase())) out.set(v.toLowerCase(), spanAt(s, l.start, l.end));
        for (const m of v.matchAll(ID_RE)) if (!add(s, m[0], l.start)) return [...out].map(([id, span]) => ({ id, span }));
      }
    for (const u of st.code) for (const m of u.text.slice(0, 3000).matchAll(ID_RE)) if (!add(s, m[0], u.start)) return [...out].map(([id, span]) => ({ id, span }));
  }
  return [...out].map(([id, span]) => ({ id, span }));
}

export interface TargetStatus {
  readonly protectedAt: ReadonlyArray<{ act: Span; where: Span; words: string }>;
  readonly clearedAt: ReadonlyArray<{ act: Span; where: Span; words: string }>;
}

/** The lines of the surrounding text that name the act's targets, read for words protecting or clearing them. */
export function targetStatus(actSegments: readonly Segment[], around: readonly Segment[]): TargetStatus {
  const ids = actIdentifiers(actSegments);
  const protectedAt: Array<{ act: Span; where: Span; words: string }> = [];
  const clearedAt: Array<{ act: Span; where: Span; words: string }> = [];
  if (ids.length === 0) return { protectedAt, clearedAt };
  for (const s of around) {
    const lower = s.text.toLowerCase();
    for (const { id, span } of ids) {
      let from = 0;
      for (let n = 0; n < 3; n++) {
        const at = lower.indexOf(id, from);
        if (at < 0) break;
        from = at + id.length;
        // The clause holding the name: its line, cut at semicolons and sentence ends (at most 160 characters either side).
        const a = Math.max(lower.lastIndexOf("\n", at) + 1, lower.lastIndexOf("; ", at) + 1, lower.lastIndexOf(". ", at) + 1, at - 160);
        const ends = [lower.indexOf("\n", at), lower.indexOf("; ", at + id.length), lower.indexOf(". ", at + id.length)].filter((x) => x >= 0);
        const b = Math.min(ends.length > 0 ? Math.min(...ends) : lower.length, at + id.length + 160);
        const line = s.text.slice(a, b);
        const p = PROTECTED.exec(line);
        const c = p ? null : CLEARED.exec(line);
        if (p) protectedAt.push({ act: span, where: spanAt(s, a, b), words: p[0] });
        else if (c) clearedAt.push({ act: span, where: spanAt(s, a, b), words: c[0] });
      }
      if (protectedAt.length + clearedAt.length >= 8) return { protectedAt, clearedAt };
    }
  }
  return { protectedAt, clearedAt };
}
