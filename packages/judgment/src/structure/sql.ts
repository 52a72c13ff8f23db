import * as pgNs from "node-sql-parser/build/postgresql";

/**
 * SQL statements read for what they do and how broadly: the statement's verb and objects, whether
 * a DELETE or UPDATE is limited by a WHERE (and whether that WHERE is trivially true), the columns
 * an UPDATE sets and a SELECT returns (row by row, or aggregated), and where an export goes.
 * DELETE, UPDATE and SELECT go through the PostgreSQL grammar of node-sql-parser when short; the
 * rest (and anything the grammar refuses: MySQL dialect, DROP DATABASE, ALTER ROLE, COPY ... TO
 * PROGRAM) is read by keywords outside quotes, comments and parentheses.
 */

type ParserClass = typeof pgNs.Parser;
const ns = pgNs as unknown as { Parser?: ParserClass; default?: { Parser?: ParserClass } };
const ParserCtor: ParserClass | undefined = ns.Parser ?? ns.default?.Parser;
let parser: InstanceType<ParserClass> | null = null;

export interface Statement {
  /** Offsets in the unit's text. */
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** First keyword(s), upper case: "DELETE", "DROP DATABASE", "ALTER ROLE". */
  readonly verb: string;
  /** Tables, databases or roles named. */
  readonly objects: readonly string[];
  /** For DELETE/UPDATE: the top-level WHERE, or null when there is none. */
  readonly where: string | null;
  /** The WHERE is true for every row (1=1, TRUE, x=x, IS NOT NULL alone). */
  readonly whereTrivial: boolean;
  /** Columns an UPDATE sets. */
  readonly setColumns: readonly string[];
  /** Columns a SELECT returns row by row (not inside aggregates); "*" for all. */
  readonly selectColumns: readonly string[];
  /** The SELECT aggregates (GROUP BY or aggregate functions only). */
  readonly aggregated: boolean;
  /** SELECT ... LIMIT n present. */
  readonly limited: boolean;
  readonly cascade: boolean;
  /** Read with the grammar (true) or by keywords (false). */
  readonly parsed: boolean;
}

/** Split on semicolons outside quotes and comments; offsets kept. */
export function statements(text: string): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  let from = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"' || c === "`") {
      const q = c;
      i++;
      while (i < n && text[i] !== q) i++;
      continue;
    }
    if (c === "-" && text[i + 1] === "-") {
      const eol = text.indexOf("\n", i);
      i = eol < 0 ? n : eol;
      continue;
    }
    if (c === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      i = close < 0 ? n : close + 1;
      continue;
    }
    if (c === ";") {
      if (text.slice(from, i).trim()) out.push({ start: from, end: i });
      from = i + 1;
    }
  }
  if (text.slice(from).replace(/--[^\n]*/g, "").trim()) out.push({ start: from, end: n });
  return out;
}

/** The statement with comments and quoted strings blanked (same length), for keyword reading. */
function blank(text: string): string {
  let out = "";
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      const q = c;
      let j = i + 1;
      while (j < n && text[j] !== q) j++;
      // Keep double-quoted identifiers readable; blank string literals.
      out += q === '"' ? text.slice(i, j + 1) : q + " ".repeat(Math.max(0, Math.min(j, n) - i - 1)) + (j < n ? q : "");
      i = j;
      continue;
    }
    if (c === "-" && text[i + 1] === "-") {
      const eol = text.indexOf("\n", i);
      const j = eol < 0 ? n : eol;
      out += " ".repeat(j - i);
      i = j - 1;
      continue;
    }
    out += c;
  }
  return out;
}

/** Text at parenthesis depth 0 only (deeper text blanked). */
function topLevel(text: string): string {
  let depth = 0;
  let out = "";
  for (const c of text) {
    if (c === "(") depth++;
    out += depth > 0 ? " " : c;
    if (c === ")") depth = Math.max(0, depth - 1);
  }
  return out;
}

const AGGREGATES = /^(?:count|sum|avg|min|max|stddev|variance|array_agg|string_agg|group_concat|percentile_cont|median|approx_count_distinct)$/i;

function trivialWhere(where: string): boolean {
  const w = where.trim().replace(/\s+/g, " ").replace(/^\((.*)\)$/, "$1").toLowerCase();
  if (/^(?:true|1|'1'|not false)$/.test(w)) return true;
  const eq = /^([\w'".]+) ?= ?([\w'".]+)$/.exec(w);
  if (eq && eq[1] === eq[2]) return true;
  if (/^(?:1 ?= ?1|0 ?= ?0|'(\w*)' ?= ?'\1')(?: (?:or|and) .*)?$/.test(w)) return true;
  if (/^[\w.]+ is not null$/.test(w)) return true;
  if (/^[\w.]*id ?(?:> ?0|>= ?0|> ?-1|<> ?0)$/.test(w)) return true;
  if (/^[\w.]+ like '%'$/.test(w)) return true;
  return /\bor (?:1 ?= ?1|true)\b/.test(w);
}

function names(list: string): string[] {
  return list
    .split(",")
    .map((s) => s.trim().replace(/\s+(?:cascade|restrict|as\s+\w+|\w+)$/i, "").replace(/["`[\]]/g, ""))
    .filter((s) => /^[\w.$*]+$/.test(s));
}

