import { recordWatchingCycle, WATCHING_BODY_BYTES, WatchingCycleBody, WatchingCycleResponse } from "@svc/core";
import { defineOperation, ErrorEnvelope, withCaller } from "@svc/http";
import { watchingContext } from "./context";

export const watchingCycleRecord = defineOperation(
  {
    operationId: "recordWatchingCycle",
    method: "post",
    path: "/api/practice/watching",
    summary: "Record an autonomous-loop cycle with its alignment events",
    description:
      "A runner records one cycle of its loop and the alignment events its checks produced (spec 2.18, 4.5). The server re-derives each surfaced act's hash and deliverability and each decision's subject key, checks every field against its closed vocabulary and the parts against each other; an inconsistency is a 400 naming the field and nothing is written. Free text is stored, not read; the models a check names are not verified. A standing hold with a winner is flagged, never refused. The stored gate basis of every decision carries the disclosure sentences PS-4 and Q-P3-1 (and PS-1 for a released hold); the cycle stores Q-P3-2 with the answers count. The surfaced act and the expectation snapshot are sealed at rest (AES-256-GCM). A retry (same cycle_id for the same owner and agent) writes nothing: the same body answers the first result, a different answers count or sentence answers it with answer_recording.status refused, any other difference is a 409. Alignment events never enter the agent's trust record. Not metered (bookkeeping); the burst window applies.",
    tags: ["practice"],
    auth: "bearer",
    listing: { spec: "4.5, 2.18" },
    requires: { capability: "watching_write" },
    maxBodyBytes: WATCHING_BODY_BYTES,
    request: { body: WatchingCycleBody },
    responses: {
      201: { description: "The cycle and its rows were written.", schema: WatchingCycleResponse },
      200: {
        description: "A retry: the cycle was already recorded and nothing was written (answer_recording.status refused when the count or sentence differed).",
        schema: WatchingCycleResponse,
      },
      400: {
        description:
          "A malformed or inconsistent field (named in error.field), a missing or extra answers_received_unstructured, an unmatched or missing relayed lift, a late response to a subject that had not closed. Nothing is written.",
        schema: ErrorEnvelope,
      },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      403: { description: "The credential lacks watching_write, or the key is bound to another agent.", schema: ErrorEnvelope },
      409: { description: "cycle_conflict: this cycle_id was already recorded for the agent with a different body.", schema: ErrorEnvelope },
      413: { description: "The body exceeds 512 KiB.", schema: ErrorEnvelope },
    },
  },
  async (c, { body }) => {
    const outcome = await recordWatchingCycle({ ctx: withCaller(c, await watchingContext(c)), input: body });
    return c.json(outcome.body, outcome.created ? 201 : 200);
  },
);
