import { defineOperation, HttpError, IMMUTABLE_CACHE_CONTROL, matchesEtag } from "@svc/http";
import { z } from "zod";
import { DOCS_ASSETS_BINDING, DOCS_ASSETS_PREFIX, DOCS_MANIFEST } from "../docs";

/** The part of a Workers static-assets binding this route uses. */
interface AssetsFetcher {
  fetch(request: Request): Promise<Response>;
}

const isFetcher = (value: unknown): value is AssetsFetcher =>
  typeof value === "object" && value !== null && typeof (value as { fetch?: unknown }).fetch === "function";

export const docsAssetGet = defineOperation(
  {
    operationId: "getReferencePageScript",
    method: "get",
    path: "/docs/assets/{name}",
    summary: "The reference page's renderer script",
    description:
      "Redoc's standalone bundle, as the page at /docs links it. Its name carries the version and a hash of its bytes, " +
      "so it is cached for a year and never revalidated; any other name is 404.",
    tags: ["discovery"],
    auth: "none",
    listing: { spec: "9" },
    cache: "public",
    request: { params: z.object({ name: z.string().max(200).describe("The file name /docs links to.") }) },
    responses: { 200: { description: "The script.", schema: z.string().describe("JavaScript."), contentType: "text/javascript" } },
  },
  async (c, { params }) => {
    const script = DOCS_MANIFEST.script;
    const etag = `"${script.sha256.slice(0, 32)}"`;
    if (params.name !== script.name) {
      throw new HttpError(
        404,
        "not_found",
        `No file ${params.name} under ${DOCS_ASSETS_PREFIX}: the reference page uses ${DOCS_ASSETS_PREFIX}${script.name}.`,
        "name",
      );
    }
    const headers = { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": IMMUTABLE_CACHE_CONTROL, ETag: etag };
    if (matchesEtag(c.req.header("If-None-Match"), etag)) return c.body(null, 304, headers);
    const assets: unknown = (c.env as Record<string, unknown> | undefined)?.[DOCS_ASSETS_BINDING];
    if (!isFetcher(assets)) {
      throw new HttpError(
        500,
        "bad_environment",
        `The ${DOCS_ASSETS_BINDING} binding is missing: this Worker's static assets carry the renderer (wrangler deploy --env discovery writes and uploads them).`,
        DOCS_ASSETS_BINDING,
      );
    }
    const file = await assets.fetch(new Request(new URL(`/${script.name}`, c.req.url), { method: c.req.method === "HEAD" ? "HEAD" : "GET" }));
    if (!file.ok) {
      await file.body?.cancel();
      throw new HttpError(
        500,
        "bad_environment",
        `The ${DOCS_ASSETS_BINDING} binding has no ${script.name} (status ${file.status}): the static assets are not those of this build; deploy again with wrangler deploy --env discovery.`,
        DOCS_ASSETS_BINDING,
      );
    }
    // HEAD: the binding answers without a body.
    return file.body ? c.body(file.body, 200, headers) : c.body(null, 200, headers);
  },
);
