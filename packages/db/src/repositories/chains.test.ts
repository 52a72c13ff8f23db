import type { ChainStore } from "@svc/core";
import { beforeAll, describe, expect, it } from "vitest";
import { BACKENDS, freshOwner, testRuntime } from "../../../../tests/support/database";
import { chainStore } from "./documents";

// svc-iterate's chain store against every backend the run has: PGlite always, and the real
// PostgreSQL through the Neon driver (a pool of connections, so truly parallel) when
// DATABASE_URL is set. Each test uses a fresh subject and chain.

describe.each(BACKENDS)("chain store on %s", (backend) => {
  let store: ChainStore;

  beforeAll(async () => {
    store = chainStore(await (await testRuntime(backend)).database());
  });

  const newChain = () => ({ id: `chain_${crypto.randomUUID()}`, subject: `key:${freshOwner()}` });

  it("counts parallel advances one by one: distinct numbers up to the limit, then null", async () => {
    const { id, subject } = newChain();
    await store.open({ id, subject, last_proximity: "reflexive" });
    const advances = await Promise.all(Array.from({ length: 6 }, () => store.advance(id, subject, "habitual", 4)));
    const granted = advances.filter((a) => a !== null);
    expect(granted.map((a) => a.iteration).sort(), JSON.stringify(advances)).toEqual([2, 3, 4]);
    expect(advances.filter((a) => a === null)).toHaveLength(3);
    expect(await store.find(id, subject)).toMatchObject({ iterations: 4, last_proximity: "habitual" });
  });

  it("hands each advance the reading it follows", async () => {
    const { id, subject } = newChain();
    await store.open({ id, subject, last_proximity: "reflexive" });
    expect(await store.advance(id, subject, "habitual", 3)).toEqual({ iteration: 2, previous: "reflexive" });
    expect(await store.advance(id, subject, "deliberate", 3)).toEqual({ iteration: 3, previous: "habitual" });
  });

  it("never advances another subject's chain", async () => {
    const { id, subject } = newChain();
    await store.open({ id, subject, last_proximity: "reflexive" });
    expect(await store.advance(id, `key:${freshOwner()}`, "habitual", 3)).toBeNull();
    expect(await store.find(id, subject)).toMatchObject({ iterations: 1, last_proximity: "reflexive" });
  });
});
