import { PRESENCE_NOTE } from "@svc/core";
import { recordStores } from "@svc/db";
import { clearCredentialCache } from "@svc/http/auth";
import { beforeEach, describe, expect, it } from "vitest";
import { ACCOUNTS, consult, ENV, newAgent, seedBody, seededAgent, trustRecord, write, readBack, type Body } from "../../../tests/support/accreditation";
import { mintApiKey, signUserJwt, TEST_OPERATOR_KEY } from "../../../tests/support/credentials";
import { freshOwner, testRuntime } from "../../../tests/support/database";
import { expectError, readJson, SUPPLIED_INPUT, suppliedExtraction } from "../../../tests/support/reason";
import { describeSecurity } from "../../../tests/support/security";
import { stoaFunction } from "./function";

// The Stoa (spec 1 item 9, 4.4, 6) in-process on the test runtime (PGlite, or the real
// PostgreSQL when DATABASE_URL is set). Agents with accreditations and trust records come from
// real consults and seeds (tests/support/accreditation.ts). Refusals are read back: nothing moved.

beforeEach(() => clearCredentialCache());

type Method = "GET" | "POST" | "PATCH" | "DELETE";

function send(method: Method, path: string, authorization: string | undefined, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  if (authorization !== undefined) headers.authorization = authorization;
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
  return Promise.resolve(stoaFunction.fetch(new Request(`http://t${path}`, init), ENV));
}

const bearer = (credential: string) => `Bearer ${credential}`;
const declare = (credential: string, body: unknown) => send("POST", "/api/stoa/declare", bearer(credential), body);
const readOwn = (credential: string, agent?: string) =>
  send("GET", `/api/stoa/declare${agent ? `?agent_id=${encodeURIComponent(agent)}` : ""}`, bearer(credential));
const amend = (credential: string, body: unknown) => send("PATCH", "/api/stoa/declare", bearer(credential), body);
const withdraw = (credential: string, agent?: string) =>
  send("DELETE", `/api/stoa/declare${agent ? `?agent_id=${encodeURIComponent(agent)}` : ""}`, bearer(credential));
const entries = (query = "") => send("GET", `/api/stoa/entries${query}`, undefined);
const contradict = (body: unknown, credential = TEST_OPERATOR_KEY) => send("POST", "/api/admin/stoa-contradictions", bearer(credential), body);
const show = (v: unknown) => JSON.stringify(v, null, 1);

/** A declaration by another owner written straight to the store, as only a race could make it. */
async function declaredByStranger(agentId: string): Promise<void> {
  const now = new Date().toISOString();
  const stored = await recordStores(await (await testRuntime()).database()).stoa.insert({
    id: crypto.randomUUID(),
    agent_id: agentId,
    owner_id: freshOwner("stranger"),
    display_name: "Stranger",
    statement: "A declaration that raced a seed.",
    commitments: [{ domain: "phronesis", claimed_level: "sage_like", text: "I deliberate before every consequential act." }],
    contact_url: null,
    agent_card_url: null,
    declared_at: now,
    amended_at: null,
  });
  expect(stored).toBe(true);
}

const declaration = (overrides: Body = {}): Body => ({
  display_name: "Careful Agent",
  statement: "I examine each consequential action before taking it, and I say so when I have not.",
  commitments: [
    { domain: "phronesis", claimed_level: "sage_like", text: "I deliberate before every consequential act." },
    { domain: "andreia", claimed_level: "principled", text: "I report my own errors at once." },
    { domain: "dikaiosyne", claimed_level: "principled", text: "I keep every promise made to the people I serve." },
  ],
  contact_url: "https://example.org/contact",
  agent_card_url: "https://example.org/.well-known/agent.json",
  ...overrides,
});

/** A fresh agent id and a key bound to it, of a fresh owner. */
async function boundAgent(owner = freshOwner()) {
  const agent = `stoa-agent-${crypto.randomUUID()}`;
  const { key } = await mintApiKey(await testRuntime(), { owner, agent });
  return { agent, owner, key };
}

/** The agent's declaration row and trust events, to show a refusal changed nothing. */
async function snapshot(agent: string) {
  const db = await (await testRuntime()).database();
  const [rows, events, contradictions] = await Promise.all([
    db.selectFrom("stoa_declarations").selectAll().where("agent_id", "=", agent).execute(),
    recordStores(db).trust.events(agent),
    db.selectFrom("stoa_contradictions").select("id").where("agent_id", "=", agent).execute(),
  ]);
  return { rows, events, contradictions: contradictions.length };
}

