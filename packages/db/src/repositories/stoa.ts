import type { ListedDeclaration, StoaCommitmentRecord, StoaContradiction, StoaDeclaration, StoaStore } from "@svc/core";
import { type Kysely, type Selectable, type SelectQueryBuilder, sql } from "kysely";
import type { Database, StoaContradictionsTable, StoaDeclarationsTable } from "../schema";
import { mintTrustEvents } from "./trust";
import { iso, json } from "./columns";

type Db = Kysely<Database>;

type ListedRow = Selectable<StoaDeclarationsTable> & { accreditation_owner_id: string | null; examined_evidence: boolean; gap_entries: boolean };

function toDeclaration(row: Selectable<StoaDeclarationsTable>): StoaDeclaration {
  return {
    id: row.id,
    agent_id: row.agent_id,
    owner_id: row.owner_id,
    display_name: row.display_name,
    statement: row.statement,
    commitments: json(row.commitments) as StoaCommitmentRecord[],
    contact_url: row.contact_url,
    agent_card_url: row.agent_card_url,
    declared_at: iso(row.declared_at),
    amended_at: row.amended_at === null ? null : iso(row.amended_at),
  };
}

function toListed(row: ListedRow): ListedDeclaration {
  return {
    ...toDeclaration(row),
    facts: { accreditation_owner_id: row.accreditation_owner_id, examined_evidence: Boolean(row.examined_evidence), gap_entries: Boolean(row.gap_entries) },
  };
}

function toContradiction(row: Selectable<StoaContradictionsTable>): StoaContradiction {
  return {
    id: row.id,
    agent_id: row.agent_id,
    declaration_id: row.declaration_id,
    commitment_index: row.commitment_index,
    commitment: {
      domain: row.domain as StoaCommitmentRecord["domain"],
      claimed_level: row.claimed_level as StoaCommitmentRecord["claimed_level"],
      text: row.commitment_text,
    },
    observed_level: row.observed_level as StoaContradiction["observed_level"],
    note: row.note,
    confirmed_by: row.confirmed_by,
    created_at: iso(row.created_at),
  };
}

/** The facts a listed declaration's links rest on, each read by an indexed lookup per row of `d`. */
function withFacts<Q extends SelectQueryBuilder<Database & { d: StoaDeclarationsTable }, "d", object>>(q: Q) {
  return q.select((eb) => [
    eb.selectFrom("accreditations as a").select("a.owner_id").whereRef("a.agent_id", "=", "d.agent_id").as("accreditation_owner_id"),
    eb
      .exists(eb.selectFrom("trust_events as t").select(eb.lit(1).as("one")).whereRef("t.agent_id", "=", "d.agent_id").where("t.class", "=", "evidence"))
      .as("examined_evidence"),
    eb.exists(eb.selectFrom("provenance_gaps as g").select(eb.lit(1).as("one")).whereRef("g.agent_id", "=", "d.agent_id")).as("gap_entries"),
  ]);
}

/**
 * A page of the entries whose agent id or display name starts with the pattern, two ways, one
 * chosen by the statement itself. Few matches: their ids from the two prefix indexes, then
 * sorted (walking the recency index would filter every entry to fill a page). Many: walk the
 * recency index and filter until the page is full (gathering them all would sort thousands for
 * one page). The count that decides stops at DENSE_MATCHES on the prefix indexes.
 */
function matchingPage<P extends SelectQueryBuilder<Database & { d: StoaDeclarationsTable }, "d", Selectable<StoaDeclarationsTable>>>(
  db: Db,
  page: P,
  pattern: string,
) {
  const dense = sql<boolean>`(select count(*) from (
    select 1 from stoa_declarations where lower(agent_id) like ${pattern}
    union all
    select 1 from stoa_declarations where lower(display_name) like ${pattern}
    limit ${DENSE_MATCHES}) m) >= ${DENSE_MATCHES}`;
  const sorted = page.where(sql<boolean>`not ${dense}`).where("d.agent_id", "in", (eb) =>
    eb
      .selectFrom("stoa_declarations")
      .select("agent_id")
      .where(eb.fn("lower", ["agent_id"]), "like", pattern)
      .union(
        eb
          .selectFrom("stoa_declarations")
          .select("agent_id")
          .where(eb.fn("lower", ["display_name"]), "like", pattern),
      ),
  );
  const walked = page
    .where(dense)
    .where((eb) => eb.or([eb(eb.fn("lower", ["d.agent_id"]), "like", pattern), eb(eb.fn("lower", ["d.display_name"]), "like", pattern)]));
  return db
    .selectFrom(sorted.as("s"))
    .selectAll()
    .unionAll(db.selectFrom(walked.as("w")).selectAll());
}

/** From this many prefix matches a search walks the recency index instead of sorting its matches. */
const DENSE_MATCHES = 500;

/** A LIKE pattern matching values that start with `prefix` literally. */
const prefixPattern = (prefix: string) => `${prefix.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;

export function stoaStore(db: Db): StoaStore {
  return {
    async find(agentId) {
      const row = await withFacts(db.selectFrom("stoa_declarations as d").selectAll("d").where("d.agent_id", "=", agentId)).executeTakeFirst();
      return row ? toListed(row as ListedRow) : null;
    },
    async insert(d) {
      const row = await db
        .insertInto("stoa_declarations")
        .values({ ...d, commitments: JSON.stringify(d.commitments) })
        .onConflict((oc) => oc.column("agent_id").doNothing())
        .returning("agent_id")
        .executeTakeFirst();
      return row !== undefined;
    },
    async amend(agentId, ownerId, amendment, amendedAt) {
      const { commitments, ...rest } = amendment;
      const row = await db
        .updateTable("stoa_declarations")
        .set({ ...rest, ...(commitments !== undefined ? { commitments: JSON.stringify(commitments) } : {}), amended_at: amendedAt })
        .where("agent_id", "=", agentId)
        .where("owner_id", "=", ownerId)
        .returningAll()
        .executeTakeFirst();
      return row ? toDeclaration(row) : null;
    },
    async withdraw(agentId, ownerId) {
      const result = await db.deleteFrom("stoa_declarations").where("agent_id", "=", agentId).where("owner_id", "=", ownerId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async list({ limit, before, prefix }) {
      let q = db.selectFrom("stoa_declarations as d").selectAll("d");
      if (before) q = q.where((eb) => eb(eb.refTuple("d.declared_at", "d.id"), "<", eb.tuple(new Date(before.declared_at), before.id)));
      const page = q.orderBy("d.declared_at", "desc").orderBy("d.id", "desc").limit(limit);
      // The page first, then the facts of its rows alone (asked over the unlimited scan, the
      // planner may hash every agent's trust events to answer them).
      const source = prefix ? matchingPage(db, page, prefixPattern(prefix)) : page;
      const rows = await withFacts(db.selectFrom(source.as("d")).selectAll("d"))
        .orderBy("d.declared_at", "desc")
        .orderBy("d.id", "desc")
        .execute();
      return rows.map((row) => toListed(row as ListedRow));
    },
    async confirmContradiction(c, event) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto("stoa_contradictions")
          .values({
            id: c.id,
            agent_id: c.agent_id,
            declaration_id: c.declaration_id,
            commitment_index: c.commitment_index,
            domain: c.commitment.domain,
            claimed_level: c.commitment.claimed_level,
            commitment_text: c.commitment.text,
            observed_level: c.observed_level,
            note: c.note,
            confirmed_by: c.confirmed_by,
            created_at: c.created_at,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await mintTrustEvents(trx, [event]);
        return toContradiction(row);
      });
    },
  };
}
