import * as z from "zod";
import { KathekonQuality, KatorthomaProximity, RootPassion, SimpleProximity, VirtueDomain } from "../enums";
import { toSimpleProximity } from "../ladders";
import { textField } from "../text";
import { SCORING_DISCLAIMER } from "../reason/consult";
import type { Examination } from "../reason/examine";
import type { StoredReading } from "./profile";

/** Score of any text (POST /api/score-document), with a public badge of the result. */
export const DOCUMENT_TEXT_CAP = 20_000;

export const ScoreDocumentRequest = z.strictObject({
  text: textField("text", DOCUMENT_TEXT_CAP),
  title: z.string().trim().min(1).max(120, "title is limited to 120 characters").optional().describe("Shown on the badge."),
});

export interface StoredDocument extends StoredReading {
  readonly id: string;
  readonly owner_id: string;
  readonly title: string | null;
  readonly created_at: string;
}

export interface DocumentStore {
  record(document: Omit<StoredDocument, "created_at">): Promise<StoredDocument>;
  /** By id, whoever owns it: a badge is public to whoever holds its address. */
  find(id: string): Promise<StoredDocument | null>;
}

export const DocumentScore = z.object({
  id: z.uuid(),
  badge_url: z.string().describe("Public address of the SVG badge."),
  katorthoma_proximity: SimpleProximity,
  proximity: KatorthomaProximity.describe("The five-level reading behind katorthoma_proximity."),
  is_kathekon: z.boolean().nullable(),
  kathekon_quality: KathekonQuality.nullable(),
  passions_detected: z.array(RootPassion),
  virtue_domains_engaged: z.array(VirtueDomain),
  disclaimer: z.string(),
});

export function documentRecord(exam: Examination, id: string, ownerId: string, title: string | null): Omit<StoredDocument, "created_at"> {
  return {
    id,
    owner_id: ownerId,
    title,
    proximity: exam.assessment.katorthoma_proximity,
    is_kathekon: exam.assessment.is_kathekon,
    kathekon_quality: exam.assessment.kathekon_quality,
    passions: [...new Set(exam.assessment.passions.map((p) => p.root_passion))],
    virtue_domains: exam.assessment.virtue_domains_engaged,
  };
}

export function documentScore(doc: StoredDocument): z.infer<typeof DocumentScore> {
  return {
    id: doc.id,
    badge_url: `/api/badge/${doc.id}`,
    katorthoma_proximity: toSimpleProximity(doc.proximity),
    proximity: doc.proximity,
    is_kathekon: doc.is_kathekon,
    kathekon_quality: doc.kathekon_quality,
    passions_detected: [...doc.passions],
    virtue_domains_engaged: [...doc.virtue_domains],
    disclaimer: SCORING_DISCLAIMER,
  };
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[ch]!);

// Each band's fill keeps white text above 4.5:1 contrast (WCAG AA).
const BAND_COLOUR: Record<z.infer<typeof SimpleProximity>, string> = {
  contrary: "#9b1c1c",
  progressing: "#8a4b00",
  deliberate: "#1e6b34",
};

/** An accessible SVG badge: role img, a title and a description, text at AA contrast. */
export function badgeSvg(doc: StoredDocument): string {
  const simple = toSimpleProximity(doc.proximity);
  const label = "stoic reading";
  const value = simple === doc.proximity ? simple : `${simple} (${doc.proximity.replace("_", " ")})`;
  const title = doc.title ? `${doc.title}: ` : "";
  const appropriate = doc.is_kathekon === null ? "appropriateness undecided" : doc.is_kathekon ? "an appropriate act" : "not an appropriate act";
  const description = `${title}Stoic reading ${simple}, proximity ${doc.proximity.replace("_", " ")}, ${appropriate}. Scored ${doc.created_at.slice(0, 10)}. Advisory, for reflection.`;
  const charWidth = 7;
  const labelWidth = label.length * charWidth + 20;
  const valueWidth = value.length * charWidth + 20;
  const width = labelWidth + valueWidth;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="24" viewBox="0 0 ${width} 24" role="img" aria-labelledby="badge-title badge-desc">`,
    `<title id="badge-title">${escapeXml(`${label}: ${value}`)}</title>`,
    `<desc id="badge-desc">${escapeXml(description)}</desc>`,
    `<rect width="${labelWidth}" height="24" fill="#2d2d2d"/>`,
    `<rect x="${labelWidth}" width="${valueWidth}" height="24" fill="${BAND_COLOUR[simple]}"/>`,
    `<g fill="#ffffff" font-family="Verdana, DejaVu Sans, sans-serif" font-size="12" aria-hidden="true">`,
    `<text x="10" y="16">${escapeXml(label)}</text>`,
    `<text x="${labelWidth + 10}" y="16">${escapeXml(value)}</text>`,
    `</g>`,
    `</svg>`,
  ].join("");
}
