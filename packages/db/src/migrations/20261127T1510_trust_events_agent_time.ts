import { sql, type Kysely } from "kysely";

/**
 * An agent's trust events by class and time: the trust record reads an agent's events in time
 * order, and the Stoa directory asks, per listed agent, whether any examined evidence exists.
 * Without it the planner may answer that question by scanning every agent's events (it did, on
 * a table where a few agents hold most of them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index trust_events_agent_class_time_idx on trust_events (agent_id, class, occurred_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index trust_events_agent_class_time_idx`.execute(db);
}
