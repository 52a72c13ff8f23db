import { workersPlatform } from "@svc/db/workers";
import { createServiceFunction } from "@svc/http";
import { authenticate } from "@svc/http/auth";
import { meGet } from "./routes/me_get";

/** The caller's own account. */
export const accountFunction = createServiceFunction("account", [meGet], { platform: workersPlatform, authenticate });
