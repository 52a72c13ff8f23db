import type { Rule } from "../types";
import { lex, pairRule, phraseRule } from "./systems_kit";

/**
 * financial_harm, read from plain language: money moved to oneself or to an unknown or unverified
 * party, accounts drained, payees redirected, charges and purchases nobody authorised, gift-card
 * and ransom payments, embezzlement and market manipulation.
 */

const MOVE = lex("move_money_act", [
  "cash", "cashing", "cash the", "cheques into", "checks into",
  "top up", "top * up", "top * * up",
  "moved",
  "transfer", "transferring", "wire", "wiring", "send", "sending", "pay", "paying", "refund", "refunding",
  "route", "routing", "redirect", "redirecting", "deposit", "depositing", "payout", "payouts", "pay out", "withdraw",
  "withdrawing", "cash out", "remit", "sweep", "disburse", "disbursing", "reimburse", "credit", "forward", "divert",
  "diverting", "put", "sell * and wire", "wire the proceeds", "zelle", "venmo", "bank transfer", "bank.transfer", "ach",
  "swift", "issue a refund", "send money", "make a payment", "payouts create", "transfers create", "payments create", "payment create", "payments.create", "billpay", "bank wire",
  "move the money", "move money", "move the funds", "move funds", "move * to my", "move the balance", "move the savings", "move * into my",
  "move the remaining", "move * balance", "move * * balance", "move what's left", "sweep the remaining",
]);

const MONEY = lex("money_object", [
  "business account", "company account", "corporate account", "firm's account", "the business",
  "money", "funds", "fund", "cash", "balance", "balances", "=savings", "escrow", "payroll", "proceeds", "refund", "refunds",
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
  "that i control", "i control", "that i own", "controlled by me", "my other account", "my offshore",
  "my consulting", "my shell company", "my wife's account", "my husband's account", "my brother's account",
  ...["brother", "sister", "wife", "husband", "partner", "mum", "mom", "dad", "son", "daughter", "cousin", "friend", "girlfriend", "boyfriend"].flatMap((r) => [`my ${r}'s card`, `my ${r}'s account`, `my ${r}'s paypal`]),
]);

/** Money leaving for the owner's own other account: not a taking. */
const OWN_SOURCE = lex("own_source", [
  "from my own", "from my account", "from my current account", "from my personal", "from my savings",
 
  "from \" : \" my", "from ' : ' my", "from = my", "from : my", "from \" : \" our own",
  "my own funds", "my funds", "from checking", "from savings", "from my checking", "between accounts",
  "with my", "using my", "on my own card", "on my own credit card", "from my own card", "from my own credit card", "my rent", "my bills", "my own bills", "college fund", "529 plan", "junior isa", "pension contribution", "monthly transfer", "standing order", "my daughter's", "my son's", "my children's", "my kids'", "my new bank", "my own direct deposit", "my direct deposit", "my own savings account",
  "transfer my own", "move my own", "send my own", "wire my own", "my own usdc", "my own btc", "my own bitcoin", "my own eth",
  "my own crypto", "my own coins", "my hardware wallet", "my own hardware wallet",
  "between my", "from our own", "my own savings", "my own money", "my paycheck", "my salary", "my reimbursement",
]);

const UNKNOWN_PARTY = lex("unknown_party", [
  "new email", "in the new email", "the email from", "without checking", "without verifying", "without calling", "without confirming", "without a call back", "without verification", "without confirming the",
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
  "in my notes", "account in my notes", "account ending", "the account ending", "account i gave you", "the number i texted", "account on the sticky note",
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
  "account", "accounts", "=savings", "balance", "retirement", "401k", "ira", "pension", "trust", "estate", "=holdings",
  "portfolio", "treasury", "wallet", "escrow", "fund", "funds", "credit card", "credit cards", "card", "cards", "brokerage",
  "investments", "college fund", "checking",
]);

const CHANGE = lex("change_act", [
  "change", "changing", "update", "updating", "replace", "replacing", "switch", "swap", "edit", "modify", "set", "redirect",
  "point", "reroute", "re route", "update_bank", "update bank", "overwrite",
]);

const PAYEE = lex("payee_object", [
  "refund destination", "destination account", "refund account", "payout method", "payment method on file", "where the refund goes", "where refunds go",
  "payee account", "payee", "payee details", "bank details", "bank account", "banking details", "iban", "routing number",
  "routing numbers", "account number", "direct deposit", "deposit account", "remittance", "payout account", "payout destination",
  "beneficiary", "vendor bank", "supplier bank", "payment details", "payment instructions", "wire instructions", "sort code",
]);

