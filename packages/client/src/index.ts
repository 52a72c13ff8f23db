import { verifyAssessment, type VerificationResult } from "@svc/core/signing";
import createClient, { type Client, type ClientOptions } from "openapi-fetch";
import type { components, operations, paths } from "./generated/schema";

/**
 * The typed client of the service: openapi-fetch over the types generated from the OpenAPI
 * document (`npm run generate`), so every path, body, parameter and response is typed from the
 * route contracts. Calls return `{ data, error, response }`; `unwrap` turns an error into a
 * thrown `ServiceError` carrying the envelope's code.
 */
export type { components, operations, paths };
export type Schemas = components["schemas"];
/** The Layer 2 assessment with its Ed25519 signature, as POST /api/reason returns it. */
export type SignedAssessment = Schemas["SignedAssessment"];
export type ReasonResponse = Schemas["ReasonResponse"];
export type ClarificationResponse = Schemas["ClarificationResponse"];
export type ErrorEnvelope = Schemas["ErrorEnvelope"];
export type GuardrailRequest = operations["checkGuardrail"]["requestBody"]["content"]["application/json"];
export type GuardrailResponse = operations["checkGuardrail"]["responses"][200]["content"]["application/json"];
/** The JWKS of GET /api/public-key. */
export type PublicKeySet = operations["getPublicKeys"]["responses"][200]["content"]["application/json"];
export type { VerificationResult };

/** Checks a signed assessment against a key set, offline: the service's own verification. */
export { verifyAssessment };

export interface StoicClientOptions extends ClientOptions {
  /** The service's address, e.g. `http://localhost:8787`. */
  readonly baseUrl: string;
  /** An API key (`svc_live_…`, `svc_prac_…`, `svc_inst_…`), a JWT or the operator key, sent as `Authorization: Bearer`. */
  readonly credential?: string;
}

export interface StoicClient extends Client<paths> {
  /** Verifies a signed assessment against this service's published key set (GET /api/public-key). */
  verifyAssessment(signed: SignedAssessment): Promise<VerificationResult>;
}

/** A refusal of the service: the HTTP status and the error envelope's code, message, field and request id. */
export class ServiceError extends Error {
  override readonly name = "ServiceError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field: string | undefined,
    readonly requestId: string | undefined,
    readonly body: unknown,
  ) {
    super(`${status} ${code}: ${message}`);
  }

  static from(response: Response, body: unknown): ServiceError {
    const envelope = (body as Partial<ErrorEnvelope> | undefined)?.error;
    return new ServiceError(
      response.status,
      envelope?.code ?? `http_${response.status}`,
      envelope?.message ?? (typeof body === "string" && body ? body.slice(0, 300) : response.statusText),
      envelope?.field ?? undefined,
      envelope?.request_id ?? response.headers.get("X-Request-Id") ?? undefined,
      body,
    );
  }
}

/** The data of a call, or a thrown ServiceError for a refusal. */
export async function unwrap<D, E>(call: Promise<{ data?: D; error?: E; response: Response }>): Promise<NonNullable<D>> {
  const { data, error, response } = await call;
  if (error !== undefined || !response.ok) throw ServiceError.from(response, error);
  return data as NonNullable<D>;
}

export function createStoicClient({ credential, ...options }: StoicClientOptions): StoicClient {
  const client = createClient<paths>(options);
  if (credential) {
    client.use({
      onRequest({ request }) {
        // A call's own Authorization header wins over the client's credential.
        if (!request.headers.has("Authorization")) request.headers.set("Authorization", `Bearer ${credential}`);
        return request;
      },
    });
  }
  return Object.assign(client, {
    async verifyAssessment(signed: SignedAssessment): Promise<VerificationResult> {
      const keySet = await unwrap(client.GET("/api/public-key"));
      return verifyAssessment(signed, keySet);
    },
  });
}
