import { JOURNAL_ENTRY_CAP, JournalRequest, JournalResponse, reflectOnJournal } from "@svc/core";
import { bodyCapForText, defineOperation, ErrorEnvelope } from "@svc/http";
import { scoringContext } from "./context";

export const journalReflect = defineOperation(
  {
    operationId: "reflectJournal",
    method: "post",
    path: "/api/reflect",
    summary: "Daily reflection journal",
    description:
      "An evening review: the entry is examined by the reason engine and kept for its owner, sealed at rest. Returns what went well and one question for tomorrow.",
    tags: ["scoring"],
    auth: "bearer",
    listing: { spec: "4.6" },
    charge: { skill: "svc-reflect" },
    maxBodyBytes: bodyCapForText(JOURNAL_ENTRY_CAP + 20),
    request: { body: JournalRequest },
    responses: {
      200: { description: "The reflection.", schema: JournalResponse },
      400: { description: "entry missing or over 10,000 characters; date not YYYY-MM-DD.", schema: ErrorEnvelope },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      429: { description: "svc-reflect allowance exhausted.", schema: ErrorEnvelope },
    },
  },
  async (c, { body }) => c.json(await reflectOnJournal({ ctx: await scoringContext(c), input: body })),
);