async function entryOf(agent: string): Promise<Body | undefined> {
  const page = await readJson<Body>(await entries(`?q=${encodeURIComponent(agent)}`), 200);
  return (page.entries as Body[]).find((e) => e.agent_id === agent);
}

describe("declaring, reading, amending and withdrawing", () => {
  it("a bound key declares for its agent; reads, amends and withdraws it; the entry leaves the directory", async () => {
    const a = await boundAgent();
    const created = await readJson<Body>(await declare(a.key, declaration()), 201);
    expect(created, show(created)).toMatchObject({
      agent_id: a.agent,
      display_name: "Careful Agent",
      contact_url: "https://example.org/contact",
      amended_at: null,
      links: { accreditation: null, trust_record: null },
      presence_note: PRESENCE_NOTE,
    });
    expect(created.commitments).toHaveLength(3);

    const own = await readJson<Body>(await readOwn(a.key), 200);
    expect(own).toEqual(created);
    expect(await entryOf(a.agent)).toEqual(created);

    const amended = await readJson<Body>(await amend(a.key, { statement: "  Amended statement.  ", commitments: [], contact_url: null }), 200);
    expect(amended, show(amended)).toMatchObject({
      statement: "Amended statement.",
      commitments: [],
      contact_url: null,
      agent_card_url: created.agent_card_url,
      display_name: "Careful Agent",
    });
    expect(amended.declared_at).toBe(created.declared_at);
    expect(amended.amended_at).not.toBeNull();
    expect(await entryOf(a.agent)).toEqual(amended);

    const gone = await withdraw(a.key);
    expect(gone.status, await gone.clone().text()).toBe(204);
    expect(await gone.text()).toBe("");
    expect(await entryOf(a.agent)).toBeUndefined();
    await expectError(await readOwn(a.key), 404, "declaration_not_found");
    await expectError(await withdraw(a.key), 404, "declaration_not_found");
    await expectError(await amend(a.key, { statement: "again" }), 404, "declaration_not_found");

    const again = await readJson<Body>(await declare(a.key, declaration({ display_name: "Declared again" })), 201);
    expect(again.declaration_id).not.toBe(created.declaration_id);
  });

  it("an unbound key or a user token names agent_id; without it the call is 400 missing_field agent_id and nothing is written", async () => {
    const owner = freshOwner();
    const { key } = await mintApiKey(await testRuntime(), { owner, agent: null });
    const agent = `stoa-unbound-${crypto.randomUUID()}`;
    await expectError(await declare(key, declaration()), 400, "missing_field", "agent_id");
    await expectError(await readOwn(key), 400, "missing_field", "agent_id");
    await expectError(await amend(key, { statement: "x" }), 400, "missing_field", "agent_id");
    await expectError(await withdraw(key), 400, "missing_field", "agent_id");
    await readJson(await declare(key, declaration({ agent_id: agent })), 201);
    expect((await readJson<Body>(await readOwn(key, agent), 200)).agent_id).toBe(agent);

    // A user token whose sub is the key owner's name is another owner (user: and key: never
    // meet): it can neither read, amend, withdraw nor redeclare the key owner's declaration.
    const user = await signUserJwt(owner);
    const before = await snapshot(agent);
    await expectError(await readOwn(user, agent), 404, "declaration_not_found");
    await expectError(await amend(user, { agent_id: agent, statement: "Taken over." }), 404, "declaration_not_found");
    await expectError(await withdraw(user, agent), 404, "declaration_not_found");
    await expectError(await declare(user, declaration({ agent_id: agent })), 409, "agent_already_declared");
    expect(await snapshot(agent)).toEqual(before);
    const userAgent = `stoa-user-${crypto.randomUUID()}`;
    expect((await readJson<Body>(await declare(user, declaration({ agent_id: userAgent })), 201)).agent_id).toBe(userAgent);
  });

  it("a bound key naming another agent is 403 agent_not_bound on every route, and nothing is written", async () => {
    const a = await boundAgent();
    const other = `stoa-other-${crypto.randomUUID()}`;
    await expectError(await declare(a.key, declaration({ agent_id: other })), 403, "agent_not_bound", "agent_id");
    expect((await snapshot(other)).rows).toEqual([]);
    await readJson(await declare(a.key, declaration({ agent_id: a.agent })), 201);
    await expectError(await readOwn(a.key, other), 403, "agent_not_bound");
    await expectError(await amend(a.key, { agent_id: other, statement: "x" }), 403, "agent_not_bound");
    await expectError(await withdraw(a.key, other), 403, "agent_not_bound");
  });

  it("one declaration per agent id: the same owner again is 409 already_declared, another owner 409 agent_already_declared", async () => {
    const a = await boundAgent();
    await readJson(await declare(a.key, declaration()), 201);
    const before = await snapshot(a.agent);
    await expectError(await declare(a.key, declaration({ display_name: "Twice" })), 409, "already_declared");
    const stranger = await mintApiKey(await testRuntime(), { agent: a.agent });
    await expectError(await declare(stranger.key, declaration({ display_name: "Impostor" })), 409, "agent_already_declared");
    expect(await snapshot(a.agent)).toEqual(before);

    // Withdrawn, the id is free again.
    expect((await withdraw(a.key)).status).toBe(204);
    expect((await readJson<Body>(await declare(stranger.key, declaration({ display_name: "Next" })), 201)).display_name).toBe("Next");
  });

  it("another owner cannot read, amend or withdraw a declaration: 404, never the other's, and it stays as it was", async () => {
    const a = await boundAgent();
    await readJson(await declare(a.key, declaration()), 201);
    const before = await snapshot(a.agent);
    const strangerKey = (await mintApiKey(await testRuntime(), { agent: a.agent })).key;
    const strangerUser = await signUserJwt(freshOwner("user"));
    for (const credential of [strangerKey, strangerUser]) {
      const error = await expectError(await readOwn(credential, a.agent), 404, "declaration_not_found");
      expect(JSON.stringify(error)).not.toContain("Careful Agent");
      await expectError(await amend(credential, { agent_id: a.agent, display_name: "Taken over" }), 404, "declaration_not_found");
      await expectError(await withdraw(credential, a.agent), 404, "declaration_not_found");
    }
    expect(await snapshot(a.agent)).toEqual(before);
  });

  it("an agent whose accreditation belongs to another owner cannot be declared: 403 not_record_owner", async () => {
    const accredited = await seededAgent();
    const stranger = await signUserJwt(freshOwner("user"));
    await expectError(await declare(stranger, declaration({ agent_id: accredited.agent })), 403, "not_record_owner");
    expect((await snapshot(accredited.agent)).rows).toEqual([]);
  });
});

