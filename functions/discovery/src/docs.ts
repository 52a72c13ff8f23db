import manifest from "./generated/docs.json";

/**
 * The reference page at /docs: Redoc's standalone bundle renders /openapi.json in the browser.
 * The bundle (about 320 KiB gzip) is too big for this Worker's script, so it ships as a Workers
 * static asset (wrangler.toml: [env.discovery.assets], written by the environment's build
 * command) and this function serves it from the ASSETS binding; the local server binds the same
 * bytes under the same name. `npm run generate` writes the manifest below from the installed
 * package (docs/decisions.md, "The reference page at /docs").
 */
export interface DocsManifest {
  /** The npm package and file the script is made from. */
  readonly renderer: { readonly package: string; readonly version: string; readonly file: string };
  /** What is served: its name carries the version and a hash of its bytes, so it never changes. */
  readonly script: {
    readonly name: string;
    /** SHA-256 of the bytes, hex: the strong ETag. */
    readonly sha256: string;
    /** Subresource Integrity of the bytes, checked by the browser. */
    readonly integrity: string;
    readonly bytes: number;
  };
}

export const DOCS_MANIFEST = manifest as DocsManifest;

/** The binding the script is read from: Workers static assets, or the local server's stand-in. */
export const DOCS_ASSETS_BINDING = "ASSETS";

export const DOCS_ASSETS_PREFIX = "/docs/assets/";

/**
 * What the page may load: its own script, the document it renders, inline styles (the renderer
 * writes them at runtime), data: images and the search worker it starts from a blob. Nothing from
 * another origin: a font, an image or a request elsewhere would be refused and logged.
 */
export const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; worker-src blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The page: Redoc's element pointing at /openapi.json, and the one script. */
export function renderDocsPage(): string {
  const script = `${DOCS_ASSETS_PREFIX}${DOCS_MANIFEST.script.name}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Stoic Reasoning Service: API reference</title>
<meta name="description" content="Every served route of the Stoic Reasoning Service, rendered from its OpenAPI 3.1 document.">
<link rel="icon" href="data:,">
<link rel="alternate" type="application/json" href="/openapi.json" title="OpenAPI 3.1 document">
<style>body{margin:0}</style>
</head>
<body>
<noscript><p>This page draws <a href="/openapi.json">the OpenAPI document</a> with JavaScript. Without it, read the document itself, or <a href="/llms.txt">the plain-text listing</a>.</p></noscript>
<redoc spec-url="/openapi.json" expand-responses="200,201" required-props-first="true"></redoc>
<script src="${script}" integrity="${DOCS_MANIFEST.script.integrity}"></script>
</body>
</html>
`;
}
