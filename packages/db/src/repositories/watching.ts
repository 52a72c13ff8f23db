import type { DecisionOutcome, NewWatchingCycle, StoredWatchingCycle, WatchingStore } from "@svc/core";
import { sql, type Kysely } from "kysely";
import type { Database } from "../schema";
import { iso, json } from "./columns";

type Db = Kysely<Database>;

/** The cycle and every row it carries, in one transaction; nothing when the retry key is taken. */
export async function insertWatchingCycle(db: Db, cycle: NewWatchingCycle): Promise<{ created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("watching_cycles")
      .values({
        id: cycle.id,
        owner_id: cycle.owner_id,
        agent_id: cycle.agent_id,
        cycle_id: cycle.cycle_id,
        recorded_by: cycle.recorded_by,
        body_sha256: cycle.body_sha256,
        loop_heading: cycle.loop_heading,
        started_at: cycle.started_at,
        ended_at: cycle.ended_at,
        answers_received_unstructured: cycle.answers_received_unstructured,
        answers_sentence: cycle.answers_sentence,
        answers_disclosure: cycle.answers_disclosure,
        flagged: cycle.flagged,
        recorded_at: cycle.recorded_at,
      })
      .onConflict((oc) => oc.columns(["owner_id", "agent_id", "cycle_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return { created: false };
    if (cycle.events.length === 0) return { created: true };

    const owned = { cycle_row_id: cycle.id, owner_id: cycle.owner_id, agent_id: cycle.agent_id };
    await trx
      .insertInto("watching_alignment_events")
      .values(
        cycle.events.map((event) => ({
          id: event.id,
          cycle_row_id: cycle.id,
          position: event.position,
          check_schema: event.check_schema,
          check_id: event.check_id,
          library_version: event.library_version,
          models: [...event.models],
          ran_at: event.ran_at,
          winner_subject_key: event.winner_subject_key,
          surfaced_channel: event.surfaced_channel,
          read_from_schema_versions: [...event.read_from_schema_versions],
          sealed_surfaced_act: event.sealed_surfaced_act,
          surfaced_act_sha256: event.surfaced_act_sha256,
          deliverable: event.deliverable,
          sealed_expectation_snapshot: event.sealed_expectation_snapshot,
          flagged: event.flagged,
        })),
      )
      .execute();
    await trx
      .insertInto("watching_decisions")
      .values(
        cycle.events.flatMap((event) =>
          event.decisions.map((d) => ({
            ...owned,
            id: d.id,
            event_id: event.id,
            position: d.position,
            subject_kind: d.subject_kind,
            subject_ref: d.subject_ref,
            subject_key: d.subject_key,
            outcome: d.outcome,
            held_at: d.held_at,
            wait_bound_ms: d.wait_bound_ms,
            closed_at: d.closed_at,
            gate_basis: JSON.stringify(d.gate_basis),
            flagged: d.flagged,
          })),
        ),
      )
      .execute();
    const lateResponses = cycle.events.flatMap((event) => event.late_responses.map((late) => ({ ...owned, ...late, event_id: event.id })));
    if (lateResponses.length > 0) await trx.insertInto("watching_late_responses").values(lateResponses).execute();
    const lifts = cycle.events.flatMap((event) => event.lifts.map((lift) => ({ ...owned, ...lift, event_id: event.id })));
    if (lifts.length > 0) await trx.insertInto("watching_lifts").values(lifts).execute();
    return { created: true };
  });
}

export async function findWatchingCycle(db: Db, ownerId: string, agentId: string, cycleId: string): Promise<StoredWatchingCycle | null> {
  const cycle = await db
    .selectFrom("watching_cycles")
    .selectAll()
    .where("owner_id", "=", ownerId)
    .where("agent_id", "=", agentId)
    .where("cycle_id", "=", cycleId)
    .executeTakeFirst();
  if (!cycle) return null;
  const [events, decisions, lateCounts, liftCounts] = await Promise.all([
    db
      .selectFrom("watching_alignment_events")
      .select(["id", "check_id", "surfaced_act_sha256", "deliverable", "flagged"])
      .where("cycle_row_id", "=", cycle.id)
      .orderBy("position")
      .execute(),
    db
      .selectFrom("watching_decisions")
      .select(["event_id", "subject_key", "outcome", "flagged", "gate_basis"])
      .where("cycle_row_id", "=", cycle.id)
      .orderBy("event_id")
      .orderBy("position")
      .execute(),
    countsByEvent(db, "watching_late_responses", cycle.id),
    countsByEvent(db, "watching_lifts", cycle.id),
  ]);
  return {
    id: cycle.id,
    owner_id: cycle.owner_id,
    agent_id: cycle.agent_id,
    cycle_id: cycle.cycle_id,
    body_sha256: cycle.body_sha256,
    answers_received_unstructured: cycle.answers_received_unstructured,
    answers_sentence: cycle.answers_sentence,
    answers_disclosure: cycle.answers_disclosure,
    flagged: cycle.flagged,
    recorded_at: iso(cycle.recorded_at),
    events: events.map((event) => ({
      check_id: event.check_id,
      surfaced_act_sha256: event.surfaced_act_sha256,
      deliverable: event.deliverable,
      flagged: event.flagged,
      decisions: decisions
        .filter((d) => d.event_id === event.id)
        .map((d) => ({
          subject_key: d.subject_key,
          outcome: d.outcome as DecisionOutcome,
          flagged: d.flagged,
          disclosures: (json(d.gate_basis) as { disclosures: string[] }).disclosures,
        })),
      late_responses_recorded: lateCounts.get(event.id) ?? 0,
      lifts_recorded: liftCounts.get(event.id) ?? 0,
    })),
  };
}

async function countsByEvent(db: Db, table: "watching_late_responses" | "watching_lifts", cycleRowId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom(table)
    .select(["event_id", sql<number>`count(*)::int`.as("n")])
    .where("cycle_row_id", "=", cycleRowId)
    .groupBy("event_id")
    .execute();
  return new Map(rows.map((row) => [row.event_id, Number(row.n)]));
}

export async function watchingClosures(db: Db, ownerId: string, agentId: string, subjectKeys: readonly string[]): Promise<Map<string, string>> {
  if (subjectKeys.length === 0) return new Map();
  const rows = await db
    .selectFrom("watching_decisions")
    .select(["subject_key", (eb) => eb.fn.max("closed_at").as("closed_at")])
    .where("owner_id", "=", ownerId)
    .where("agent_id", "=", agentId)
    .where("outcome", "=", "closed_at_wait_bound")
    .where("subject_key", "in", [...subjectKeys])
    .groupBy("subject_key")
    .execute();
  return new Map(rows.filter((row) => row.closed_at !== null).map((row) => [row.subject_key, iso(row.closed_at as Date | string)]));
}

export function watchingStore(db: Db): WatchingStore {
  return {
    find: (ownerId, agentId, cycleId) => findWatchingCycle(db, ownerId, agentId, cycleId),
    closures: (ownerId, agentId, subjectKeys) => watchingClosures(db, ownerId, agentId, subjectKeys),
    record: (cycle) => insertWatchingCycle(db, cycle),
  };
}
