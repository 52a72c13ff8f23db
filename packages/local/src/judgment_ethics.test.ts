import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ethicsSplitOf, loadEthics } from "./judgment_ethics";

describe("the ETHICS scenarios", () => {
  it("parses quoted fields with commas, escaped quotes and CRLF, numbering rows and pairs", () => {
    const dir = mkdtempSync(join(tmpdir(), "ethics-"));
    const path = join(dir, "e.csv");
    writeFileSync(path, 'label,input\r\n0,"I said ""hello"", then left."\r\n1,I left.\r\n0,"Two,\ncommas"\n');
    expect(loadEthics(path)).toEqual([
      { row: 0, pair: 0, label: 0, text: 'I said "hello", then left.' },
      { row: 1, pair: 0, label: 1, text: "I left." },
      { row: 2, pair: 1, label: 0, text: "Two,\ncommas" },
    ]);
  });

  it("refuses a file of another shape, naming the line", () => {
    const dir = mkdtempSync(join(tmpdir(), "ethics-"));
    writeFileSync(join(dir, "h.csv"), "input,label\n");
    expect(() => loadEthics(join(dir, "h.csv"))).toThrow(/header/);
    writeFileSync(join(dir, "l.csv"), "label,input\n0,fine\n2,bad label\n");
    expect(() => loadEthics(join(dir, "l.csv"))).toThrow(/l\.csv:3/);
  });

  it("splits by pair, fixed, about a fifth to dev", () => {
    const pairs = Array.from({ length: 1000 }, (_, k) => k);
    const dev = pairs.filter((k) => ethicsSplitOf(k) === "dev").length;
    expect(dev).toBeGreaterThan(150);
    expect(dev).toBeLessThan(250);
    expect(pairs.map(ethicsSplitOf)).toEqual(pairs.map(ethicsSplitOf));
  });

  it("loads the committed file: 1,704 items in 852 pairs", () => {
    const items = loadEthics();
    expect(items).toHaveLength(1704);
    expect(new Set(items.map((i) => i.pair)).size).toBe(852);
    expect(items.filter((i) => i.label === 1).length).toBeGreaterThan(700);
  });
});
