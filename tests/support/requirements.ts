import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import type { TestOptions } from "vitest";
import { CHROMIUM } from "./chromium";
import { PG_BIN } from "./postgres_cluster";

declare module "vitest" {
  interface TaskMeta {
    /** Why the suite or test is skipped where the machine lacks what it needs (tests/summary_reporter.ts prints it). */
    skipReason?: string;
  }
}

/**
 * What a suite needs from the machine. `describe(name, needs("postgres"), () => …)` runs the suite
 * where it is met and otherwise skips it with its reason, which the closing summary line names
 * (`tests: … 12 skipped: DATABASE_URL unset (bash .ci/run sets it)`).
 */
export type Requirement = "postgres" | "postgres_and_redis" | "chromium" | "postgres_binaries" | "jq";

const hasCommand = (command: string): boolean => {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

const REQUIREMENTS: Record<Requirement, () => { met: boolean; reason: string }> = {
  postgres: () => ({ met: !!process.env.DATABASE_URL, reason: "DATABASE_URL unset (bash .ci/run sets it)" }),
  postgres_and_redis: () => ({
    met: !!process.env.DATABASE_URL && !!process.env.REDIS_URL,
    reason: "DATABASE_URL or REDIS_URL unset (bash .ci/run sets both)",
  }),
  chromium: () => ({ met: existsSync(CHROMIUM), reason: `no Chromium at ${CHROMIUM} (bash .ci/run installs it; or CHROMIUM_PATH)` }),
  postgres_binaries: () => ({ met: !!PG_BIN, reason: "no PostgreSQL binaries (PG_BIN)" }),
  jq: () => ({ met: hasCommand("jq"), reason: "jq not installed (bash .ci/run installs it)" }),
};

/** Whether the machine has what is named, and the reason to give when it has not. */
export function requirement(name: Requirement): { met: boolean; reason: string } {
  return REQUIREMENTS[name]();
}

/** Suite options: skipped, with its reason for the summary, unless every requirement is met. */
export function needs(...names: Requirement[]): TestOptions {
  const unmet = names.map(requirement).filter((r) => !r.met);
  return unmet.length === 0 ? {} : { skip: true, meta: { skipReason: unmet.map((r) => r.reason).join("; ") } };
}
