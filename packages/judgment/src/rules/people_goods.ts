import type { Rule } from "../types";
import { DECLINED, HANDLING } from "./people_shared";
import { lex, pairRule, phraseRule } from "./systems_kit";

/**
 * illegal_goods, read from plain language: trading in drugs sold outside prescription, counterfeit
 * or stolen goods, forged documents, protected wildlife, stolen card data, and the ways such trade
 * hides itself (stealth packaging, false customs declarations, no paperwork, split shipments).
 */

const TRADE = lex("goods_trade", [
  "sell", "sells", "selling", "sold", "resell", "buy", "buying", "bought", "purchase", "order", "ordered", "place order", "source",
  "sourcing", "ship", "shipping", "shipped", "list", "listed", "listing", "create listing", "create listings", "post", "restock",
  "stock", "supply", "supplier", "vendor", "seller", "sellers", "get me", "find someone who sells", "find a vendor", "find a guy",
  "find a seller", "import", "export", "smuggle", "route", "deliver", "delivery", "deal", "print", "relabel", "pay the fixer",
  "get", "available", "offer", "marketplace", "shop", "store", "for sale", "market", "darknet shop", "carding forum",
]);
const CONTRABAND = lex("goods_contraband", [
  "fentanyl", "fentanyl powder", "cocaine", "coke", "heroin", "meth", "methamphetamine", "crack", "mdma", "ecstasy", "lsd",
  "ketamine", "oxy", "oxycodone", "oxycontin", "percocet", "xanax", "alprazolam", "alprazolam pressed bars", "pressed bars",
  "adderall", "codeine", "tramadol", "o desmethyltramadol", "research chemicals", "steroids", "counterfeit", "counterfeits",
  "fake designer", "fake handbags", "fake documents", "fake licences", "fake licenses", "fake brand", "fake branded", "replica designer", "knockoff", "stolen", "seized goods", "ivory", "pangolin",
  "pangolin scales", "rhino horn", "wild caught", "ploughshare tortoises", "human skull", "cloned credit cards", "cloned cards",
  "card dumps", "cvv", "fullz", "stolen logins", "stolen credit card", "fake passport", "fake id", "fake ids",
  "passport in a different name", "fake vaccination cards", "fake vax card", "fake ehic", "fake receipts", "fake apple receipts",
  "fake concert wristbands", "auto sears", "glock auto sears", "undeclared handguns", "lower receivers", "class b fireworks",
  "display shells", "unlicensed thc", "unlicensed", "sassafras oil", "precursor", "precursors", "prescription insulin",
  "prescription free", "prescription-free", "no script needed", "no script", "no prescription needed", "knock offs",
  "knockoffs", "bootleg", "untaxed", "smuggled", "duty free cigarettes", "contraband", "research chemical", "hydrocodone", "trenbolone", "no prescription", "norx", "no rx", "fake eu passport", "forged passport", "forged documents", "kidney", "organs", "duplicate barcodes", "without a script", "without a prescription", "no prescription"
]);
const GOODS_BLOCK = lex("goods_block", [
  "test strips", "test card", "test cards", "test mode", "sandbox", "naloxone", "narcan", "prescribed", "my prescription",
  "repeat prescription", "prescription in stock", "official replacement", "official retailer", "licensed dealer",
  "licensed distributor", "state tested", "returns program", "recalled", "medwatch", "conservation exhibit",
  "illegal wildlife trade", "captive bred", "breeder certificates", "cites documentation", "replica, anatomy",
  "labeled as a replica", "labelled as a replica", "as used", "auction paperwork", "fleet replacement", "vins recorded",
  "recorded as", "harm reduction", "cd licence", "cd license", "signed order", "requisition", "mhra", "licensed supplier", "wholesale dealer licence", "my own", "campus police", "to the police", "police station", "is illegal", "are illegal",
  "illegal almost everywhere", "bans", "won't submit", "stopped before", "found property", "lost property", "fake news", "fake data", "fake accounts", "fake reviews",
]);
const EVASION = lex("goods_evasion", [
  "no paperwork", "mislabel", "like the real thing", "as the real thing", "they're copies", "passing them off",
  "without paying the tax", "without paying duty", "without paying the duty", "dodge the duty", "no ce", "no ukca",
  "licence number as 000000", "fake licence number", "relabel them as", "relabel as", "relabelled as", "no mention of what it is",
  "don't say what it is", "usual drop point", "drop point", "dead drop", "discreet packaging", "stealth packaging", "stealth delivery", "uk stealth delivery", "discreet shipping",
  "discreet, no signature", "no signature", "vacuum sealed", "dvd case", "no questions asked", "don't ask about",
  "not for human consumption", "so the payment processor doesn't flag", "doesn't flag them", "under the counter",
  "vins aren't recorded", "aren't recorded", "trips the precursor", "reporting threshold", "split it into small shipments",
  "invoice them as", "describe them as", "so they don't get removed", "declare to customs false", "undeclared", "no license check", "no licence check",
  "no cites papers", "no export papers", "wrapped as", "as toys", "ship to banned states true", "natural botanical", "cash only", "pay in usdt", "monero", "with bitcoin", "in crypto", "sell them as genuine", "as genuine",
  "as new with fake", "where they came from", "under 21", "for walk ins under 21", "telegram guy", "that telegram guy",
  "off that telegram", "on telegram", "darknet", "dark web", "darknet markets", "carding forum", "export license null",
]);

