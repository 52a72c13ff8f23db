import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../local/src/main";
import { startLocalServer, type LocalServer } from "../../local/src/server";
import { createStoicClient, ServiceError, unwrap, verifyAssessment, type ReasonResponse, type SignedAssessment, type StoicClient } from "./index";

// The typed client against the real local server (`npm start`) on an ephemeral port, with a
// real API key created through the admin API by the client itself.
const OPERATOR_KEY = "client-test-operator-key-0123456789";

let server: LocalServer;
let dataDir: string;
let svc: StoicClient;
let apiKey: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "svc-client-"));
  server = await startLocalServer({ PORT: "0", LOG_LEVEL: "silent", DATA_DIR: dataDir, OPERATOR_API_KEY: OPERATOR_KEY });
  const operator = createStoicClient({ baseUrl: server.url, credential: OPERATOR_KEY });
  const created = await unwrap(operator.POST("/api/admin/keys", { body: { kind: "live", owner_id: `client-${crypto.randomUUID()}` } }));
  apiKey = created.key;
  svc = createStoicClient({ baseUrl: server.url, credential: apiKey });
});

afterAll(async () => {
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A consult through to its signed assessment, answering the clarifying questions it may ask. */
async function consult(input: string): Promise<ReasonResponse> {
  let body: { input: string; continuation_token?: string; clarification_response?: string } = { input };
  for (let turn = 0; turn < 4; turn++) {
    const answer = await unwrap(svc.POST("/api/reason", { body }));
    if (!("clarification_required" in answer)) return answer;
    body = { input, continuation_token: answer.continuation_token, clarification_response: "It happened once, yesterday, at work, and it was my own choice." };
  }
  throw new Error("the consult asked more than three questions");
}

describe("the typed client against the local server", () => {
  it("calls the guardrail with a real key and reads a typed verdict", async () => {
    const { data, error, response } = await svc.POST("/api/guardrail", {
      body: { action: "Delete the production database of our customers to free up space." },
    });
    expect(error, JSON.stringify(error)).toBeUndefined();
    expect(response.status).toBe(200);
    expect(["pause_for_review", "do_not_proceed"]).toContain(data!.verdict);
    expect(data!.reasons.length).toBeGreaterThan(0);
    expect(response.headers.get("RateLimit-Policy")).toContain("svc-guard");
  });

  it("reads its own credential (the key it was given, not the operator's)", async () => {
    const me = await unwrap(svc.GET("/api/me"));
    expect(me.kind).toBe("live");
    expect(me.owner_id).toMatch(/^key:client-/);
  });

  it("surfaces a refusal with its code, field and request id: as `error`, and thrown by unwrap", async () => {
    const { data, error, response } = await svc.POST("/api/guardrail", { body: {} });
    expect(data).toBeUndefined();
    expect(response.status).toBe(400);
    expect(error?.error.code).toBe("missing_field");
    expect(error?.error.request_id).toBe(response.headers.get("X-Request-Id"));

    const thrown = await unwrap(svc.POST("/api/score-decision", { body: { decision: "Which?", options: [] } })).catch((err: unknown) => err);
    expect(thrown).toBeInstanceOf(ServiceError);
    const refusal = thrown as ServiceError;
    expect(refusal.status).toBe(400);
    expect(refusal.code).toBe("invalid_field");
    expect(refusal.field).toBe("options");
    expect(refusal.requestId).toMatch(/^req_/);
    expect(refusal.message).toMatch(/^400 invalid_field: /);
  });

  it("surfaces 401 without a credential", async () => {
    const anonymous = createStoicClient({ baseUrl: server.url });
    const thrown = await unwrap(anonymous.POST("/api/guardrail", { body: { action: "Archive old log files." } })).catch((err: unknown) => err);
    expect(thrown).toBeInstanceOf(ServiceError);
    expect((thrown as ServiceError).status).toBe(401);
    expect((thrown as ServiceError).code).toBe("missing_credential");
  });

  it("verifies a real signed assessment from POST /api/reason against the published key set, and refuses a tampered one", async () => {
    const answer = await consult("I snapped at my colleague without thinking, then apologised.");
    const signed: SignedAssessment = answer.assessment;
    expect(signed.signature).toMatch(/^[A-Za-z0-9+/]{86}==$/);

    const result = await svc.verifyAssessment(signed);
    expect(result).toEqual({ valid: true, key_id: signed.key_id });

    const tampered = structuredClone(signed);
    tampered.assessment.katorthoma_proximity = tampered.assessment.katorthoma_proximity === "reflexive" ? "habitual" : "reflexive";
    expect(await svc.verifyAssessment(tampered)).toEqual({ valid: false, reason: "signature mismatch" });

    // Offline, as a third party would: the same check against a key set it already holds.
    const keySet = await unwrap(svc.GET("/api/public-key"));
    expect(await verifyAssessment(signed, keySet)).toEqual({ valid: true, key_id: signed.key_id });
    expect(await verifyAssessment(signed, { keys: [] })).toEqual({ valid: false, reason: `unknown key id ${signed.key_id}` });
  });
});

describe("the README's example", () => {
  const run = promisify(execFile);
  // The README writes it to a file with a heredoc, then runs it (tests/readme.test.ts runs that block too).
  const example = /cat > client-example\.ts <<'EOF'\n(import \{[^\n]*"@svc\/client";\n[\s\S]*?)EOF\n/.exec(
    readFileSync(join(REPO_ROOT, "README.md"), "utf8"),
  )?.[1];

  it("is five lines that type-check and run against the server, printing the verdict and a valid signature", async () => {
    expect(example, "no client-example.ts importing @svc/client in README.md").toBeDefined();
    expect(example!.trimEnd().split("\n")).toHaveLength(5);
    // Inside the workspace, so "@svc/client" resolves as it does for a reader's own file.
    const file = join(REPO_ROOT, "packages/client", `.readme-example-${crypto.randomUUID()}.ts`);
    writeFileSync(file, example!);
    try {
      const tsc = join(REPO_ROOT, "node_modules/.bin/tsc");
      const options = [
        "--ignoreConfig",
        "--noEmit",
        "--strict",
        "--skipLibCheck",
        "--module",
        "preserve",
        "--moduleResolution",
        "bundler",
        "--target",
        "ES2023",
        "--lib",
        "ES2023",
        "--types",
        "node",
        "--moduleDetection",
        "force",
      ];
      await run(tsc, [...options, file], { cwd: REPO_ROOT }).catch((err: { stdout?: string; stderr?: string }) => {
        throw new Error(`the README example does not type-check:\n${err.stdout}${err.stderr}`);
      });
      const { stdout } = await run(process.execPath, ["--import", "tsx", file], { cwd: REPO_ROOT, env: { ...process.env, SVC_URL: server.url, KEY: apiKey } });
      expect(stdout).toMatch(/^(pause_for_review|do_not_proceed) true\n$/);
    } finally {
      rmSync(file, { force: true });
    }
  });
});
