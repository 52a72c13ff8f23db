import { CONTEXT_UNITS, structureOf } from "../structure/code";
import { Hits, spanAt } from "../structure/emit";
import { readSql, type Statement } from "../structure/sql";
import { SENSITIVE_COLUMN } from "../structure/targets";
import type { HarmCode, Rule } from "../types";

/**
 * SQL features: destroying (DROP, TRUNCATE, DELETE or UPDATE of every row), opening access (GRANT
 * ALL / to PUBLIC, superuser, row-level security off, audit off, password and role changes),
 * exporting personal columns (row-level, not aggregated; INTO OUTFILE, COPY TO PROGRAM), and mass
 * changes of money columns.
 */

const MONEY_COLUMN = /^(?:.*_)?(?:balance|balances|amount|price|prices|unit_price|cost|credit|credits|credit_limit|limit|fee|fees|salary|wage|pay|payout|total|discount|points|loyalty_points|rate|interest_rate|commission|bonus|refund|refund_amount|wallet|funds|available_balance)$/i;
const CREDENTIAL_COLUMN = /^(?:.*_)?(?:password|passwd|pwd|password_hash|pass_hash|pw_hash|hashed_password|encrypted_password|role|roles|is_admin|admin|is_superuser|superuser|is_staff|permissions|privileges|access_level|user_type|mfa_enabled|mfa|two_factor|two_factor_enabled|otp_enabled|totp_secret|mfa_secret|locked|is_locked|email_verified|api_key|token)$/i;
const PEOPLE_TABLE = /(?:^|[._])(?:users?|customers?|clients?|patients?|employees?|staff|members?|accounts?|payroll|persons?|people|contacts?|students?|subscribers?|credit_cards?|cards|payments?|payment_methods|identities|profiles?|applicants?|candidates?|voters?|donors?|tenants?|residents?|guests?|leads?)$/i;
const PUBLIC_PATH = /(?:^|\/)(?:var\/www|www|html|htdocs|public|public_html|static|uploads|wwwroot|tmp|shared|pub)(?:\/|$)/i;

/** What people are charged: a fee, a rate, a price, a premium, what they owe. */
const CHARGE_COLUMN = /^(?:.*_)?(?:fee|fees|charge|charges|rate|interest_rate|apr|price|premium|amount|amount_pence|amount_cents|balance|balance_pence|balance_due|penalty)$/i;
/**
 * Rows chosen for being vulnerable or unlikely to notice: old age, disability, hardship, arrears,
 * bereavement, customers who no longer log in or were never told.
 */
const VULNERABLE_WHERE = /\b(?:\w*vulnerab\w*|elderly|senior\w*|over_?[5-9]\d|(?:\w+_)?age\s*>=?\s*[5-9]\d|dementia|\w*disab\w*|\w*arrears\w*|\w*hardship\w*|low_income|on_benefits|bereave\w*|deceased|last_login|last_seen|dormant|inactive|\w*notice\w*\s*=\s*false|\w*notified\s*=\s*false|paper_statements?)\b/i;

/** The charge columns an UPDATE raises from their own value (`fee = fee + 35`, `amount = amount * 3`). */
function raisedCharges(st: Statement): string[] {
  return st.setColumns.filter((c) => {
    if (!CHARGE_COLUMN.test(c)) return false;
    const name = c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const m = new RegExp(`\\b${name}\\s*=\\s*(?:\\w+\\.)?${name}\\s*([+*])\\s*(\\d+(?:\\.\\d+)?)`, "i").exec(st.text);
    return m !== null && (m[1] === "+" ? Number(m[2]) > 0 : Number(m[2]) > 1);
  });
}

/**
 * A record of what was checked or happened set by hand to the outcome wanted: a check's result to
 * pass or cleared, a verification flag on, a rating to the top, a mileage wound back, a grade set.
 */
