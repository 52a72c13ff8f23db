import type { Runtime } from "@svc/runtime";
import { expect } from "vitest";
import { mintApiKey, TEST_JWT_SECRET, TEST_OPERATOR_KEY, type MintOptions } from "./credentials";
import { freshOwner, testRuntime } from "./database";
import { postReason, readJson } from "./reason";
import { requester } from "./requests";
import { reasonFunction } from "../../functions/reason/src/function";
import { accreditationFunction } from "../../functions/accreditation/src/function";

/**
 * Shared by the accreditation suites: the function and the reason function on the test
 * runtime (PGlite, or the real PostgreSQL when DATABASE_URL is set), agents with prac keys,
 * consults whose signed assessments become provenance, and write bodies.
 */
export const runtime: Runtime = { name: "test", open: async (cfg) => (await testRuntime()).open(cfg) };
export const ENV = { LOG_LEVEL: "silent", OPERATOR_API_KEY: TEST_OPERATOR_KEY, JWT_SECRET: TEST_JWT_SECRET, SVC_RUNTIME: runtime };
export const api = requester(accreditationFunction, ENV);

export type Body = Record<string, any>;
export type SignedElement = { assessment: Record<string, unknown>; signature: string; key_id: string };

export const freshAgent = (label = "agent") => `${label}-${crypto.randomUUID()}`;

export interface Agent {
  readonly agent: string;
  /** The owner id, as records carry it: key:<name>. */
  readonly owner: string;
  readonly key: string;
  readonly keyId: string;
}

/** A svc_prac_ key with accreditation_write (and l1_supply), bound to a fresh agent. */
export async function newAgent(options: MintOptions = {}): Promise<Agent> {
  const agent = freshAgent();
  const { key, id, owner } = await mintApiKey(await testRuntime(), {
    kind: "prac",
    tier: "paid",
    capabilities: ["accreditation_write", "l1_supply"],
    owner: options.owner ?? freshOwner(),
    agent,
    ...options,
  });
  return { agent, owner, key, keyId: id };
}

export const ACCOUNTS = [
  "I kept my promise to my colleague and finished the report on time, because I had given my word to the team and they relied on it.",
  "I told my colleague the truth about the missed deadline, because honesty was owed to everyone affected, even though it cost me.",
  // Courage, weighed: a domain at another level than the two above (deliberate, not principled).
  "I was afraid to speak up in the meeting, but after weighing what it would cost me I faced my fear and told the team about the safety problem.",
];

/** One consult of /api/reason with the agent's key; returns its signed assessment element. */
export async function consult(key: string, input: string, extra: Body = {}): Promise<SignedElement> {
  const res = await postReason(reasonFunction, ENV, `Bearer ${key}`, { input, ...extra });
  const body = await readJson<Body>(res, 200);
  expect(body.assessment, JSON.stringify(body)).toBeDefined();
  return body.assessment as SignedElement;
}

export function record(agent: string, overrides: Body = {}): Body {
  return {
    agent_id: agent,
    senecan_grade: "grade_3",
    typical_proximity: "habitual",
    authority_level: "guided",
    direction_of_travel: "stable",
    passions_persisting: ["phobos"],
    actions_evaluated: 12,
    dimension_levels: {
      passion_reduction: "developing",
      judgement_quality: "developing",
      disposition_stability: "emerging",
      oikeiosis_extension: "developing",
    },
    typical_deliberation_breadth: 2,
    typical_kathekon_quality: "moderate",
    ...overrides,
  };
}

export function seedBody(agent: string, elements: readonly SignedElement[], recordOverrides: Body = {}): Body {
  return {
    kind: "seed",
    profile: { agent_id: agent, accreditation_record: record(agent, recordOverrides), regressing_check_count: 0, total_actions_evaluated: 12 },
    provenance: { signed_assessments: elements },
  };
}

export const UPGRADE = { senecan_grade: "grade_2", typical_proximity: "deliberate", authority_level: "spot_checked" };
export const UPGRADE_TRIGGER = { type: "upgrade", from_grade: "grade_3", to_grade: "grade_2", from_proximity: "habitual", to_proximity: "deliberate" };

export function updateBody(agent: string, elements: readonly SignedElement[], transition: Body, recordOverrides: Body = {}): Body {
  return { ...seedBody(agent, elements, recordOverrides), kind: "update", transition_result: transition };
}

export const write = (a: Agent, body: unknown, path = a.agent) => api.post(`/api/accreditation/${path}`, a.key, body);
export const readBack = (agent: string) => api.send("GET", `/api/accreditation/${agent}`, undefined);
export const trustRecord = (agent: string, env?: Record<string, unknown>) => api.send("GET", `/api/trust-record/${agent}`, undefined, undefined, env);

/** An agent with a seeded record over one consult; returns the agent and its provenance. */
export async function seededAgent(options: MintOptions = {}): Promise<Agent & { elements: SignedElement[] }> {
  const a = await newAgent(options);
  const elements = [await consult(a.key, ACCOUNTS[0]!)];
  await readJson(await write(a, seedBody(a.agent, elements)), 201);
  return { ...a, elements };
}

/** Rows of the accreditation tables for one agent, to show a refused write changed nothing. */
export async function snapshot(agent: string) {
  const db = await (await testRuntime()).database();
  const [record, writes, history, events, readings, gaps] = await Promise.all([
    db.selectFrom("accreditations").selectAll().where("agent_id", "=", agent).execute(),
    db.selectFrom("accreditation_writes").select(["id", "version"]).where("agent_id", "=", agent).execute(),
    db.selectFrom("accreditation_grade_history").selectAll().where("agent_id", "=", agent).execute(),
    db.selectFrom("trust_events").select(["id"]).where("agent_id", "=", agent).execute(),
    db.selectFrom("orientation_readings").select(["loop_id"]).where("agent_id", "=", agent).execute(),
    db.selectFrom("provenance_gaps").select(["id"]).where("agent_id", "=", agent).execute(),
  ]);
  return { record, writes, history, events: events.length, readings: readings.length, gaps: gaps.length };
}
