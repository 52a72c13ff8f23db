import { createServiceFunction } from "@svc/http";
import { indifferentsList, v1IndifferentsList } from "./routes/indifferents_list";
import { indifferentsRank } from "./routes/indifferents_rank";
import { stoicBrainDomainGet } from "./routes/stoic_brain_domain_get";
import { stoicBrainGet } from "./routes/stoic_brain_get";
import { stoicBrainHubGet } from "./routes/stoic_brain_hub_get";
import { v1VirtuesList, virtuesList } from "./routes/virtues_list";

/** Public conceptual overviews. No database, queue or language model: pure framework data. */
export const overviewFunction = createServiceFunction("overview", [
  virtuesList,
  v1VirtuesList,
  indifferentsList,
  v1IndifferentsList,
  stoicBrainGet,
  // The hub is registered before the {domain} template so that "hub" is not read as a domain.
  stoicBrainHubGet,
  stoicBrainDomainGet,
  indifferentsRank,
]);