describe("validation: each 400 names its field and writes nothing", () => {
  const long = (n: number) => "x".repeat(n);
  const commitment = { domain: "phronesis", claimed_level: "principled", text: "I deliberate." };

  describe.each<[string, Body, string, string]>([
    ["display_name missing", { display_name: undefined }, "missing_field", "display_name"],
    ["display_name blank", { display_name: "   " }, "invalid_field", "display_name"],
    ["display_name over 80", { display_name: long(81) }, "invalid_field", "display_name"],
    ["display_name with a right-to-left override (U+202E)", { display_name: "Careful \u202Etnega" }, "invalid_field", "display_name"],
    ["display_name with a left-to-right isolate (U+2066)", { display_name: "\u2066Careful Agent\u2069" }, "invalid_field", "display_name"],
    ["display_name with a right-to-left mark (U+200F)", { display_name: "Careful\u200FAgent" }, "invalid_field", "display_name"],
    ["display_name with the Arabic letter mark (U+061C)", { display_name: "Careful\u061CAgent" }, "invalid_field", "display_name"],
    ["display_name with a control character (U+0007)", { display_name: "Careful\u0007Agent" }, "invalid_field", "display_name"],
    ["display_name with a newline", { display_name: "Careful\nAgent" }, "invalid_field", "display_name"],
    ["display_name with a C1 control (U+0085)", { display_name: "Careful\u0085Agent" }, "invalid_field", "display_name"],
    ["display_name of zero-width spaces only", { display_name: "\u200B\u200B" }, "invalid_field", "display_name"],
    ["display_name of invisible characters only", { display_name: "\u2060\uFEFF\u3164\u115F\u00AD\u2800" }, "invalid_field", "display_name"],
    ["display_name of a no-break and an ideographic space", { display_name: "\u00A0\u3000" }, "invalid_field", "display_name"],
    ["statement missing", { statement: undefined }, "missing_field", "statement"],
    ["statement over 2000", { statement: long(2001) }, "invalid_field", "statement"],
    ["statement with a NUL", { statement: "a\u0000b" }, "invalid_field", "statement"],
    ["eleven commitments", { commitments: Array.from({ length: 11 }, () => commitment) }, "invalid_field", "commitments"],
    ["commitments not an array", { commitments: commitment }, "invalid_field", "commitments"],
    ["an unknown domain", { commitments: [{ ...commitment, domain: "courage" }] }, "invalid_field", "commitments[0].domain"],
    ["an unknown level", { commitments: [commitment, { ...commitment, claimed_level: "saintly" }] }, "invalid_field", "commitments[1].claimed_level"],
    ["a commitment text over 500", { commitments: [{ ...commitment, text: long(501) }] }, "invalid_field", "commitments[0].text"],
    ["a commitment without text", { commitments: [{ domain: "phronesis", claimed_level: "principled" }] }, "missing_field", "commitments[0].text"],
    ["an unknown commitment field", { commitments: [{ ...commitment, weight: 1 }] }, "unknown_field", "commitments[0].weight"],
    ["an http contact_url", { contact_url: "http://example.org" }, "invalid_field", "contact_url"],
    ["an agent_card_url with credentials", { agent_card_url: "https://user:pw@example.org/card" }, "invalid_field", "agent_card_url"],
    ["an agent_card_url that is no URL", { agent_card_url: "not a url" }, "invalid_field", "agent_card_url"],
    ["an agent_id of one character", { agent_id: "a" }, "invalid_field", "agent_id"],
    ["an unknown field", { verified: true }, "unknown_field", "verified"],
  ])("POST with %s", (_label, overrides, code, field) => {
    it(`is 400 ${code} naming ${field}`, async () => {
      const a = await boundAgent();
      const body = JSON.parse(JSON.stringify(declaration(overrides)));
      await expectError(await declare(a.key, body), 400, code, field);
      expect((await snapshot(a.agent)).rows).toEqual([]);
    });
  });

  it.each(["Ἐπίκτητος", "محمد الحكيم", "שלום עליכם", "東京 エージェント", "Agent 👩‍💻", "Zoë\u00A0Careful"])(
    "accepts the display name %s as sent",
    async (name) => {
      const a = await boundAgent();
      const created = await readJson<Body>(await declare(a.key, declaration({ display_name: name })), 201);
      expect(created.display_name).toBe(name);
    },
  );

  describe.each<[string, Body, string, string | undefined]>([
    ["nothing to amend", {}, "nothing_to_amend", undefined],
    ["only agent_id", { agent_id: "placeholder" }, "nothing_to_amend", undefined],
    ["display_name null", { display_name: null }, "invalid_field", "display_name"],
    ["display_name with a right-to-left override", { display_name: "\u202Eevil" }, "invalid_field", "display_name"],
    ["display_name of invisible characters only", { display_name: "\u200B\u3164" }, "invalid_field", "display_name"],
    ["statement blank", { statement: " " }, "invalid_field", "statement"],
    ["commitments null", { commitments: null }, "invalid_field", "commitments"],
    ["an ftp agent_card_url", { agent_card_url: "ftp://example.org/card" }, "invalid_field", "agent_card_url"],
    ["an unknown field", { owner_id: "someone" }, "unknown_field", "owner_id"],
  ])("PATCH with %s", (_label, body, code, field) => {
    it(`is 400 ${code}`, async () => {
      const a = await boundAgent();
      await readJson(await declare(a.key, declaration()), 201);
      const before = await snapshot(a.agent);
      const sent = body.agent_id ? { ...body, agent_id: a.agent } : body;
      const error = await expectError(await amend(a.key, sent), 400, code, field);
      if (field === undefined) expect(error.field).toBeUndefined();
      expect(await snapshot(a.agent)).toEqual(before);
    });
  });

  it("GET and DELETE refuse unknown or invalid query parameters, naming them", async () => {
    const a = await boundAgent();
    await readJson(await declare(a.key, declaration()), 201);
    await expectError(await send("GET", "/api/stoa/declare?agent=x", bearer(a.key)), 400, "unknown_field", "agent");
    await expectError(await send("DELETE", "/api/stoa/declare?agent_id=a", bearer(a.key)), 400, "invalid_field", "agent_id");
    expect((await snapshot(a.agent)).rows).toHaveLength(1);
  });

  it("the entries list refuses a limit out of 1..100, a cursor it did not give out, and unknown parameters", async () => {
    await expectError(await entries("?limit=0"), 400, "invalid_field", "limit");
    await expectError(await entries("?limit=101"), 400, "invalid_field", "limit");
    await expectError(await entries("?before=not-a-cursor"), 400, "invalid_field", "before");
    await expectError(await entries(`?before=${Buffer.from(JSON.stringify(["yesterday", "x"])).toString("base64url")}`), 400, "invalid_field", "before");
    await expectError(await entries("?owner_id=x"), 400, "unknown_field", "owner_id");
  });
});

