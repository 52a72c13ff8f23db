import type { Migration } from "kysely/migration";
import * as apiKeys from "./20261121T0900_api_keys";
import * as apiKeyDailyLimit from "./20261121T1000_api_key_daily_limit";
import * as consults from "./20261121T1100_consults";
import * as narrativesOutboxSealing from "./20261121T1200_narratives_outbox_sealing";
import * as scores from "./20261121T1300_scores";
import * as documentsJournal from "./20261121T1400_documents_journal";
import * as iterateChains from "./20261121T1500_iterate_chains";
import * as assessmentResults from "./20261121T1600_assessment_results";
import * as accreditationTrust from "./20261121T1700_accreditation_trust";
import * as practiceSessions from "./20261121T1800_practice_sessions";
import * as watching from "./20261121T1810_watching";
import * as stoa from "./20261121T1900_stoa";
import * as curatorFlagWithdrawal from "./20261121T2000_curator_flag_withdrawal";
import * as continuationUses from "./20261123T1000_continuation_uses";
import * as ownerKinds from "./20261123T1100_owner_kinds";
import * as idempotencyKeys from "./20261123T1200_idempotency_keys";
import * as scoreCounts from "./20261127T1500_score_counts";
import * as trustEventsAgentTime from "./20261127T1510_trust_events_agent_time";
import * as trustRollups from "./20261127T1600_trust_rollups";

/**
 * Every migration, by timestamped name. Listed statically (not read from disk) so the same
 * code migrates from Node and from a Worker.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  "20261121T0900_api_keys": apiKeys,
  "20261121T1000_api_key_daily_limit": apiKeyDailyLimit,
  "20261121T1100_consults": consults,
  "20261121T1200_narratives_outbox_sealing": narrativesOutboxSealing,
  "20261121T1300_scores": scores,
  "20261121T1400_documents_journal": documentsJournal,
  "20261121T1500_iterate_chains": iterateChains,
  "20261121T1600_assessment_results": assessmentResults,
  "20261121T1700_accreditation_trust": accreditationTrust,
  "20261121T1800_practice_sessions": practiceSessions,
  "20261121T1810_watching": watching,
  "20261121T1900_stoa": stoa,
  "20261121T2000_curator_flag_withdrawal": curatorFlagWithdrawal,
  "20261123T1000_continuation_uses": continuationUses,
  "20261123T1100_owner_kinds": ownerKinds,
  "20261123T1200_idempotency_keys": idempotencyKeys,
  "20261127T1500_score_counts": scoreCounts,
  "20261127T1510_trust_events_agent_time": trustEventsAgentTime,
  "20261127T1600_trust_rollups": trustRollups,
};