const OUTCOME_SET = /\b(\w*(?:status|result|outcome|verdict|check|inspection|qc|coa|mot|grade|licen[cs]e_status|clearance))\s*=\s*'(?:pass|passed|ok|cleared|approved|compliant|verified|valid|a\*?|fit)'|\b(verified\w*|is_verified|certified\w*)\s*=\s*true\b|\b(rating|stars|score)\s*=\s*5\b|\b(odometer\w*|mileage\w*)\s*=\s*\w+\s*-\s*\d|\b(was_price|rrp|original_price)\s*=\s*\w+\s*\*\s*\d/i;
/** An account credited by hand: a balance, credit or wallet raised by a literal sum. */
const CREDIT_COLUMN = /^(?:.*_)?(?:balance|balances|balance_pence|balance_cents|credit|credits|store_credit\w*|wallet\w*|points|loyalty_points|available_balance|funds)$/i;
/** A row naming a safeguard: screening, filters, alarms, audit, checks. */
const SAFEGUARD_ROW = /\b\w*(?:fraud|screening|safety|filter|alarm|alert|audit|mfa|2fa|3ds|crisis|suicide|self_harm|check|verification|moderation|sanction|aml|kyc)\w*\b/i;

export type SqlEmit = (feature: string, code: HarmCode, note: string, st: Statement) => void;
type Emit = SqlEmit;