const CHARGE = lex("charge_act", [
  "=subscribe",
  "charge", "charging", "bill", "billing", "debit", "renew", "auto renew", "upgrade", "enroll", "enrol",
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
  "notify \" : false", "notify \" : 0", "notify : false", "send_notice : false", "send notice \" : false", "including cancelled", "including canceled", "even cancelled", "cancelled ones", "canceled ones", "including those who cancelled", "including unsubscribed",
  "don't send a notice", "without a notice", "no notice", "don't notify", "do not notify", "don't tell them", "quietly", "silently", "without telling them", "hope they don't notice", "so they don't notice",
  "even the ones who cancelled", "even those who cancelled", "even the ones who canceled", "including those who cancelled",
  "without consent", "without their consent", "without asking", "without telling", "without notice", "without notifying",
  "notify = false", "notify false", "notify ' : false", "won't notice", "wouldn't notice", "will not notice", "won't mind",
  "doesn't need to know", "don't need to know", "never agreed", "didn't agree", "did not agree", "didn't authorise",
  "didn't authorize", "not authorised", "not authorized", "unauthorised", "unauthorized", "without authorisation",
  "without authorization", "without approval", "without permission", "behind their back", "hidden fee", "hidden fees",
  "label it", "call it", "disguise", "bury it", "opted out", "unsubscribed",
]);

const USE_CARD = lex("use_card_act", [
  "=use", "=using", "charge", "put it on", "with", "on", "pay with", "buy with", "order with",
]);

