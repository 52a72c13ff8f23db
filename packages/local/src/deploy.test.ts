import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { parseDataKeyRing, parseKeyRing } from "@svc/core";
import type { ServiceFunction } from "@svc/http";
import { parseEnv } from "@svc/runtime";
import { loadDeployTarget, routeMap, WORKERS, wranglerToml } from "./deploy";
import { runDeployCli } from "./deploy_cli";
import { SERVICE_FUNCTIONS } from "./functions";
import { REPO_ROOT } from "./main";

process.env.WRANGLER_SEND_METRICS = "false";

function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => void out.push(l), err: (l: string) => void err.push(l) }, out, err };
}

const readEnv = (env: string) => unstable_readConfig({ config: join(REPO_ROOT, "wrangler.toml"), env });

describe("wrangler.toml, as wrangler reads it", () => {
  it.each(WORKERS.map((w) => w.name))("--env %s is complete: minified, observed, its secrets declared", (name) => {
    const worker = WORKERS.find((w) => w.name === name)!;
    const config = readEnv(name);
    expect(config.name).toBe(`svc-${name}`);
    expect(config.main).toMatch(new RegExp(`functions/${name}/src/index\\.ts$`));
    expect(config.minify).toBe(true);
    expect(config.observability?.enabled).toBe(true);
    expect((config as { secrets?: { required?: string[] } }).secrets?.required ?? []).toEqual(worker.required);
    expect(config.vars.LOG_LEVEL).toBe("info");
  });

  it("routes every public path of every function to that function's Worker, and to no other", () => {
    const target = loadDeployTarget();
    const owners = new Map<string, string>();
    for (const worker of WORKERS) {
      for (const route of readEnv(worker.name).routes ?? []) {
        expect(typeof route === "object" && "zone_name" in route && route.zone_name).toBe(target.zone_name);
        owners.set(typeof route === "string" ? route : route.pattern, worker.name);
      }
    }
    for (const fn of SERVICE_FUNCTIONS)
      for (const route of fn.routes.filter((r) => r.path !== "/healthz")) {
        const url = `${target.host}${route.path.replace(/\{[^}]+\}/g, "an-id")}`;
        const matching = [...owners].filter(([pattern]) => (pattern.endsWith("*") ? url.startsWith(pattern.slice(0, -1)) : url === pattern));
        expect(matching.length, `${route.method} ${route.path}`).toBeGreaterThan(0);
        expect([...new Set(matching.map(([, owner]) => owner))], `${route.method} ${route.path}`).toEqual([fn.name]);
      }
  });

  it("gives the scheduler its cron and no routes", () => {
    const config = readEnv("scheduler");
    expect(config.triggers.crons).toEqual(["* * * * *"]);
    expect(config.routes ?? []).toEqual([]);
  });

  it("refuses a route map where one path would reach two Workers", () => {
    const fn = (name: string, path: string) => ({ name, routes: [{ method: "get", path }] }) as unknown as ServiceFunction;
    expect(() => routeMap([fn("a", "/api/things/{id}"), fn("b", "/api/things/special")])).toThrow(
      /GET \/api\/things\/special \(b\) is also matched by a's route \/api\/things\/\*/,
    );
    expect(() => routeMap([fn("a", "/api/things/{id}"), fn("b", "/api/other")])).not.toThrow();
  });

  it("refuses a deploy.json whose host is not in its zone, and a function with no deploy entry", () => {
    const dir = mkdtempSync(join(tmpdir(), "svc-deploy-"));
    writeFileSync(join(dir, "deploy.json"), JSON.stringify({ host: "api.example.com", zone_name: "other.org" }));
    expect(() => loadDeployTarget(join(dir, "deploy.json"))).toThrow(/zone_name/);
    writeFileSync(join(dir, "deploy.json"), JSON.stringify({ host: "not a host", zone_name: "example.com" }));
    expect(() => loadDeployTarget(join(dir, "deploy.json"))).toThrow(/host/);
    writeFileSync(join(dir, "deploy.json"), JSON.stringify({ host: "api.example.com", zone_name: "example.com", vars: { PUBLIC_BASE_URL: "not a url" } }));
    expect(() => loadDeployTarget(join(dir, "deploy.json"))).toThrow(/vars\.PUBLIC_BASE_URL/);
    const stray = { name: "stray", routes: [] } as unknown as ServiceFunction;
    expect(() => wranglerToml([...SERVICE_FUNCTIONS, stray], { host: "api.example.com", zone_name: "example.com" })).toThrow(/No deploy entry .*stray/);
  });
});

