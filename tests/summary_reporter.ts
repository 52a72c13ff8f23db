import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints one plain closing line, `tests: N passed, N failed, N skipped`, after vitest's own
 * summary, so CI logs state the count in a form any reader can parse.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed += 1;
        else if (state === "failed") failed += 1;
        else skipped += 1;
      }
      if (module.state() === "failed" && [...module.children.allTests()].length === 0) failed += 1;
    }
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