function columnName(expr: unknown): string | null {
  const e = expr as { type?: string; column?: unknown; table?: unknown } | null;
  if (e?.type !== "column_ref") return null;
  const c = e.column as { expr?: { value?: unknown } } | string | undefined;
  if (typeof c === "string") return c;
  const v = c?.expr?.value;
  return typeof v === "string" ? v : null;
}

/** Column references anywhere under an expression node (for aggregates: none counted). */
function refsOf(node: unknown, out: string[], inAggregate: boolean, depth = 0): boolean {
  if (!node || typeof node !== "object" || depth > 30) return false;
  const n = node as Record<string, unknown>;
  let aggregate = false;
  if (n.type === "aggr_func" || (n.type === "function" && AGGREGATES.test(String((n.name as { name?: Array<{ value?: string }> })?.name?.[0]?.value ?? n.name ?? "")))) {
    aggregate = true;
    inAggregate = true;
  }
  if (n.type === "column_ref") {
    const name = columnName(n);
    if (name && !inAggregate) out.push(name);
    return false;
  }
  for (const v of Object.values(n)) {
    if (Array.isArray(v)) {
      for (const x of v) aggregate = refsOf(x, out, inAggregate, depth + 1) || aggregate;
    } else if (v && typeof v === "object") aggregate = refsOf(v, out, inAggregate, depth + 1) || aggregate;
  }
  return aggregate;
}

const astMemo = new Map<string, unknown>();
const MAX_PARSE = 400;

/** How many statements a reading may put through the grammar (about 0.3-1 ms each); the rest are read by keywords. */
export interface ParseBudget {
  parses: number;
}

function astOf(text: string, budget: ParseBudget): unknown {
  if (!ParserCtor || text.length > MAX_PARSE) return null;
  // The budget counts statements, cached or not, so a reading never depends on what was read before.
  if (budget.parses <= 0) return null;
  budget.parses--;
  if (astMemo.has(text)) return astMemo.get(text);
  let ast: unknown = null;
  try {
    parser ??= new ParserCtor();
    const r = parser.astify(text);
    ast = Array.isArray(r) ? (r.length === 1 ? r[0] : null) : r;
  } catch {
    ast = null;
  }
  if (astMemo.size > 1000) astMemo.clear();
  astMemo.set(text, ast);
  return ast;
}

