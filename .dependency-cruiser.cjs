/**
 * The import boundaries of the tree (npm run boundaries, in npm test). docs/architecture.md draws
 * them: core and judgment are pure (no I/O, no framework); functions are deployed alone, so none
 * imports another; infra/ is deploy-only; nothing forms an import cycle.
 */
const PURE = ["^packages/(core|judgment)/src/"];

module.exports = {
  forbidden: [
    {
      name: "pure-core-no-io",
      comment: "core and judgment are pure: no store, meter, queue, language model, HTTP framework or Node I/O module.",
      severity: "error",
      from: { path: PURE, pathNot: "\\.test\\.ts$" },
      to: {
        path: [
          "^packages/(db|meter|queue|llm|http|workers|runtime|local|client)/",
          "^functions/",
          "node_modules/(hono|kysely|pg|ioredis|@upstash|@neondatabase|@aws-sdk|openai|ws|@hono)/",
        ],
      },
    },
    {
      name: "pure-core-no-node-io",
      severity: "error",
      from: { path: PURE, pathNot: "\\.test\\.ts$" },
      to: {
        dependencyTypes: ["core"],
        path: "^(fs|fs/promises|net|http|https|child_process|dgram|tls|worker_threads|node:fs|node:fs/promises|node:net|node:http|node:https|node:child_process|node:dgram|node:tls|node:worker_threads)$",
      },
    },
    {
      name: "judgment-stands-alone",
      comment: "the offline reader depends on nothing of the service's.",
      severity: "error",
      from: { path: "^packages/judgment/src/" },
      to: { path: "^(packages|functions)/", pathNot: "^packages/judgment/" },
    },
    {
      name: "functions-are-independent",
      comment: "each function deploys alone as its own Worker: it may not import another function.",
      severity: "error",
      from: { path: "^functions/([^/]+)/", pathNot: "\\.test\\.ts$" },
      to: { path: "^functions/", pathNot: "^functions/$1/" },
    },
    {
      name: "packages-never-import-functions",
      comment: "only the local server and its tools (which run every function in one process) import functions.",
      severity: "error",
      from: { path: "^packages/", pathNot: ["^packages/local/", "\\.test\\.ts$"] },
      to: { path: "^functions/" },
    },
    {
      name: "infra-is-deploy-only",
      comment: "infra/ holds the deploy (CDK); nothing but its own test imports it.",
      severity: "error",
      from: { path: "^(packages|functions)/" },
      to: { path: "^infra/" },
    },
    {
      name: "no-cycles",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|generated|cdk\\.out|dist)/" },
    parser: "swc",
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
    combinedDependencies: true,
  },
};
