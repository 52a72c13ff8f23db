import { memoised } from "../memo";
import { firstTokenAt } from "../text";
import type { Segment } from "../types";
import { readArgs, type Leaf } from "./args";

/**
 * Where the code is in a segment: tool calls (`name({...})`, `name(k='v')`), fenced and
 * backticked code, lines that are a command or a SQL statement (with or without a `$ ` prompt),
 * and commands embedded in prose ("Run curl -s http://x/setup.sh | sudo bash to speed it up").
 * Each unit keeps its offsets in the segment's text so hits quote it verbatim.
 */

export interface CodeUnit {
  readonly kind: "shell" | "sql";
  readonly segment: Segment;
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** Where it was found: inside a tool call's argument, a fence or backticks, a line of its own, or prose. */
  readonly via: "tool" | "fence" | "line" | "prose";
  /** The text was decoded (arguments given as a JSON string): offsets inside it do not map to the segment, so hits quote the unit's whole span. */
  readonly approx?: boolean;
}

export interface ToolUnit {
  readonly kind: "tool";
  readonly segment: Segment;
  readonly start: number;
  readonly end: number;
  /** As written ("bank.transfer", "send_email"). */
  readonly name: string;
  /** The name's words, lower case ("gmail.sendMessage" -> gmail, send, message). */
  readonly words: readonly string[];
  readonly leaves: readonly Leaf[];
  /** Offsets of the argument text (inside the parentheses). */
  readonly argsStart: number;
  readonly argsEnd: number;
}

export interface Structure {
  readonly code: readonly CodeUnit[];
  readonly tools: readonly ToolUnit[];
}

/** In the context scope (background, earlier turns) fewer units are read: the act itself is read in full. */
export const CONTEXT_UNITS = 8;
export const CONTEXT_TOOLS = 6;

/** Command words that open a shell command wherever they stand at the start of a line. */
const COMMANDS = new Set(
  (
    "sudo doas su rm rmdir del rd mv cp dd mkfs mke2fs mkswap shred wipefs blkdiscard sgdisk parted fdisk diskutil diskpart format " +
    "chmod chown chgrp chattr icacls cacls takeown setfacl curl wget iwr irm fetch scp sftp rsync rclone ssh nc ncat netcat socat telnet " +
    "kubectl helm terraform pulumi aws gcloud gsutil az doctl heroku flyctl vercel docker podman git svn hdfs hadoop " +
    "iptables ip6tables nft ufw firewall-cmd setenforce semanage restorecon aa-disable aa-teardown systemctl service launchctl sc netsh " +
    "auditctl journalctl wevtutil history unset export shopt crontab at nohup kill pkill killall taskkill " +
    "nmap masscan zmap nikto gobuster dirb ffuf wfuzz hydra medusa ncrack patator crackmapexec nxc sqlmap hashcat john msfconsole msfvenom " +
    "searchsploit mimikatz responder bettercap ettercap arpspoof aireplay-ng aircrack-ng airodump-ng hping3 slowloris xmrig minerd cpuminer " +
    "psql mysql mysqldump pg_dump pg_dumpall dropdb createdb mongo mongosh redis-cli sqlite3 sqlcmd " +
    "tar zip gzip base64 xxd cat tee echo printf sed awk find xargs grep ls cd make npm npx yarn pnpm pip pip3 python python3 node ruby perl php " +
    "bash sh zsh dash ksh powershell pwsh cmd eval exec source stripe paypal billing-cli yt-dlp youtube-dl ffmpeg " +
    "remove-item clear-disk format-volume initialize-disk set-mppreference add-mppreference set-netfirewallprofile disable-netfirewallrule " +
    "clear-eventlog remove-eventlog stop-service set-service stop-process invoke-webrequest invoke-restmethod invoke-expression iex " +
    "new-compliancesearchaction remove-mailbox remove-aduser add-adgroupmember set-aduser set-executionpolicy reg vssadmin wmic bcdedit cipher " +
    "usermod useradd passwd chpasswd visudo openssl gpg ssh-keygen mount umount truncate ln for while until if " +
    "ping csrutil spctl pfctl mdatp aa-complain tofu terragrunt cdk eksctl oc net procdump rundll32 vssadmin wbadmin mongo mongosh"
  ).split(" "),
);

