import { createServiceFunction } from "@svc/http";
import { authenticate } from "@svc/http/auth";
import { languageWorkersRuntime } from "@svc/workers/reason";
import { callingApprove } from "./routes/calling_approve";
import { callingPending } from "./routes/calling_pending";
import { callingSession } from "./routes/calling_session";
import { reflectSession } from "./routes/reflect_session";
import { watchingCycleRecord } from "./routes/watching_cycle";

/** Practice: reflect at session close, the calling sequence and its approval, watching cycles. */
export const practiceFunction = createServiceFunction("practice", [reflectSession, callingSession, callingApprove, callingPending, watchingCycleRecord], {
  runtime: languageWorkersRuntime,
  authenticate,
});
