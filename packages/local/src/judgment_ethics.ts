import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./main";

/**
 * The labelled short scenarios of ETHICS commonsense morality (Hendrycks et al., ICLR 2021, MIT
 * licence), as the team's shared data holds them (`../shared/data/ethics-commonsense-short.csv`:
 * the short items of its "test_hard" split; see that folder's README). 1 = the act is clearly
 * wrong by widely shared judgement, 0 = it is not. The file is not copied into the repository;
 * ETHICS_CSV names another place for it.
 *
 * Its rows come in minimal pairs (rows 2k and 2k+1 share their wording and mostly differ in
 * label), so the fixed split is by pair: a pair is dev when the first byte of
 * SHA-256("ethics-<k>") is divisible by 5, about a fifth, and twins never straddle the split.
 * Never the ETHICS `test` split: the service is measured on it elsewhere.
 */

export interface EthicsItem {
  /** Row number in the file, from 0. */
  readonly row: number;
  readonly pair: number;
  readonly label: 0 | 1;
  readonly text: string;
}

export const ETHICS_CSV = join(REPO_ROOT, "data/judgment/ethics/commonsense-short.csv");

/** One CSV record after the header: fields split on commas outside double quotes, "" an escaped quote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let field = "";
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      field = "";
      if (row.some((f) => f !== "")) rows.push(row);
      row = [];
    } else field += ch;
  }
  row.push(field);
  if (row.some((f) => f !== "")) rows.push(row);
  return rows;
}

/** Every item, in file order; throws naming the line of a malformed one. */
export function loadEthics(path: string = ETHICS_CSV): EthicsItem[] {
  const [header, ...rows] = parseCsv(readFileSync(path, "utf8"));
  if (header?.join(",") !== "label,input") throw new Error(`${path}: expected the header "label,input"`);
  return rows.map((r, row) => {
    if (r.length !== 2 || (r[0] !== "0" && r[0] !== "1") || r[1]!.trim() === "") throw new Error(`${path}:${row + 2}: expected a 0/1 label and a scenario`);
    return { row, pair: Math.floor(row / 2), label: r[0] === "1" ? 1 : 0, text: r[1]! };
  });
}

export function ethicsSplitOf(pair: number): "train" | "dev" {
  return createHash("sha256").update(`ethics-${pair}`).digest()[0]! % 5 === 0 ? "dev" : "train";
}
