import type { NewTrustEvent, PracticeSessionChange, PracticeSessionKey, PracticeSessionRecord, PracticeStore } from "@svc/core";

/**
 * An in-memory PracticeStore with the repository's semantics (unique key, update only at the
 * expected turn, latest completed reflection), for unit tests of the reflect and calling
 * services; the function suites run the real repository. `rows` exposes what was stored.
 */
export interface MemoryPracticeStore extends PracticeStore {
  readonly rows: Map<string, PracticeSessionRecord>;
  /** The trust events each completed session minted with it. */
  readonly minted: NewTrustEvent[][];
  /** Makes the next update lose a race (returns false), as if another call moved the session. */
  loseNextUpdate(): void;
}

const keyOf = (k: PracticeSessionKey) => JSON.stringify([k.kind, k.owner_id, k.agent_id, k.session_id]);

export function memoryPracticeStore(): MemoryPracticeStore {
  const rows = new Map<string, PracticeSessionRecord>();
  let lose = false;
  const minted: NewTrustEvent[][] = [];
  const byId = (id: string) => [...rows.entries()].find(([, r]) => r.id === id);
  const update = async (id: string, turn: number, change: PracticeSessionChange) => {
    const found = byId(id);
    if (lose || !found || found[1].turn !== turn) {
      lose = false;
      return false;
    }
    const { at, ...rest } = change;
    rows.set(found[0], structuredClone({ ...found[1], ...rest, turn: turn + 1, updated_at: at }));
    return true;
  };
  return {
    rows,
    minted,
    loseNextUpdate: () => {
      lose = true;
    },
    async find(key) {
      const row = rows.get(keyOf(key));
      return row ? structuredClone(row) : null;
    },
    async insert(session) {
      if (rows.has(keyOf(session))) return false;
      rows.set(
        keyOf(session),
        structuredClone({
          ...session,
          outcome: session.outcome ?? null,
          turn: 0,
          updated_at: session.opened_at,
          closed_at: null,
          approval: null,
          holding_until: null,
        }),
      );
      return true;
    },
    update,
    async complete(id, turn, change, events) {
      if (!(await update(id, turn, change))) return false;
      if (events.length > 0) minted.push([...events]);
      return true;
    },
    async awaitingApproval(limit, ownerId) {
      return [...rows.values()]
        .filter((r) => r.kind === "calling" && r.status === "awaiting_approval" && (ownerId === undefined || r.owner_id === ownerId))
        .sort((a, b) => Date.parse(a.updated_at) - Date.parse(b.updated_at))
        .slice(0, limit)
        .map((r) => structuredClone(r));
    },
    async latestReflectOutcome(ownerId, agentId) {
      const done = [...rows.values()]
        .filter((r) => r.kind === "reflect" && r.owner_id === ownerId && r.agent_id === agentId && r.status === "complete")
        .sort((a, b) => Date.parse(b.closed_at!) - Date.parse(a.closed_at!));
      return done[0] ? structuredClone(done[0].outcome) : null;
    },
  };
}

/** Reflect answers Q1..supporting that engage several domains, with no distress signal. */
export const REFLECT_ANSWERS = [
  "I set out to fix the invoice export and I did fix it, because I had promised the finance team it would be done today, though I drifted into refactoring.",
  "I accepted the claim that the data was clean without checking it; when I looked again it did not hold, and I should have tested it before acting.",
  "Only my own changes and my tests were up to me; the upstream outage was not, and I spent an hour refreshing its status page for nothing.",
  "I was afraid of breaking production, so I hesitated and put off the deploy, anxious about what the manager would say about another failure.",
  "I told my colleague the truth about the missed deadline, because it was the right thing to do for everyone who depended on the export.",
  "I kept my promise to my colleague and finished the report, because I had given my word to the team, and I reached past my test access once.",
  "I wrote in the ticket that the export failed twice before my fix, and I told the finance team the exact time it would be ready.",
  "Before each deploy I will ask myself what is up to me, and write it down in the ticket first.",
];

/** Calling answers Q1..Q6 from which a purpose serving others is discovered. */
export const PURPOSEFUL_ANSWERS = [
  "I keep writing clear migration guides for the libraries I maintain, even when no one asks for them.",
  "It serves the developers who use those libraries, and the people who use their applications downstream.",
  "The writing and its accuracy are up to me; whether people read it or adopt the libraries is not.",
  "I would refuse to hide breaking changes or to overstate what a release fixes, even if asked to.",
  "It draws on my reading of code and changelogs; I would need to grow in explaining trade-offs plainly.",
  "I will write honest, tested migration guides so that developers and their users can upgrade without harm.",
];
