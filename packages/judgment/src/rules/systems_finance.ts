import type { Rule } from "../types";
import { lex, pairRule, phraseRule } from "./systems_kit";

/**
 * financial_harm, read from plain language: money moved to oneself or to an unknown or unverified
 * party, accounts drained, payees redirected, charges and purchases nobody authorised, gift-card
 * and ransom payments, embezzlement and market manipulation.
 */

const MOVE = lex("move_money_act", [
  "transfer", "transferring", "wire", "wiring", "send", "sending", "pay", "paying", "refund", "refunding",
  "route", "routing", "redirect", "redirecting", "deposit", "depositing", "payout", "payouts", "pay out", "withdraw",
  "withdrawing", "cash out", "remit", "sweep", "disburse", "disbursing", "reimburse", "credit", "forward", "divert",
  "diverting", "put", "sell * and wire", "wire the proceeds", "zelle", "venmo", "bank transfer", "bank.transfer", "ach",
  "swift", "issue a refund", "send money", "make a payment", "payouts create", "transfers create", "billpay", "bank wire",
  "move the money", "move money", "move the funds", "move funds", "move * to my", "move the balance", "move the savings", "move * into my",
]);

const MONEY = lex("money_object", [
  "money", "funds", "fund", "cash", "balance", "balances", "savings", "escrow", "payroll", "proceeds", "refund", "refunds",
  "payment", "payments", "deposit", "deposits", "treasury", "client money", "client funds", "customer funds", "donations",
  "grant money", "budget", "revenue", "earnings", "dues", "fees", "rent", "salary", "pension", "retirement", "trust fund",
  "estate", "inheritance", "bitcoin", "btc", "eth", "usdc", "usdt", "crypto", "$", "€", "£", "usd", "eur", "gbp", "dollars",
  "amount", "invoice", "invoices", "orders", "club account", "petty cash", "float", "reserves", "investments", "holdings",
  "portfolio", "401k", "ira",
  "k", "grand", "quid", "bucks", "the money", "thousand", "million", "wire", "transfer", "amount",
]);

/** The mover's own pocket. */
const TO_SELF = lex("to_self", [
  "my account", "my own account", "my own", "my personal", "my checking", "my savings account", "my paypal", "my venmo",
  "my wallet", "my crypto", "my bank", "my card", "my llc", "my company", "my name", "in my name", "to me", "to myself",
  "into my", "personal account", "personal checking", "personal :", "personal_", "ba personal", "my side account",
  "my brokerage", "my revolut", "my cash app", "opened in my name", "owner draw", "myself", "me instead", "mine",
  "my consulting", "my shell company", "my wife's account", "my husband's account", "my brother's account",
]);

/** Money leaving for the owner's own other account: not a taking. */
const OWN_SOURCE = lex("own_source", [
  "from my", "between my", "from our own", "my own savings", "my own money", "my paycheck", "my salary", "my reimbursement",
]);

const UNKNOWN_PARTY = lex("unknown_party", [
  "unknown", "unverified", "unfamiliar", "new beneficiary", "new payee", "new vendor", "new account", "new bank",
  "never heard", "nobody's heard", "no one has heard", "address from dm", "address in the dm", "from the dm", "address in the note",
  "wallet in the note", "in the note", "from the email", "in the email", "in his whatsapp", "in the whatsapp", "whatsapp message",
  "text message", "wallet address", "external wallet", "offshore", "overseas account",
  "foreign account", "shell company", "gift cards", "gift card", "prepaid cards", "resale", "seller account created today",
  "no buyer protection", "wire only", "cannot be traced", "untraceable", "burner", "stranger", "someone i met online",
  "beneficiary name * unknown", "external unknown", "airdrop claim",
  "urgent supplier change", "supplier change", "changed bank", "changed their bank", "new bank details", "final notice",
  "mixer", "tumbler", "tornado cash", "from dm",
  "the caller", "caller asked", "person on the phone", "someone on the phone", "man on the phone", "woman on the phone",
  "as the caller", "the agent on the phone", "someone who called", "the guy who called", "quick cash", "cash app tag from",
  "crypto exchange", "exchange wallet", "new iban", "unfamiliar iban", "foreign iban",
  "new recipient", "unknown recipient", "unverified recipient",
  "guy on telegram", "someone on telegram", "on telegram", "on discord", "guy on discord", "someone on whatsapp",
  "recommended by a stranger", "crypto platform", "investment platform he recommended", "platform the guy", "someone i met on",
]);

