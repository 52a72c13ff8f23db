import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { DOCS_ASSETS_BINDING } from "@svc/fn-discovery";
import { serviceBindingName, type ServiceFunction } from "@svc/http";
import { EnvSchema } from "@svc/runtime";
import { DOCS_ASSETS_DIR } from "./docs_assets";
import { REPO_ROOT } from "./main";

/**
 * The deployment of every Worker, in one place: what each needs as secrets, what its bundle may
 * weigh, and which public paths route to it. `npm run generate` writes wrangler.toml from it (and
 * `npm test` fails when the committed file drifts), `npm run deploy:check` checks a Worker's
 * secrets against it, `npm run build` holds each bundle to its budget.
 */

/** The public host the Workers' routes answer on: deploy.json, edited by the operator. */
export interface DeployTarget {
  /** e.g. "api.example.com": every route pattern is `<host><path>`. */
  readonly host: string;
  /** The Cloudflare zone the host belongs to, e.g. "example.com". */
  readonly zone_name: string;
  /** Plain variables every Worker gets (`PUBLIC_BASE_URL`, `CORS_ALLOWED_ORIGINS`, `LOG_LEVEL`...). */
  readonly vars?: Readonly<Record<string, string>>;
}

export const DEPLOY_CONFIG_PATH = join(REPO_ROOT, "deploy.json");

export function loadDeployTarget(path: string = DEPLOY_CONFIG_PATH): DeployTarget {
  const raw = JSON.parse(readFileSync(path, "utf8")) as Partial<DeployTarget>;
  const host = raw.host ?? "";
  const zone = raw.zone_name ?? "";
  if (!/^[a-z0-9.-]+\.[a-z]{2,}$/.test(host)) throw new Error(`${path}: "host" must be a host name such as api.example.com`);
  if (!/^[a-z0-9.-]+\.[a-z]{2,}$/.test(zone) || !(host === zone || host.endsWith(`.${zone}`))) {
    throw new Error(`${path}: "zone_name" must be the zone that holds ${host}`);
  }
  const vars = raw.vars ?? {};
  if (typeof vars !== "object" || Array.isArray(vars) || Object.values(vars).some((v) => typeof v !== "string"))
    throw new Error(`${path}: "vars" must map names to strings`);
  const problems = EnvSchema.safeParse(vars);
  if (!problems.success) throw new Error(`${path}: vars.${String(problems.error.issues[0]!.path[0])}: ${problems.error.issues[0]!.message}`);
  return { host, zone_name: zone, ...(Object.keys(vars).length > 0 ? { vars } : {}) };
}

/** Bundle budgets in gzip bytes, by what a Worker carries (the issue's targets, for the deploy as documented). */
export const BUDGETS = {
  /** The overview: the framework's reference data only, no SDKs. */
  overview: 90 * 1024,
  /** Workers that read no text: keys, records, listings. */
  records: 350 * 1024,
  /** Workers that carry the offline reader (parsers, lexicons, weights). */
  reader: 1024 * 1024,
  /** The MCP server: a protected function plus the MCP SDK's protocol schemas and ajv. */
  mcp: 450 * 1024,
} as const;
export type BundleClass = keyof typeof BUDGETS;

export interface WorkerDeploy {
  /** The environment: `wrangler deploy --env <name>`. */
  readonly name: string;
  /** One line for wrangler.toml. */
  readonly about: string;
  readonly bundle: BundleClass;
  /** Secrets the Worker cannot serve without: `wrangler deploy` refuses until each is set. */
  readonly required: readonly string[];
  /** Secrets it uses when present (the README says what each turns on). */
  readonly optional: readonly string[];
  /** A scheduled Worker's cron triggers. */
  readonly crons?: readonly string[];
  /** The Worker keeps no key cache (no protected routes). */
  readonly public?: boolean;
  /**
   * Workers static assets the Worker reads through a binding (never served past it:
   * run_worker_first), written by a build command that wrangler runs before it reads them.
   */
  readonly assets?: { readonly about: string; readonly build: string; readonly watch: string; readonly directory: string; readonly binding: string };
}

