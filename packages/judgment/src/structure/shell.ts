import { parse as parseShell } from "shell-quote";

/**
 * A shell command line read into simple commands: split on the list and pipe operators outside
 * quotes and substitutions (offsets kept), each tokenised with shell-quote (quotes, globs,
 * redirections), with wrappers (sudo, env, nohup, timeout, xargs ...) taken off, and the commands
 * nested in `sh -c '...'`, `ssh host '...'`, `$(...)` and `<(...)` read as well.
 */

export interface Redirect {
  readonly op: string;
  readonly target: string;
}

export interface Cmd {
  /** Words after wrappers; argv[0] lower case. */
  readonly argv: readonly string[];
  /** Lower-case words. */
  readonly lower: readonly string[];
  readonly redirects: readonly Redirect[];
  /** Ran through sudo, doas, su or runas. */
  readonly elevated: boolean;
  /** Its place in the source text (absolute offsets). */
  readonly start: number;
  readonly end: number;
  /** Index of its pipeline within the unit, and its stage within the pipeline. */
  readonly pipeline: number;
  readonly stage: number;
  /** Nested in another command (sh -c, ssh, $(...)): depth > 0. */
  readonly depth: number;
  /** Reached through xargs or a loop: its arguments come from a list. */
  readonly fromList: boolean;
}

export interface ShellReading {
  readonly cmds: readonly Cmd[];
  /** Pipelines as [start, end) absolute offsets, in order. */
  readonly pipelines: readonly { start: number; end: number }[];
  /** The unit has a for/while loop or xargs. */
  readonly loop: boolean;
}

interface Piece {
  start: number;
  end: number;
  pipeline: number;
  stage: number;
}

/** Split at |, ||, &&, ;, & and newlines outside quotes, $(...), <(...), (...) and {...}; comments dropped. */
function split(text: string, base: number): { pieces: Piece[]; pipelines: { start: number; end: number }[] } {
  const pieces: Piece[] = [];
  const pipelines: { start: number; end: number }[] = [];
  let pipeline = 0;
  let stage = 0;
  let from = 0;
  let pipeFrom = 0;
  let depth = 0;
  let quote = "";
  const n = text.length;
  const cut = (to: number, next: number, pipe: boolean) => {
    if (text.slice(from, to).trim()) pieces.push({ start: base + from, end: base + to, pipeline, stage });
    if (pipe) stage++;
    else {
      if (text.slice(pipeFrom, to).trim()) pipelines.push({ start: base + pipeFrom, end: base + to });
      pipeline++;
      stage = 0;
      pipeFrom = next;
    }
    from = next;
  };
  for (let i = 0; i < n; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === "\\" && quote === '"') i++;
      else if (c === quote) quote = "";
      continue;
    }
    if (c === "\\") {
      i++;
      continue;
    }
    if (c === "'" || c === '"' || c === "`") {
      quote = c;
      continue;
    }
    if (c === "(" || (c === "{" && (i === 0 || /\s/.test(text[i - 1]!)))) {
      depth++;
      continue;
    }
    if ((c === ")" || c === "}") && depth > 0) {
      depth--;
      continue;
    }
    if (depth > 0) continue;
    if (c === "#" && (i === 0 || /\s/.test(text[i - 1]!))) {
      const eol = text.indexOf("\n", i);
      cut(i, eol < 0 ? n : eol, false);
      i = eol < 0 ? n : eol;
      from = i;
      pipeFrom = i;
      continue;
    }
    if (c === "\n" || c === ";") cut(i, i + 1, false);
    else if (c === "&" && text[i + 1] === "&") {
      cut(i, i + 2, false);
      i++;
    } else if (c === "|" && text[i + 1] === "|") {
      cut(i, i + 2, false);
      i++;
    } else if (c === "|") cut(i, i + 1, true);
    else if (c === "&" && text[i - 1] !== ">" && text[i + 1] !== ">" && text[i - 1] !== "<") cut(i, i + 1, false);
  }
  cut(n, n, false);
  return { pieces, pipelines };
}

const WRAPPERS = new Set(["sudo", "doas", "nohup", "time", "nice", "ionice", "stdbuf", "exec", "command", "builtin", "env", "timeout", "watch", "unbuffer", "torsocks", "proxychains", "proxychains4", "caffeinate", "runas", "gosu", "su-exec", "chroot"]);
const KEYWORDS = new Set(["do", "then", "else", "elif", "{", "}", "!", "done", "fi"]);
const ELEVATORS = new Set(["sudo", "doas", "runas", "gosu", "su-exec"]);

type Entry = ReturnType<typeof parseShell>[number];
const SEPARATORS = new Set(["|", "||", "&&", ";", "&", ";;", "|&"]);