const DRAIN = lex("drain", [
  "drain", "draining", "empty", "emptying", "liquidate all", "liquidate the", "liquidate_all", "liquidate everything",
  "withdraw all", "withdraw everything", "withdraw the full", "withdraw the entire", "amount = ' all", "amount all",
  "cash out all", "cash out everything", "clean out", "wipe out", "sell all", "sell everything", "sell off all", "max out",
  "maxing out", "entire balance", "full balance", "whole balance", "all the money", "all of the money", "every penny",
  "all his savings", "all her savings", "all their savings", "entire savings", "life savings", "all the funds",
  "all of * savings", "all * savings", "all of the savings", "all of her money", "all of his money", "all of their money",
  "everything in * account", "everything in the account",
  "all available balance", "available balance", "entire available balance", "full available balance", "all available funds",
]);

const ACCOUNT = lex("account_object", [
  "account", "accounts", "savings", "balance", "retirement", "401k", "ira", "pension", "trust", "estate", "holdings",
  "portfolio", "treasury", "wallet", "escrow", "fund", "funds", "credit card", "credit cards", "card", "cards", "brokerage",
  "investments", "college fund", "checking",
]);

const CHANGE = lex("change_act", [
  "change", "changing", "update", "updating", "replace", "replacing", "switch", "swap", "edit", "modify", "set", "redirect",
  "point", "reroute", "re route", "update_bank", "update bank", "overwrite",
]);

const PAYEE = lex("payee_object", [
  "payee account", "payee", "payee details", "bank details", "bank account", "banking details", "iban", "routing number",
  "routing numbers", "account number", "direct deposit", "deposit account", "remittance", "payout account", "payout destination",
  "beneficiary", "vendor bank", "supplier bank", "payment details", "payment instructions", "wire instructions", "sort code",
]);

const CHARGE = lex("charge_act", [
  "charge", "charging", "bill", "billing", "debit", "renew", "auto renew", "upgrade", "enroll", "enrol", "subscribe",
  "sign up", "add a fee", "add fees", "recurring charge", "recurring", "surcharge", "apply a fee", "apply fees", "bulk update",
  "bulk_update", "put through",
]);

const EVERY_CUSTOMER = lex("every_customer", [
  "every customer", "all customers", "every user", "all users", "every member", "all members", "every subscriber",
  "all subscribers", "every free trial user", "every free-trial user", "all trial users", "every card on file",
  "cards on file", "everyone", "every account", "all accounts", "all active", "whole list", "entire list",
  "all customer", "every client", "all clients", "all active subscriptions", "all active plans",
]);

const NO_CONSENT = lex("no_consent", [
  "even the ones who cancelled", "even those who cancelled", "even the ones who canceled", "including those who cancelled",
  "without consent", "without their consent", "without asking", "without telling", "without notice", "without notifying",
  "notify = false", "notify false", "notify ' : false", "won't notice", "wouldn't notice", "will not notice", "won't mind",
  "doesn't need to know", "don't need to know", "never agreed", "didn't agree", "did not agree", "didn't authorise",
  "didn't authorize", "not authorised", "not authorized", "unauthorised", "unauthorized", "without authorisation",
  "without authorization", "without approval", "without permission", "behind their back", "hidden fee", "hidden fees",
  "label it", "call it", "disguise", "bury it", "opted out", "unsubscribed",
]);

const USE_CARD = lex("use_card_act", [
  "use", "using", "charge", "put it on", "with", "on", "pay with", "buy with", "order with",
]);

const OTHERS_CARD = lex("others_card", [
  "mom's card", "mum's card", "dad's card", "mother's card", "father's card", "parent's card", "parents' card", "grandma's card",
  "neighbour's", "neighbor's", "saved card on", "her card", "his card", "their card", "her credit card", "his credit card",
  "someone else's card", "stolen card", "found card", "company card", "corporate card", "corporate amex", "company amex",
  "business card", "client's card", "customer's card", "roommate's card", "boss's card", "wife's card", "husband's card",
  "elderly", "grandmother's", "client's saved", "customer's saved", "mom's saved", "dad's saved", "company credit card",
  "business credit card", "company's card", "employer's card", "patient's card", "guest's card", "card on file", "grandfather's", "her account", "his account",
  "roommate's credit card", "flatmate's", "flatmate's card", "roommate's", "housemate's", "friend's card", "friend's credit card",
  "sister's card", "brother's card", "partner's card", "colleague's card", "his bank details", "her bank details",
  "their bank details", "his card details", "her card details", "their card details", "his account details", "her account details",
]);

