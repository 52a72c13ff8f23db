import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VirtuesResponse } from "@svc/core";
import { ErrorEnvelope } from "@svc/http";
import { startLocalServer, type LocalServer } from "../packages/local/src/server";

// The real local server (`npm start`) on an ephemeral port, called over loopback HTTP.
let server: LocalServer;
let baseDir: string;
let dataDir: string;

beforeAll(async () => {
  baseDir = mkdtempSync(join(tmpdir(), "svc-local-server-"));
  dataDir = join(baseDir, "data");
  server = await startLocalServer({ PORT: "0", LOG_LEVEL: "silent", DATA_DIR: dataDir });
});

afterAll(async () => {
  await server?.close();
  if (baseDir) rmSync(baseDir, { recursive: true, force: true });
});

async function expectError(res: Response, status: number, code: string) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  const parsed = ErrorEnvelope.safeParse(JSON.parse(text));
  expect(parsed.success, text).toBe(true);
  expect(parsed.data!.error.code, text).toBe(code);
  expect(parsed.data!.error.request_id, text).toBe(res.headers.get("X-Request-Id"));
}

describe("local server over HTTP", () => {
  it("listens on a real ephemeral port and creates DATA_DIR", () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(existsSync(dataDir)).toBe(true);
  });

  it("serves GET /api/virtues from the overview function", async () => {
    const res = await fetch(`${server.url}/api/virtues`);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(VirtuesResponse.parse(JSON.parse(text)).virtues).toHaveLength(4);
    expect(res.headers.get("ETag")).toMatch(/^"/);
    expect(res.headers.get("X-Request-Id")).toMatch(/^req_/);
  });

  it("serves GET /openapi.json from the discovery function", async () => {
    const res = await fetch(`${server.url}/openapi.json`);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const document = JSON.parse(text) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toContain("/api/virtues");
  });

  it("reports both functions ok on GET /healthz", async () => {
    const res = await fetch(`${server.url}/healthz`);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const body = JSON.parse(text) as { status: string; functions: { function: string; status: string }[] };
    expect(body.status).toBe("ok");
    expect(body.functions).toEqual(
      expect.arrayContaining([
        { function: "overview", status: "ok" },
        { function: "discovery", status: "ok" },
      ]),
    );
  });

  it("echoes a sane X-Request-Id through the dispatcher", async () => {
    const res = await fetch(`${server.url}/api/indifferents`, { headers: { "X-Request-Id": "local-trace-7" } });
    await res.arrayBuffer();
    expect(res.headers.get("X-Request-Id")).toBe("local-trace-7");
  });

  it("answers an unknown path with the 404 envelope", async () => {
    await expectError(await fetch(`${server.url}/api/nothing-here`), 404, "not_found");
  });

  it("answers POST /api/virtues with 405 and Allow", async () => {
    const res = await fetch(`${server.url}/api/virtues`, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
    expect(res.headers.get("Allow")).toBe("GET, HEAD");
    await expectError(res, 405, "method_not_allowed");
  });

  it("answers a malformed JSON body to rank-indifferents with 400 invalid_json", async () => {
    const res = await fetch(`${server.url}/api/v1/rank-indifferents`, {
      method: "POST",
      body: '{"indifferents": ["health",',
      headers: { "Content-Type": "application/json" },
    });
    await expectError(res, 400, "invalid_json");
  });

  it("ranks indifferents over HTTP", async () => {
    const res = await fetch(`${server.url}/api/v1/rank-indifferents`, {
      method: "POST",
      body: JSON.stringify({ indifferents: ["death", "health"] }),
      headers: { "Content-Type": "application/json" },
    });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect((JSON.parse(text) as { ranked: { id: string }[] }).ranked.map((r) => r.id)).toEqual(["health", "death"]);
  });

  it("answers an oversized body with 413 payload_too_large", async () => {
    const res = await fetch(`${server.url}/api/v1/rank-indifferents`, {
      method: "POST",
      body: JSON.stringify({ indifferents: ["health"], pad: "x".repeat(64 * 1024) }),
      headers: { "Content-Type": "application/json" },
    });
    await expectError(res, 413, "payload_too_large");
  });
});
