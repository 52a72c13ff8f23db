import type {
  ConsultStore,
  CredentialStore,
  KeyRing,
  Layer1Extractor,
  Meter,
  NarrativeQueue,
  NarrativeStore,
  Narrator,
  Outbox,
  RetentionStore,
  AccreditationStore,
  AssessmentStore,
  ChainStore,
  DocumentStore,
  IdempotencyStore,
  JournalStore,
  PracticeStore,
  ScoreStore,
  Sealer,
  StoaStore,
  TrustStore,
  WatchingStore,
} from "@svc/core";
import { unavailableOnFailure } from "@svc/core";
import type { ServiceEnv } from "./env";

/**
 * The production parts a function talks to, opened per request (Workers cannot share a
 * client between requests). Each deployable function names its runtime; the local server
 * passes its own (embedded PGlite, or Neon over a loopback bridge) through the binding
 * `SVC_RUNTIME`, so the very same function modules run in both places.
 */
export interface RuntimeSession {
  readonly credentials: CredentialStore;
  readonly meter: Meter;
  readonly consults: ConsultStore;
  readonly narratives: NarrativeStore;
  readonly outbox: Outbox;
  readonly retention: RetentionStore;
  readonly scores: ScoreStore;
  readonly documents: DocumentStore;
  readonly journal: JournalStore;
  readonly chains: ChainStore;
  readonly assessments: AssessmentStore;
  /** Trust events, orientation readings and provenance gaps: what the public trust record is composed from. */
  readonly trust: TrustStore;
  readonly accreditations: AccreditationStore;
  /** Watching cycles with their alignment events: the runner's own record, never the trust record. */
  readonly watching: WatchingStore;
  /** Reflect and calling sessions, scoped by owner and agent. */
  readonly practice: PracticeStore;
  /** Stoa declarations and the contradictions operators confirmed. */
  readonly stoa: StoaStore;
  /** Idempotency-Key claims and the responses they replay (Postgres, shared by every Worker). */
  readonly idempotency: IdempotencyStore;
  /** Where deferred narrative jobs are sent. */
  readonly queue: NarrativeQueue;
  /** Seals data at rest; throws bad_environment where a deployment lacks DATA_KEYS. */
  sealer(): Sealer;
  /** Layer 1 and Layer 3: the language model when configured, else the offline ones. */
  language(): LanguageLayers;
  /** The signing key ring (its public halves verify provenance); throws bad_environment where SIGNING_KEYS is missing. */
  signingKeys(): KeyRing;
  /** What the reason engine needs; throws bad_environment where a deployment lacks a secret. */
  reason(): ReasonKit;
  /** Called once the response is ready. */
  release(): Promise<void>;
}

export interface LanguageLayers {
  readonly extractor: Layer1Extractor;
  readonly narrator: Narrator;
}

export interface ReasonKit {
  readonly keyRing: KeyRing;
  readonly continuationSecret: string;
  readonly extractor: Layer1Extractor;
  readonly narrator: Narrator;
}

export interface Runtime {
  readonly name: string;
  open(config: ServiceEnv): Promise<RuntimeSession>;
  /**
   * The variables this deployment lacks (or has malformed) for what a function uses: /healthz
   * answers not ready while any is listed, and the routes that need one answer 500
   * bad_environment naming it. Absent: nothing is ever missing (the embedded defaults).
   */
  problems?(config: ServiceEnv, uses: RuntimeUses): readonly EnvProblem[];
}

/** What a function draws on, for its readiness: the meter, when any caller can be metered. */
export interface RuntimeUses {
  readonly meter: boolean;
}

export interface EnvProblem {
  readonly variable: string;
  readonly message: string;
}

export const RUNTIME_BINDING = "SVC_RUNTIME";

/** The members of a session that are stores over the database. */
export type SessionStore = Exclude<keyof RuntimeSession, "meter" | "queue" | "sealer" | "language" | "signingKeys" | "reason" | "release">;

/** Each store with the name its outage is reported under; a new store fails to compile until named here. */
export const SESSION_STORES: Readonly<Record<SessionStore, string>> = {
  credentials: "credential",
  consults: "consult ledger",
  narratives: "narrative",
  outbox: "outbox",
  retention: "retention",
  scores: "score",
  documents: "document",
  journal: "journal",
  chains: "chain",
  assessments: "assessment",
  trust: "trust event",
  accreditations: "accreditation",
  watching: "watching",
  practice: "practice session",
  stoa: "Stoa",
  idempotency: "idempotency",
};

/**
 * The session every request sees: each store behind the one guard, so a store that cannot be
 * reached (refused, dropped, timed out) answers 503 store_unavailable with Retry-After on any
 * route, authentication included, whatever the runtime. The meter keeps its own outage policy.
 */
export function guardedSession(session: RuntimeSession): RuntimeSession {
  const guarded: Record<string, unknown> = { ...session };
  for (const [member, what] of Object.entries(SESSION_STORES)) {
    guarded[member] = unavailableOnFailure(session[member as SessionStore], what);
  }
  return guarded as unknown as RuntimeSession;
}

export function isRuntime(value: unknown): value is Runtime {
  return typeof value === "object" && value !== null && typeof (value as Runtime).open === "function";
}
