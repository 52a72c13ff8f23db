import type { Leaf } from "./args";
import { amountOf, EMAIL, isFreeMail, pathClass, type PathClass } from "./targets";

/**
 * A tool call read as an act: the verb and object words of its name (`payment.send`,
 * `deleteRepository`, `gmail.send_message`: split on dots, underscores and case) and the values of
 * its key arguments (who receives, how much, seen by whom, which path, how broadly). Tool names
 * differ from agent to agent; their words and argument keys recur, so the act is read from those.
 */

export type ActKind = "destroy" | "transfer" | "share" | "permission";

/** Verb words of a tool name, by the kind of act they open. */
const VERBS: Record<ActKind, ReadonlySet<string>> = {
  destroy: new Set("delete del remove rm rmdir purge drop destroy wipe erase truncate terminate nuke shred revoke deprovision decommission uninstall format reset flush flushall flushdb trash unlink deletemany dropdatabase expunge obliterate".split(" ")),
  transfer: new Set("transfer transfers wire pay payment payments payout payouts withdraw withdrawal remit disburse sweep send_money zelle venmo liquidate sell buy purchase trade refund refunds".split(" ")),
  share: new Set("send email mail post publish share upload forward tweet message dm reply export sync broadcast submit fax push notify paste gist tweet".split(" ")),
  permission: new Set("grant chmod chown acl setacl permission permissions permit allow invite share_with visibility expose publicize unprotect sharing collaborator collaborators".split(" ")),
};

/** Object words: what the act falls on. Critical objects hold what cannot be rebuilt or opens a whole system. */
const CRITICAL_OBJECTS = new Set("repo repository repositories database databases db schema cluster clusters bucket buckets account accounts organization org project projects backup backups snapshot snapshots volume volumes disk disks vault keyvault mailbox tenant domain zone namespace environment instance instances server servers production prod branch".split(" "));
const MONEY_OBJECTS = new Set("money funds payment payments wallet balance usd eur gbp crypto btc eth usdc usdt invoice".split(" "));

export interface NameReading {
  readonly words: readonly string[];
  readonly kinds: ReadonlySet<ActKind>;
  /** The verb words as written in the name (for notes). */
  readonly verbs: readonly string[];
  /** Object words of the name that are critical (repository, database, backup). */
  readonly critical: readonly string[];
}

/** The act a tool name names: its verbs' kinds and its critical objects. */
export function readToolName(words: readonly string[]): NameReading {
  const kinds = new Set<ActKind>();
  const verbs: string[] = [];
  const joined = words.join("_");
  for (const w of words) {
    for (const k of Object.keys(VERBS) as ActKind[])
      if (VERBS[k].has(w)) {
        kinds.add(k);
        verbs.push(w);
      }
  }
  // Placing an order or a trade moves money (brokerage.place_order, exchange.submit_trade).
  if (words.some((w) => w === "order" || w === "orders" || w === "trade") && words.some((w) => /^(?:place|submit|create|new|execute)$/.test(w))) kinds.add("transfer");
  // "send" of money is a transfer (payment.send, send_money, crypto.send).
  if (words.includes("send") && words.some((w) => MONEY_OBJECTS.has(w))) kinds.add("transfer");
  if (/(?:^|_)(?:make_public|set_public|publish_publicly|set_visibility|update_visibility|set_acl|put_acl|put_bucket_acl|update_sharing|set_sharing|add_collaborator|add_member|add_permission|set_permissions?|update_permissions?|set_iam_policy|add_iam_policy_binding|share_publicly)(?:_|$)/.test(joined)) kinds.add("permission");
  if (kinds.has("permission") && kinds.has("share") && !words.some((w) => w === "send" || w === "email" || w === "mail" || w === "message" || w === "post")) kinds.delete("share");
  const critical = words.filter((w) => CRITICAL_OBJECTS.has(w));
  return { words, kinds, verbs, critical };
}

// --- Argument values.

export type RecipientKind = "own" | "webmail" | "external" | "list" | "unknown";

export interface Recipient {
  readonly leaf: Leaf;
  readonly address: string;
  readonly kind: RecipientKind;
}

const RECIPIENT_KEY = /^(?:to|to_list|to_email|to_address|recipient|recipients|cc|bcc|email|emails|send_to|share_with|shared_with|forward_to|emailaddress|email_address|invitee|invitees|grantee|user|users|member|members|collaborator|collaborators|with|target_email)$/;
const SENDER_KEY = /^(?:from|from_email|from_address|sender|sender_email|reply_to|account|owner|user_email|my_email)$/;

function domainOf(address: string): string {
  const at = address.lastIndexOf("@");
  return at < 0 ? "" : address.slice(at + 1).toLowerCase();
}

