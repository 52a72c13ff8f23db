import { createServiceFunction } from "@svc/http";
import { authenticate } from "@svc/http/auth";
import { workersRuntime } from "@svc/workers";
import { accreditationGet } from "./routes/accreditation_get";
import { agentPageGet } from "./routes/agent_page";
import { accreditationWrite } from "./routes/accreditation_write";
import { curatorFlagCreate } from "./routes/curator_flag_create";
import { curatorFlagWithdraw } from "./routes/curator_flag_withdraw";
import { trustRecordGet } from "./routes/trust_record_get";

/** Accreditation records, the public trust record, curator flags and the public agent page. */
export const accreditationFunction = createServiceFunction(
  "accreditation",
  [accreditationWrite, accreditationGet, trustRecordGet, curatorFlagCreate, curatorFlagWithdraw, agentPageGet],
  {
    runtime: workersRuntime,
    authenticate,
  },
);