function parseEntries(text: string): Entry[] {
  try {
    return parseShell(text, (key) => `$${key}`);
  } catch {
    return text.split(/\s+/).filter(Boolean);
  }
}

/**
 * shell-quote's entries of a whole line split into simple commands at its operators (outside
 * substitutions), so the line is parsed once; null when they do not line up with the pieces.
 */
function groupsOf(entries: readonly Entry[], count: number): Entry[][] | null {
  const groups: Entry[][] = [[]];
  let depth = 0;
  for (const e of entries) {
    if (typeof e === "object" && "op" in e) {
      if (e.op === "(" || e.op === "<(" || e.op === ">(") depth++;
      else if (e.op === ")") depth = Math.max(0, depth - 1);
      else if (depth === 0 && SEPARATORS.has(e.op)) {
        groups.push([]);
        continue;
      }
    }
    if (typeof e === "object" && "comment" in e) continue;
    groups[groups.length - 1]!.push(e);
  }
  const nonEmpty = groups.filter((g) => g.length > 0);
  return nonEmpty.length === count ? nonEmpty : null;
}

/** Tokens of a simple command by shell-quote (never throws). */
function tokens(text: string, given?: readonly Entry[]): { words: string[]; redirects: Redirect[] } {
  const words: string[] = [];
  const redirects: Redirect[] = [];
  const entries = given ?? parseEntries(text);
  let pendingRedirect = "";
  let paren = 0;
  for (const e of entries) {
    if (typeof e === "string") {
      if (paren > 0) continue;
      if (pendingRedirect) {
        redirects.push({ op: pendingRedirect, target: e });
        pendingRedirect = "";
      } else words.push(e);
    } else if ("op" in e) {
      if (e.op === "glob") {
        const p = (e as { pattern: string }).pattern;
        if (pendingRedirect) {
          redirects.push({ op: pendingRedirect, target: p });
          pendingRedirect = "";
        } else if (paren === 0) words.push(p);
      } else if (e.op === "(" || e.op === "<(" || e.op === ">(") {
        // Substitutions are read on their own (nested); here they stand as one word.
        if (paren === 0 && e.op !== "(") words.push(`${e.op}...)`);
        else if (paren === 0 && words[words.length - 1] === "$") words[words.length - 1] = "$(...)";
        paren++;
      } else if (e.op === ")") paren = Math.max(0, paren - 1);
      else if (/^[<>]|^&>|^\d?>/.test(e.op) && paren === 0) pendingRedirect = e.op;
    }
  }
  return { words, redirects };
}

function unwrap(words: string[]): { argv: string[]; elevated: boolean; fromList: boolean } {
  let i = 0;
  let elevated = false;
  let fromList = false;
  for (let guard = 0; guard < 8 && i < words.length; guard++) {
    const w = words[i]!.toLowerCase();
    if (KEYWORDS.has(w)) {
      i++;
      continue;
    }
    if (/^[A-Za-z_]\w*=/.test(words[i]!) && i + 1 < words.length) {
      i++;
      continue;
    }
    if (w === "xargs") {
      fromList = true;
      i++;
      while (i < words.length && words[i]!.startsWith("-")) i += /^-[IinLPsEd]$/.test(words[i]!) ? 2 : 1;
      continue;
    }
    if (!WRAPPERS.has(w)) break;
    if (ELEVATORS.has(w)) elevated = true;
    i++;
    // The wrapper's own options (sudo -u root -E, timeout 30, nice -n 10, env -i A=1).
    while (i < words.length) {
      const a = words[i]!;
      if (/^-[ugCDhprtTUgc]$/.test(a) && (w === "sudo" || w === "doas")) i += 2;
      else if (a.startsWith("-")) i++;
      else if ((w === "timeout" || w === "nice" || w === "watch") && /^\d/.test(a)) i++;
      else if (w === "env" && /^[A-Za-z_]\w*=/.test(a)) i++;
      else break;
    }
  }
  return { argv: words.slice(i), elevated, fromList };
}

const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "fish", "su", "powershell", "pwsh", "cmd", "eval"]);