/** Every protected route authenticates against the keys in Postgres and is metered on Upstash. */
const RECORDS = ["DATABASE_URL", "UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN"] as const;
/** Bootstrap credential, human users' JWTs. */
const CALLERS = ["OPERATOR_API_KEY", "JWT_SECRET"] as const;
/** The narrative queue (the producer's access key, never an account's). */
const QUEUE = ["SQS_QUEUE_URL", "AWS_REGION", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"] as const;

/**
 * The Workers, in wrangler.toml's order. Required secrets were read off the code: each is a
 * `bad_environment` a route answers without it (packages/workers/src). DATA_KEYS is optional where
 * it only seals idempotent replays, required where records are sealed (narratives, reflections).
 */
export const WORKERS: readonly WorkerDeploy[] = [
  {
    name: "discovery",
    about: "The discovery listing, llms.txt, the agent card, the OpenAPI document and its reference page (/docs).",
    bundle: "records",
    required: [],
    optional: [],
    public: true,
    assets: {
      about: "The reference page's script (Redoc's bundle, about 320 KiB gzip) is a static asset.",
      build: "npx tsx packages/local/src/docs_assets.ts",
      watch: "functions/discovery/src/generated",
      directory: relative(REPO_ROOT, DOCS_ASSETS_DIR),
      binding: DOCS_ASSETS_BINDING,
    },
  },
  {
    name: "overview",
    about: "The framework's reference data: virtues, indifferents, the stoic brain.",
    bundle: "overview",
    required: [],
    optional: [],
    public: true,
  },
  {
    name: "admin",
    about: "API keys (operator only): bootstrap with OPERATOR_API_KEY.",
    bundle: "records",
    required: [...RECORDS, "OPERATOR_API_KEY"],
    optional: ["JWT_SECRET", "DATA_KEYS"],
  },
  { name: "account", about: "Who the credential is and its usage.", bundle: "records", required: [...RECORDS], optional: [...CALLERS, "DATA_KEYS"] },
  {
    name: "reason",
    about: "The reason engine: signed assessments, clarifications, deferred narratives through SQS.",
    bundle: "reader",
    required: [...RECORDS, "SIGNING_KEYS", "CONTINUATION_SECRET", "DATA_KEYS", ...QUEUE],
    optional: [...CALLERS, "OPENAI_API_KEY"],
  },
  {
    name: "scoring",
    about: "Scoring lenses over the reason engine (Layer 1 is the language model when OPENAI_API_KEY is set).",
    bundle: "reader",
    required: [...RECORDS, "DATA_KEYS"],
    optional: [...CALLERS, "OPENAI_API_KEY"],
  },
  {
    name: "guardrail",
    about: "The guardrail: deterministic, no language model; metering fails open.",
    bundle: "reader",
    required: [...RECORDS],
    optional: [...CALLERS, "DATA_KEYS"],
  },
  {
    name: "skills",
    about: "The skills of the pricing table, each at POST /api/skill/<id>.",
    bundle: "reader",
    required: [...RECORDS],
    optional: [...CALLERS, "DATA_KEYS", "OPENAI_API_KEY"],
  },
  {
    name: "assessments",
    about: "The self-assessments (foundational, full, baseline).",
    bundle: "reader",
    required: [...RECORDS],
    optional: [...CALLERS, "DATA_KEYS", "OPENAI_API_KEY"],
  },
  {
    name: "accreditation",
    about: "Accreditation records, the public trust record, curator flags and the agent page.",
    bundle: "records",
    required: [...RECORDS, "SIGNING_KEYS"],
    optional: [...CALLERS, "DATA_KEYS"],
  },
  {
    name: "practice",
    about: "Practice: reflect at session close, the calling sequence, watching cycles.",
    bundle: "reader",
    required: [...RECORDS, "DATA_KEYS"],
    optional: [...CALLERS, "OPENAI_API_KEY"],
  },
  {
    name: "stoa",
    about: "The Stoa, the voluntary self-declaration directory.",
    bundle: "records",
    required: [...RECORDS],
    optional: [...CALLERS, "DATA_KEYS"],
  },
  {
    name: "mcp",
    about: "The MCP server (POST /mcp): each tool calls its route's Worker through a service binding; deploy those first.",
    bundle: "mcp",
    required: [...RECORDS],
    optional: [...CALLERS, "DATA_KEYS"],
  },
  {
    name: "scheduler",
    about: "Every minute: sends the outbox jobs the queue missed, purges narratives and assessments older than 90 days.",
    bundle: "records",
    required: ["DATABASE_URL", "DATA_KEYS", ...QUEUE],
    optional: [],
    crons: ["* * * * *"],
    public: true,
  },
];

export function workerNamed(name: string): WorkerDeploy | undefined {
  return WORKERS.find((w) => w.name === name);
}

/** Each function's public paths as route patterns: exact where the path is fixed, `prefix*` from its first parameter. */
export function routePatternsOf(fn: ServiceFunction): string[] {
  const patterns = new Set<string>();
  for (const route of fn.routes) {
    // Every Worker has its own /healthz, reached on its workers.dev address: no public route can split it.
    if (route.path === "/healthz") continue;
    const param = route.path.indexOf("{");
    patterns.add(param === -1 ? route.path : `${route.path.slice(0, param)}*`);
  }
  return [...patterns].sort();
}

const matchesPattern = (pattern: string, path: string) => (pattern.endsWith("*") ? path.startsWith(pattern.slice(0, -1)) : path === pattern);

/** Route patterns per function; throws when a path would reach two Workers (the route map is then ambiguous). */
export function routeMap(functions: readonly ServiceFunction[]): Map<string, string[]> {
  const map = new Map(functions.map((fn) => [fn.name, routePatternsOf(fn)]));
  const problems: string[] = [];
  for (const fn of functions)
    for (const route of fn.routes) {
      if (route.path === "/healthz") continue;
      const concrete = route.path.replace(/\{[^}]+\}/g, "x");
      for (const [other, patterns] of map) {
        if (other === fn.name) continue;
        const hit = patterns.find((p) => matchesPattern(p, concrete));
        if (hit) problems.push(`${route.method.toUpperCase()} ${route.path} (${fn.name}) is also matched by ${other}'s route ${hit}`);
      }
    }
  if (problems.length > 0) throw new Error(`The route map is ambiguous:\n- ${problems.join("\n- ")}`);
  return map;
}

