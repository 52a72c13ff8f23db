import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { DocsManifest } from "@svc/fn-discovery";
import { isMain, REPO_ROOT } from "./main";

/**
 * The reference page's script, made once from the installed renderer and used three ways, so
 * all three hold the same bytes: `npm run generate` writes its manifest (name, hash, integrity)
 * into the discovery function; the discovery environment's build command (wrangler.toml) writes
 * the file into DOCS_ASSETS_DIR, which wrangler uploads as the Worker's static assets; and the
 * local server binds it as ASSETS (localDocsAssets).
 */
export const DOCS_ASSETS_DIR = join(REPO_ROOT, "dist/discovery-assets");

const RENDERER = { package: "redoc", file: "bundles/redoc.standalone.js" } as const;

/**
 * The only changes made to the renderer's bundle, each found exactly once or the build fails (so
 * an upgrade that moves one is noticed, never shipped half-changed). Redoc 2 draws its vendor's
 * logo from a CDN in the sidebar of every page; the page loads nothing from another origin, so the
 * logo becomes an empty inline image (the "API docs by Redocly" link stays).
 */
export const RENDERER_PATCHES: readonly { readonly find: string; readonly replace: string; readonly why: string }[] = [
  {
    find: '"https://cdn.redoc.ly/redoc/logo-mini.svg"',
    replace: `"data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/>"`,
    why: "the sidebar's vendor logo is fetched from cdn.redoc.ly",
  },
];

export interface DocsScript {
  readonly manifest: DocsManifest;
  readonly bytes: Uint8Array;
}

/** Reads the installed renderer, applies RENDERER_PATCHES and names the result by version and hash. */
export function readDocsScript(): DocsScript {
  const require = createRequire(join(REPO_ROOT, "functions/discovery/package.json"));
  const version = (require(`${RENDERER.package}/package.json`) as { version: string }).version;
  let source = readFileSync(require.resolve(`${RENDERER.package}/${RENDERER.file}`), "utf8");
  for (const patch of RENDERER_PATCHES) {
    const count = source.split(patch.find).length - 1;
    if (count !== 1) {
      throw new Error(
        `${RENDERER.package}@${version} ${RENDERER.file}: expected ${patch.find} once (${patch.why}), found it ${count} times; review RENDERER_PATCHES`,
      );
    }
    source = source.replace(patch.find, () => patch.replace);
  }
  const bytes = new TextEncoder().encode(source);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const integrity = `sha384-${createHash("sha384").update(bytes).digest("base64")}`;
  return {
    manifest: {
      renderer: { package: RENDERER.package, version, file: RENDERER.file },
      script: { name: `${RENDERER.package}-${version}-${sha256.slice(0, 16)}.js`, sha256, integrity, bytes: bytes.byteLength },
    },
    bytes,
  };
}

/** Writes the script alone into `dir` (emptied first), as wrangler uploads it. */
export function writeDocsAssets(dir = DOCS_ASSETS_DIR): DocsManifest {
  const { manifest, bytes } = readDocsScript();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, manifest.script.name), bytes);
  return manifest;
}

/**
 * The local server's ASSETS binding: what Workers static assets answer for the same directory
 * (the file by its path, 404 otherwise), from the same bytes. Read on first use.
 */
export function localDocsAssets(): { fetch(request: Request): Promise<Response> } {
  let script: DocsScript | undefined;
  return {
    async fetch(request) {
      script ??= readDocsScript();
      if (new URL(request.url).pathname !== `/${script.manifest.script.name}`) return new Response("Not Found", { status: 404 });
      const headers = { "Content-Type": "text/javascript; charset=utf-8", "Content-Length": String(script.bytes.byteLength) };
      return new Response(request.method === "HEAD" ? null : script.bytes.slice(), { status: 200, headers });
    },
  };
}

// wrangler.toml's [env.discovery.build] command: `npx tsx packages/local/src/docs_assets.ts`.
if (isMain(import.meta.url)) {
  const manifest = writeDocsAssets();
  console.log(`reference page script ${manifest.script.name} (${manifest.script.bytes} bytes) written to ${DOCS_ASSETS_DIR}`);
}