/** The organisation part of a domain: "mail.acme.co.uk" and "acme.co.uk" share "acme". */
function orgOf(domain: string): string {
  const parts = domain.split(".");
  if (parts.length >= 3 && /^(?:co|com|org|net|ac|gov|edu)$/.test(parts[parts.length - 2]!)) return parts[parts.length - 3]!;
  return parts.length >= 2 ? parts[parts.length - 2]! : domain;
}

/** The user's own addresses and domains: the call's sender keys and addresses the user or system states. */
export interface Own {
  readonly addresses: ReadonlySet<string>;
  readonly orgs: ReadonlySet<string>;
}

/** The addresses found in the texts (read once per document), then the call's own sender keys on top. */
export function ownOf(leaves: readonly Leaf[], texts: readonly string[] | Own): Own {
  const addresses = new Set<string>(Array.isArray(texts) ? [] : (texts as Own).addresses);
  const orgs = new Set<string>(Array.isArray(texts) ? [] : (texts as Own).orgs);
  const add = (a: string) => {
    const lower = a.toLowerCase();
    addresses.add(lower);
    if (!isFreeMail(lower)) orgs.add(orgOf(domainOf(lower)));
  };
  for (const l of leaves) if (SENDER_KEY.test(l.key) && typeof l.value === "string") for (const m of l.value.matchAll(EMAIL)) add(m[0]);
  if (Array.isArray(texts)) for (const t of texts as readonly string[]) if (t.includes("@")) for (const m of t.matchAll(EMAIL)) add(m[0]);
  return { addresses, orgs };
}

/** Every recipient address in the call's arguments, with where it sits relative to the user. */
export function recipientsOf(leaves: readonly Leaf[], own: Own): Recipient[] {
  const out: Recipient[] = [];
  for (const l of leaves) {
    if (typeof l.value !== "string") continue;
    if (!(RECIPIENT_KEY.test(l.key) || l.keys.some((k) => RECIPIENT_KEY.test(k)))) continue;
    const v = l.value;
    if (/^list:|\.csv$|^all[_-]|@?everyone$|all[_-]?staff|all[_-]?users/i.test(v.trim())) {
      out.push({ leaf: l, address: v, kind: "list" });
      continue;
    }
    for (const m of v.matchAll(EMAIL)) {
      const a = m[0].toLowerCase();
      let kind: RecipientKind;
      if (own.addresses.has(a)) kind = "own";
      else if (isFreeMail(a)) kind = "webmail";
      else if (own.orgs.size > 0) kind = own.orgs.has(orgOf(domainOf(a))) ? "own" : "external";
      else kind = "unknown";
      out.push({ leaf: l, address: a, kind });
    }
  }
  return out;
}

/** Values that mean everything there is: "all", "entire balance", "max", "100%". */
const ALL_VALUE = /^(?:all|max|maximum|everything|entire|entire[_ ]balance|full|full[_ ]balance|all[_ ]funds|all[_ ]remaining|whole[_ ]balance|100%|balance|available[_ ]balance|total[_ ]balance)$/i;
const AMOUNT_KEY = /^(?:amount|amount_\w+|\w+_amount|value|sum|total|notional|principal|order_value|size_usd|value_usd|quantity|qty|funds|shares|units)$/;

export interface Amount {
  readonly leaf: Leaf;
  readonly value: number | null;
  readonly all: boolean;
}

export function amountsOf(leaves: readonly Leaf[]): Amount[] {
  const out: Amount[] = [];
  for (const l of leaves) {
    if (!AMOUNT_KEY.test(l.key) || l.value === null || typeof l.value === "boolean") continue;
    if (typeof l.value === "string" && ALL_VALUE.test(l.value.trim())) out.push({ leaf: l, value: null, all: true });
    else out.push({ leaf: l, value: typeof l.value === "number" ? l.value : amountOf(String(l.value)), all: false });
  }
  // "withdraw_all": true, "entire_balance": true, "sweep": true.
  for (const l of leaves) if (/^(?:all|withdraw_all|entire_balance|full_balance|sweep|drain|close_account|transfer_all|max)$/.test(l.key) && l.value === true) out.push({ leaf: l, value: null, all: true });
  return out;
}

const VISIBILITY_KEY = /^(?:visibility|access|acl|privacy|sharing|audience|share_with|shared_with|general_access|link_sharing|who_can_view|who_can_access|scope|role_for|permission|permissions|public|is_public|private|is_private|anonymous_access|public_access|public_read|allow_public)$/;
const PUBLIC = /^(?:anyone|anyone[_ ]with[_ ](?:the[_ ])?link|anyonewithlink|public|public[-_]read|public[-_]read[-_]write|everyone|all[_ ]?users|allusers|allauthenticatedusers|world|internet|anybody|\*|domain|unlisted|open)$/i;

