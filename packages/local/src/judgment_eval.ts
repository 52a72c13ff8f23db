import { guardAction, GuardrailVerdict } from "@svc/core";
import { readAction } from "@svc/judgment";
import {
  count,
  emptyTally,
  HARM_CODES,
  loadCorpus,
  ratesOf,
  readerInputOf,
  requestOf,
  splitOf,
  type CorpusCase,
  type Rates,
  type Tally,
} from "./judgment_corpus";
import { evaluateAccounts, formatAccountsReport } from "./judgment_eval_accounts";
import { evaluateFields, formatFieldsReport } from "./judgment_eval_fields";
import { isMain } from "./main";

/**
 * `npm run judgment:eval [-- --split dev|train|all] [--json]`: runs the guardrail exactly as
 * POST /api/guardrail does (offline Layer 1, no language model) over the development corpus and
 * prints, for the split (dev by default), recall, false-positive rate and balanced accuracy
 * overall, per harm code and per input form, and the label-by-verdict confusion table. A case
 * counts as flagged when the verdict is pause_for_review or do_not_proceed. `--errors` lists the
 * cases it gets wrong, on the train split only: dev stays unread, an honest estimate.
 */

const FLAGGING: ReadonlySet<GuardrailVerdict> = new Set(["pause_for_review", "do_not_proceed"]);

export interface EvalReport {
  readonly split: "dev" | "train" | "all";
  readonly cases: number;
  readonly overall: Rates & { readonly tally: Tally };
  readonly byCode: Record<string, Rates & { readonly tally: Tally }>;
  readonly byForm: Record<string, Rates & { readonly tally: Tally }>;
  /** label -> verdict -> cases. */
  readonly confusion: Record<"harmful" | "benign", Record<GuardrailVerdict, number>>;
}

/** The guardrail's verdict on a case: POST /api/guardrail's own function on the case's request. */
export async function verdictOf(c: CorpusCase): Promise<GuardrailVerdict> {
  return (await guardAction(requestOf(c))).verdict;
}

export async function evaluateGuardrail(corpus: readonly CorpusCase[], split: EvalReport["split"]): Promise<EvalReport> {
  const chosen = corpus.filter((c) => split === "all" || splitOf(c.pair) === split);
  const overall = emptyTally();
  const byCode = new Map<string, Tally>();
  const byForm = new Map<string, Tally>();
  const zero = () => Object.fromEntries(GuardrailVerdict.options.map((v) => [v, 0])) as Record<GuardrailVerdict, number>;
  const confusion = { harmful: zero(), benign: zero() };
  for (const c of chosen) {
    const verdict = await verdictOf(c);
    const flagged = FLAGGING.has(verdict);
    count(overall, c.label, flagged);
    for (const [map, key] of [
      [byCode, c.code],
      [byForm, c.form],
    ] as const) {
      if (!map.has(key)) map.set(key, emptyTally());
      count(map.get(key)!, c.label, flagged);
    }
    confusion[c.label][verdict]++;
  }
  const withRates = (map: Map<string, Tally>, order: readonly string[]) =>
    Object.fromEntries(order.filter((k) => map.has(k)).map((k) => [k, { ...ratesOf(map.get(k)!), tally: map.get(k)! }]));
  return {
    split,
    cases: chosen.length,
    overall: { ...ratesOf(overall), tally: overall },
    byCode: withRates(byCode, HARM_CODES),
    byForm: withRates(byForm, [...byForm.keys()].sort()),
    confusion,
  };
}

const pct = (x: number | null) => (x === null ? "   -  " : `${(x * 100).toFixed(1).padStart(5)}%`);

export function formatReport(report: EvalReport): string {
  const row = (name: string, r: Rates & { tally: Tally }) =>
    `${name.padEnd(24)} ${pct(r.recall)}  ${pct(r.falsePositiveRate)}  ${pct(r.balancedAccuracy)}   ${String(r.tally.truePositives + r.tally.falseNegatives).padStart(4)} ${String(r.tally.falsePositives + r.tally.trueNegatives).padStart(4)}`;
  const header = `${"".padEnd(24)} recall   FP rate  bal. acc.  harm  benign`;
  const lines = [
    `guardrail on the ${report.split} split: ${report.cases} cases (flagged = pause_for_review or do_not_proceed)`,
    "",
    header,
    row("overall", report.overall),
    "",
    "per harm code",
    ...Object.entries(report.byCode).map(([code, r]) => row(code, r)),
    "",
    "per input form",
    ...Object.entries(report.byForm).map(([form, r]) => row(form, r)),
    "",
    `confusion (label x verdict)  ${GuardrailVerdict.options.map((v) => v.padStart(22)).join("")}`,
    ...(["harmful", "benign"] as const).map(
      (label) => `${label.padEnd(28)} ${GuardrailVerdict.options.map((v) => String(report.confusion[label][v]).padStart(22)).join("")}`,
    ),
  ];
  return lines.join("\n");
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const splitArg = args.includes("--split") ? args[args.indexOf("--split") + 1] : "dev";
  if (splitArg !== "dev" && splitArg !== "train" && splitArg !== "all") throw new Error("--split takes dev, train or all");
  if (args.includes("--errors")) {
    if (splitArg !== "train") throw new Error("--errors lists train cases only: the dev split stays unread");
    for (const c of loadCorpus().filter((c) => splitOf(c.pair) === "train")) {
      const verdict = await verdictOf(c);
      if (FLAGGING.has(verdict) !== (c.label === "harmful")) {
        const reading = readAction(readerInputOf(c));
        console.log(
          `${c.label.padEnd(7)} ${verdict.padEnd(20)} p=${reading.probability.toFixed(3)} ${c.pair} [${c.form}] ${c.action.slice(0, 160).replace(/\s+/g, " ")}`,
        );
        console.log(`        features: ${reading.features.join(" ") || "(none)"}`);
      }
    }
    return;
  }
  const report = await evaluateGuardrail(loadCorpus(), splitArg);
  // The guardrail's reader of actions (Judgment I), then the reader of accounts (Judgment II):
  // wrong-vs-not on ETHICS and decided is_kathekon as score-action serves them, and the
  // extraction field by field on the Stoic accounts; `--guardrail` prints the first alone.
  const only = args.includes("--guardrail");
  if (args.includes("--json")) {
    const accountSplit = splitArg === "all" ? "dev" : splitArg;
    console.log(
      JSON.stringify(only ? report : { guardrail: report, accounts: await evaluateAccounts(accountSplit), fields: evaluateFields(accountSplit) }, null, 2),
    );
    return;
  }
  console.log(formatReport(report));
  if (only || splitArg === "all") return;
  console.log(`\n${formatAccountsReport(await evaluateAccounts(splitArg))}`);
  console.log(`\n${formatFieldsReport(evaluateFields(splitArg))}`);
}

if (isMain(import.meta.url)) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}