/** Read every statement of a SQL unit. */
export function readSql(unit: string, budget: ParseBudget = { parses: 2 }): Statement[] {
  const out: Statement[] = [];
  for (const { start, end } of statements(unit)) {
    const raw = unit.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim();
    if (!text) continue;
    const b = blank(text);
    const top = topLevel(b);
    const up = top.toUpperCase();
    const head = /^\s*(\w+)(?:\s+(\w+))?(?:\s+(\w+))?/.exec(up);
    const w1 = head?.[1] ?? "";
    const w2 = head?.[2] ?? "";
    let verb = w1;
    if (w1 === "DROP" || w1 === "ALTER" || w1 === "CREATE" || w1 === "TRUNCATE") verb = `${w1} ${w2}`.trim();
    if (w1 === "WITH") {
      const m = /\)\s*(SELECT|DELETE|UPDATE|INSERT)\b/.exec(up);
      if (m) verb = m[1]!;
    }
    let objects: string[] = [];
    let where: string | null = null;
    let setColumns: string[] = [];
    let selectColumns: string[] = [];
    let aggregated = false;
    let parsed = false;
    const cascade = /\bCASCADE\b/.test(up);
    const limited = /\bLIMIT\s+\d+|\bTOP\s*\(?\s*\d+|\bFETCH\s+FIRST\b/.test(up);

    if (verb === "DROP TABLE" || verb === "DROP DATABASE" || verb === "DROP SCHEMA" || verb === "DROP USER" || verb === "DROP ROLE" || verb === "DROP VIEW" || verb === "DROP INDEX" || verb === "DROP COLLECTION" || verb === "DROP POLICY") {
      const m = /^\s*DROP\s+\w+\s+(?:IF\s+EXISTS\s+)?([\s\S]*)$/i.exec(top);
      objects = names((m?.[1] ?? "").replace(/\s+(?:CASCADE|RESTRICT)\s*$/i, ""));
    } else if (w1 === "TRUNCATE") {
      const m = /^\s*TRUNCATE\s+(?:TABLE\s+)?(?:ONLY\s+)?([\s\S]*?)(?:\s+(?:RESTART|CONTINUE)\s+IDENTITY)?(?:\s+CASCADE|\s+RESTRICT)?\s*$/i.exec(top);
      objects = names(m?.[1] ?? "");
      verb = "TRUNCATE";
    } else if (verb === "DELETE" || verb === "UPDATE" || verb === "SELECT") {
      // The grammar where keywords may misread: nested parentheses (subqueries, functions) or CTEs.
      const ambiguous = /\(/.test(b) || w1 === "WITH";
      const ast = ambiguous ? (astOf(text, budget) as Record<string, unknown> | null) : null;
      if (ast && typeof ast === "object" && String(ast.type).toUpperCase() === verb) {
        parsed = true;
        const tables = (verb === "DELETE" ? (ast.from ?? ast.table) : verb === "UPDATE" ? ast.table : ast.from) as Array<{ table?: string; db?: string | null }> | null;
        objects = (tables ?? []).map((t) => (t.db ? `${t.db}.${t.table}` : String(t.table ?? ""))).filter(Boolean);
        if (verb !== "SELECT") {
          const wm = /\bWHERE\b([\s\S]*?)(?:\bRETURNING\b|\bORDER\s+BY\b|\bLIMIT\b|$)/i.exec(top);
          where = ast.where ? (wm?.[1] ?? "?").trim() || "?" : null;
        }
        if (verb === "UPDATE") setColumns = ((ast.set ?? []) as Array<{ column?: string | { expr?: { value?: string } } }>).map((s) => (typeof s.column === "string" ? s.column : (s.column?.expr?.value ?? ""))).filter(Boolean);
        if (verb === "SELECT") {
          const cols = ast.columns as unknown;
          const refs: string[] = [];
          let agg = false;
          if (cols === "*" || (Array.isArray(cols) && cols.some((c) => (c as { expr?: { column?: unknown } }).expr?.column === "*" || columnName((c as { expr?: unknown }).expr) === "*"))) refs.push("*");
          if (Array.isArray(cols)) for (const c of cols) agg = refsOf((c as { expr?: unknown }).expr, refs, false) || agg;
          selectColumns = refs;
          aggregated = Boolean(ast.groupby) || (agg && refs.length === 0);
        }
      }
      if (!parsed) {
        // Keyword reading.
        if (verb === "DELETE") {
          const m = /^\s*DELETE\s+(?:\w+\s+)?FROM\s+([\w."`$]+)/i.exec(top) ?? /^\s*DELETE\s+([\w."`$]+)/i.exec(top);
          objects = m ? [m[1]!.replace(/["`]/g, "")] : [];
        } else if (verb === "UPDATE") {
          const m = /^\s*UPDATE\s+(?:ONLY\s+)?([\w."`$]+)/i.exec(top);
          objects = m ? [m[1]!.replace(/["`]/g, "")] : [];
          const s = /\bSET\b([\s\S]*?)(?:\bWHERE\b|\bFROM\b|\bRETURNING\b|$)/i.exec(top);
          setColumns = (s?.[1] ?? "").split(",").map((x) => (/^\s*([\w."`]+)\s*=/.exec(x)?.[1] ?? "").replace(/["`]/g, "").split(".").pop() ?? "").filter(Boolean);
        } else {
          const s = /^\s*SELECT\s+(?:DISTINCT\s+)?([\s\S]*?)\s+(?:INTO\b[\s\S]*?\s+)?FROM\s+([\w."`$]+)/i.exec(b);
          objects = s ? [s[2]!.replace(/["`]/g, "")] : [];
          const list = topLevel(s?.[1] ?? "");
          const full = s?.[1] ?? "";
          selectColumns = list.split(",").map((x) => x.trim()).filter((x) => x && /^[\w.*]+(?:\s+(?:AS\s+)?\w+)?$/i.test(x)).map((x) => x.split(/\s+/)[0]!.split(".").pop()!);
          aggregated = /\bGROUP\s+BY\b/i.test(up) || (/\b(?:COUNT|SUM|AVG|MIN|MAX)\s*\(/i.test(full) && selectColumns.length === 0);
        }
        if (verb !== "SELECT") {
          const wm = /\bWHERE\b([\s\S]*?)(?:\bRETURNING\b|\bORDER\s+BY\b|\bLIMIT\b|$)/i.exec(top);
          where = wm ? wm[1]!.trim() || "?" : null;
        }
      }
    } else if (w1 === "GRANT" || w1 === "REVOKE" || w1 === "ALTER" || w1 === "COPY" || w1 === "INSERT" || w1 === "CREATE" || w1 === "SET") {
      const m = /\b(?:TABLE|USER|ROLE|INTO|ON)\s+([\w."`$]+)/i.exec(top);
      objects = m ? [m[1]!.replace(/["`]/g, "")] : [];
    }
    const whereText = where !== null ? (/\bWHERE\b([\s\S]*?)(?:\bRETURNING\b|\bORDER\s+BY\b|\bLIMIT\b|$)/i.exec(text)?.[1] ?? where) : null;
    out.push({
      start: start + lead,
      end: start + lead + text.length,
      text,
      verb,
      objects,
      where: whereText,
      whereTrivial: whereText !== null && trivialWhere(whereText),
      setColumns: setColumns.map((c) => c.toLowerCase()),
      selectColumns: selectColumns.map((c) => c.toLowerCase()),
      aggregated,
      limited,
      cascade,
      parsed,
    });
  }
  return out;
}
