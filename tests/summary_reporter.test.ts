import { describe, expect, it } from "vitest";
import { summaryLine } from "./summary_reporter";

describe("the closing summary line", () => {
  it("counts the tests, and the skipped ones per reason, most first", () => {
    expect(summaryLine(10, 0, new Map())).toBe("tests: 10 passed, 0 failed, 0 skipped");
    const skipped = new Map([
      ["no Chromium at /usr/bin/chromium (bash .ci/run installs it; or CHROMIUM_PATH)", 2],
      ["DATABASE_URL unset (bash .ci/run sets it)", 5],
    ]);
    expect(summaryLine(10, 1, skipped)).toBe(
      "tests: 10 passed, 1 failed, 7 skipped (5: DATABASE_URL unset (bash .ci/run sets it); 2: no Chromium at /usr/bin/chromium (bash .ci/run installs it; or CHROMIUM_PATH))",
    );
  });
});
