import { EXTRACTION_SCHEMA_VERSION, type Layer1Extraction } from "@svc/core";
import { expect } from "vitest";

/**
 * Helpers for suites that consult POST /api/reason in-process (the reason function, and the
 * steps that build on signed assessments): the request, a well-formed supplied Layer 1
 * extraction, and reading a response with its body printed on failure.
 */
export type Fetcher = { fetch: (request: Request, env?: Record<string, unknown>) => Response | Promise<Response> };

/** POST /api/reason with the given Authorization header value (or none). */
export function postReason(fn: Fetcher, env: Record<string, unknown>, authorization: string | undefined, body: unknown): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (authorization !== undefined) headers.authorization = authorization;
  return Promise.resolve(fn.fetch(new Request("http://t/api/reason", { method: "POST", headers, body: JSON.stringify(body) }), env));
}

/** Parses a JSON response after checking its status, printing the body when either fails. */
export async function readJson<T = Record<string, any>>(res: Response, status: number): Promise<T> {
  const text = await res.clone().text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** Checks the error envelope: status, code, and (when given) the field it names. */
export async function expectError(res: Response, status: number, code: string, field?: string): Promise<Record<string, any>> {
  const body = await readJson<{ error: Record<string, any> }>(res, status);
  const text = JSON.stringify(body);
  expect(body.error.code, text).toBe(code);
  if (field !== undefined) expect(body.error.field, text).toBe(field);
  expect(body.error.request_id, text).toBe(res.headers.get("x-request-id"));
  return body.error;
}

/**
 * A complete, valid Layer 1 extraction (every defaulted field written out, so a response's
 * echo of it can be compared exactly) for the account SUPPLIED_INPUT.
 */
export const SUPPLIED_INPUT = "I told my colleague the truth about the missed deadline, because it was the right thing.";

export function suppliedExtraction(overrides: Partial<Layer1Extraction> = {}): Layer1Extraction {
  return {
    schema_version: EXTRACTION_SCHEMA_VERSION,
    situation: { summary: "Told a colleague the truth about a missed deadline.", act_kind: "past_action" },
    deliberation: { level: "principled", examined_before_acting: true, evidence: ["because it was the right thing"] },
    grave_act: { present: false, harmed_circle: null, quote: null },
    domains: {
      dikaiosyne: { engaged: true, reading: "principled", evidence: ["I told my colleague the truth"] },
      andreia: { engaged: true, reading: "deliberate", evidence: [] },
      sophrosyne: { engaged: false, reading: null, evidence: [] },
    },
    passions: [{ root_passion: "phobos", sub_species: "aischyne", intensity: "mild", quote: "missed deadline" }],
    circles: [{ circle: "community", obligation_claim: "met", quote: "I told my colleague the truth" }],
    ambiguity: { trigger_code: null, slot_fills: [] },
    ...overrides,
  };
}
