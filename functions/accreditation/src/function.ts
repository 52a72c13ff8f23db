import { createServiceFunction } from "@svc/http";
import { authenticate } from "@svc/http/auth";
import { reasonWorkersPlatform } from "@svc/workers/reason";

/** Accreditation records, the public trust record, curator flags and the public agent page. */
export const accreditationFunction = createServiceFunction("accreditation", [], { platform: reasonWorkersPlatform, authenticate });
