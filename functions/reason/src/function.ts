import { createServiceFunction } from "@svc/http";
import { authenticate } from "@svc/http/auth";
import { reasonWorkersRuntime } from "@svc/workers/reason";
import { narrativeGet } from "./routes/narrative_get";
import { publicKeyGet } from "./routes/public_key_get";
import { reasonConsult } from "./routes/reason_consult";
import { reasonSchemaGet } from "./routes/reason_schema_get";

/** The substrate reasoning endpoint and what verifies it. */
export const reasonFunction = createServiceFunction("reason", [reasonConsult, reasonSchemaGet, publicKeyGet, narrativeGet], {
  runtime: reasonWorkersRuntime,
  authenticate,
});
