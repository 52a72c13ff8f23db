import { DOCUMENT_TEXT_CAP, DocumentScore, ScoreDocumentRequest, scoreDocument as scoreDocumentService } from "@svc/core";
import { bodyCapForText, defineOperation, ErrorEnvelope } from "@svc/http";
import { scoringContext } from "./context";

export const scoreDocument = defineOperation(
  {
    operationId: "scoreDocument",
    method: "post",
    path: "/api/score-document",
    summary: "Score any text",
    description:
      "Examines a text (up to 20,000 characters) with the reason engine and returns its score and the address of a public SVG badge of the result. The text itself is not kept.",
    tags: ["scoring"],
    auth: "bearer",
    listing: { spec: "4.6" },
    charge: { skill: "svc-audit" },
    maxBodyBytes: bodyCapForText(DOCUMENT_TEXT_CAP + 120),
    request: { body: ScoreDocumentRequest },
    responses: {
      200: { description: "The score and its badge address.", schema: DocumentScore },
      400: { description: "text missing or over 20,000 characters; title over 120.", schema: ErrorEnvelope },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      429: { description: "svc-audit allowance exhausted.", schema: ErrorEnvelope },
    },
  },
  async (c, { body }) => c.json(await scoreDocumentService({ ctx: await scoringContext(c), input: body })),
);