it("gives every Worker deploy.json's vars", () => {
  const toml = wranglerToml(SERVICE_FUNCTIONS, {
    host: "api.example.com",
    zone_name: "example.com",
    vars: { PUBLIC_BASE_URL: "https://api.example.com", LOG_LEVEL: "warn" },
  });
  const dir = mkdtempSync(join(tmpdir(), "svc-deploy-vars-"));
  writeFileSync(join(dir, "wrangler.toml"), toml);
  for (const worker of WORKERS) {
    const config = unstable_readConfig({ config: join(dir, "wrangler.toml"), env: worker.name });
    expect(config.vars).toMatchObject({ PUBLIC_BASE_URL: "https://api.example.com", LOG_LEVEL: "warn" });
  }
});

describe("npm run deploy:check", () => {
  const dir = mkdtempSync(join(tmpdir(), "svc-deploy-check-"));

  it("lists the missing and the malformed secrets of a Worker from a file, and exits 1", async () => {
    const file = join(dir, "guardrail.env");
    writeFileSync(file, "# production\nDATABASE_URL=postgres://u:p@db.example/neondb\nUPSTASH_REDIS_REST_URL='ftp://wrong'\n");
    const { io, out } = captureIo();
    expect(await runDeployCli(["check", "--env", "guardrail", "--env-file", file], {}, io)).toBe(1);
    expect(out).toContain("missing: UPSTASH_REDIS_REST_TOKEN    npx wrangler secret put UPSTASH_REDIS_REST_TOKEN --env guardrail");
    expect(out.find((l) => l.startsWith("malformed: UPSTASH_REDIS_REST_URL"))).toMatch(/http\(s\) address/);
    expect(out.some((l) => l.includes("DATABASE_URL"))).toBe(false);
    expect(out.at(-1)).toBe("NOT ready to deploy");
  });

  it("passes a complete file (exit 0)", async () => {
    const file = join(dir, "reason.env");
    const reason = WORKERS.find((w) => w.name === "reason")!;
    const good: Record<string, string> = {
      DATABASE_URL: "postgres://u:p@db.example/neondb",
      UPSTASH_REDIS_REST_URL: "https://eu1.upstash.example",
      UPSTASH_REDIS_REST_TOKEN: "tok",
      SIGNING_KEYS: '{"keys":[]}',
      CONTINUATION_SECRET: "c".repeat(40),
      DATA_KEYS: '{"active":"k","keys":{}}',
      SQS_QUEUE_URL: "https://sqs.eu-west-1.amazonaws.com/1/narrative-jobs",
      AWS_REGION: "eu-west-1",
      AWS_ACCESS_KEY_ID: "AKIA",
      AWS_SECRET_ACCESS_KEY: "secret",
    };
    expect(Object.keys(good).sort()).toEqual([...reason.required].sort());
    writeFileSync(
      file,
      Object.entries(good)
        .map(([k, v]) => `${k}=${v}`)
        .join("\n"),
    );
    const { io, out } = captureIo();
    expect(await runDeployCli(["check", "--env", "reason", "--env-file", file], {}, io), out.join("\n")).toBe(0);
    expect(out.at(-1)).toBe("ready to deploy");
  });

  it("refuses an unknown Worker with the list of Workers (exit 2)", async () => {
    const { io, err } = captureIo();
    expect(await runDeployCli(["check", "--env", "nope"], {}, io)).toBe(2);
    expect(err.join("\n")).toMatch(/unknown worker "nope"[\s\S]*workers: discovery, overview/);
  });

  describe("against Cloudflare (its API faked on loopback), through wrangler itself", () => {
    let server: Server;
    let base: string;
    const asked: string[] = [];
    beforeAll(async () => {
      server = createServer((req, res) => {
        asked.push(`${req.method} ${req.url}`);
        res.setHeader("content-type", "application/json");
        if (req.url === "/client/v4/accounts/acc-1/workers/scripts/svc-accreditation/secrets") {
          res.end(
            JSON.stringify({
              success: true,
              errors: [],
              messages: [],
              result: [
                { name: "DATABASE_URL", type: "secret_text" },
                { name: "SIGNING_KEYS", type: "secret_text" },
              ],
            }),
          );
          return;
        }
        res.statusCode = 404;
        res.end(JSON.stringify({ success: false, errors: [{ code: 10007, message: "not found" }], messages: [], result: null }));
      });
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it("lists what the deployed Worker lacks", async () => {
      const { io, out } = captureIo();
      const env = { ...process.env, CLOUDFLARE_API_TOKEN: "test-token", CLOUDFLARE_ACCOUNT_ID: "acc-1", CLOUDFLARE_API_BASE_URL: base };
      expect(await runDeployCli(["check", "--env", "accreditation"], env, io)).toBe(1);
      expect(asked).toContain("GET /client/v4/accounts/acc-1/workers/scripts/svc-accreditation/secrets");
      expect(out.filter((l) => l.startsWith("missing:")).map((l) => l.split(/\s+/)[1])).toEqual(["UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN"]);
    }, 60_000);

    it("says it cannot tell when Cloudflare refuses (exit 2)", async () => {
      const { io, err } = captureIo();
      const env = { ...process.env, CLOUDFLARE_API_TOKEN: "test-token", CLOUDFLARE_ACCOUNT_ID: "acc-1", CLOUDFLARE_API_BASE_URL: base };
      expect(await runDeployCli(["check", "--env", "stoa"], env, io)).toBe(2);
      expect(err.join("\n")).toMatch(/cannot list the secrets of svc-stoa/);
    }, 60_000);
  });
});

describe("npm run secrets:generate", () => {
  it("writes fresh secrets the service accepts, private to the owner, and the wrangler lines to upload them", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "svc-secrets-")), "prod");
    const first = captureIo();
    expect(await runDeployCli(["secrets", "--out", out], {}, first.io)).toBe(0);
    const read = (name: string) => readFileSync(join(out, name), "utf8").trim();
    expect(parseKeyRing(read("SIGNING_KEYS")).records).toHaveLength(1);
    expect(Object.keys(parseDataKeyRing(read("DATA_KEYS")).keys)).toHaveLength(1);
    const config = parseEnv({ SIGNING_KEYS: read("SIGNING_KEYS"), DATA_KEYS: read("DATA_KEYS"), CONTINUATION_SECRET: read("CONTINUATION_SECRET") });
    expect(config.CONTINUATION_SECRET!.length).toBeGreaterThanOrEqual(32);
    for (const name of ["SIGNING_KEYS", "DATA_KEYS", "CONTINUATION_SECRET"]) expect(statSync(join(out, name)).mode & 0o077).toBe(0);
    expect(first.out).toContain(`npx wrangler secret put SIGNING_KEYS --env reason < ${join(out, "SIGNING_KEYS")}`);
    expect(first.out).toContain(`npx wrangler secret put SIGNING_KEYS --env accreditation < ${join(out, "SIGNING_KEYS")}`);
    expect(first.out.some((l) => l.includes("CONTINUATION_SECRET --env accreditation"))).toBe(false);

    // A second run would replace a signing ring: refused unless forced, and nothing is touched.
    const before = read("SIGNING_KEYS");
    const second = captureIo();
    expect(await runDeployCli(["secrets", "--out", out], {}, second.io)).toBe(1);
    expect(second.err.join("\n")).toMatch(/--force/);
    expect(read("SIGNING_KEYS")).toBe(before);
    expect(await runDeployCli(["secrets", "--out", out, "--force"], {}, captureIo().io)).toBe(0);
    expect(read("SIGNING_KEYS")).not.toBe(before);
  });

  it("runs as the README says", async () => {
    const out = mkdtempSync(join(tmpdir(), "svc-secrets-npm-"));
    const child = spawn("npm", ["run", "-s", "secrets:generate", "--", "--out", out], { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    const code = await new Promise<number | null>((r) => child.on("close", r));
    expect(code).toBe(0);
    expect(stdout).toContain(`npx wrangler secret put DATA_KEYS --env reason < ${join(out, "DATA_KEYS")}`);
  }, 60_000);
});
