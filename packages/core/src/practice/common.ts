import * as z from "zod";
import { DistressSeverity } from "../enums";
import { ConflictError } from "../errors";
import { detectDistress, type DistressAssessment } from "../reason/distress";
import { textField } from "../text";
import type { NewPracticeSession, PracticeSessionRecord, PracticeStore } from "./store";

/**
 * What the reflect and calling sessions share (spec 2.16, 2.17, 4.5): how a session is named
 * and scoped, the answer cap, the distress redirect, and the store's failures as 503.
 */

/** Answers are free text like every other account the service reads. */
export const PRACTICE_ANSWER_MAX = 5000;
export const SESSION_ID_MAX = 128;

/** Control characters would make an id that prints differently from what was sent. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: this pattern exists to find control characters
const CONTROL = /[\u0000-\u001f\u007f]/;

export const PracticeSessionId = z
  .string()
  .min(1, "session_id must not be empty")
  .max(SESSION_ID_MAX, `session_id is limited to ${SESSION_ID_MAX} characters`)
  .refine((id) => id.trim().length > 0, "session_id must not be blank")
  .refine((id) => !CONTROL.test(id), "session_id must not contain control characters")
  .describe(
    "The caller's name for the session, unique within the agent. Scoped to the credential's owner and the agent: the same id under another owner or agent names a different session. Echoed unchanged.",
  );

/** Like AgentId, without trimming: the id is echoed exactly as sent. */
export const PracticeAgentId = z
  .string()
  .min(2, "agent_id must have at least 2 characters")
  .max(128, "agent_id is limited to 128 characters")
  .regex(/^\S+$/, "agent_id must not contain spaces")
  .describe("The agent the session belongs to; a key bound to an agent may speak only for that agent.");

export const PracticeAnswer = (field: string) => textField(field, PRACTICE_ANSWER_MAX);

export const RedirectedResponse = z.object({
  status: z.literal("redirected"),
  session_id: z.string(),
  agent_id: z.string(),
  severity: DistressSeverity,
  suggested_user_message: z.string().describe("Surface it to the person as it is: it points to human help."),
  flow_terminated: z.literal(true).describe("The session has ended; it takes no further answers."),
});
export type RedirectedResponse = z.infer<typeof RedirectedResponse>;

/** What a redirect keeps of the distress reading: never the quotes, only what the response needs. */
export interface StoredRedirect {
  readonly severity: DistressSeverity;
  readonly suggested_user_message: string;
}

/** The redirect, as answered to the call that ended the flow and to every later read. */
export function redirectedView(record: Pick<PracticeSessionRecord, "session_id" | "agent_id">, redirect: StoredRedirect): RedirectedResponse {
  return { status: "redirected", session_id: record.session_id, agent_id: record.agent_id, ...redirect, flow_terminated: true };
}

/** Words in an answer, for the lexical thresholds (a thin reflect answer, a short purpose statement). */
export const wordsIn = (text: string) => text.trim().split(/\s+/).filter(Boolean).length;

export const sessionChanged = () =>
  new ConflictError("Another call changed this session first; read where it stands (a call without response) and try again.", "session_changed");

/**
 * Inserts a new session and returns it as stored. When another call opened the same session
 * first (same key), returns that one instead: the open then answers as a read of it.
 */
export async function openSession(store: PracticeStore, session: NewPracticeSession): Promise<PracticeSessionRecord> {
  if (await store.insert(session)) {
    return { ...session, outcome: session.outcome ?? null, turn: 0, updated_at: session.opened_at, closed_at: null, approval: null, holding_until: null };
  }
  const existing = await store.find(session);
  if (!existing) throw sessionChanged();
  return existing;
}

/**
 * The distress check over every answer given so far and the new one: signals spread over
 * several answers add up. Null when the flow may go on.
 */
export function redirectFor(answers: readonly string[]): StoredRedirect | null {
  const reading: DistressAssessment = detectDistress(answers);
  if (!reading.redirect) return null;
  return { severity: reading.severity as DistressSeverity, suggested_user_message: reading.suggested_user_message! };
}