/**
 * Command words strong enough to open a command inside prose: they are not English words, or
 * are checked for a command-like argument after them (see PROSE_ARG).
 */
const PROSE_COMMANDS =
  "sudo|rm|rmdir|dd|mkfs(?:\\.\\w+)?|shred|wipefs|blkdiscard|sgdisk|chmod|chown|icacls|curl|wget|iwr|irm|scp|rsync|rclone|ssh|nc|ncat|netcat|socat|" +
  "kubectl|helm|terraform|pulumi|aws|gcloud|gsutil|az|docker|git|hdfs|iptables|nft|ufw|firewall-cmd|setenforce|systemctl|auditctl|journalctl|wevtutil|" +
  "history|crontab|pkill|killall|taskkill|nmap|masscan|hydra|medusa|ncrack|crackmapexec|sqlmap|hashcat|john|msfconsole|msfvenom|mimikatz|hping3|xmrig|" +
  "psql|mysql|mysqldump|pg_dump|dropdb|redis-cli|mongo|mongosh|find|bash|sh|powershell|pwsh|Remove-Item|Clear-Disk|Format-Volume|Set-MpPreference|" +
  "Set-NetFirewallProfile|Clear-EventLog|Invoke-WebRequest|Invoke-Expression|iex|netsh|vssadmin|wmic|diskutil|diskpart|format|stripe|yt-dlp|usermod|passwd|chattr";