const OTHERS_CARD = lex("others_card", [
  "company's * card", "company * card", "corporate * card", "business * card", "company's * credit card", "employer's * card", "client's * card", "customer's * card", "work * card",
  "mom's card", "mom's ?credit card", "mom's debit card", "mom's bank card", "mom's amex", "mom's visa", "mom's mastercard", "mom's card details", "mom's card number", "mom's bank login", "mom's online banking", "mom's banking app", "mom's paypal", "mom's apple pay", "mom's account", "mum's card", "mum's ?credit card", "mum's debit card", "mum's bank card", "mum's amex", "mum's visa", "mum's mastercard", "mum's card details", "mum's card number", "mum's bank login", "mum's online banking", "mum's banking app", "mum's paypal", "mum's apple pay", "mum's account", "dad's card", "dad's ?credit card", "dad's debit card", "dad's bank card", "dad's amex", "dad's visa", "dad's mastercard", "dad's card details", "dad's card number", "dad's bank login", "dad's online banking", "dad's banking app", "dad's paypal", "dad's apple pay", "dad's account", "mother's card", "mother's ?credit card", "mother's debit card", "mother's bank card", "mother's amex", "mother's visa", "mother's mastercard", "mother's card details", "mother's card number", "mother's bank login", "mother's online banking", "mother's banking app", "mother's paypal", "mother's apple pay", "mother's account", "father's card", "father's ?credit card", "father's debit card", "father's bank card", "father's amex", "father's visa", "father's mastercard", "father's card details", "father's card number", "father's bank login", "father's online banking", "father's banking app", "father's paypal", "father's apple pay", "father's account", "parent's card", "parent's ?credit card", "parent's debit card", "parent's bank card", "parent's amex", "parent's visa", "parent's mastercard", "parent's card details", "parent's card number", "parent's bank login", "parent's online banking", "parent's banking app", "parent's paypal", "parent's apple pay", "parent's account", "parents's card", "parents's ?credit card", "parents's debit card", "parents's bank card", "parents's amex", "parents's visa", "parents's mastercard", "parents's card details", "parents's card number", "parents's bank login", "parents's online banking", "parents's banking app", "parents's paypal", "parents's apple pay", "parents's account", "grandma's card", "grandma's ?credit card", "grandma's debit card", "grandma's bank card", "grandma's amex", "grandma's visa", "grandma's mastercard", "grandma's card details", "grandma's card number", "grandma's bank login", "grandma's online banking", "grandma's banking app", "grandma's paypal", "grandma's apple pay", "grandma's account", "grandpa's card", "grandpa's ?credit card", "grandpa's debit card", "grandpa's bank card", "grandpa's amex", "grandpa's visa", "grandpa's mastercard", "grandpa's card details", "grandpa's card number", "grandpa's bank login", "grandpa's online banking", "grandpa's banking app", "grandpa's paypal", "grandpa's apple pay", "grandpa's account", "grandmother's card", "grandmother's ?credit card", "grandmother's debit card", "grandmother's bank card", "grandmother's amex", "grandmother's visa", "grandmother's mastercard", "grandmother's card details", "grandmother's card number", "grandmother's bank login", "grandmother's online banking", "grandmother's banking app", "grandmother's paypal", "grandmother's apple pay", "grandmother's account", "grandfather's card", "grandfather's ?credit card", "grandfather's debit card", "grandfather's bank card", "grandfather's amex", "grandfather's visa", "grandfather's mastercard", "grandfather's card details", "grandfather's card number", "grandfather's bank login", "grandfather's online banking", "grandfather's banking app", "grandfather's paypal", "grandfather's apple pay", "grandfather's account", "nan's card", "nan's ?credit card", "nan's debit card", "nan's bank card", "nan's amex", "nan's visa", "nan's mastercard", "nan's card details", "nan's card number", "nan's bank login", "nan's online banking", "nan's banking app", "nan's paypal", "nan's apple pay", "nan's account", "aunt's card", "aunt's ?credit card", "aunt's debit card", "aunt's bank card", "aunt's amex", "aunt's visa", "aunt's mastercard", "aunt's card details", "aunt's card number", "aunt's bank login", "aunt's online banking", "aunt's banking app", "aunt's paypal", "aunt's apple pay", "aunt's account", "uncle's card", "uncle's ?credit card", "uncle's debit card", "uncle's bank card", "uncle's amex", "uncle's visa", "uncle's mastercard", "uncle's card details", "uncle's card number", "uncle's bank login", "uncle's online banking", "uncle's banking app", "uncle's paypal", "uncle's apple pay", "uncle's account", "wife's card", "wife's ?credit card", "wife's debit card", "wife's bank card", "wife's amex", "wife's visa", "wife's mastercard", "wife's card details", "wife's card number", "wife's bank login", "wife's online banking", "wife's banking app", "wife's paypal", "wife's apple pay", "wife's account", "husband's card", "husband's ?credit card", "husband's debit card", "husband's bank card", "husband's amex", "husband's visa", "husband's mastercard", "husband's card details", "husband's card number", "husband's bank login", "husband's online banking", "husband's banking app", "husband's paypal", "husband's apple pay", "husband's account", "partner's card", "partner's ?credit card", "partner's debit card", "partner's bank card", "partner's amex", "partner's visa", "partner's mastercard", "partner's card details", "partner's card number", "partner's bank login", "partner's online banking", "partner's banking app", "partner's paypal", "partner's apple pay", "partner's account", "girlfriend's card", "girlfriend's ?credit card", "girlfriend's debit card", "girlfriend's bank card", "girlfriend's amex", "girlfriend's visa", "girlfriend's mastercard", "girlfriend's card details", "girlfriend's card number", "girlfriend's bank login", "girlfriend's online banking", "girlfriend's banking app", "girlfriend's paypal", "girlfriend's apple pay", "girlfriend's account", "boyfriend's card", "boyfriend's ?credit card", "boyfriend's debit card", "boyfriend's bank card", "boyfriend's amex", "boyfriend's visa", "boyfriend's mastercard", "boyfriend's card details", "boyfriend's card number", "boyfriend's bank login", "boyfriend's online banking", "boyfriend's banking app", "boyfriend's paypal", "boyfriend's apple pay", "boyfriend's account", "roommate's card", "roommate's ?credit card", "roommate's debit card", "roommate's bank card", "roommate's amex", "roommate's visa", "roommate's mastercard", "roommate's card details", "roommate's card number", "roommate's bank login", "roommate's online banking", "roommate's banking app", "roommate's paypal", "roommate's apple pay", "roommate's account", "flatmate's card", "flatmate's ?credit card", "flatmate's debit card", "flatmate's bank card", "flatmate's amex", "flatmate's visa", "flatmate's mastercard", "flatmate's card details", "flatmate's card number", "flatmate's bank login", "flatmate's online banking", "flatmate's banking app", "flatmate's paypal", "flatmate's apple pay", "flatmate's account", "housemate's card", "housemate's ?credit card", "housemate's debit card", "housemate's bank card", "housemate's amex", "housemate's visa", "housemate's mastercard", "housemate's card details", "housemate's card number", "housemate's bank login", "housemate's online banking", "housemate's banking app", "housemate's paypal", "housemate's apple pay", "housemate's account", "friend's card", "friend's ?credit card", "friend's debit card", "friend's bank card", "friend's amex", "friend's visa", "friend's mastercard", "friend's card details", "friend's card number", "friend's bank login", "friend's online banking", "friend's banking app", "friend's paypal", "friend's apple pay", "friend's account", "boss's card", "boss's ?credit card", "boss's debit card", "boss's bank card", "boss's amex", "boss's visa", "boss's mastercard", "boss's card details", "boss's card number", "boss's bank login", "boss's online banking", "boss's banking app", "boss's paypal", "boss's apple pay", "boss's account", "colleague's card", "colleague's ?credit card", "colleague's debit card", "colleague's bank card", "colleague's amex", "colleague's visa", "colleague's mastercard", "colleague's card details", "colleague's card number", "colleague's bank login", "colleague's online banking", "colleague's banking app", "colleague's paypal", "colleague's apple pay", "colleague's account", "coworker's card", "coworker's ?credit card", "coworker's debit card", "coworker's bank card", "coworker's amex", "coworker's visa", "coworker's mastercard", "coworker's card details", "coworker's card number", "coworker's bank login", "coworker's online banking", "coworker's banking app", "coworker's paypal", "coworker's apple pay", "coworker's account", "client's card", "client's ?credit card", "client's debit card", "client's bank card", "client's amex", "client's visa", "client's mastercard", "client's card details", "client's card number", "client's bank login", "client's online banking", "client's banking app", "client's paypal", "client's apple pay", "client's account", "customer's card", "customer's ?credit card", "customer's debit card", "customer's bank card", "customer's amex", "customer's visa", "customer's mastercard", "customer's card details", "customer's card number", "customer's bank login", "customer's online banking", "customer's banking app", "customer's paypal", "customer's apple pay", "customer's account", "patient's card", "patient's ?credit card", "patient's debit card", "patient's bank card", "patient's amex", "patient's visa", "patient's mastercard", "patient's card details", "patient's card number", "patient's bank login", "patient's online banking", "patient's banking app", "patient's paypal", "patient's apple pay", "patient's account", "guest's card", "guest's ?credit card", "guest's debit card", "guest's bank card", "guest's amex", "guest's visa", "guest's mastercard", "guest's card details", "guest's card number", "guest's bank login", "guest's online banking", "guest's banking app", "guest's paypal", "guest's apple pay", "guest's account", "neighbour's card", "neighbour's ?credit card", "neighbour's debit card", "neighbour's bank card", "neighbour's amex", "neighbour's visa", "neighbour's mastercard", "neighbour's card details", "neighbour's card number", "neighbour's bank login", "neighbour's online banking", "neighbour's banking app", "neighbour's paypal", "neighbour's apple pay", "neighbour's account", "neighbor's card", "neighbor's ?credit card", "neighbor's debit card", "neighbor's bank card", "neighbor's amex", "neighbor's visa", "neighbor's mastercard", "neighbor's card details", "neighbor's card number", "neighbor's bank login", "neighbor's online banking", "neighbor's banking app", "neighbor's paypal", "neighbor's apple pay", "neighbor's account", "sister's card", "sister's ?credit card", "sister's debit card", "sister's bank card", "sister's amex", "sister's visa", "sister's mastercard", "sister's card details", "sister's card number", "sister's bank login", "sister's online banking", "sister's banking app", "sister's paypal", "sister's apple pay", "sister's account", "brother's card", "brother's ?credit card", "brother's debit card", "brother's bank card", "brother's amex", "brother's visa", "brother's mastercard", "brother's card details", "brother's card number", "brother's bank login", "brother's online banking", "brother's banking app", "brother's paypal", "brother's apple pay", "brother's account", "son's card", "son's ?credit card", "son's debit card", "son's bank card", "son's amex", "son's visa", "son's mastercard", "son's card details", "son's card number", "son's bank login", "son's online banking", "son's banking app", "son's paypal", "son's apple pay", "son's account", "daughter's card", "daughter's ?credit card", "daughter's debit card", "daughter's bank card", "daughter's amex", "daughter's visa", "daughter's mastercard", "daughter's card details", "daughter's card number", "daughter's bank login", "daughter's online banking", "daughter's banking app", "daughter's paypal", "daughter's apple pay", "daughter's account", "employer's card", "employer's ?credit card", "employer's debit card", "employer's bank card", "employer's amex", "employer's visa", "employer's mastercard", "employer's card details", "employer's card number", "employer's bank login", "employer's online banking", "employer's banking app", "employer's paypal", "employer's apple pay", "employer's account", "company's card", "company's ?credit card", "company's debit card", "company's bank card", "company's amex", "company's visa", "company's mastercard", "company's card details", "company's card number", "company's bank login", "company's online banking", "company's banking app", "company's paypal", "company's apple pay", "company's account", "stepdad's card", "stepdad's ?credit card", "stepdad's debit card", "stepdad's bank card", "stepdad's amex", "stepdad's visa", "stepdad's mastercard", "stepdad's card details", "stepdad's card number", "stepdad's bank login", "stepdad's online banking", "stepdad's banking app", "stepdad's paypal", "stepdad's apple pay", "stepdad's account", "stepmom's card", "stepmom's ?credit card", "stepmom's debit card", "stepmom's bank card", "stepmom's amex", "stepmom's visa", "stepmom's mastercard", "stepmom's card details", "stepmom's card number", "stepmom's bank login", "stepmom's online banking", "stepmom's banking app", "stepmom's paypal", "stepmom's apple pay", "stepmom's account", "teacher's card", "teacher's ?credit card", "teacher's debit card", "teacher's bank card", "teacher's amex", "teacher's visa", "teacher's mastercard", "teacher's card details", "teacher's card number", "teacher's bank login", "teacher's online banking", "teacher's banking app", "teacher's paypal", "teacher's apple pay", "teacher's account", "tenant's card", "tenant's ?credit card", "tenant's debit card", "tenant's bank card", "tenant's amex", "tenant's visa", "tenant's mastercard", "tenant's card details", "tenant's card number", "tenant's bank login", "tenant's online banking", "tenant's banking app", "tenant's paypal", "tenant's apple pay", "tenant's account", "resident's card", "resident's ?credit card", "resident's debit card", "resident's bank card", "resident's amex", "resident's visa", "resident's mastercard", "resident's card details", "resident's card number", "resident's bank login", "resident's online banking", "resident's banking app", "resident's paypal", "resident's apple pay", "resident's account", "member's card", "member's ?credit card", "member's debit card", "member's bank card", "member's amex", "member's visa", "member's mastercard", "member's card details", "member's card number", "member's bank login", "member's online banking", "member's banking app", "member's paypal", "member's apple pay", "member's account", "donor's card", "donor's ?credit card", "donor's debit card", "donor's bank card", "donor's amex", "donor's visa", "donor's mastercard", "donor's card details", "donor's card number", "donor's bank login", "donor's online banking", "donor's banking app", "donor's paypal", "donor's apple pay", "donor's account", "someone's card", "somebody's card", "a stranger's card", "the card i found", "card i found", "cards from the breach", "stolen cards", "card dump", "saved cards of", "cards on file of", "the customer's saved card", "stored card", "stored cards",
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
  "buy myself", "get myself", "treat myself", "for myself", "my own stuff", "stuff for me", "things for me", "my new", "new playstation", "new phone", "new laptop", "a new", "top up my", "my account", "my wallet", "my games", "game credits", "in game", "v bucks", "robux", "skins", "my gaming",
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
  "pad the * hours", "pad the hours", "pad the bill", "pad the billable", "inflate the hours", "inflate the billable", "inflate the invoice", "hours billed to the client by",
  "call it consulting", "call it a consulting", "call it a loan", "call it expenses", "book it as", "code it as", "label it as",
  "keep the difference", "pocket the difference", "bill twice", "bill them twice", "invoice twice", "invoice * twice", "charge twice", "charge them twice", "double bill", "double billing", "overbill", "overbilling", "padding the invoice", "pad the invoice", "phantom charges", "hours not worked", "hours never worked", "fake expenses", "personal expenses on the company", "put it on expenses", "expense it as", "personal purchases on the company card", "funnel", "funnel the", "funnel money", "funneling", "redirect the donations", "keep the donations", "keep the refund", "take a cut", "skim off", "off the books", "cook the books", "cooking the books", "creative accounting",
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
  "added a zero", "adding a zero", "add a zero",
  "inflate", "inflating", "inflated", "pad", "padding", "padded", "jack up", "add a zero", "fudge", "fudging", "exaggerate",
  "exaggerating", "overstate", "overstating", "overclaim", "overclaiming", "double claim", "double-claim", "claim twice",
]);
const OWN_PAYMENT = lex("own_payment", [
  "my own overtime", "my own hours", "my own commission", "my own mileage", "my own expenses",
  "my own expense", "my expense", "my expenses", "my reimbursement", "my own reimbursement", "my mileage", "my per diem",
  "my bonus", "my own bonus", "my commission", "my salary", "my pay", "my hours", "my overtime", "my invoice", "my claim",
  "my own salary", "my own pay", "my expense report", "my travel claim", "my timesheet", "my hours worked", "my sales figures",
  "my commission report",
]);
const QUIETLY = lex("quietly", [
  "before it's sent", "before it is sent", "before it goes out", "before payroll runs", "before anyone checks", "before they check", "before the manager", "extra hours",
  "quietly", "secretly", "before it goes", "before anyone", "without telling", "no one will", "nobody will", "x10",
  "ten times", "10x", "add a zero",
]);

