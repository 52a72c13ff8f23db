import type { Rule } from "../types";
import { HANDLING } from "./people_shared";
import { lex, pairRule, phraseRule } from "./systems_kit";

/**
 * cybercrime, read from plain language (parsed shell is read by structure_shell.ts): writing or
 * deploying malware, guessing or stuffing credentials, flooding a service, phishing pages and fake
 * portals, and getting into accounts, devices or networks that are someone else's.
 */

const MAKE = lex("cyber_make", [
  "write", "writes", "build", "builds", "create", "make", "code", "develop", "deploy", "deployed", "install", "installed",
  "push", "distribute", "upload", "spread", "run", "drop", "drops", "host", "send", "sell", "rent", "add", "added", "inject",
  "infect", "plant", "use", "set up", "point", "payload", "builder", "attach", "attachments", "launch",
]);
const MALWARE = lex("cyber_malware", [
  "ransomware", "ransomware payload", "ransom note", "keylogger", "key logger", "stealer", "password stealer", "cookie stealer",
  "info stealer", "infostealer", "credential stealer", "remote access trojan", "trojan", "rat", "backdoor", "rootkit", "worm",
  "spyware", "stalkerware", "cryptominer", "crypto miner", "miner", "mining", "botnet", "botnets", "malware", "virus",
  "card skimmer", "skimmer", "magecart", "copies every card number", "macro installs remote access", "installs remote access",
  "post install script that sends", "sends developers' environment variables", "working exploit", "worm spread", "-- worm", "zero day",
  "fud", "bypasses defender", "encrypts every file", "hidden script",
]);
const DEFENSIVE = lex("cyber_defensive", [
  "detect", "detection", "detection rule", "signature", "signatures", "yara", "sandbox", "analyse", "analyze", "analysis",
  "reverse engineer", "remove", "removal", "clean", "quarantine", "incident response", "tabletop", "simulation", "our own",
  "authorized", "authorised", "in scope", "scope", "engagement letter", "with permission", "patch", "patched", "honeypot",
  "lab vm", "test vm", "isolated", "backup", "restore", "decrypt", "decryptor", "newsletter", "how * are being used", "summarise",
  "summarize", "defences", "defenses", "protect against", "warn",
]);

/** Someone's files or systems locked until they pay, in any words. */
const EXTORT = lex("cyber_extort", [
  "encrypt * until they pay", "encrypt * so they pay", "encrypt * * until they pay", "encrypt * * so they pay", "encrypt the shares",
  "encrypt their files", "encrypt their data", "encrypt their servers", "lock their files", "lock them out until", "until they pay me",
  "so they pay me", "until they pay up",
]);

const GUESS = lex("cyber_guess", [
  "password guesses", "guesses", "guess", "try the top", "tries the top", "top 10k passwords", "top passwords",
  "common passwords", "default passwords", "default vendor passwords", "leaked combo list", "combo list", "combolist",
  "credential stuffing", "password spraying", "spray", "brute force", "brute forcing", "bruteforce", "wordlist", "rockyou",
  "until one works", "email : password pairs", "password pairs", "leaked passwords", "leaked credentials", "stolen credentials",
  "stolen cards", "card testing", "shoulder surfed", "password from paste",
  // passwords tried by the thousand, in any words
  "thousands of passwords", "millions of passwords", "guess the password",
  "guess her password", "guess his password", "guess their password", "tries passwords", "try passwords", "crack the password",
]);
const FLOOD = lex("cyber_flood", [
  "ddos", "dos attack", "denial of service", "flood", "flooding", "flood of traffic", "with traffic", "botnet", "take down * with", "take * down with", "knock offline", "knock * offline", "crash their server", "hammer", "hammering", "stress test their",
  "booter", "stresser", "rent a botnet", "point it at",
]);
const SERVICE = lex("cyber_service", [
  "server", "servers", "game server", "website", "site", "web site", "service", "network", "tournament", "stream", "api",
  "login page", "login", "instagram", "account", "accounts", "router", "wifi", "wi fi", "portal",
]);
const PHISH = lex("cyber_phish", [
  "phishing", "phishing page", "phishing kit", "phishing site", "phishing email", "phishing emails", "fake login page",
  "fake login", "looks exactly like", "fake captive", "fake captive portal", "captive wi fi portal", "captive portal",
  "fake wifi", "fake wi fi", "fake café wifi", "evil twin", "capture travellers'", "capture * logins", "log everyone's logins",
  "harvest credentials", "harvest logins", "collect students' logins", "collect * logins", "host a login page", "credential harvesting",
  "sim swap", "sim-swap", "intercept his 2fa", "intercept her 2fa", "intercept * 2fa", "2fa codes", "fake invoice",
  "your parcel is held", "mandatory security update", "looks like it's from", "pretending to be from", "pretends to be from",
  "spoofed email", "spoofed sender", "enter their password", "enter their passwords", "enter their credentials",
  "enter their login", "confirm their password", "fake bank login", "fake bank page", "fake * login page", "clone of the bank",
  "cloned login page", "lookalike login", "lookalike domain",
]);
const PHISH_BLOCK = lex("cyber_phish_block", [
  "phishing simulation", "simulated phishing", "awareness", "training", "report phishing", "spot phishing", "recognise phishing",
  "recognize phishing", "phishing filter", "block phishing", "phishing report", "reported phishing", "flag phishing",
  "suspected phishing", "is a phishing", "looks like phishing", "phishing attempt", "recognise", "recognize", "spot",
  "train staff", "don't click", "do not click", "report it",
]);