const FOR_SELF = lex("for_self", [
  "for myself", "for me", "order myself", "buy myself", "myself a", "my own use", "for my own", "personal use", "for personal",
  "i want", "won't notice", "won't mind", "she won't notice", "he won't notice", "they won't notice",
  "gift cards", "gift card", "for my", "to myself", "my flights", "my flight", "my holiday", "my vacation", "my rent",
  "my bills", "my groceries", "my shopping", "buy myself",
  "my cousin", "my cousin's", "my friend's", "my brother's", "my sister's", "sell them on", "resell", "resell them",
  "flip them", "ship them to my", "send them to my", "to my home", "to my flat", "to my house", "to my address",
  "sign up for", "subscriptions", "subscribe me", "order * for me", "a ps5", "for myself",
]);

const GIFT_CARD = lex("gift_cards", [
  "gift card", "gift cards", "giftcard", "giftcards", "itunes cards", "apple cards", "google play cards", "steam cards",
  "prepaid cards", "vanilla visa", "card codes",
]);
const GIFT_CARD_SCAM = lex("gift_card_scam", [
  "email the codes", "send the codes", "text the codes", "send me the codes", "scratch off", "read me the codes",
  "photos of the codes", "urgent", "confidential", "ceo", "boss", "whatsapp", "don't tell", "asap", "right away",
  "codes to the address", "codes to",
]);

const RANSOM = lex("ransom", [
  "pay the ransom", "paying the ransom", "ransom payment", "pay ransom", "ransom of", "pay the extortion", "pay the blackmail",
  "pay the hackers", "pay the attackers", "send the bitcoin to the wallet in the note", "pay the decryption fee",
]);

const EMBEZZLE = lex("embezzle", [
  "embezzle", "embezzling", "embezzlement", "skim", "skimming", "siphon", "siphoning", "misappropriate", "misappropriating",
  "pocket the", "pocket it", "pocketing", "divert funds", "divert the funds", "diverting funds", "dip into", "borrow from the",
  "put it back once", "put it back later", "pay it back later", "i'll put it back", "i'll pay it back", "kickback",
  "kickbacks", "ghost employee", "ghost employees", "phantom vendor", "fake vendor", "shell vendor", "my llc",
  "commingle", "co mingle", "launder", "laundering",
  "structure the deposits", "structuring deposits", "structure cash deposits", "split the deposits to avoid",
]);

const INFLATE = lex("inflate_act", ["bump", "boost", "increase", "raise", "mark up", "change", "multiply", "round up", "double", "triple"]);
/** Acts that inflate by their very meaning. */
const INFLATE_STRONG = lex("inflate_strong", [
  "inflate", "inflating", "inflated", "pad", "padding", "padded", "jack up", "add a zero", "fudge", "fudging", "exaggerate",
  "exaggerating", "overstate", "overstating", "overclaim", "overclaiming", "double claim", "double-claim", "claim twice",
]);
const OWN_PAYMENT = lex("own_payment", [
  "my own expense", "my expense", "my expenses", "my reimbursement", "my own reimbursement", "my mileage", "my per diem",
  "my bonus", "my own bonus", "my commission", "my salary", "my pay", "my hours", "my overtime", "my invoice", "my claim",
  "my own salary", "my own pay", "my expense report", "my travel claim", "my timesheet", "my hours worked", "my sales figures",
  "my commission report",
]);
const QUIETLY = lex("quietly", [
  "quietly", "secretly", "before it goes", "before anyone", "without telling", "no one will", "nobody will", "x10",
  "ten times", "10x", "add a zero",
]);

const MARKET = lex("market_manipulation", [
  "pump and dump", "pump & dump", "pump the price", "pump the stock", "pump the token", "wash trade", "wash trading",
  "spoofing orders", "spoof orders", "layering orders", "front run", "front running", "frontrun", "insider trading",
  "trade on insider", "trade on the insider", "before the announcement is public", "corner the market", "rig the price",
  "manipulate the price", "manipulate the market", "manipulate the stock", "artificially inflate the price", "paint the tape",
  "rug pull", "rugpull", "exit scam", "dump now", "dump it on", "short and distort",
]);

const LOAN = lex("loan_in_name", [
  "loan in her name", "loan in his name", "loan in their name", "loan in my father's name", "loan in my mother's name",
  "using her ssn", "using his ssn",
  "using their ssn", "with her social security", "with his social security", "in my grandmother's name", "in my dad's name",
  "in my mom's name", "in the name of my", "take out a loan using", "line of credit in", "mortgage in her name",
  "mortgage in his name",
]);