describe("the directory", () => {
  /** Declares `n` agents under one unique prefix, oldest first, with declared_at one minute apart. */
  async function declared(n: number) {
    const prefix = `stoa-dir-${crypto.randomUUID().slice(0, 8)}`;
    const db = await (await testRuntime()).database();
    const agents: { agent: string; key: string }[] = [];
    for (let i = 0; i < n; i++) {
      const agent = `${prefix}-${i}`;
      const { key } = await mintApiKey(await testRuntime(), { agent });
      await readJson(await declare(key, declaration({ display_name: `Entry ${i}` })), 201);
      await db
        .updateTable("stoa_declarations")
        .set({ declared_at: new Date(Date.UTC(2026, 10, 1, 12, i)) })
        .where("agent_id", "=", agent)
        .execute();
      agents.push({ agent, key });
    }
    return { prefix, agents: agents.map((a) => a.agent), keys: agents.map((a) => a.key) };
  }

  it("is public, newest first, paged by next_cursor, cacheable for 60 s, each entry with the presence note; an amendment does not move an entry", async () => {
    const { prefix, agents, keys } = await declared(3);
    await readJson(await amend(keys[0]!, { display_name: "Amended, still oldest" }), 200);
    const first = await entries(`?q=${prefix}&limit=2`);
    const page1 = await readJson<Body>(first, 200);
    expect(first.headers.get("cache-control")).toBe("public, max-age=60");
    expect(first.headers.get("access-control-allow-origin")).toBe("*");
    expect(page1.entries.map((e: Body) => e.agent_id)).toEqual([agents[2], agents[1]]);
    expect(page1.next_cursor).toEqual(expect.any(String));
    for (const entry of page1.entries) expect(entry.presence_note).toBe(PRESENCE_NOTE);
    const page2 = await readJson<Body>(await entries(`?q=${prefix}&limit=2&before=${page1.next_cursor}`), 200);
    expect(page2.entries.map((e: Body) => [e.agent_id, e.display_name])).toEqual([[agents[0], "Amended, still oldest"]]);
    expect(page2.next_cursor).toBeNull();
  });

  it("filters by a case-insensitive prefix of agent_id or display_name, literally", async () => {
    const { prefix, agents } = await declared(2);
    const a = await boundAgent();
    const name = `Zeno ${crypto.randomUUID().slice(0, 8)}`;
    await readJson(await declare(a.key, declaration({ display_name: name })), 201);
    const byName = await readJson<Body>(await entries(`?q=${encodeURIComponent(name.toUpperCase())}`), 200);
    expect(byName.entries.map((e: Body) => e.agent_id)).toEqual([a.agent]);
    const byId = await readJson<Body>(await entries(`?q=${prefix.toUpperCase()}`), 200);
    expect(byId.entries.map((e: Body) => e.agent_id).sort()).toEqual([...agents].sort());
    const wildcard = await readJson<Body>(await entries(`?q=${encodeURIComponent(prefix.replace("dir", "d_r"))}`), 200);
    expect(wildcard.entries).toEqual([]);
    const percent = await readJson<Body>(await entries(`?q=${encodeURIComponent("stoa-%")}`), 200);
    expect(percent.entries).toEqual([]);
  });

  it("links the accreditation and the trust record only where they exist, matching what those routes serve", async () => {
    const accredited = await seededAgent();
    await readJson(await declare(accredited.key, declaration()), 201);
    const linked = (await entryOf(accredited.agent))!;
    expect(linked.links).toEqual({ accreditation: `/api/accreditation/${accredited.agent}`, trust_record: `/api/trust-record/${accredited.agent}` });
    await readJson(await readBack(accredited.agent), 200);
    await readJson(await trustRecord(accredited.agent), 200);

    const plain = await boundAgent();
    await readJson(await declare(plain.key, declaration()), 201);
    expect((await entryOf(plain.agent))!.links).toEqual({ accreditation: null, trust_record: null });
    await expectError(await readBack(plain.agent), 404, "agent_not_found");
    await expectError(await trustRecord(plain.agent), 404, "trust_record_not_found");

    // Gap entries only (an extraction the caller supplied): the trust record is served, sparse.
    const supplied = await newAgent();
    const element = await consult(supplied.key, SUPPLIED_INPUT, { layer1_schema: suppliedExtraction() });
    await readJson(await write(supplied, seedBody(supplied.agent, [element])), 201);
    await readJson(await declare(supplied.key, declaration()), 201);
    expect((await entryOf(supplied.agent))!.links.trust_record).toBe(`/api/trust-record/${supplied.agent}`);
    expect((await readJson<Body>(await trustRecord(supplied.agent), 200)).sparse).toBe(true);

    // An agent declared by one owner cannot be accredited by another (409 agent_claimed); were
    // the two to race, the entry would link neither record (the other owner's).
    const declarer = await signUserJwt(freshOwner("user"));
    const contested = await newAgent();
    await readJson(await declare(declarer, declaration({ agent_id: contested.agent })), 201);
    await expectError(await write(contested, seedBody(contested.agent, [await consult(contested.key, ACCOUNTS[1]!)])), 409, "agent_claimed");
    expect((await entryOf(contested.agent))!.links).toEqual({ accreditation: null, trust_record: null });
    const raced = await seededAgent();
    await declaredByStranger(raced.agent);
    await readJson(await trustRecord(raced.agent), 200);
    expect((await entryOf(raced.agent))!.links).toEqual({ accreditation: null, trust_record: null });
  });

  it("presence feeds no trust signal: declaring, amending and withdrawing leave the trust events and the trust record as they were", async () => {
    const a = await seededAgent();
    const db = await (await testRuntime()).database();
    const events = await recordStores(db).trust.events(a.agent);
    expect(events.length).toBeGreaterThan(0);
    const record = await readJson<Body>(await trustRecord(a.agent), 200);
    const { composed_at: _at, ...recordBefore } = record;

    await readJson(await declare(a.key, declaration()), 201);
    await readJson(await amend(a.key, { commitments: [{ domain: "phronesis", claimed_level: "sage_like", text: "I am a sage." }] }), 200);
    expect(await recordStores(db).trust.events(a.agent)).toEqual(events);
    expect((await withdraw(a.key)).status).toBe(204);
    expect(await recordStores(db).trust.events(a.agent)).toEqual(events);
    const { composed_at: _after, ...recordAfter } = await readJson<Body>(await trustRecord(a.agent), 200);
    expect(recordAfter).toEqual(recordBefore);
  });
});