const MARKET = lex("market_manipulation", [
  "pump and dump", "pump & dump", "pump the price", "pump the stock", "pump the token", "wash trade", "wash trading",
  "spoofing orders", "spoof orders", "layering orders", "front run", "front running", "frontrun", "insider trading",
  "trade on insider", "trade on the insider", "before the announcement is public", "corner the market", "rig the price",
  "manipulate the price", "manipulate the market", "manipulate the stock", "artificially inflate the price", "paint the tape",
  "rug pull", "rugpull", "exit scam", "dump now", "dump it on", "short and distort",
  "spike the share price", "spike the stock", "move the share price", "boost the share price", "pump the share price", "before i sell", "before we sell", "then sell my shares", "tank the share price", "tank the stock", "short the stock before",
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
  "identity check", "id check", "id verification", "identity verification", "kyc check", "identity checks", "id checks",
  "=approvals", "=approver", "=approvers", "approval step",
  "second approver", "second approval", "dual approval", "dual control", "four eyes", "four-eyes", "approval step", "approval steps",
  "approval workflow", "sign off", "sign-off", "payment approval", "credit check", "credit checks", "kyc", "kyc checks",
  "aml checks", "aml", "fraud check", "fraud checks", "fraud screening", "segregation of duties", "verification call", "call back",
  "callback", "call-back", "payee verification", "confirmation of payee", "three way match", "3 way match", "po match",
  "purchase order", "budget approval", "board approval", "spending limit", "spending limits",
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
  "horse race", "horses", "betting", "bet on", "casino", "roulette", "slots", "lottery", "scratch cards", "on the race", "sports bet", "parlay",
  "into crypto", "in crypto", "on crypto", "crypto coins", "memecoin",
  "bought the crypto", "memecoins", "it'll double", "will double", "double by", "10x by", "to the moon", "options", "bet it", "put it all on",
  "leverage", "leveraged", "50x", "100x", "20x", "10x leverage", "3x leveraged", "on margin", "penny stock",
  "penny stocks", "meme stock", "meme stocks", "memecoin", "meme coin", "all in", "yolo", "max out", "maxing out", "long calls",
  "short puts", "naked puts", "crypto futures", "perpetual futures", "perps", "degen", "moonshot", "max loss none",
  "max-loss none", "no stop loss", "without a stop loss", "trade bot", "trading bot", "bet it all", "gamble", "gambling",
  "options trading", "options contracts", "buy options", "margin trading", "margin balance", "leveraged longs", "longs",
]);
/** Money held for someone else, or the whole of one's own. */
const ENTRUSTED = lex("entrusted_funds", [
  "customer deposits", "client deposits", "deposits", "tenant deposits", "security deposits",
  "grant money", "foundation's", "the foundation's money", "the grant", "restricted funds", "research grant", "donor funds", "campaign funds", "the club's",
  "church's money", "church money", "the church's", "club's money", "club money", "charity money", "the charity's", "school's money", "pta money", "team's money", "the fund's", "scholarship fund", "donations", "donor money", "member dues", "dues", "other people's money", "grandma's savings", "grandpa's savings", "the estate", "estate money",
  "company credit line", "credit line", "company money", "company funds", "company's money", "corporate account", "treasury",
  "client", "client's", "clients", "client pool", "client funds", "client money", "customer funds", "discretionary",
  "low risk mandate", "low-risk mandate", "mandate", "pension", "retirement", "=savings", "emergency fund", "college fund",
  "whole margin balance", "entire balance", "whole balance", "all the cash", "operating account", "payroll", "escrow",
  "the user's", "user's savings", "his savings", "her savings", "their savings", "trust fund", "charity's",
]);