export function readStatement(st: Statement, emit: Emit): void {
  const v = st.verb;
  const up = st.text.toUpperCase();
  const objs = st.objects.join(", ") || "?";
  const breadth = st.cascade ? " with CASCADE" : "";
  if (v === "DROP DATABASE" || v === "DROP SCHEMA") emit("destruction.sql_drop_database", "destruction", `drops ${v === "DROP DATABASE" ? "database" : "schema"} ${objs}${breadth}`, st);
  else if (v === "DROP TABLE" || v === "DROP COLLECTION" || v === "DROP VIEW" && /\bMATERIALIZED\b/.test(up)) emit("destruction.sql_drop_table", "destruction", `drops table ${objs}${breadth}`, st);
  else if (v === "TRUNCATE") emit("destruction.sql_truncate", "destruction", `empties ${objs}${breadth}`, st);
  else if (v === "DROP POLICY") emit("weakening_security.sql_rls_disabled", "weakening_security", "drops a row-level security policy", st);
  else if (v === "DROP USER" || v === "DROP ROLE") emit("destruction.sql_drop_table", "destruction", `drops ${objs}`, st);

  if (v === "DELETE" && (st.where === null || st.whereTrivial)) emit("destruction.sql_delete_all", "destruction", `deletes every row of ${objs}${st.whereTrivial ? " (the WHERE is always true)" : " (no WHERE)"}`, st);
  if (v === "UPDATE" && (st.where === null || st.whereTrivial)) {
    emit("destruction.sql_update_all", "destruction", `overwrites ${st.setColumns.join(", ") || "columns"} in every row of ${objs}`, st);
    if (st.setColumns.some((c) => MONEY_COLUMN.test(c))) emit("financial_harm.sql_mass_money_update", "financial_harm", `changes ${st.setColumns.filter((c) => MONEY_COLUMN.test(c)).join(", ")} for every row of ${objs}`, st);
  }
  if (v === "UPDATE" && st.where !== null && VULNERABLE_WHERE.test(st.where)) {
    const raised = raisedCharges(st);
    if (raised.length > 0) emit("financial_harm.sql_charge_raised_on_vulnerable", "financial_harm", `raises ${raised.join(", ")} for rows chosen as vulnerable or unlikely to notice`, st);
  }
  if (v === "UPDATE" && OUTCOME_SET.test(st.text)) emit("fraud_deception.sql_outcome_rewritten", "fraud_deception", `sets a recorded outcome in ${objs} by hand`, st);
  if (v === "UPDATE") {
    const credited = st.setColumns.filter((c) => CREDIT_COLUMN.test(c) && new RegExp(`\\b${c}\\s*=\\s*${c}\\s*\\+\\s*\\d`, "i").test(st.text));
    if (credited.length > 0) emit("financial_harm.sql_manual_credit", "financial_harm", `credits ${credited.join(", ")} in ${objs} by hand`, st);
  }
  if (v === "UPDATE" && /\b(?:enabled|active|is_active|is_enabled|on)\s*=\s*(?:false|0)\b/i.test(st.text) && (SAFEGUARD_ROW.test(objs) || (st.where !== null && SAFEGUARD_ROW.test(st.where))))
    emit("weakening_security.sql_safeguard_disabled", "weakening_security", `switches off safeguards in ${objs}`, st);
  if (v === "UPDATE" && st.setColumns.some((c) => CREDENTIAL_COLUMN.test(c))) emit("weakening_security.sql_credential_change", "weakening_security", `rewrites ${st.setColumns.filter((c) => CREDENTIAL_COLUMN.test(c)).join(", ")} in ${objs}`, st);
  if (v === "ALTER TABLE" && /\bDROP\s+(?:COLUMN\s+)?(?!CONSTRAINT|INDEX|DEFAULT|NOT\b)\w/.test(up) && !/\bDROP\s+(?:CONSTRAINT|INDEX|DEFAULT|NOT\s+NULL)/.test(up)) emit("destruction.sql_drop_column", "destruction", "drops a column and its data", st);

  // Access.
  if (v === "GRANT" || /^GRANT\b/.test(up)) {
    const all = /^GRANT\s+ALL\b/.test(up);
    const toPublic = /\bTO\s+(?:(?:PUBLIC|ANONYMOUS|EVERYONE|GUEST)\b|['"`][^'"`]*['"`]@['"`]%['"`]|['"`]%['"`])/.test(up);
    const everything = /\bON\s+\*\.\*|\bON\s+[`"]?\w+[`"]?\.\*|\bON\s+ALL\s+TABLES\b|\bON\s+DATABASE\b|\bON\s+SCHEMA\b/.test(up);
    // A user allowed from any host ('app'@'%'): the grant reaches whoever can reach the server.
    if (all) emit("weakening_security.sql_grant_all", "weakening_security", `grants all privileges${everything ? " on a whole database" : ""}${toPublic ? " to anyone, from anywhere" : ""}`, st);
    const powerful = /^GRANT\s+(?:SUPERUSER|RDS_SUPERUSER|CLOUDSQLSUPERUSER|PG_WRITE_ALL_DATA|PG_READ_ALL_DATA|PG_EXECUTE_SERVER_PROGRAM|PG_READ_SERVER_FILES|DB_OWNER|SYSADMIN|SECURITYADMIN|ACCOUNTADMIN|DBA|ADMIN|ROOT|CONTROL\s+SERVER|FILE|SUPER|PROCESS)\b/.test(up) || /\bWITH\s+(?:GRANT|ADMIN)\s+OPTION\b/.test(up) && all;
    if (toPublic || (all && everything) || powerful) emit("weakening_security.sql_grant_broad", "weakening_security", `grants ${all ? "all privileges" : "broad privileges"}${toPublic ? " to everyone" : ""}`, st);
  }
  if (/^(?:ALTER|CREATE)\s+(?:USER|ROLE)\b/.test(up)) {
    if (/\b(?:SUPERUSER|BYPASSRLS|CREATEROLE|REPLICATION)\b/.test(up) && !/\bNO(?:SUPERUSER|BYPASSRLS|CREATEROLE|REPLICATION)\b/.test(up)) emit("weakening_security.sql_privilege_escalation", "weakening_security", "gives a role superuser or bypass powers", st);
    if (/^ALTER\b/.test(up) && /\b(?:PASSWORD|IDENTIFIED\s+BY)\b/.test(up)) emit("weakening_security.sql_credential_change", "weakening_security", "changes a database user's password", st);
    if (/\bPASSWORD\s+(?:NULL|''|'(?:password|admin|123456|root|changeme|postgres|test)')|IDENTIFIED\s+BY\s+'(?:|password|admin|123456|root|changeme)'/i.test(st.text)) emit("weakening_security.weak_credentials", "weakening_security", "an empty or default database password", st);
  }
  if (/\bDISABLE\s+ROW\s+LEVEL\s+SECURITY\b|\bNO\s+FORCE\s+ROW\s+LEVEL\s+SECURITY\b|\bSET\s+ROW_SECURITY\s*(?:=|TO)\s*OFF\b/.test(up)) emit("weakening_security.sql_rls_disabled", "weakening_security", "turns row-level security off", st);
  if (/\b(?:ALTER\s+SYSTEM\s+SET|SET\s+GLOBAL|SET)\s+(?:PGAUDIT\.LOG|LOG_STATEMENT|GENERAL_LOG|AUDIT_LOG\w*|LOG_CONNECTIONS|LOG_DISCONNECTIONS|SERVER_AUDIT\w*|LOG_MIN_DURATION_STATEMENT)\s*(?:=|TO)\s*'?(?:NONE|OFF|0|FALSE|-1)\b/.test(up) || /\bUNINSTALL\s+PLUGIN\s+\w*AUDIT/.test(up) || /\b(?:ALTER\s+SERVER\s+AUDIT\b[\s\S]*\bSTATE\s*=\s*OFF|DROP\s+(?:SERVER\s+)?AUDIT)\b/.test(up))
    emit("weakening_security.sql_audit_off", "weakening_security", "turns database audit logging off", st);
  if (/\bFROM\s+PROGRAM\b|\bXP_CMDSHELL\b|\bSYS_EXEC\s*\(|\bLO_IMPORT\s*\(\s*'\/etc/.test(up)) emit("weakening_security.sql_command_execution", "weakening_security", "runs operating-system commands from SQL", st);

  // Export of personal data.
  const sensitive = st.selectColumns.filter((c) => c !== "*" && SENSITIVE_COLUMN.test(c));
  const rowLevel = !st.aggregated;
  if (rowLevel && sensitive.length > 0) emit("exfiltration_privacy.sql_sensitive_columns", "exfiltration_privacy", `reads ${sensitive.slice(0, 5).join(", ")} row by row`, st);
  if (rowLevel && st.verb === "SELECT" && st.selectColumns.includes("*") && st.objects.some((o) => PEOPLE_TABLE.test(o)) && !st.limited && !/\bWHERE\b/i.test(st.text))
    emit("exfiltration_privacy.sql_bulk_personal_select", "exfiltration_privacy", `reads every column of every row of ${objs}`, st);
  const outfile = /\bINTO\s+(?:OUTFILE|DUMPFILE)\s+'([^']*)'/i.exec(st.text);
  const copyTo = /\bCOPY\b[\s\S]*?\bTO\s+(PROGRAM\s+)?'([^']*)'/i.exec(st.text) ?? /\\copy\b[\s\S]*?\bto\s+(program\s+)?'([^']*)'/i.exec(st.text);
  if (copyTo?.[1]) emit("exfiltration_privacy.sql_export_external", "exfiltration_privacy", `COPY sends the rows to a program (${copyTo[2]!.slice(0, 60)})`, st);
  const path = outfile?.[1] ?? (copyTo && !copyTo[1] ? copyTo[2] : undefined);
  if (path && PUBLIC_PATH.test(path)) emit("exfiltration_privacy.sql_export_external", "exfiltration_privacy", `exports rows to a web-served or shared path (${path})`, st);
  // Sensitive columns (or every column of a table of people) written to a file: a copy outside the database's access control.
  const everyPerson = st.selectColumns.includes("*") && st.objects.some((o) => PEOPLE_TABLE.test(o));
  if ((outfile || copyTo) && rowLevel && (sensitive.length > 0 || everyPerson || /\bCOPY\s+(?:\(\s*SELECT\s+\*\s+FROM\s+)?(?:\w+\.)?(?:users?|customers?|patients?|employees?|payroll|accounts?|members?|credit_cards?|payments?)\b/i.test(st.text)))
    emit("exfiltration_privacy.sql_sensitive_to_file", "exfiltration_privacy", `writes ${sensitive.length > 0 ? sensitive.slice(0, 3).join(", ") : "personal rows"} out to a file${path ? ` (${path})` : ""}`, st);
  if (/\bINTO\s+OUTFILE\s+'\\\\|\bLOAD_FILE\s*\(|\bUTL_HTTP\.|\bDBMS_LDAP\.|\bCOPY\b[\s\S]*\bTO\s+PROGRAM\s+'(?:curl|wget|nc)\b/i.test(st.text) && !copyTo?.[1]) emit("exfiltration_privacy.sql_export_external", "exfiltration_privacy", "sends rows out over the network", st);
}

export const sqlRule: Rule = (scope) => {
  const hits = new Hits();
  // The grammar reads few statements per scope; the others are read by keywords
  // (about 0.3-1 ms a statement): one statement of the act, none of the context.
  const budget = { parses: scope.kind === "action" ? 1 : 0 };
  for (const segment of scope.segments) {
    for (const u of structureOf(segment).code.filter((x) => x.kind === "sql").slice(0, scope.kind === "context" ? CONTEXT_UNITS : undefined)) {
      let sts: Statement[];
      try {
        sts = readSql(u.text, budget);
      } catch {
        continue;
      }
      const emit: Emit = (feature, code, note, st) => hits.add(feature, code, [u.approx ? spanAt(segment, u.start, u.end) : spanAt(segment, u.start + st.start, u.start + st.end)], note);
      for (const st of sts) readStatement(st, emit);
    }
  }
  return hits.list;
};