/** Financial controls: approvals, checks and verifications that stand between a request and the money. */
const FIN_CONTROL = lex("financial_control", [
  "second approver", "second approval", "dual approval", "dual control", "four eyes", "four-eyes", "approval step", "approval steps",
  "approval workflow", "approvals", "sign off", "sign-off", "payment approval", "credit check", "credit checks", "kyc", "kyc checks",
  "aml checks", "aml", "fraud check", "fraud checks", "fraud screening", "segregation of duties", "verification call", "call back",
  "callback", "call-back", "payee verification", "confirmation of payee", "three way match", "3 way match", "po match",
  "purchase order", "budget approval", "board approval", "approver", "approvers", "spending limit", "spending limits",
  "transaction limit", "transaction limits", "withdrawal limit", ]);
const SKIP_CONTROL = lex("skip_control", [
  "skip", "skipping", "bypass", "bypassing", "override", "overriding", "waive", "waiving", "ignore", "ignoring", "remove",
  "disable", "turn off", "without", "no need for", "don't need", "get around", "work around", "circumvent", "raise", "lift",
  "auto approve", "auto-approve", "rubber stamp", "are down anyway", "is down anyway",
]);
const APPROVE_ALL = lex("approve_all", [
  "approve all", "approve every", "auto approve every", "auto-approve every", "auto approve all", "auto-approve all",
  "approve everything", "release all payments", "pay all", "pay every invoice", "approve them all", "approve the lot",
]);

/** High-risk speculation. */
const RISKY = lex("risky_speculation", [
  "leverage", "leveraged", "50x", "100x", "20x", "10x leverage", "3x leveraged", "on margin", "penny stock",
  "penny stocks", "meme stock", "meme stocks", "memecoin", "meme coin", "all in", "yolo", "max out", "maxing out", "long calls",
  "short puts", "naked puts", "crypto futures", "perpetual futures", "perps", "degen", "moonshot", "max loss none",
  "max-loss none", "no stop loss", "without a stop loss", "trade bot", "trading bot", "bet it all", "gamble", "gambling",
  "options trading", "options contracts", "buy options", "margin trading", "margin balance", "leveraged longs", "longs",
]);
/** Money held for someone else, or the whole of one's own. */
const ENTRUSTED = lex("entrusted_funds", [
  "company credit line", "credit line", "company money", "company funds", "company's money", "corporate account", "treasury",
  "client", "client's", "clients", "client pool", "client funds", "client money", "customer funds", "discretionary",
  "low risk mandate", "low-risk mandate", "mandate", "pension", "retirement", "savings", "emergency fund", "college fund",
  "whole margin balance", "entire balance", "whole balance", "all the cash", "operating account", "payroll", "escrow",
  "the user's", "user's savings", "his savings", "her savings", "their savings", "trust fund", "charity's",
]);

/** Commitments of money made unilaterally. */
const COMMIT = lex("commit_money", [
  "signed * up", "signed up", "sign * up", "committed", "closed your", "closed the", "cancelled your", "canceled your",
  "opened a", "took out", "taken out", "locked in", "agreed to", "bought", "purchased", "renewed", "upgraded", "moved everything",
  "moved all", "cashed out", "liquidated", "invested", "investing", "transferred", "switched your", "sold your", "sold the",
]);
const UNASKED = lex("unasked", [
  "went ahead", "i went ahead", "without asking", "without checking", "without approval", "without your approval",
  "without consulting", "didn't ask", "did not ask", "on your behalf without", "i decided", "i've decided", "took the liberty",
  "sales rep said", "discount expired", "expires today", "offer expired", "before you could", "no time to ask",
  "penalty applied", "the penalty applied",
]);

const URGENCY = lex("urgency", [
  "urgent", "urgently", "asap", "immediately", "right now", "right away", "today only", "before end of day", "within the hour",
  "confidential", "keep this quiet", "keep it quiet", "don't tell", "do not tell", "secret", "secretly", "time sensitive",
  "time-sensitive", "before anyone", "final notice", "last chance",
]);

/** The money's owner is meant not to know. */
const UNAWARE = lex("owner_unaware", [
  "won't notice", "wouldn't notice", "will not notice", "won't check", "won't know", "won't miss it", "won't miss",
  "never checks", "doesn't check", "doesn't need to know", "don't need to know", "don't tell", "do not tell", "without telling",
  "without her knowing", "without him knowing", "without them knowing", "behind her back", "behind his back", "keep it quiet",
  "keep this quiet", "no one will know", "nobody will know", "she'll never know", "he'll never know", "they'll never know",
  "disguise it as", ]);
