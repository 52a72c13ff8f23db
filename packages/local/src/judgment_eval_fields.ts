import { extractOffline, type Layer1Extraction } from "@svc/core";
import { accountSplitOf, loadAccounts, type Account } from "./judgment_accounts";
import { isMain } from "./main";

/**
 * `npx tsx packages/local/src/judgment_eval_fields.ts [--json]`: the offline extractor read field
 * by field against the Stoic accounts' labels, on the dev split and on the train split apart:
 *
 *   act_kind       accuracy of situation.act_kind.
 *   deliberation   accuracy of deliberation.level on the accounts labelled with a level (and by
 *                  level); and, on
 *                  those labelled null (the account does not show how the act was reasoned), the
 *                  share read without evidence (the reader's way of saying "not shown").
 *   passions       the author's root passions: precision and recall of (account, root) pairs;
 *                  sub-species accuracy on the labelled (root, sub-species) pairs whose root was
 *                  found; intensity accuracy on the same; and the share of accounts tagged with a
 *                  denied or someone else's passion that are read with no passion at all where
 *                  they are labelled with none.
 *   domains        andreia and sophrosyne: accuracy of "engaged" on every account, with
 *                  precision and recall of the engaged reading.
 *
 * Only aggregate figures: the dev split is measured, never read case by case.
 */

export interface BinaryFigures {
  readonly accuracy: number;
  readonly precision: number;
  readonly recall: number;
}

export interface FieldsReport {
  readonly split: "dev" | "train";
  readonly accounts: number;
  readonly actKind: { readonly accuracy: number; readonly byLabel: Readonly<Record<string, { readonly cases: number; readonly correct: number }>> };
  readonly deliberation: {
    readonly labelled: number;
    readonly accuracy: number;
    readonly byLabel: Readonly<Record<string, { readonly cases: number; readonly correct: number; readonly silent: number }>>;
    readonly unlabelled: number;
    readonly unlabelledSilent: number;
  };
  readonly passions: {
    readonly labelled: number;
    readonly read: number;
    readonly precision: number;
    readonly recall: number;
    readonly subLabelled: number;
    readonly subAccuracy: number;
    readonly intensityAccuracy: number;
    readonly trickyAccounts: number;
    readonly trickyClean: number;
  };
  readonly andreia: BinaryFigures;
  readonly sophrosyne: BinaryFigures;
}

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);

function binary(pairs: ReadonlyArray<readonly [truth: boolean, read: boolean]>): BinaryFigures {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let agree = 0;
  for (const [t, r] of pairs) {
    if (t === r) agree++;
    if (t && r) tp++;
    if (!t && r) fp++;
    if (t && !r) fn++;
  }
  return { accuracy: ratio(agree, pairs.length), precision: ratio(tp, tp + fp), recall: ratio(tp, tp + fn) };
}