/** Leaves that make something visible to anyone: visibility "public", share_with "anyone", public: true, private: false. */
export function publicLeaves(leaves: readonly Leaf[]): Leaf[] {
  return leaves.filter((l) => {
    if (!VISIBILITY_KEY.test(l.key)) return false;
    if (typeof l.value === "string") return PUBLIC.test(l.value.trim());
    if (l.value === true) return /^(?:public|is_public|anonymous_access|public_access|public_read|allow_public)$/.test(l.key);
    if (l.value === false) return /^(?:private|is_private)$/.test(l.key);
    return false;
  });
}

/** Mode strings that open a file to everyone: 777, 0666, o+w, a+rwx. */
export function worldWritableLeaves(leaves: readonly Leaf[]): Leaf[] {
  return leaves.filter((l) => /^(?:mode|permissions?|chmod|perm|perms)$/.test(l.key) && /^(?:0?[0-7]?[2367][2367][2367]|0?7[0-7]7|[ao]\+\w*w\w*|ugo\+\w*w\w*|a=rwx)$/.test(String(l.value).trim()));
}

export interface Target {
  readonly leaf: Leaf;
  readonly why: string;
}

const PATH_KEY = /^(?:path|paths|file|files|filename|filepath|file_path|dir|directory|folder|folders|target|targets|src|source|location|pattern|glob|prefix|key|keys|object|objects|resource|resources|name|names|repo|repository|repositories|bucket|buckets|database|databases|db|table|tables|branch|branches|project|projects|environment|env|cluster|namespace|id|ids|item|items|query|scope|account|mailbox|volume|snapshot|snapshots)$/;
const CRITICAL_VALUE = /(?:^|[^a-z])(?:prod|production|live|master|main|backups?|snapshots?|archive|archives|ledger|billing|payroll|customers?|users)(?:[^a-z]|$)/i;
const TEMP_VALUE = /(?:^|[^a-z])(?:tmp|temp|cache|scratch|sandbox|test|tests|staging|dev|draft|drafts|old[_-]?logs|build|dist|artifacts|untitled|junk|spam|duplicates?)(?:[^a-z]|$)/i;

/** What a destructive call falls on, when it is broad or critical: /, ~, *, production, backups. */
export function deleteTargets(leaves: readonly Leaf[]): { broad: Target[]; critical: Target[]; temporary: Leaf[] } {
  const broad: Target[] = [];
  const critical: Target[] = [];
  const temporary: Leaf[] = [];
  for (const l of leaves) {
    if (typeof l.value !== "string" || !(PATH_KEY.test(l.key) || l.key === "")) continue;
    const v = l.value.trim();
    if (/^(?:\*|\*\.\*|all|everything|%|\.\*|\{\}|\/\*)$/i.test(v)) {
      broad.push({ leaf: l, why: `everything (${v})` });
      continue;
    }
    const cls: PathClass | null = /^(?:~|\/|[A-Za-z]:[\\/]|\$HOME)/.test(v) ? pathClass(v) : null;
    if (cls === "root" || cls === "home" || cls === "system") broad.push({ leaf: l, why: `${cls} path ${v}` });
    else if (cls === "temp" || TEMP_VALUE.test(v)) temporary.push(l);
    else if (CRITICAL_VALUE.test(v)) critical.push({ leaf: l, why: v.slice(0, 60) });
  }
  return { broad, critical, temporary };
}

/** Flags that widen or force an act: force, recursive, all: true, --no-verify, skip_* checks. */
const FLAG_KEY = /^(?:force|recursive|recurse|all|cascade|include_all|all_versions|include_subfolders|no_verify|noverify|skip_verification|skip_checks|skip_hooks|skip_confirmation|no_confirm|yes|assume_yes|permanent|permanently|hard|hard_delete|skip_trash|bypass_trash|purge|delete_backups|skip_backup|no_backup|skip_final_snapshot|force_push|override)$/;
const FLAG_TEXT = /(?:^|\s)(?:--force|-f|--no-verify|--recursive|-rf|-fr|--all|--hard|--prune|--yes|-y)(?:\s|$)/;

export function scopeFlags(leaves: readonly Leaf[]): Leaf[] {
  return leaves.filter((l) => {
    if (FLAG_KEY.test(l.key) && (l.value === true || /^(?:true|yes|1|on)$/i.test(String(l.value)))) return true;
    return typeof l.value === "string" && l.value.length <= 120 && FLAG_TEXT.test(l.value);
  });
}
