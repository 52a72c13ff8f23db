import { examine, JOURNAL_ENTRY_CAP, JournalRequest, JournalResponse, journalLens } from "@svc/core";
import { bodyCapForText, defineOperation, ErrorEnvelope, principalOf, sessionOf } from "@svc/http";

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
  async (c, { body }) => {
    const session = await sessionOf(c);
    const id = crypto.randomUUID();
    const date = body.date ?? new Date().toISOString().slice(0, 10);
    const exam = await examine(session.language().extractor, { text: body.entry, context: null, ref: `journal_${id}` });
    await session.journal.record({
      id,
      owner_id: principalOf(c).owner_id,
      entry_date: date,
      sealed_entry: await session.sealer().seal(body.entry, id),
      proximity: exam.assessment.katorthoma_proximity,
      passions: exam.assessment.passions.map((p) => p.root_passion),
    });
    return c.json(journalLens(exam, id, date));
  },
);
