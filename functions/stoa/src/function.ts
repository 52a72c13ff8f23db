import { createServiceFunction } from "@svc/http";
import { authenticate } from "@svc/http/auth";
import { workersPlatform } from "@svc/workers";

/** The Stoa: the voluntary self-declaration directory. */
export const stoaFunction = createServiceFunction("stoa", [], { platform: workersPlatform, authenticate });
