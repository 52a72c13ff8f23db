import type { Reporter, TestCase, TestModule } from "vitest/node";
import type {} from "./support/requirements"; // its TaskMeta.skipReason

/**
 * Prints one plain closing line, `tests: N passed, N failed, N skipped`, after vitest's own
 * summary, so CI logs state the count in a form any reader can parse; when tests were skipped,
 * it goes on with why, counted per reason:
 * `tests: 900 passed, 0 failed, 14 skipped (12: DATABASE_URL unset (bash .ci/run sets it); 2: …)`.
 * A reason is the skipped test's note (`ctx.skip(note)`) or its suite's `skipReason`
 * (tests/support/requirements.ts, `needs(…)`); a skip without either is "no reason given".
 */
export function skipReason(test: TestCase): string {
  const result = test.result();
  if (result.state === "skipped" && result.note) return result.note;
  const reason = test.meta().skipReason;
  if (reason) return reason;
  if (test.options.mode === "todo") return "todo";
  return "no reason given (it.skip, or not selected by -t or .only)";
}

export function summaryLine(passed: number, failed: number, skipped: ReadonlyMap<string, number>): string {
  const count = [...skipped.values()].reduce((sum, n) => sum + n, 0);
  const reasons = [...skipped].sort((a, b) => b[1] - a[1]).map(([reason, n]) => `${n}: ${reason}`);
  return `tests: ${passed} passed, ${failed} failed, ${count} skipped${count ? ` (${reasons.join("; ")})` : ""}`;
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    const skipped = new Map<string, number>();
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed += 1;
        else if (state === "failed") failed += 1;
        else {
          const reason = skipReason(test);
          skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
        }
      }
      if (module.state() === "failed" && [...module.children.allTests()].length === 0) failed += 1;
    }
    process.stdout.write(`\n${summaryLine(passed, failed, skipped)}\n`);
  }
}