describe("confirmed contradictions", () => {
  const RANK = ["reflexive", "habitual", "deliberate", "principled", "sage_like"];

  it("lower the trust record's level of a domain with examined evidence, through one decrease-class trust event", async () => {
    const a = await seededAgent();
    await readJson(await declare(a.key, declaration()), 201);
    const before = await readJson<Body>(await trustRecord(a.agent), 200);
    const evidence = before.domains.phronesis.level as string;
    expect(RANK.indexOf(evidence), show(before.domains)).toBeGreaterThan(0);
    const db = await (await testRuntime()).database();
    const eventsBefore = await recordStores(db).trust.events(a.agent);

    const created = await readJson<Body>(
      await contradict({ agent_id: a.agent, commitment_index: 0, observed_level: "reflexive", note: "deliberation skipped in three audited acts" }),
      201,
    );
    expect(created, show(created)).toMatchObject({
      agent_id: a.agent,
      commitment_index: 0,
      commitment: { domain: "phronesis", claimed_level: "sage_like", text: "I deliberate before every consequential act." },
      observed_level: "reflexive",
      confirmed_by: "operator",
      trust_event: { source: "stoa_contradiction", class: "decrease", domain: "phronesis", level: "reflexive", latch: false },
      status: "applied",
    });

    const minted = (await recordStores(db).trust.events(a.agent)).filter((e) => !eventsBefore.some((b) => b.id === e.id));
    expect(minted.map((e) => [e.source, e.class, e.domain, e.level, e.source_ref, e.latch])).toEqual([
      ["stoa_contradiction", "decrease", "phronesis", "reflexive", created.id, false],
    ]);

    const after = await readJson<Body>(await trustRecord(a.agent), 200);
    expect(after.domains.phronesis).toMatchObject({ level: "reflexive", evidence_level: evidence });
    expect(after.domains.phronesis.lowered_by).toContain("stoa_contradiction");
    expect(after.aggregate.level).toBe("reflexive");
  });

  it("are held on a domain without examined evidence, and a 404 trust record stays 404", async () => {
    const a = await seededAgent();
    await readJson(await declare(a.key, declaration()), 201);
    const before = await readJson<Body>(await trustRecord(a.agent), 200);
    expect(before.domains.andreia.level, show(before.domains)).toBeNull();
    const created = await readJson<Body>(
      await contradict({ agent_id: a.agent, commitment_index: 1, observed_level: "habitual", note: "an error went unreported" }),
      201,
    );
    expect(created.status).toBe("held");
    const after = await readJson<Body>(await trustRecord(a.agent), 200);
    expect(after.domains.andreia).toMatchObject({ level: null, held_events: 1 });
    expect(after.aggregate.level).toBe(before.aggregate.level);

    const plain = await boundAgent();
    await readJson(await declare(plain.key, declaration()), 201);
    expect((await readJson<Body>(await contradict({ agent_id: plain.agent, commitment_index: 0, observed_level: "habitual", note: "n" }), 201)).status).toBe(
      "held",
    );
    await expectError(await trustRecord(plain.agent), 404, "trust_record_not_found");
  });

  it("on dikaiosyne engage the justice latch", async () => {
    const a = await boundAgent();
    await readJson(await declare(a.key, declaration()), 201);
    const created = await readJson<Body>(
      await contradict({ agent_id: a.agent, commitment_index: 2, observed_level: "reflexive", note: "a promise broken" }),
      201,
    );
    expect(created.trust_event).toMatchObject({ domain: "dikaiosyne", latch: true });
    const db = await (await testRuntime()).database();
    expect((await recordStores(db).trust.events(a.agent)).map((e) => [e.domain, e.latch])).toEqual([["dikaiosyne", true]]);
  });

  it("stand after the declaration is withdrawn, with the commitment as it was declared", async () => {
    const a = await seededAgent();
    await readJson(await declare(a.key, declaration()), 201);
    const created = await readJson<Body>(await contradict({ agent_id: a.agent, commitment_index: 0, observed_level: "reflexive", note: "n" }), 201);
    expect((await withdraw(a.key)).status).toBe(204);
    const after = await readJson<Body>(await trustRecord(a.agent), 200);
    expect(after.domains.phronesis.level).toBe("reflexive");
    const db = await (await testRuntime()).database();
    const row = await db.selectFrom("stoa_contradictions").selectAll().where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      declaration_id: created.declaration_id,
      domain: "phronesis",
      claimed_level: "sage_like",
      commitment_text: "I deliberate before every consequential act.",
    });
    await expectError(await contradict({ agent_id: a.agent, commitment_index: 0, observed_level: "reflexive", note: "n" }), 404, "declaration_not_found");
  });

  it("are refused (409) when the agent's accreditation belongs to another owner than the declaration's: a stranger's claims never lower that record", async () => {
    // The routes refuse this state either way round; only a race between a seed and a
    // declaration could make it, so the declaration is written straight to the store.
    const accredited = await seededAgent();
    await declaredByStranger(accredited.agent);
    const before = await snapshot(accredited.agent);
    const { composed_at: _at, ...recordBefore } = await readJson<Body>(await trustRecord(accredited.agent), 200);
    await expectError(
      await contradict({ agent_id: accredited.agent, commitment_index: 0, observed_level: "reflexive", note: "n" }),
      409,
      "record_of_another_owner",
    );
    expect(await snapshot(accredited.agent)).toEqual(before);
    const { composed_at: _after, ...recordAfter } = await readJson<Body>(await trustRecord(accredited.agent), 200);
    expect(recordAfter).toEqual(recordBefore);
  });

  it("are refused when there is nothing to contradict: 409 no_contradiction, 404 without a declaration or commitment; nothing is minted", async () => {
    const a = await boundAgent();
    await readJson(await declare(a.key, declaration()), 201);
    const before = await snapshot(a.agent);
    await expectError(
      await contradict({ agent_id: a.agent, commitment_index: 1, observed_level: "principled", note: "equal" }),
      409,
      "no_contradiction",
      "observed_level",
    );
    await expectError(await contradict({ agent_id: a.agent, commitment_index: 1, observed_level: "sage_like", note: "above" }), 409, "no_contradiction");
    await expectError(
      await contradict({ agent_id: a.agent, commitment_index: 3, observed_level: "reflexive", note: "n" }),
      404,
      "commitment_not_found",
      "commitment_index",
    );
    expect(await snapshot(a.agent)).toEqual(before);
    await expectError(
      await contradict({ agent_id: `stoa-none-${crypto.randomUUID()}`, commitment_index: 0, observed_level: "reflexive", note: "n" }),
      404,
      "declaration_not_found",
    );
  });

  describe.each<[string, Body, string, string]>([
    ["note missing", { note: undefined }, "missing_field", "note"],
    ["note blank", { note: "  " }, "invalid_field", "note"],
    ["a negative index", { commitment_index: -1 }, "invalid_field", "commitment_index"],
    ["an index past the cap", { commitment_index: 10 }, "invalid_field", "commitment_index"],
    ["an index as a string", { commitment_index: "0" }, "invalid_field", "commitment_index"],
    ["an unknown level", { observed_level: "low" }, "invalid_field", "observed_level"],
    ["agent_id missing", { agent_id: undefined }, "missing_field", "agent_id"],
    ["a domain instead of an index", { domain: "phronesis" }, "unknown_field", "domain"],
  ])("with %s", (_label, overrides, code, field) => {
    it(`is 400 ${code} naming ${field}, and nothing is minted`, async () => {
      const a = await boundAgent();
      await readJson(await declare(a.key, declaration()), 201);
      const before = await snapshot(a.agent);
      const body = JSON.parse(JSON.stringify({ agent_id: a.agent, commitment_index: 0, observed_level: "reflexive", note: "n", ...overrides }));
      await expectError(await contradict(body), 400, code, field);
      expect(await snapshot(a.agent)).toEqual(before);
    });
  });
});

