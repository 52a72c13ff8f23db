import { workersRuntime } from "@svc/workers";
import { createServiceFunction } from "@svc/http";
import { authenticate } from "@svc/http/auth";
import { adminKeysCreate } from "./routes/admin_keys_create";
import { adminKeysList } from "./routes/admin_keys_list";
import { adminKeysRevoke } from "./routes/admin_keys_revoke";

/** Operator routes: API key management. */
export const adminFunction = createServiceFunction("admin", [adminKeysCreate, adminKeysList, adminKeysRevoke], {
  runtime: workersRuntime,
  authenticate,
});