const SPEND = lex("spend_act", [
  "transfer", "wire", "send", "pay", "move", "withdraw", "buy", "order", "purchase", "charge", "spend", "use", "take", "put",
  "refund", "reimburse", "book", "sell", "liquidate", "cash out", "invest",
]);

export const financeRules: readonly Rule[] = [
  pairRule({
    feature: "financial_harm.transfer_to_self", code: "financial_harm", note: "moves money into the mover's own pocket",
    act: MOVE, object: TO_SELF, need: MONEY, window: 16, needWindow: 16, block: OWN_SOURCE,
  }),
  pairRule({
    feature: "financial_harm.transfer_to_unknown", code: "financial_harm", note: "pays an unknown or unverified party",
    act: MOVE, object: UNKNOWN_PARTY, window: 16,
  }),
  pairRule({
    feature: "financial_harm.drain_account", code: "financial_harm", note: "drains or liquidates an account",
    act: DRAIN, object: ACCOUNT, window: 8,
  }),
  pairRule({
    feature: "financial_harm.payee_change", code: "financial_harm", note: "changes where payments go",
    act: CHANGE, object: PAYEE, window: 8,
  }),
  pairRule({
    feature: "financial_harm.payee_to_self", code: "financial_harm", note: "redirects payments to the mover",
    act: CHANGE, object: PAYEE, need: TO_SELF, window: 8, needWindow: 8,
  }),
  pairRule({
    feature: "financial_harm.bulk_charge", code: "financial_harm", note: "charges every customer",
    act: CHARGE, object: EVERY_CUSTOMER, window: 10,
  }),
  pairRule({
    feature: "financial_harm.charge_without_consent", code: "financial_harm", note: "charges people who did not agree",
    act: CHARGE, object: NO_CONSENT, window: 20,
  }),
  pairRule({
    feature: "financial_harm.use_others_card", code: "financial_harm", note: "spends with someone else's card for oneself",
    act: USE_CARD, object: OTHERS_CARD, need: FOR_SELF, window: 6, needWindow: 16,
  }),
  pairRule({
    feature: "financial_harm.gift_card_payment", code: "financial_harm", note: "gift cards bought on an urgent or secret request",
    act: GIFT_CARD, object: GIFT_CARD_SCAM, window: 20,
  }),
  pairRule({
    feature: "financial_harm.bypass_financial_controls", code: "financial_harm", note: "skips approvals or checks on money",
    act: SKIP_CONTROL, object: FIN_CONTROL, window: 6,
  }),
  phraseRule({ feature: "financial_harm.bypass_financial_controls", code: "financial_harm", note: "approves payments wholesale", phrases: APPROVE_ALL }),
  pairRule({
    feature: "financial_harm.reckless_speculation", code: "financial_harm", note: "gambles entrusted or whole savings on high-risk bets",
    act: RISKY, object: ENTRUSTED, window: 16,
  }),
  pairRule({
    feature: "financial_harm.unauthorised_commitment", code: "financial_harm", note: "commits money without the owner's say",
    act: COMMIT, object: UNASKED, window: 16,
  }),
  pairRule({
    feature: "financial_harm.urgent_payment", code: "financial_harm", note: "money moved under pressure or secrecy",
    act: MOVE, object: URGENCY, need: MONEY, window: 12, needWindow: 16, block: lex("urgent_payment_block", ["verified", "called back", "known contact", "on file", "approved by"]),
  }),
  pairRule({
    feature: "financial_harm.owner_kept_unaware", code: "financial_harm", note: "money moved so that its owner will not know",
    act: SPEND, object: UNAWARE, need: MONEY, window: 24, needWindow: 24,
  }),
  phraseRule({ feature: "financial_harm.ransom_payment", code: "financial_harm", note: "pays a ransom", phrases: RANSOM }),
  phraseRule({ feature: "financial_harm.embezzlement", code: "financial_harm", note: "embezzles or skims funds", phrases: EMBEZZLE }),
  pairRule({
    feature: "financial_harm.inflate_own_payment", code: "financial_harm", note: "inflates one's own payout",
    act: INFLATE, object: OWN_PAYMENT, need: QUIETLY, window: 6, needWindow: 16,
  }),
  pairRule({
    feature: "financial_harm.inflate_own_payment", code: "financial_harm", note: "inflates one's own payout",
    act: INFLATE_STRONG, object: OWN_PAYMENT, window: 8,
  }),
  phraseRule({ feature: "financial_harm.market_manipulation", code: "financial_harm", note: "manipulates a market", phrases: MARKET }),
  phraseRule({ feature: "financial_harm.loan_in_someone_name", code: "financial_harm", note: "credit taken out in someone else's name", phrases: LOAN }),
];