describe("security", () => {
  // Unbound, so naming any agent_id is allowed: the control call is never a 403.
  const validUnbound = async () => (await mintApiKey(await testRuntime(), { agent: null })).key;

  describeSecurity({
    name: "POST /api/stoa/declare",
    call: (authorization) => send("POST", "/api/stoa/declare", authorization, declaration({ agent_id: `stoa-sec-${crypto.randomUUID()}` })),
    runtime: testRuntime,
    validCredential: validUnbound,
  });
  describeSecurity({
    name: "GET /api/stoa/declare",
    call: (authorization) => send("GET", "/api/stoa/declare?agent_id=stoa-sec-read", authorization),
    runtime: testRuntime,
    validCredential: validUnbound,
  });
  describeSecurity({
    name: "PATCH /api/stoa/declare",
    call: (authorization) => send("PATCH", "/api/stoa/declare", authorization, { agent_id: "stoa-sec-amend", statement: "s" }),
    runtime: testRuntime,
    validCredential: validUnbound,
  });
  describeSecurity({
    name: "DELETE /api/stoa/declare",
    call: (authorization) => send("DELETE", "/api/stoa/declare?agent_id=stoa-sec-withdraw", authorization),
    runtime: testRuntime,
    validCredential: validUnbound,
  });
  describeSecurity({
    name: "POST /api/admin/stoa-contradictions",
    call: (authorization) =>
      send("POST", "/api/admin/stoa-contradictions", authorization, { agent_id: "stoa-sec-none", commitment_index: 0, observed_level: "reflexive", note: "n" }),
    callIncomplete: (authorization) => send("POST", "/api/admin/stoa-contradictions", authorization, { agent_id: "stoa-sec-none" }),
    runtime: testRuntime,
    requires: { operator: true },
    validCredential: async () => TEST_OPERATOR_KEY,
  });

  it("a 403 comes before a 400: a non-operator with a bad body learns nothing of the body", async () => {
    const a = await boundAgent();
    await expectError(await contradict({ agent_id: a.agent }, a.key), 403, "operator_only");
    await expectError(await contradict({ agent_id: a.agent, commitment_index: 0, observed_level: "reflexive", note: "n" }, a.key), 403, "operator_only");
    await expectError(await contradict({ agent_id: a.agent }), 400, "missing_field");
  });

  it("the directory needs no credential and ignores one", async () => {
    await readJson(await entries("?limit=1"), 200);
    await readJson(await send("GET", "/api/stoa/entries?limit=1", "Bearer not-a-credential"), 200);
  });
});
