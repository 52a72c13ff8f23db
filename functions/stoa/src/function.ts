import { createServiceFunction } from "@svc/http";
import { authenticate } from "@svc/http/auth";
import { workersRuntime } from "@svc/workers";
import { stoaContradictionCreate } from "./routes/stoa_contradiction_create";
import { stoaDeclareAmend } from "./routes/stoa_declare_amend";
import { stoaDeclareCreate } from "./routes/stoa_declare_create";
import { stoaDeclareGet } from "./routes/stoa_declare_get";
import { stoaDeclareWithdraw } from "./routes/stoa_declare_withdraw";
import { stoaEntriesList } from "./routes/stoa_entries_list";

/** The Stoa: the voluntary self-declaration directory, and operators' confirmed contradictions. */
export const stoaFunction = createServiceFunction(
  "stoa",
  [stoaEntriesList, stoaDeclareCreate, stoaDeclareGet, stoaDeclareAmend, stoaDeclareWithdraw, stoaContradictionCreate],
  { runtime: workersRuntime, authenticate },
);