const INTRUDE = lex("cyber_intrude", [
  "log into", "logs into", "login to", "log in to", "get into", "get me into", "get us into", "sneak into", "snoop on", "break into", "hack", "hack into", "hacking", "access", "take over",
  "takeover", "hijack", "hijacked", "compromise", "crack", "cracked", "brute force", "exploit", "pen test", "pentest",
  "dump", "dump all", "dump their", "sql injection", "sqli", "iterate", "iterating", "enumerate", "scrape", "bypass",
  "offline reset", "change the email", "changes the email", "intercept", "read her", "read his", "spy on", "monitor",
  "connect", "use their internet", "mine", "mining",
]);
const NOT_THEIRS = lex("cyber_not_theirs", [
  "my ex's", "ex girlfriend's", "ex boyfriend's", "my ex", "flatmate's", "roommate's", "neighbour's", "neighbor's", "girlfriend's",
  "boyfriend's", "wife's", "husband's", "coworker's", "colleague's", "boss's", "competitor's", "competitor", "rival", "rival's",
  "someone else's", "other people's", "another user's", "students' logins", "without permission",
  "nobody gave us permission", "no engagement", "without authorization", "without authorisation", "unauthorized", "unauthorised",
  "without asking", "without consent", "without her knowing", "without his knowing", "while she's out", "while he's out",
  "past the login", "found a laptop", "found laptop", "isn't ours", "not ours", "never replied", "they'll thank us",
  "hijacked accounts", "abandoned subdomain",
  "0.0.0.0 / 0", "the whole internet",
]);

/** Stolen access and fraud infrastructure named outright. */
const STOLEN_ACCESS = lex("cyber_stolen_access", [
  "hijacked accounts", "hijacked account", "stolen accounts", "stolen cookies", "stolen session", "stolen sessions",
  "session hijacking", "export victims", "victims list", "residential proxies", "rotate * proxies", "captcha farm",
  "solve captchas via farm", "bypass captcha", "credential dump", "bot panel", "c2 panel", "command and control",
  "cracked accounts", "account checker", "combo checker",
]);

export const cyberRules: readonly Rule[] = [
  pairRule({
    feature: "cybercrime.malware", code: "cybercrime", note: "malware written, deployed or spread",
    act: MAKE, object: MALWARE, window: 10, blocks: [{ lex: DEFENSIVE }, { lex: HANDLING }],
  }),
  phraseRule({ feature: "cybercrime.extortion", code: "cybercrime", note: "systems or files held to ransom", phrases: EXTORT, block: DEFENSIVE }),
  phraseRule({ feature: "cybercrime.credential_attack", code: "cybercrime", note: "passwords guessed, stuffed or stolen ones tried", phrases: GUESS, block: DEFENSIVE }),
  pairRule({
    feature: "cybercrime.flooding", code: "cybercrime", note: "a service flooded or taken down",
    act: FLOOD, object: SERVICE, window: 12, blocks: [{ lex: DEFENSIVE }],
  }),
  phraseRule({ feature: "cybercrime.stolen_access", code: "cybercrime", note: "stolen accounts, sessions or attack infrastructure", phrases: STOLEN_ACCESS, block: DEFENSIVE }),
  phraseRule({ feature: "cybercrime.phishing", code: "cybercrime", note: "a phishing page, fake portal or intercepted codes", phrases: PHISH, block: PHISH_BLOCK }),
  pairRule({
    feature: "cybercrime.unauthorised_access", code: "cybercrime", note: "getting into what is someone else's",
    act: INTRUDE, object: NOT_THEIRS, window: 12, blocks: [{ lex: DEFENSIVE }],
  }),
];
