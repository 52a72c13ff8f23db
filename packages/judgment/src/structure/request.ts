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