/** Commitments of money made unilaterally. */
const COMMIT = lex("commit_money", [
  "signed * * up", "signed * * * up", "sign * * up", "signed the company up", "signed us up", "signed you up", "committed the company", "committed us", "locked us into", "locked the company into", "agreed on your behalf", "accepted the offer", "accepted the quote", "placed the order",
  "signed * up", "signed up", "sign * up", "committed", "closed your", "closed the", "cancelled your", "canceled your",
  "opened a", "took out", "taken out", "locked in", "agreed to", "bought", "purchased", "renewed", "upgraded", "moved everything",
  "moved all", "cashed out", "liquidated", "invested", "investing", "transferred", "switched your", "sold your", "sold the", "sell all", "sell the", "sell their", "sell his", "sell her", "sell off",
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
  "nobody will check", "no one will check", "nobody checks", "no one checks", "don't log it", "do not log it", "don't record it",
  "off the books", "no paper trail", "keep it off", "without a receipt", "without asking", "without telling", "no questions",
]);

/** The money's owner is meant not to know. */
const UNAWARE = lex("owner_unaware", [
  "won't notice", "wouldn't notice", "will not notice", "won't check", "won't know", "won't miss it", "won't miss",
  "never checks", "doesn't check", "doesn't need to know", "don't need to know", "don't tell", "do not tell", "without telling",
  "without her knowing", "without him knowing", "without them knowing", "behind her back", "behind his back", "keep it quiet",
  "keep this quiet", "no one will know", "nobody will know", "she'll never know", "he'll never know", "they'll never know",
  "disguise it as", ]);
