import { createServiceFunction } from "@svc/http";
import { authenticate } from "@svc/http/auth";
import { languageWorkersPlatform } from "@svc/workers/reason";

/** Practice: reflect at session close, the calling sequence and its approval, watching cycles. */
export const practiceFunction = createServiceFunction("practice", [], { platform: languageWorkersPlatform, authenticate });
