import { createServiceFunction } from "@svc/http";
import { authenticate } from "@svc/http/auth";
import { languageWorkersPlatform } from "@svc/workers/reason";
import { adviseAction } from "./routes/advise_action";
import { score, scoreAction, v1ScoreAction } from "./routes/score_action";
import { userProfileGet } from "./routes/user_profile_get";
import { userScoresGet } from "./routes/user_scores_get";
import { v1ScoreHistoryGet } from "./routes/v1_score_history_get";

/** Scoring lenses over the reason engine, and the caller's stored scores. */
export const scoringFunction = createServiceFunction(
  "scoring",
  [scoreAction, score, v1ScoreAction, adviseAction, userScoresGet, userProfileGet, v1ScoreHistoryGet],
  { platform: languageWorkersPlatform, authenticate },
);
