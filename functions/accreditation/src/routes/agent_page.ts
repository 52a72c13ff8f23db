import {
  AGENT_PAGE_CSP,
  AgentId,
  NotFoundError,
  readAccreditation,
  readTrustRecord,
  renderAgentPage,
  STORE_RETRY_AFTER_SECONDS,
  type AccreditationReadBack,
  type TrustRecord,
} from "@svc/core";
import { defineOperation } from "@svc/http";
import * as z from "zod";
import { accreditationContext } from "./context";

type Read<T> = { value: T | null; unavailable: boolean };

/** A record, null when the agent has none, or unavailable when its store cannot be read. */
async function attempt<T>(read: () => Promise<T>): Promise<Read<T>> {
  try {
    return { value: await read(), unavailable: false };
  } catch (err) {
    if (err instanceof NotFoundError) return { value: null, unavailable: false };
    return { value: null, unavailable: true };
  }
}

const Page = z.string().describe("A complete HTML5 document: no script, nothing loaded from elsewhere.");

export const agentPageGet = defineOperation(
  {
    operationId: "getAgentPage",
    method: "get",
    path: "/agents/{agent_id}",
    summary: "Public page of an agent's accreditation and trust record",
    description:
      "Public, for people: one HTML page with the accreditation read-back (each value with its provenance label) and the trust record, " +
      "its four domain levels drawn as an accessible SVG bar chart (a domain without evidence drawn as a hatched outline, never as zero), " +
      "the honest claims and the 10 most recent orientation readings. Served under a Content-Security-Policy that lets nothing load or run. " +
      "200 with either record (public, max-age=60; no-store while a store cannot be read, the page saying so); 404, still a page, with neither; " +
      "503 page when neither can be read.",
    tags: ["accreditation"],
    auth: "none",
    listing: { spec: "2.14, 2.15" },
    request: { params: z.object({ agent_id: AgentId }) },
    responses: {
      200: { description: "The agent's page.", schema: Page, contentType: "text/html" },
      404: { description: "Neither an accreditation nor a trust record: a page saying so.", schema: Page, contentType: "text/html" },
      503: { description: "Neither record could be read: a page saying so; never cached.", schema: Page, contentType: "text/html" },
    },
  },
  async (c, { params }) => {
    const ctx = await accreditationContext(c);
    const agentId = params.agent_id;
    const [accreditation, trust] = await Promise.all([
      attempt<AccreditationReadBack>(() => readAccreditation({ ctx, input: { agent_id: agentId } })),
      attempt<TrustRecord>(() => readTrustRecord({ ctx, input: { agent_id: agentId } })),
    ]);
    const html = renderAgentPage({
      agentId,
      accreditation: accreditation.value,
      trust: trust.value,
      trustUnavailable: trust.unavailable,
      accreditationUnavailable: accreditation.unavailable,
    });
    const found = accreditation.value !== null || trust.value !== null;
    const partial = accreditation.unavailable || trust.unavailable;
    const status = found ? 200 : partial ? 503 : 404;
    return c.body(html, status, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": AGENT_PAGE_CSP,
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
      "Cache-Control": partial ? "no-store" : "public, max-age=60",
      ...(status === 503 ? { "Retry-After": String(STORE_RETRY_AFTER_SECONDS) } : {}),
    });
  },
);