/** The figures of one split, with any extractor (the offline one by default). */
export function evaluateFields(
  split: "dev" | "train",
  data: { accounts?: readonly Account[]; extract?: (text: string) => Layer1Extraction } = {},
): FieldsReport {
  const extract = data.extract ?? ((text: string) => extractOffline({ text }));
  const accounts = (data.accounts ?? loadAccounts()).filter((a) => accountSplitOf(a.id) === split);

  let actRight = 0;
  const byLabel: Record<string, { cases: number; correct: number }> = {};
  const delibByLabel: Record<string, { cases: number; correct: number; silent: number }> = {};
  let delibLabelled = 0;
  let delibRight = 0;
  let delibNull = 0;
  let delibNullSilent = 0;
  let rootsLabelled = 0;
  let rootsRead = 0;
  let rootsBoth = 0;
  let subLabelled = 0;
  let subRight = 0;
  let intensityRight = 0;
  let tricky = 0;
  let trickyClean = 0;
  const andreia: Array<[boolean, boolean]> = [];
  const sophrosyne: Array<[boolean, boolean]> = [];

  for (const a of accounts) {
    const ex = extract(a.text);
    const kind = (byLabel[a.act_kind] ??= { cases: 0, correct: 0 });
    kind.cases++;
    if (ex.situation.act_kind === a.act_kind) {
      actRight++;
      kind.correct++;
    }

    if (a.deliberation !== null) {
      delibLabelled++;
      const level = (delibByLabel[a.deliberation] ??= { cases: 0, correct: 0, silent: 0 });
      level.cases++;
      if (ex.deliberation.evidence.length === 0) level.silent++;
      if (ex.deliberation.level === a.deliberation) {
        delibRight++;
        level.correct++;
      }
    } else {
      delibNull++;
      if (ex.deliberation.evidence.length === 0) delibNullSilent++;
    }

    const truth = new Set(a.passions.map((p) => p.root_passion));
    const read = new Set(ex.passions.map((p) => p.root_passion));
    rootsLabelled += truth.size;
    rootsRead += read.size;
    for (const r of read) if (truth.has(r)) rootsBoth++;
    for (const p of a.passions) {
      const got = ex.passions.filter((q) => q.root_passion === p.root_passion);
      if (got.length === 0) continue;
      if (p.sub_species !== null) {
        subLabelled++;
        if (got.some((q) => q.sub_species === p.sub_species)) subRight++;
      }
      const same = got.find((q) => q.sub_species === p.sub_species) ?? got[0]!;
      if (same.intensity === p.intensity) intensityRight++;
    }
    if (a.tags.includes("negated_passion") || a.tags.includes("third_person_passion")) {
      if (a.passions.length === 0) {
        tricky++;
        if (ex.passions.length === 0) trickyClean++;
      }
    }

    andreia.push([a.domains.includes("andreia"), ex.domains.andreia.engaged]);
    sophrosyne.push([a.domains.includes("sophrosyne"), ex.domains.sophrosyne.engaged]);
  }

  return {
    split,
    accounts: accounts.length,
    actKind: { accuracy: ratio(actRight, accounts.length), byLabel },
    deliberation: {
      labelled: delibLabelled,
      accuracy: ratio(delibRight, delibLabelled),
      byLabel: delibByLabel,
      unlabelled: delibNull,
      unlabelledSilent: ratio(delibNullSilent, delibNull),
    },
    passions: {
      labelled: rootsLabelled,
      read: rootsRead,
      precision: ratio(rootsBoth, rootsRead),
      recall: ratio(rootsBoth, rootsLabelled),
      subLabelled,
      subAccuracy: ratio(subRight, subLabelled),
      intensityAccuracy: ratio(intensityRight, rootsBoth),
      trickyAccounts: tricky,
      trickyClean: ratio(trickyClean, tricky),
    },
    andreia: binary(andreia),
    sophrosyne: binary(sophrosyne),
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function formatFieldsReport(r: FieldsReport): string {
  const kinds = Object.entries(r.actKind.byLabel)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k} ${v.correct}/${v.cases}`)
    .join(", ");
  const levels = ["none", "habitual", "considered", "principled", "exemplary"]
    .filter((l) => r.deliberation.byLabel[l])
    .map((l) => `${l} ${r.deliberation.byLabel[l]!.correct}/${r.deliberation.byLabel[l]!.cases}`)
    .join(", ");
  const p = r.passions;
  return [
    `extraction fields on the ${r.split} split, ${r.accounts} accounts (offline extractor against the labels)`,
    `  act_kind       accuracy ${pct(r.actKind.accuracy)}  (${kinds})`,
    `  deliberation   level accuracy ${pct(r.deliberation.accuracy)} on ${r.deliberation.labelled} labelled (${levels}); no evidence on ${pct(r.deliberation.unlabelledSilent)} of ${r.deliberation.unlabelled} labelled null`,
    `  passions       root precision ${pct(p.precision)} (${p.read} read)  recall ${pct(p.recall)} (${p.labelled} labelled)  sub-species ${pct(p.subAccuracy)} of ${p.subLabelled}  intensity ${pct(p.intensityAccuracy)}`,
    `                 denied or others' passions read as none: ${pct(p.trickyClean)} of ${p.trickyAccounts}`,
    `  andreia        engaged accuracy ${pct(r.andreia.accuracy)}  precision ${pct(r.andreia.precision)}  recall ${pct(r.andreia.recall)}`,
    `  sophrosyne     engaged accuracy ${pct(r.sophrosyne.accuracy)}  precision ${pct(r.sophrosyne.precision)}  recall ${pct(r.sophrosyne.recall)}`,
  ].join("\n");
}

export function main(argv: readonly string[] = process.argv.slice(2)): void {
  const accounts = loadAccounts();
  const reports = (["dev", "train"] as const).map((split) => evaluateFields(split, { accounts }));
  console.log(argv.includes("--json") ? JSON.stringify(reports, null, 2) : reports.map(formatFieldsReport).join("\n\n"));
}

if (isMain(import.meta.url)) main();