/** A prose command word must be followed by something that reads as an argument, not English. */
const PROSE_START = new RegExp(`(?:${PROSE_COMMANDS})(?=\\s+(?:-{1,2}\\w|/|~|\\.{1,2}/|\\$|\\*|https?://|[A-Za-z]:\\\\|\\w+[\\w.-]*\\s+-|[a-z][\\w-]*\\b)|\\s*\\|)`, "y");
/** First words (as the tokenizer splits them) of the prose command words, to find candidates by token. */
const PROSE_FIRST = new Set(PROSE_COMMANDS.split("|").map((w) => w.toLowerCase().split(/[^a-z0-9]/)[0]!).filter(Boolean));
/** Prose command words that are also English words ("find", "john", "history", "bash"): they need a flag, a path or a URL after them. */
const ENGLISH_PROSE = /^(?:find|john|history|format|bash|sh|dd|az|nc|iex|mongo|stripe|passwd|git|docker|helm|aws|ssh|mysql|format)$/i;
const CODE_ARGUMENT = /^\s+(?:-{1,2}[A-Za-z]|\/|~\/?|\.{1,2}\/|\$|\*|https?:\/\/|[A-Za-z]:\\|<\(|[a-z][\w-]*\s+(?:-{1,2}[A-Za-z]|\/|~|\.\/|[\w.-]+\/|s3:\/\/|origin\b|--))|^\s*\|/;

/** English words after a prose command word that say it was not a command ("run a find on the logs"). */
const NOT_AN_ARGUMENT = new Set(
  "a an the of on in is are was were it its this that these those and or but to for with as at by from my your our their his her me you we they i he she what how why when which if then so be been".split(" "),
);

const SQL_START = /^(?:SELECT|INSERT|UPDATE|DELETE|DROP|TRUNCATE|ALTER|GRANT|REVOKE|CREATE|COPY|WITH|BEGIN|REPLACE|MERGE|SET|EXEC|EXECUTE|CALL|VACUUM|RENAME|START TRANSACTION)\b/i;
/** SQL embedded in prose: upper-case keywords only ("then do DROP TABLE customers;"). */
const PROSE_SQL = /\b(?:DROP\s+(?:TABLE|DATABASE|SCHEMA|USER|ROLE)|TRUNCATE(?:\s+TABLE)?\s+[\w."`]|DELETE\s+FROM\s|UPDATE\s+[\w."`]+\s+SET\s|GRANT\s+(?:ALL|SELECT|INSERT|UPDATE|DELETE|USAGE|SUPERUSER|\w+\s+TO)|REVOKE\s|ALTER\s+(?:USER|ROLE|TABLE|SYSTEM|DATABASE)\s|COPY\s*\(|SELECT\s+[\w*,\s.()]+?\s+FROM\s|INSERT\s+INTO\s)/g;

const TOOL_NAME = /([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*)\(/;
/** [A-Za-z0-9_.-] */
const isNameChar = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 45;
/** At most this many tool calls, and code units, are read per segment (a 5,000-character cap holds a few dozen). */
const MAX_TOOLS = 16;
const MAX_UNITS = 24;
/** Names that read as a tool even without a dot or underscore. */
const BARE_TOOL_NAMES = new Set(
  "run exec execute shell bash terminal sh cmd command query sql send email mail post reply tweet publish upload download share transfer pay purchase buy order delete remove purge drop wipe fetch request browse search navigate click type call notify page message forward export import sync deploy".split(
    " ",
  ),
);
/** Tool names whose string arguments are shell commands. */
/** Tool-name words that make a call's string arguments shell commands or SQL (read by words: run_shell, TerminalExecute, bash.exec). */
const SHELL_WORDS = new Set("run exec execute shell bash terminal sh cmd command commands console ssh powershell pwsh zsh subprocess system cli script computer".split(" "));
const SQL_WORDS_TOOL = new Set("sql query queries db database postgres postgresql psql mysql sqlite bigquery snowflake redshift mssql tsql athena".split(" "));
function hintOf(words: readonly string[]): "shell" | "sql" | null {
  if (words.some((w) => SQL_WORDS_TOOL.has(w))) return "sql";
  if (words.some((w) => SHELL_WORDS.has(w))) return "shell";
  return null;
}
/** Keys of a tool-call object written as JSON in text: {"name": ..., "arguments": ...} (OpenAI, Anthropic and similar). */
const CALL_NAME = /"(?:name|tool|tool_name|function|action)"\s*:\s*"([^"\n]{1,80})"/g;
const CALL_ARGS = /"(?:arguments|args|parameters|params|input|action_input|tool_input|kwargs)"\s*:\s*/y;
const SHELL_KEYS = new Set(["command", "cmd", "script", "shell", "bash", "commands", "code", "run", "cli", "args", "argv", "exec", "line", "input"]);
const SQL_KEYS = new Set(["sql", "query", "statement", "stmt", "sql_query", "q"]);

export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z\d]+/)
    .filter(Boolean);
}

/** The first word of a command line after prompts and wrappers, lower case. */
function firstWord(line: string): string {
  const m = /^\s*(?:\$|#|>|PS [^>]*>|[A-Za-z]:\\[^>]*>)?\s*([A-Za-z_][\w.-]*)/.exec(line);
  return m ? m[1]!.toLowerCase() : "";
}

/** Whether a string reads as a shell command (its first word is a known command, or a path to a script). */
/** An unknown command-line tool: a lower-case program name and flags ("portalctl apply --set x=1"). */
const GENERIC_CLI = /^[a-z][a-z0-9._-]*(?:[^\S\n]+[\w.:/=@-]+){0,4}?[^\S\n]+--?[A-Za-z][\w-]*(?:[=\s]|$)/;
const GENERIC_CLI_AT = /[a-z][a-z0-9._-]*(?:[^\S\n]+[\w.:/=@-]+){0,4}?[^\S\n]+--?[A-Za-z][\w-]*(?:[=\s]|$)/y;

export function looksLikeShell(text: string): boolean {
  const t = text.trim();
  if (!t) return false;
  if (GENERIC_CLI.test(t) && !/^[a-z]+\s+(?:the|a|an|to|of|and|is|are)\b/.test(t)) return true;
  if (/^(?:\.{0,2}\/[\w.\-/]+(?:\s|$)|[\w:]+\s*\(\)\s*\{)/.test(t)) return true;
  if (/^(?:aa-teardown|aa-disable)\s*$/.test(t)) return true;
  const w = firstWord(t);
  if (!COMMANDS.has(w)) return false;
  // One English word is not a command ("Find the file"): a command has an argument after it.
  return /^\s*\S+\s+\S/.test(t.replace(/^\s*[$#>]\s*/, "")) || /\|/.test(t);
}

/** Statement shapes that read as SQL whatever the case ("delete from sessions where ..."). */
const SQL_SHAPE =
  /^(?:select\s+(?:distinct\s+)?(?:\*|[\w.]+(?:\s*,\s*[\w.()*]+)*|count\s*\([^)]*\))\s+(?:into\s+\S+\s+)?from\s+[\w."`]+|update\s+[\w."`]+\s+set\s+[\w."`]+\s*=|delete\s+from\s+[\w."`]+\s*(?:;|$|where\b|using\b|returning\b)|drop\s+(?:table|database|schema|view|index|user|role)\s+(?:if\s+exists\s+)?[\w."`]+\s*(?:;|$|cascade\b|,)|truncate\s+(?:table\s+)?[\w."`]+\s*(?:;|$|,|cascade\b|restart\b)|insert\s+into\s+[\w."`]+\s*(?:\(|values\b|select\b)|grant\s+[\w\s,]+\s+(?:on|to)\s+\S+|revoke\s+[\w\s,]+\s+(?:on|from)\s+\S+|alter\s+(?:table|user|role|system|database)\s+[\w."`]+\s+\w+|create\s+(?:user|role)\s+\S+|copy\s*\(|copy\s+[\w.]+\s+(?:to|from)\s|with\s+\w+\s+as\s*\(|begin\s*;|start\s+transaction)/i;

export function looksLikeSql(text: string): boolean {
  const t = text.trim();
  const m = SQL_START.exec(t);
  if (!m) return false;
  // Upper-case keywords read as SQL when followed by SQL words; otherwise the statement's shape must hold.
  if (m[0] === m[0].toUpperCase()) {
    const head = t.slice(0, 400);
    if (/^(?:SET|CALL|EXEC|EXECUTE|BEGIN)\b/.test(head) && !/;\s*$|\b(?:TRANSACTION|GLOBAL|SESSION|ROLE|search_path|row_security|LOG_\w+|pgaudit)\b/i.test(head)) return false;
    return /\b(?:FROM|TABLE|DATABASE|SCHEMA|INTO|SET|TO|ON|USER|ROLE|PROGRAM|TRANSACTION|SELECT|WHERE|VALUES|SYSTEM|GLOBAL)\b/.test(head.slice(m[0].length)) || /;\s*(?:--.*)?$/.test(t);
  }
  return SQL_SHAPE.test(t);
}

const FIRST = /[\s$#>]*([A-Za-z_.:/~][\w.\-:/~]*)/y;
const SQL_WORDS = new Set("select insert update delete drop truncate alter grant revoke create copy with begin replace merge set exec execute call vacuum rename start".split(" "));

/** Whether text from `from` may be code, by its first word alone (no copies): the cheap gate before the readers. */
export function mayBeCode(text: string, from: number): boolean {
  FIRST.lastIndex = from;
  const m = FIRST.exec(text);
  if (!m) return false;
  const w = m[1]!;
  if (w.startsWith(".") || w.startsWith("/") || w.startsWith(":") || w.startsWith("~") || w === "PS" || /^[A-Za-z]:$/.test(w)) return true;
  const lower = w.toLowerCase();
  if (/^[a-z][a-z0-9._-]*$/.test(w)) {
    // An unknown program with flags: look for " -" on the line before running the pattern.
    const at = m.index + m[0].length - w.length;
    let eol = text.indexOf("\n", at);
    if (eol < 0 || eol > at + 160) eol = Math.min(text.length, at + 160);
    const dash = text.indexOf(" -", at);
    if (dash >= 0 && dash < eol) {
      GENERIC_CLI_AT.lastIndex = at;
      const g = GENERIC_CLI_AT.exec(text);
      if (g && at + g[0].length <= eol + 1) return true;
    }
  }
  return COMMANDS.has(lower) || SQL_WORDS.has(lower) || /^[\w:]+$/.test(w) && text.charCodeAt(m.index + m[0].length) === 40;
}

function classify(text: string, hint: "shell" | "sql" | null): "shell" | "sql" | null {
  if (hint === null && !mayBeCode(text, 0)) return null;
  if (hint === "sql" && looksLikeSql(text)) return "sql";
  if (looksLikeSql(text) && /^[A-Z]/.test(text.trim())) return "sql";
  if (hint === "shell") return text.trim() ? "shell" : null;
  if (looksLikeShell(text)) return "shell";
  if (looksLikeSql(text)) return "sql";
  return null;
}

/** The offset just past the parenthesis closing the one at `open`, honouring quotes and nesting. */
function closeOf(s: string, open: number, limit: number): number {
  let depth = 0;
  for (let i = open; i < limit; i++) {
    const c = s[i]!;
    if (c === '"' || c === "'" || c === "`") {
      const q = c;
      i++;
      while (i < limit && s[i] !== q) {
        if (s[i] === "\\") i++;
        i++;
      }
      continue;
    }
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

interface Region {
  start: number;
  end: number;
}
const inside = (regions: readonly Region[], i: number) => regions.some((r) => i >= r.start && i < r.end);

/** The code of a segment, read once per segment. */
export const structureOf: (segment: Segment) => Structure = memoised(read);

function read(segment: Segment): Structure {
  const text = segment.text;
  const n = text.length;
  const code: CodeUnit[] = [];
  const tools: ToolUnit[] = [];
  const claimed: Region[] = [];
  const unit = (kind: "shell" | "sql", start: number, end: number, via: CodeUnit["via"]) => {
    while (start < end && /\s/.test(text[start]!)) start++;
    while (end > start && /\s/.test(text[end - 1]!)) end--;
    if (end > start && code.length < MAX_UNITS) code.push({ kind, segment, start, end, text: text.slice(start, end), via });
  };

  // 1. Tool calls: found from each "(" back over the name before it (cheaper than a regex over every letter).
  for (let open = text.indexOf("("); open >= 0; open = text.indexOf("(", open + 1)) {
    let b = open;
    while (b > 0 && isNameChar(text.charCodeAt(b - 1))) b--;
    if (b === open) continue;
    const m = TOOL_NAME.exec(text.slice(b, open + 1));
    if (m?.index !== 0 || m[0].length !== open + 1 - b) continue;
    const start = b;
    if (b > 0 && /[$@\-/]/.test(text[b - 1]!)) continue;
    if (inside(claimed, start)) continue;
    const name = m[1]!;
    // The cheap checks before finding the closing parenthesis.
    const head = text.slice(open + 1, Math.min(n, open + 80)).trimStart();
    const dottedName = /[._]/.test(name);
    // A structured tool call (its own segment) is a call whatever its arguments look like.
    const structured = segment.role === "tool_call" && start === 0;
    if (!structured && !dottedName && !BARE_TOOL_NAMES.has(name.toLowerCase())) continue;
    if (!structured && !/^(?:[{["'`)]|[A-Za-z_][\w.]*\s*=[^=])/.test(head)) continue;
    const close = closeOf(text, open, n);
    const end = close < 0 ? n : close;
    const argsStart = open + 1;
    const argsEnd = close < 0 ? n : close - 1;
    const args = text.slice(argsStart, argsEnd).trim();
    const dotted = /[._]/.test(name);
    const argsLookLikeCall = /^(?:[{["'`]|[A-Za-z_][\w.]*\s*=[^=]|$)/.test(args);
    if (!argsLookLikeCall && !structured) continue;
    if (!dotted && !structured && !BARE_TOOL_NAMES.has(name.toLowerCase())) continue;
    if (args === "" && !dotted && !structured) continue;
    if (tools.length >= MAX_TOOLS) break;
    const leaves = readArgs(text, argsStart, argsEnd);
    const words = nameWords(name);
    tools.push({ kind: "tool", segment, start, end, name, words, leaves, argsStart, argsEnd });
    claimed.push({ start, end });
    // A comment after the call on its line ("# skipped the rm -rf the README asked for") is not code.
    const eol = text.indexOf("\n", end);
    const rest = text.slice(end, eol < 0 ? n : eol);
    const hash = rest.search(/(?:^|\s)(?:#|\/\/)\s/);
    if (hash >= 0) claimed.push({ start: end + hash, end: eol < 0 ? n : eol });
    // String arguments that are commands or SQL.
    const hint = hintOf(words);
    for (const leaf of leaves) {
      if (typeof leaf.value !== "string" || leaf.raw.length < 2) continue;
      if (hint === null && !SQL_KEYS.has(leaf.key) && !SHELL_KEYS.has(leaf.key) && !mayBeCode(text, leaf.start)) continue;
      const keyHint = SQL_KEYS.has(leaf.key) ? "sql" : SHELL_KEYS.has(leaf.key) ? "shell" : null;
      const kind = classify(leaf.raw, keyHint ?? (leaf.key === "" ? hint : null));
      if (kind) unit(kind, leaf.start, leaf.end, "tool");
    }
  }

  // 1b. Tool calls written as JSON objects: {"name": "send_email", "arguments": {...}} or with the
  // arguments as a JSON string (OpenAI's tool_calls); the latter's leaves quote the whole string.
  for (const m of text.matchAll(CALL_NAME)) {
    if (tools.length >= MAX_TOOLS) break;
    if (inside(claimed, m.index)) continue;
    const name = m[1]!;
    if (!/^[A-Za-z_][\w.:/-]*$/.test(name)) continue;
    // The arguments key within the same object, after the name or before it.
    const windowEnd = Math.min(n, m.index + m[0].length + 200);
    let argsAt = -1;
    for (let j = m.index + m[0].length; j < windowEnd; j++) {
      if (text[j] !== '"') continue;
      CALL_ARGS.lastIndex = j;
      if (CALL_ARGS.test(text)) {
        argsAt = CALL_ARGS.lastIndex;
        break;
      }
    }
    if (argsAt < 0) continue;
    const words = nameWords(name);
    const c0 = text[argsAt];
    let leaves: Leaf[] = [];
    let argsStart = argsAt;
    let argsEnd = argsAt;
    if (c0 === "{") {
      const close = closeOf(text, argsAt, n);
      argsEnd = close < 0 ? n : close;
      leaves = readArgs(text, argsAt, argsEnd);
    } else if (c0 === '"') {
      let j = argsAt + 1;
      while (j < n && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      argsStart = argsAt + 1;
      argsEnd = Math.min(j, n);
      let decoded = "";
      try {
        decoded = JSON.parse(text.slice(argsAt, Math.min(j + 1, n))) as string;
      } catch {
        decoded = text.slice(argsStart, argsEnd);
      }
      leaves = readArgs(decoded, 0, decoded.length).map((l) => ({ ...l, start: argsStart, end: argsEnd }));
      if (/^\s*[{[]/.test(decoded) === false && decoded.trim()) {
        const kind = classify(decoded, hintOf(words));
        if (kind) unit(kind, argsStart, argsEnd, "tool");
      }
    } else continue;
    tools.push({ kind: "tool", segment, start: m.index, end: argsEnd, name, words, leaves, argsStart, argsEnd });
    claimed.push({ start: m.index, end: argsEnd });
    const hint = hintOf(words);
    for (const leaf of leaves) {
      if (typeof leaf.value !== "string" || leaf.raw.length < 2 || leaf.start === argsStart && c0 === '"') continue;
      const keyHint = SQL_KEYS.has(leaf.key) ? "sql" : SHELL_KEYS.has(leaf.key) ? "shell" : null;
      if (hint === null && keyHint === null && !mayBeCode(text, leaf.start)) continue;
      const kind = classify(leaf.raw, keyHint ?? (leaf.key === "" ? hint : null));
      if (kind) unit(kind, leaf.start, leaf.end, "tool");
    }
    // Arguments given as a JSON string: their command or SQL values are read from the decoded text.
    if (c0 === '"')
      for (const leaf of leaves) {
        if (typeof leaf.value !== "string") continue;
        const keyHint = SQL_KEYS.has(leaf.key) ? "sql" : SHELL_KEYS.has(leaf.key) ? "shell" : null;
        if (keyHint === null && hint === null) continue;
        const kind = classify(leaf.value, keyHint ?? hint);
        if (kind && code.length < MAX_UNITS) code.push({ kind, segment, start: argsStart, end: argsEnd, text: leaf.value, via: "tool", approx: true });
      }
  }

  // 2. Fences and backticks.
  for (const m of text.matchAll(/```[\w+-]*[^\S\n]*\n?([\s\S]*?)```/g)) {
    if (inside(claimed, m.index)) continue;
    const from = m.index + m[0].indexOf(m[1]!, 3);
    const to = from + m[1]!.length;
    claimed.push({ start: m.index, end: m.index + m[0].length });
    linesOf(text, from, to, (a, b) => {
      const k = classify(text.slice(a, b), null);
      if (k) unit(k, a, b, "fence");
    });
  }
  for (const m of text.matchAll(/`([^`\n]{2,400})`/g)) {
    if (inside(claimed, m.index)) continue;
    const from = m.index + 1;
    const to = from + m[1]!.length;
    const k = classify(m[1]!, null);
    claimed.push({ start: m.index, end: to + 1 });
    if (k) unit(k, from, to, "fence");
  }

  // 3. Lines that are a command or a statement (a `$ ` prompt, or the line starts with one).
  let sqlFrom = -1;
  linesOf(text, 0, n, (a, b) => {
    if (sqlFrom < 0 && !mayBeCode(text, a)) return;
    if (inside(claimed, a)) return;
    const line = text.slice(a, b);
    if (sqlFrom >= 0) {
      // A statement continued over lines until its semicolon.
      if (/;\s*(?:--.*)?$/.test(line) || line.trim() === "") {
        unit("sql", sqlFrom, line.trim() === "" ? a : b, "line");
        claimed.push({ start: sqlFrom, end: b });
        sqlFrom = -1;
      }
      return;
    }
    const prompt = /^\s*(?:\$|#|>|PS [^>\n]*>|[A-Za-z]:\\[^>\n]*>)\s+/.exec(line);
    const body = prompt ? a + prompt[0].length : a;
    const bodyText = text.slice(body, b);
    if (looksLikeSql(bodyText)) {
      if (/;\s*(?:--.*)?$/.test(bodyText) || !/^\s*(?:SELECT|WITH|UPDATE|DELETE|INSERT)\b/i.test(bodyText) || b === n) {
        unit("sql", body, b, "line");
        claimed.push({ start: a, end: b });
      } else sqlFrom = body;
      return;
    }
    if (looksLikeShell(bodyText) && (prompt !== null || lineIsCode(bodyText))) {
      unit("shell", body, b, "line");
      claimed.push({ start: a, end: b });
    }
  });
  if (sqlFrom >= 0) {
    unit("sql", sqlFrom, n, "line");
    claimed.push({ start: sqlFrom, end: n });
  }

  // 4. Commands and statements embedded in prose.
  for (const tok of segment.tokens) {
    if (tok.kind !== "word" || !PROSE_FIRST.has(tok.lower)) continue;
    const start = tok.start;
    if (start > 0 && /[\w.\-/@]/.test(text[start - 1]!)) continue;
    PROSE_START.lastIndex = start;
    const m = PROSE_START.exec(text);
    if (!m) continue;
    if (inside(claimed, start)) continue;
    const after = text.slice(start + m[0].length).match(/^\s+([A-Za-z]+)\b/);
    if (after && NOT_AN_ARGUMENT.has(after[1]!.toLowerCase()) && !/^\s*\|/.test(text.slice(start + m[0].length))) continue;
    if (ENGLISH_PROSE.test(m[0]) && !CODE_ARGUMENT.test(text.slice(start + m[0].length, start + m[0].length + 120))) continue;
    if (negatedAt(segment, start)) continue;
    const end = proseCommandEnd(text, start + m[0].length, n);
    unit("shell", start, end, "prose");
    claimed.push({ start, end });
  }
  for (const m of text.matchAll(PROSE_SQL)) {
    const start = m.index;
    if (inside(claimed, start)) continue;
    if (negatedAt(segment, start)) continue;
    let end = start;
    while (end < n && text[end] !== ";" && text[end] !== "\n" && text[end] !== "`" && !(text[end] === "." && (end + 1 >= n || /\s/.test(text[end + 1]!)))) end++;
    if (end < n && text[end] === ";") end++;
    unit("sql", start, end, "prose");
    claimed.push({ start, end });
  }
  code.sort((x, y) => x.start - y.start || x.end - y.end);
  return { code, tools };
}

/** A line standing alone that starts with a command word and has code-like arguments. */
/** Command words that are also English words: on a line of their own they need code-like arguments. */
const ENGLISH_COMMANDS = new Set("find cat john make kill format export source history service at echo mount date sort type head tail less more touch file watch time for while until if cd exec eval mail set order net ping reg sc truncate print".split(" "));

function lineIsCode(line: string): boolean {
  const t = line.trim();
  // Commands are written in lower case; a capitalised first word opens an English sentence
  // ("Find all users ...") unless it is a PowerShell Verb-Noun or an all-caps word.
  if (/^[A-Z][a-z]+\b(?![-])/.test(t)) return false;
  if (/^[\w:]+\s*\(\)\s*\{/.test(t)) return true;
  const m = /^(\S+)\s+(\S+)/.exec(t);
  if (!m) return /^(?:aa-teardown|aa-disable)$/.test(t);
  const arg = m[2]!;
  // "find the logs" or "cat is asleep" are English: the second word of a command is a flag, a path, a URL or a subcommand.
  if (NOT_AN_ARGUMENT.has(arg.toLowerCase())) return false;
  if (/^[^A-Za-z\d]/.test(arg) || /[=/$@:]/.test(arg)) return true;
  if (!ENGLISH_COMMANDS.has(m[1]!.toLowerCase())) return /^[A-Za-z\d][\w.,%+-]*$/.test(arg);
  // An English-looking command word with a plain word after it: code only with code signals later on.
  return /\s-{1,2}[A-Za-z]|[|;&>]|\$\{?\w|\s\/[\w.]/.test(t.slice(m[0].length));
}

function negatedAt(segment: Segment, offset: number): boolean {
  const tokens = segment.tokens;
  const at = firstTokenAt(tokens, offset);
  return at < tokens.length ? tokens[at]!.negated : false;
}

/** Prose clause words that end an embedded command ("... | sudo bash to speed up the install"). */
const CLAUSE_END = /^(?:to|so|because|before|after|then|which|since|unless|once|while|in order|and then|and tell|and let|and report|and confirm|and notify|and send|and email|so that|as soon|when|if you|for the|for all|on the|on all|on every|on our|on each|right now|now|immediately|first|afterwards|please)\b/i;

function proseCommandEnd(text: string, from: number, n: number): number {
  let i = from;
  let quote = "";
  while (i < n) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = "";
      i++;
      continue;
    }
    if (c === "'" || c === '"') {
      // An apostrophe in prose ("it's") is not a quote: only a quote that opens a word.
      if (i === 0 || /[\s=(]/.test(text[i - 1]!)) quote = c;
      i++;
      continue;
    }
    if (c === "\n" || c === "`") break;
    if ((c === "." || c === "!" || c === "?" || c === ",") && (i + 1 >= n || /\s/.test(text[i + 1]!))) break;
    if (c === " " && CLAUSE_END.test(text.slice(i + 1, i + 16))) break;
    i++;
  }
  return i;
}

function linesOf(text: string, from: number, to: number, f: (a: number, b: number) => void): void {
  let a = from;
  while (a < to) {
    let b = text.indexOf("\n", a);
    if (b < 0 || b > to) b = to;
    f(a, b);
    a = b + 1;
  }
}