const COMPATIBILITY_DATE = "2026-07-01";
const toml = (value: string) => JSON.stringify(value);
const tomlList = (values: readonly string[]) => `[${values.map(toml).join(", ")}]`;

/**
 * wrangler.toml, whole: one environment per Worker, each complete (wrangler inherits neither vars,
 * routes nor secrets). `calls`: per Worker, the functions it calls through service bindings.
 */
export function wranglerToml(functions: readonly ServiceFunction[], target: DeployTarget, calls: Readonly<Record<string, readonly string[]>> = {}): string {
  const routes = routeMap(functions);
  const served = new Set(functions.map((fn) => fn.name));
  const missing = [...served].filter((name) => !workerNamed(name));
  if (missing.length > 0) throw new Error(`No deploy entry in packages/local/src/deploy.ts for: ${missing.join(", ")}`);
  const lines: string[] = [
    "# Generated by `npm run generate` from packages/local/src/deploy.ts and the route map; do not edit.",
    "# Every route group is its own Worker. Deploy one with:",
    "#   npx wrangler deploy --env <function>        (e.g. --env overview)",
    "# Set its required secrets first (`npm run deploy:check -- --env <function>` lists what is missing);",
    "# the host and zone of the routes come from deploy.json. `npm run build` bundles each Worker",
    "# (wrangler deploy --dry-run) and prints its gzip size.",
    "# The top level is the discovery function, for a plain `wrangler deploy` (without the reference",
    "# page's script, which only --env discovery carries).",
    "",
    'name = "svc-discovery"',
    'main = "functions/discovery/src/index.ts"',
    `compatibility_date = ${toml(COMPATIBILITY_DATE)}`,
    "workers_dev = true",
    "minify = true",
    "",
    "[observability]",
    "enabled = true",
    "",
    "[vars]",
    'LOG_LEVEL = "info"',
  ];
  for (const worker of WORKERS) {
    const entry = `functions/${worker.name}/src/index.ts`;
    lines.push(
      "",
      `# ${worker.about}`,
      `[env.${worker.name}]`,
      `name = ${toml(`svc-${worker.name}`)}`,
      `main = ${toml(entry)}`,
      "workers_dev = true",
      "minify = true",
    );
    const patterns = routes.get(worker.name) ?? [];
    if (patterns.length > 0) {
      lines.push("routes = [");
      for (const p of patterns) lines.push(`  { pattern = ${toml(`${target.host}${p}`)}, zone_name = ${toml(target.zone_name)} },`);
      lines.push("]");
    }
    const bound = calls[worker.name] ?? [];
    if (bound.length > 0) {
      lines.push("services = [");
      for (const fn of [...bound].sort()) lines.push(`  { binding = ${toml(serviceBindingName(fn))}, service = ${toml(`svc-${fn}`)} },`);
      lines.push("]");
    }
    const vars: Record<string, string> = { LOG_LEVEL: "info", ...(worker.public ? {} : { KEY_CACHE_TTL_SECONDS: "30" }), ...target.vars };
    lines.push("", `[env.${worker.name}.observability]`, "enabled = true", "", `[env.${worker.name}.vars]`);
    for (const [name, value] of Object.entries(vars)) lines.push(`${name} = ${toml(value)}`);
    if (worker.required.length > 0) lines.push("", `[env.${worker.name}.secrets]`, `required = ${tomlList(worker.required)}`);
    if (worker.crons) lines.push("", `[env.${worker.name}.triggers]`, `crons = ${tomlList(worker.crons)}`);
    if (worker.assets) {
      const { about, build, watch, directory, binding } = worker.assets;
      lines.push(
        "",
        `# ${about}`,
        `# The build command writes it, wrangler uploads it, the Worker reads it through ${binding}`,
        "# (run_worker_first: the Worker answers every path). Only here: every environment would",
        "# inherit a top-level [build] or [assets].",
        `[env.${worker.name}.build]`,
        `command = ${toml(build)}`,
        `watch_dir = ${toml(watch)}`,
        "",
        `[env.${worker.name}.assets]`,
        `directory = ${toml(directory)}`,
        `binding = ${toml(binding)}`,
        "run_worker_first = true",
      );
    }
  }
  return `${lines.join("\n")}\n`;
}
