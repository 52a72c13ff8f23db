import { sql, type Kysely } from "kysely";

/**
 * Owner ids qualified by kind (docs/decisions.md, "Owners"): `key:<name>` for an API key's
 * owner, `user:<sub>` for a human user, `operator` for the operator key. Before, a JWT `sub`
 * and a key's owner shared one namespace, so a token with `sub: "operator"`, or with a key
 * owner's name, read that owner's records.
 *
 * Existing rows: every API key's owner becomes `key:<owner>`. A record is the operator's when
 * its owner is `operator`, a key owner's when some key has (had) that owner, else a human
 * user's. Consults (and through them narratives) also carry the calling credential
 * (`subject`), which decides exactly. Where one name was both a key owner and a user's `sub` (the old shared namespace
 * made them one owner), the records without a credential go to the key owner.
 */

/** Tables whose `owner_id` names whose records they are, beside api_keys. */
const RECORD_TABLES = [
  "consults",
  "narratives",
  "scores",
  "documents",
  "journal_entries",
  "assessment_results",
  "accreditations",
  "accreditation_writes",
  "practice_sessions",
  "watching_cycles",
  "watching_decisions",
  "watching_late_responses",
  "watching_lifts",
  "stoa_declarations",
] as const;

/** The calling credential of a row where one was recorded (`key:<id>`, `user:<sub>`, `operator`), else null. */
function credentialSubject(table: (typeof RECORD_TABLES)[number]) {
  if (table === "consults") return sql`r.subject`;
  if (table === "narratives") return sql`(select c.subject from consults c where c.loop_id = r.loop_id)`;
  return sql`null::text`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update api_keys set owner_id = 'key:' || owner_id`.execute(db);
  for (const table of RECORD_TABLES) {
    const subject = credentialSubject(table);
    await sql`
      update ${sql.table(table)} as r set owner_id = case
        when ${subject} = 'operator' then 'operator'
        when ${subject} like 'key:%' then 'key:' || r.owner_id
        when ${subject} like 'user:%' then 'user:' || r.owner_id
        when r.owner_id = 'operator' then 'operator'
        when exists (select 1 from api_keys k where k.owner_id = 'key:' || r.owner_id) then 'key:' || r.owner_id
        else 'user:' || r.owner_id
      end`.execute(db);
  }
}

/**
 * Back to one namespace. Fails on a unique key (a practice session, a watching cycle) when a
 * user and a key owner of the same name have since both written one: the namespaces diverged.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["api_keys", ...RECORD_TABLES]) {
    await sql`update ${sql.table(table)} set owner_id = regexp_replace(owner_id, '^(key|user):', '')`.execute(db);
  }
}