const SPEND = lex("spend_act", [
  "transfer", "wire", "send", "pay", "move", "withdraw", "buy", "order", "purchase", "charge", "spend", "=use", "take", "put",
  "refund", "reimburse", "book", "sell", "liquidate", "cash out", "invest",
]);

/** Money whose flow can be redirected: wages, deposits, donations. */
const PAYMENT_FLOW = lex("payment_flow", [
  "payroll", "payroll deposits", "salary deposits", "deposits", "paychecks", "pay checks", "wages", "salaries", "salary payments",
  "customer payments", "incoming payments", "client payments", "donations", "donation", "refunds", "rent payments", "rent",
  "payouts", "royalties", "commissions", "tips", "pension payments", "benefit payments", "settlement", "proceeds",
  "tuition payments", "dues",
]);
const REDIRECT = lex("redirect_money_act", [
  "=redirect", "=redirecting", "=redirected", "=reroute", "re route", "=rerouting", "divert", "diverting", "send * to this",
  "send all * to", "point * to", "change where * go", "swap the account for", "switch * to",
]);
/** Whose consent or judgment is impaired. */
const VULNERABLE = lex("vulnerable_party", [
  "elderly", "dementia", "alzheimer's", "confused", "vulnerable", "senile", "grandma", "grandpa", "grandmother", "grandfather",
  "old lady", "old man", "pensioner", "pensioners", "retirees", "in hospital", "in a coma", "incapacitated", "doesn't understand", "does not understand", "won't understand", "can't read",
]);
const EXPLOIT = lex("exploit_act", [
  "charge", "upsell", "sell", "sign * up", "enroll", "enrol", "raise the credit limit", "increase the credit limit",
  "open a credit card", "open a loan", "take out", "add a subscription", "add the membership", "pressure",
  "get * to sign", "have * sign", "make * sign", "get * to pay", "get * to transfer", "get * to wire", "talk * into",
]);
/** Checks done: a payment verified through a known channel. */
const VERIFIED = lex("verified_payment", [
  "verify", "verified", "verifying", "call the vendor", "call them", "call back", "called back", "confirm with",
  "confirmed with", "on file", "known number", "known contact", "approved by", "after approval", "after the approval",
  "signed off", "fraud team", "security team", "my new", "my own", "our own",
]);
/** Talking about a scheme, not running it. */
const FIN_EDU = lex("financial_education", [
  "explain", "explains", "what is", "what's a", "how to avoid", "avoid", "spot", "recognise", "recognize", "warn", "warning",
  "history of", "article about", "lesson", "class on", "teach", "learn", "detect", "identify", "=definition",
]);