function readInto(text: string, base: number, depth: number, out: Cmd[], pipelinesOut: { start: number; end: number }[], loopRef: { loop: boolean }, pipelineBase: number): number {
  const { pieces, pipelines } = split(text, base);
  if (depth === 0) pipelinesOut.push(...pipelines);
  if (/\b(?:for|while|until)\b[^\n]*?\bdo\b/.test(text) || /\bxargs\b|\bforeach\b|ForEach-Object|%\s*\{/.test(text)) loopRef.loop = true;
  let maxPipeline = 0;
  // One shell-quote pass over the line when there are several commands and no line breaks.
  const groups = pieces.length > 1 && !text.includes("\n") ? groupsOf(parseEntries(text), pieces.length) : null;
  for (let pi = 0; pi < pieces.length; pi++) {
    const p = pieces[pi]!;
    const raw = text.slice(p.start - base, p.end - base);
    const { words, redirects } = tokens(raw, groups?.[pi]);
    const { argv, elevated, fromList } = unwrap(words);
    const lead = raw.length - raw.trimStart().length;
    const tail = raw.length - raw.trimEnd().length;
    const cmd: Cmd = {
      argv,
      lower: argv.map((w) => w.toLowerCase()),
      redirects,
      elevated,
      start: p.start + lead,
      end: p.end - tail,
      pipeline: pipelineBase + p.pipeline,
      stage: p.stage,
      depth,
      fromList: fromList || loopRef.loop,
    };
    if (argv.length > 0 || redirects.length > 0) out.push(cmd);
    maxPipeline = Math.max(maxPipeline, p.pipeline);
    if (depth >= 3) continue;
    // Nested commands: sh -c '...', ssh host '...', su -c '...', eval '...', kubectl exec -- ..., $(...), <(...).
    const a0 = cmd.lower[0] ?? "";
    let nested: string | null = null;
    if (SHELLS.has(a0)) {
      const c = cmd.lower.findIndex((w) => w === "-c" || w === "/c" || w === "-command" || w === "-lc" || w === "-ic");
      if (c >= 0 && argv[c + 1]) nested = argv.slice(c + 1).join(" ");
      else if (a0 === "eval" && argv[1]) nested = argv.slice(1).join(" ");
    } else if (a0 === "ssh" || a0 === "psexec" || a0 === "winrs") {
      let i = 1;
      while (i < argv.length && argv[i]!.startsWith("-")) i += /^-[ioplFJLRDWbceEmOQSw]$/.test(argv[i]!) ? 2 : 1;
      if (argv.length > i + 1) nested = argv.slice(i + 1).join(" ");
    } else if ((a0 === "kubectl" || a0 === "docker" || a0 === "podman") && cmd.lower.includes("exec")) {
      const dd = cmd.lower.indexOf("--");
      if (dd >= 0 && argv[dd + 1]) nested = argv.slice(dd + 1).join(" ");
    }
    if (nested) {
      const at = text.indexOf(nested.slice(0, 40), p.start - base);
      const nestedBase = at >= 0 ? base + at : cmd.start;
      readInto(nested, nestedBase, depth + 1, out, pipelinesOut, loopRef, cmd.pipeline * 100 + 1000);
    }
    for (const sub of raw.matchAll(/[$<>]\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g)) {
      readInto(sub[1]!, p.start + sub.index + 2, depth + 1, out, pipelinesOut, loopRef, cmd.pipeline * 100 + 2000 + sub.index);
    }
  }
  return maxPipeline;
}

const memo = new Map<string, ShellReading>();

/** Read a shell unit whose text starts at `base` in its segment. */
export function readShell(text: string, base: number): ShellReading {
  const key = `${base}\u0000${text}`;
  const hit = memo.get(key);
  if (hit) return hit;
  const cmds: Cmd[] = [];
  const pipelines: { start: number; end: number }[] = [];
  const loopRef = { loop: false };
  try {
    readInto(text, base, 0, cmds, pipelines, loopRef, 0);
  } catch {
    // A reading that failed part way keeps what it read.
  }
  const reading: ShellReading = { cmds, pipelines, loop: loopRef.loop };
  if (memo.size > 2000) memo.clear();
  memo.set(key, reading);
  return reading;
}

/** Options (words starting with -) and operands of a command, after argv[0]. */
export function operands(cmd: Cmd, from = 1): string[] {
  const out: string[] = [];
  let afterDashDash = false;
  for (let i = from; i < cmd.argv.length; i++) {
    const w = cmd.argv[i]!;
    if (!afterDashDash && w === "--") {
      afterDashDash = true;
      continue;
    }
    if (!afterDashDash && w.startsWith("-") && w.length > 1) continue;
    out.push(w);
  }
  return out;
}

/** Short flags merged ("-rf" -> r, f) and long flags, lower case kept for long ones. */
export function flags(cmd: Cmd): { short: Set<string>; long: Set<string> } {
  const short = new Set<string>();
  const long = new Set<string>();
  for (const w of cmd.argv.slice(1)) {
    if (w === "--") break;
    if (w.startsWith("--")) long.add(w.toLowerCase().split("=")[0]!);
    else if (/^-[A-Za-z]+$/.test(w)) for (const ch of w.slice(1)) short.add(ch);
    else if (/^\/[A-Za-z]$/.test(w)) short.add(w[1]!.toLowerCase()); // Windows: rd /s /q
  }
  return { short, long };
}