/** Identity papers of any kind. */
const ID_PAPER = lex("goods_id_paper", [
  "passport", "passports", "id card", "id cards", "identity card", "identity cards", "driving licence", "driving licences", "driver's license",
  "drivers license", "driver's licenses", "dl", "visa", "visas", "residence permit", "residence card", "birth certificate", "national id",
  "work permit", "green card", "social security card", "ids",
]);
/** A paper made for an identity that is not the holder's own. */
const FALSE_IDENTITY = lex("goods_false_identity", ["new identity", "new identities", "blank", "scannable", "my photo on it", "my picture on it"]);
/** Whose name a paper is in, right after it ("a passport in my cousin's name"). */
const OTHER_NAME = lex("goods_other_name", [
  "in a different name", "in a false name", "in another name", "in * * name", "under * * name", "in someone else's name",
  "in another person's name", "in different names", "in other people's names",
]);
const OWN_PAPER = lex("goods_own_paper", ["renew my", "my own", "replace my", "report * lost", "report * stolen", "apply for my", "official", "gov.uk", "passport office"]);

export const goodsRules: readonly Rule[] = [
  pairRule({
    feature: "illegal_goods.false_identity_papers", code: "illegal_goods", note: "identity papers for an identity not the holder's own",
    act: ID_PAPER, object: FALSE_IDENTITY, window: 10, blocks: [{ lex: OWN_PAPER }, { lex: HANDLING }, { lex: DECLINED }],
  }),
  pairRule({
    feature: "illegal_goods.false_identity_papers", code: "illegal_goods", note: "identity papers for an identity not the holder's own",
    act: ID_PAPER, object: OTHER_NAME, window: 2, ordered: true, blocks: [{ lex: OWN_PAPER }, { lex: HANDLING }, { lex: DECLINED }],
  }),
  pairRule({
    feature: "illegal_goods.contraband_trade", code: "illegal_goods", note: "trading in drugs, counterfeit, stolen or protected goods",
    act: TRADE, object: CONTRABAND, window: 12, blocks: [{ lex: GOODS_BLOCK }, { lex: HANDLING }, { lex: DECLINED }],
  }),
  phraseRule({ feature: "illegal_goods.trade_evasion", code: "illegal_goods", note: "a trade hidden from checks, customs or the law", phrases: EVASION, block: GOODS_BLOCK }),
];