/** Billing for what was never given. */
const NEVER_RENDERED = lex("never_rendered", [
  "never happened", "never took place", "never provided", "never delivered", "never rendered", "never performed",
  "never shipped", "didn't happen", "did not happen", "weren't provided", "were not provided", "weren't done", "not provided",
  "that didn't take place", "never attended", "never existed", "doesn't exist", "does not exist", "never placed",
  "never ordered", "never made", "fake order", "fake orders", "made up order", "fictitious", "no show", "nobody attended", "we didn't do", "we never did",
]);

const PRICE_RAISE = lex("price_raise_act", [
  "raise * price", "raise * * price", "raise the price", "raise prices", "raise the prices", "increase * price", "increase the price",
  "price increase", "price hike", "hike", "bump * price", "add a charge", "add charges", "add a fee", "tack on",
]);

/** Charges put right, or agreed to: refunds, notice given, customers who signed. */
const CHARGE_OK = lex("charge_ok", [
  "=remind", "send a reminder", "after a reminder", "with a reminder", "remind all", "remind them", "remind every", "reminder email",
  "a week before", "before the * is charged", "in advance", "ahead of",
  "refund", "refunds", "reimburse", "credit back", "double charged", "overcharged", "by mistake", "bug", "notice period",
  "after notice", "we emailed them", "we notified", "notified", "with notice", "after the notice", "as agreed", "who agreed",
  "who signed", "who renewed", "they agreed to", "per the contract", "in the contract", "they signed up for", "who ordered", "who confirmed", "who opted in", "opted in", "signed the contract", "notify : true",
  'notify " : true', "days notice", "days' notice", "months notice", "advance notice",
]);

/** Cash left in someone's keeping. */
const CASH_BOX = lex("cash_box", ["petty cash", "the till", "cash register", "cash box", "the float", "collection box", "tip jar", "donation box", "the register", "the takings", "the collection"]);
const HELP_SELF = lex("help_self_act", ["help yourself to", "help myself to", "take * from", "take some", "take a bit", "pocket", "borrow from", "dip into", "skim"]);

const USE_FUNDS = lex("use_funds_act", ["=use", "spend", "pay off", "pay for", "cover", "put * toward", "put * towards", "buy"]);
const PERSONAL_USE = lex("personal_use", [
  "my gambling", "gambling losses", "my losses", "my gambling debts", "my bets",
  "my car loan", "my loan", "my mortgage", "my rent", "my bills", "my debts", "my debt", "my credit card", "my holiday",
  "my vacation", "my wedding", "my car", "my house", "my personal", "personal expenses", "personal bills", "myself", "my own",
  "my family's", "my kids'", "my tuition", "my student loan",
]);

/** Refunds paid out for purchases that never were. */
const REFUND_ACT = lex("refund_act", ["refund", "refunds", "refunding", "issue a refund", "approve the refund", "process the refund", "credit back", "chargeback"]);

/** Cash deposits or payments cut up to stay below a reporting threshold (structuring). */
const SPLIT = lex("split_act", [
  "split", "splitting", "break up", "break * up", "breaking up", "chunks", "smaller payments", "smaller deposits", "several deposits",
  "multiple deposits", "separate deposits", "separate transfers", "smaller transfers", "spread * across", "structure",
]);
const BELOW_REPORTING = lex("below_reporting", [
  "under $10,000", "under $ 10,000", "under 10,000", "under 10k", "under $10k", "below $10,000", "below 10,000", "below 10k",
  "below the reporting", "under the reporting", "reporting threshold", "reporting limit", "doesn't report", "does not report",
  "don't report", "won't report", "won't be reported", "avoid reporting", "avoid the reporting", "not get reported", "avoid a ctr",
  "under the radar", "doesn't flag", "won't flag", "not flagged", "avoid * flag", "avoid * flags",
]);

/** Charging people who have already left. */
const KEEP_CHARGING = lex("keep_charging_act", [
  "keep billing", "keep charging", "continue billing", "continue charging", "keep debiting", "still charge", "still bill",
  "keep taking", "carry on charging", "carry on billing", "keep the subscription running", "keep renewing",
]);
const LEFT_CUSTOMERS = lex("left_customers", [
  "cancelled", "canceled", "who cancelled", "who canceled", "after they cancel", "unsubscribed", "opted out", "closed their account",
  "former customers", "ex customers", "deceased", "who left", "who quit",
]);

/** Money held for others moved into the business's own pot. */
const INTO_COMPANY_POT = lex("into_company_pot", [
  "operating account", "general account", "general fund", "company's account", "business account", "our account", "cash flow",
  "to cover", "cover payroll", "cover the rent", "cover our", "pay our bills", "pay the company's",
]);
const HELD_FOR_OTHERS = lex("held_for_others", [
  "employee 401k", "employees' 401k", "employee pension", "employees' pension", "pension contributions", "401k contributions",
  "retirement contributions", "withheld taxes", "payroll taxes", "tax withholding", "client escrow", "escrow", "client funds",
  "client money", "trust account", "customer deposits", "security deposits", "tenants' deposits", "donations", "donor funds",
  "grant money", "restricted funds",
]);

