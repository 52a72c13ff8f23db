import type { Kysely } from "kysely";
import { accreditationStore } from "./repositories/accreditations";
import { credentialStore } from "./repositories/api_keys";
import { assessmentStore } from "./repositories/assessments";
import { consultStore } from "./repositories/consults";
import { chainStore, documentStore, journalStore } from "./repositories/documents";
import { idempotencyStore } from "./repositories/idempotency";
import { narrativeStore, outbox, retentionStore } from "./repositories/narratives";
import { practiceStore } from "./repositories/practice";
import { scoreStore } from "./repositories/scores";
import { stoaStore } from "./repositories/stoa";
import { trustStore } from "./repositories/trust";
import { watchingStore } from "./repositories/watching";
import type { Database } from "./schema";

/** Every store over one database connection: what a runtime session holds of Postgres. */
export function recordStores(db: Kysely<Database>) {
  return {
    credentials: credentialStore(db),
    consults: consultStore(db),
    narratives: narrativeStore(db),
    outbox: outbox(db),
    retention: retentionStore(db),
    scores: scoreStore(db),
    documents: documentStore(db),
    journal: journalStore(db),
    chains: chainStore(db),
    assessments: assessmentStore(db),
    trust: trustStore(db),
    accreditations: accreditationStore(db),
    watching: watchingStore(db),
    practice: practiceStore(db),
    stoa: stoaStore(db),
    idempotency: idempotencyStore(db),
  };
}
