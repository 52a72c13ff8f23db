import { createServiceFunction } from "@svc/http";
import { authenticate } from "@svc/http/auth";
import { languageWorkersRuntime } from "@svc/workers/reason";
import { adviseAction } from "./routes/advise_action";
import { badgeGet } from "./routes/badge_get";
import { journalReflect } from "./routes/journal_reflect";
import { scoreConversation } from "./routes/score_conversation";
import { scoreDecision } from "./routes/score_decision";
import { scoreDocument } from "./routes/score_document";
import { score, scoreAction, v1ScoreAction } from "./routes/score_action";
import { userProfileGet } from "./routes/user_profile_get";
import { userScoresGet } from "./routes/user_scores_get";
import { v1ScoreHistoryGet } from "./routes/v1_score_history_get";

/** Scoring lenses over the reason engine, and the caller's stored scores. */
export const scoringFunction = createServiceFunction(
  "scoring",
  [
    scoreAction,
    score,
    v1ScoreAction,
    adviseAction,
    userScoresGet,
    userProfileGet,
    v1ScoreHistoryGet,
    scoreDocument,
    badgeGet,
    scoreDecision,
    scoreConversation,
    journalReflect,
  ],
  { runtime: languageWorkersRuntime, authenticate },
);