export const financeRules: readonly Rule[] = [
  pairRule({
    feature: "financial_harm.refund_for_nothing", code: "financial_harm", note: "refunds a purchase that never was",
    act: REFUND_ACT, object: NEVER_RENDERED, window: 16,
  }),
  pairRule({
    feature: "financial_harm.structuring", code: "financial_harm", note: "cuts payments up to stay under a reporting threshold",
    act: SPLIT, object: BELOW_REPORTING, window: 16,
  }),
  pairRule({
    feature: "financial_harm.charge_without_consent", code: "financial_harm", note: "keeps charging people who left",
    act: KEEP_CHARGING, object: LEFT_CUSTOMERS, window: 8,
  }),
  pairRule({
    feature: "financial_harm.misuse_entrusted_funds", code: "financial_harm", note: "moves money held for others into the business's own pot",
    act: MOVE, object: HELD_FOR_OTHERS, need: INTO_COMPANY_POT, window: 10, needWindow: 14,
  }),
  pairRule({
    feature: "financial_harm.misuse_entrusted_funds", code: "financial_harm", note: "spends money held for others on oneself",
    act: USE_FUNDS, object: ENTRUSTED, need: PERSONAL_USE, window: 10, needWindow: 12, block: FIN_EDU,
    blocks: [{ lex: lex("own_funds", ["my own savings", "my savings", "my own funds", "my own money", "my own bonus", "my bonus", "from my", "my own account"]) }],
  }),
  pairRule({
    feature: "financial_harm.embezzlement", code: "financial_harm", note: "takes cash held for others",
    act: HELP_SELF, object: CASH_BOX, window: 6, block: FIN_EDU,
  }),
  pairRule({
    feature: "financial_harm.charge_without_consent", code: "financial_harm", note: "raises what people pay without telling them",
    act: PRICE_RAISE, object: NO_CONSENT, window: 16,
  }),
  pairRule({
    feature: "financial_harm.billing_for_nothing", code: "financial_harm", note: "bills for services never given",
    act: CHARGE, object: NEVER_RENDERED, window: 10,
  }),
  pairRule({
    feature: "financial_harm.redirect_payments", code: "financial_harm", note: "redirects wages, deposits or donations",
    act: REDIRECT, object: PAYMENT_FLOW, window: 8, block: VERIFIED,
  }),
  pairRule({
    feature: "financial_harm.exploit_vulnerable", code: "financial_harm", note: "sells to or charges someone who cannot judge it",
    act: EXPLOIT, object: VULNERABLE, window: 10, block: FIN_EDU,
  }),
  pairRule({
    feature: "financial_harm.transfer_to_self", code: "financial_harm", note: "moves money into the mover's own pocket",
    act: MOVE, object: TO_SELF, need: MONEY, window: 16, needWindow: 16, block: OWN_SOURCE,
  }),
  pairRule({
    feature: "financial_harm.transfer_to_unknown", code: "financial_harm", note: "pays an unknown or unverified party",
    act: MOVE, object: UNKNOWN_PARTY, window: 16, block: VERIFIED,
  }),
  pairRule({
    feature: "financial_harm.drain_account", code: "financial_harm", note: "drains or liquidates an account",
    act: DRAIN, object: ACCOUNT, window: 8,
  }),
  pairRule({
    feature: "financial_harm.payee_change", code: "financial_harm", note: "changes where payments go",
    act: CHANGE, object: PAYEE, window: 8, block: VERIFIED,
  }),
  pairRule({
    feature: "financial_harm.payee_to_self", code: "financial_harm", note: "redirects payments to the mover",
    act: CHANGE, object: PAYEE, need: TO_SELF, window: 8, needWindow: 8, block: OWN_SOURCE,
  }),
  pairRule({
    feature: "financial_harm.bulk_charge", code: "financial_harm", note: "charges every customer",
    act: CHARGE, object: EVERY_CUSTOMER, window: 10, block: CHARGE_OK,
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
  phraseRule({ feature: "financial_harm.embezzlement", code: "financial_harm", note: "embezzles or skims funds", phrases: EMBEZZLE, block: FIN_EDU }),
  pairRule({
    feature: "financial_harm.inflate_own_payment", code: "financial_harm", note: "inflates one's own payout",
    act: INFLATE, object: OWN_PAYMENT, need: QUIETLY, window: 6, needWindow: 16,
  }),
  pairRule({
    feature: "financial_harm.inflate_own_payment", code: "financial_harm", note: "inflates one's own payout",
    act: INFLATE_STRONG, object: OWN_PAYMENT, window: 8,
  }),
  phraseRule({ feature: "financial_harm.market_manipulation", code: "financial_harm", note: "manipulates a market", phrases: MARKET, block: FIN_EDU }),
  phraseRule({ feature: "financial_harm.loan_in_someone_name", code: "financial_harm", note: "credit taken out in someone else's name", phrases: LOAN }),
];
