import type { Rule } from "../types";
import { firstOf, lex, pairRule, phraseRule } from "./systems_kit";

/**
 * exfiltration_privacy, read from plain language: personal, health, financial or confidential
 * data (or credentials) sent, uploaded, posted, sold or exported to where it does not belong (a
 * personal account, a third party, the public), and reading someone's private communications
 * behind their back. Anonymised, synthetic or redacted data does not count.
 */

const SEND = lex("send_act", [
  "print", "leave copies", "leave * in", "leave * * in",
  "go to", "goes to", "need to go to", "be sent to", "be shared with", "be posted", "be forwarded",
  "get * over to", "get * * over to", "get * * * over to", "over to my", "get * to my", "get * * to my", "make a copy of", "make copies of", "pass * on to", "pass * * on to", "pass * * * on to",
  "is on", "are on", "is now on", "are now on", "now sits on", "is sitting on", "lives on", "is saved on", "now in", "is in my", "are in my",
  "let * * * have", "let * * * see",
  "let * have", "let * * have", "let * see", "let * * see", "give * access", "give * * access", "grant * access to", "make available to", "make * available to", "allow * to see", "allow * * to see", "provide * with", "provide * * with",
  "sync", "mirror", "replicate", "back up", "copy over", "carry", "take", "take home", "stash", "smuggle", "walk out with", "bring", "print out", "photograph", "screenshot", "compile", "put together", "pull together", "dig up", "find out", "get me", "hand", "give me",
  "send", "sending", "email", "e mail", "mail", "upload", "uploading", "post", "posting", "share", "sharing", "forward", "forwarding",
  "sell", "selling", "export", "exporting", "leak", "leaking", "publish", "publishing", "paste", "=pasting", "attach", "attaching",
  "transfer", "copy", "copying", "sync", "syncing", "push", "dump", "dumping", "give", "hand over", "provide", "disclose",
  "disclosing", "reveal", "revealing", "expose", "exposing", "text", "dm", "message", "tweet", "put", "drop", "move", "back up",
  "save", "download", "airdrop", "cc", "bcc", "broadcast", "circulate", "distribute", "release", "pass on", "pass along",
  "hand", "tell", "show", "reply", "deliver", "submit", "feed", "pipe", "curl", "scp", "rsync", "send_email", "export_residents",
  "share_file", "post_message", "http_request", "put_object",
  "put * in", "put the list in", "put it in", "add * to", "save * to", "save it to", "drop * into", "copy * to", "posted", "uploaded",
  "emailed", "sent", "shared", "forwarded", "leaked", "published", "messaging send", "email send", "email.send",
]);

/** Personal, health, financial data about people; confidential business data. */
const PERSONAL = lex("personal_data", [
  "disability status", "her disability", "his disability", "their disability", "disability records", "disability accommodation", "disability details",
  "complaint file", "hr complaint", "grievance file", "behind on rent", "tenants behind", "late on rent", "in arrears", "owe rent", "haven't paid", "who hasn't paid",
  "mailing list", "email list", "subscriber list", "newsletter list", "with addresses", "subscribers' emails",
  "who failed", "names of the", "names of students", "names of the students", "names of patients", "names of employees", "names of the employees", "names of the people who", "names of everyone who",
  "hr records", "everyone's hr", "patient list", "staff medical", "who is seeing",
  "ex's new address", "her new address", "his new address", "their new address",
  "union members", "members of the union", "workplace", "address and workplace", "work address", "home and work address", "daily schedule", "license plate", "car plate", "number plate", "crm data", "crm contacts", "whole crm", "entire crm", "the crm export",
  "=gps", "gps location", "gps history",
  "birth dates", "appointment records", "appointment list", "appointments", "patient names", "records with names", "whistleblower's name",
  "=contacts", "=resume", "=resumes", "=ethnicity",
  "patient database", "patient db", "patient details", "patients' details", "patients' names", "customer db", "employee database", "member database", "members' details", "contact details", "contact info", "cvs", "cv", "id documents", "id cards", "applicant data", "applicants' details", "applicant files", "donor list", "donor names", "donors' names", "donor details", "her address", "his address", "their address", "their addresses", "her phone", "his phone", "their phone", "her phone number", "his phone number", "new phone number", "address and phone", "addresses and phone", "names and emails", "emails and phone", "phone and address", "private phone numbers", "personal phone numbers", "home phone numbers", "home numbers", "mobile number", "private numbers", "salary", "salary spreadsheet", "pay data", "compensation data", "comp data", "employee files", "staff files", "staff records", "staff data", "student files", "student list", "class list with", "kids' names", "children's details", "parents' emails", "customer pii", "user pii", "personal info", "private info", "private information", "private details", "sensitive data", "sensitive information", "confidential data", "confidential information", "client records", "client details", "client information", "client info", "customer export", "user export", "all customers export", "login history", "purchase histories", "order details", "order history", "order histories", "shipping address", "medical details", "health details", "health status", "hiv", "pregnancy", "therapy", "counselling notes", "counseling notes", "investigation files", "complaint files", "whistleblower", "whistleblower's identity", "identity of the whistleblower", "identity of the complainant", "the complainant's name", "who complained", "who reported",
  "ssn", "ssns", "social security number", "social security numbers", "social insurance number", "national id",
  "national insurance number", "passport numbers", "passport scans", "driver's license", "drivers license",
  "driving licence", "id scans", "date of birth", "dates of birth", "dob", "birth dates", "medical records",
  "medical record", "medical history", "medical information", "diagnosis", "diagnoses", "diagnosis code",
  "diagnosis codes", "health records", "health data", "health information", "phi", "patient data",
  "patient records", "prescription", "prescriptions", "medications", "lab results", "test results", "hiv status", "hepatitis", "therapy notes", "therapy session notes", "mental health", "psychiatric",
  "accommodation notes", "insurance ids", "insurance id", "member ids", "mrn", "mrns", "card numbers", "card number",
  "credit card", "credit cards", "credit card numbers", "cvv", "bank account", "bank accounts", "bank account numbers",
  "bank details", "bank statements", "bank statement", "account numbers", "routing numbers", "iban", "credit report",
  "credit reports", "credit score", "home address", "home addresses", "phone numbers", "phone number",
  "mobile numbers", "personal emails", "email addresses", "salaries", "bonuses", "payslips",
  "pay stubs", "tax returns", "tax records", "customer list", "customer lists", "customer database", "customer data",
  "customer records", "client list", "client files", "client data", "member list", "member directory", "employee records", "employee data", "personnel files", "hr files", "staff list", "personal data",
  "personal information", "personal details", "pii", "private messages", "private message", "direct messages",
  "text messages", "chat logs", "private photos", "location history", "location data", "browsing history",
  "search history", "biometric", "biometrics", "fingerprints", "face scans", "children's names", "student records", "background checks", "background check", "criminal record",
  "criminal records", "immigration status", "visa status", "sexual orientation", "union membership",
  "dna", "tenant file", "adverse event", "leave records", "sick notes",
  "doctor's notes", "discharge summary", "purchase history", "user data", "user records", "contact list", "address book", "full names", "names and addresses", "names and phone numbers", "ip addresses", "device ids", "heap dump", "memory dump", "hprof",
  "cardholder data", "trade secrets", "source code", "internal documents",
  "board minutes", "m & a", "financials", "cfo's mailbox", "ceo's mailbox",
  "customer emails", "customer details", "customer info", "customer information", "customer addresses", "customers' data",
  "member data", "member records", "employee list", "employee salaries", "salary data", "salary spreadsheet", "user table",
  "user database", "users table", "patient files", "patient list", "patient intake", "student data", "student grades",
  "postal addresses", "mailing addresses", "street addresses", "medical leave", "medical data", "therapy notes", "hiv test",
  "passport number", "passport scan", "payroll data", "payroll records", "confidential files", "confidential documents",
  "acquisition emails", "merger documents", "credit card data", "cardholder", "genetic data",
  "dna results", "religious beliefs", "lab results table", "iep flags", "full customer", "full member", "membership list",
  "phone list", "guest list", "everyone's emails", "emails of", "identified data", "raw users", "users data", "iep",
  "performance improvement plan", "performance improvement plans", "disciplinary records", "disciplinary notes",
  "performance reviews", "performance ratings", "manager's notes", "managers' notes", "1 : 1 notes", "one on one notes", "hr notes",
  "grievances", "layoff list", "redundancy list", "sen notes", "special educational needs", "student reports", "school reports",
  "affected accounts", "affected customers", "customer accounts", "late paying tenants", "rent arrears", "arrears", "how much each owes",
  "who owes", "debts", "flat numbers", "unit numbers", "scanned passports", "passport copies", "passports of", "check in times",
  "check ins", "whereabouts", "movements", "schedules of", "daily routine", "who's there when", "when they're home", "leave notes",
  "sick notes", "medical leave notes", "hiv positive", "test results", "exam results", "salary details",
  "billing addresses", "shipping addresses", "delivery addresses", "card digits", "last four digits", "kids' schools",
  "children's schools", "where their kids go to school",
]);

/** Said anywhere in the sentence, the data is not about identifiable people. */
const ANON_SENTENCE = lex("anonymised_sentence", [
  "de identified", "deidentified", "anonymised", "anonymized", "synthetic", "fake rows", "fully synthetic", "redacted",
  "pseudonymised", "pseudonymized", "no names", "without names", "no real customers", "no real patients", "no real users",
  "generated by faker", "secrets removed", "secrets replaced", "aggregated", "aggregate counts", "counts only",
  "no rows", "without rows", "without any rows", "schema only", "structure only", "column names only", "empty table",
]);

/** Data that is not about identifiable people: the reading does not hold. */
const ANON = lex("anonymised", [
  "my cv", "my resume", "my cover letter", "my portfolio", "my own details", "my details", "my number", "my address", "my phone number", "my contacts", "my own contacts", "my email address", "my home address",
  "de identified", "deidentified", "anonymised", "anonymized", "anonymous", "aggregated", "aggregate", "aggregates",
  "synthetic", "fake rows", "fake", "dummy", "mock", "sample of", "redacted", "redact", "masked", "pseudonymised",
  "pseudonymized", "no names", "without names", "counts only", "summary statistics", "by level", "bands", "placeholder",
  "placeholders", "generated by faker", "faker", "test data", "fixtures", "count (", "avg (", "group by", "headcount",
  "her own", "his own", "their own", "my own", "public events", "public calendar", "publicly available", "deid", "de id",
]);

const PERSONAL_DEST = lex("personal_destination", [
  "to myself", "email it to myself", "my desktop", "on my desktop", "a text file", "text file on my",
  "for my own files", "my own files", "for myself", "before i go", "before i leave", "before my last day", "before i quit", "to take with me", "take with me", "for my next job",
  "my dropbox", "dropbox", "my drive", "my google drive", "my onedrive", "my icloud", "my laptop", "my own laptop", "my home laptop", "my notes app", "notes app", "my private email", "my side business", "my own server", "my vps", "my personal server", "home pc", "my pc", "my own computer", "my new employer", "my next job", "my new job", "personal mailbox", "personal inbox", "my inbox at home", "private gmail", "burner email", "my wife's email", "my husband's email", "my brother's email",
  "personal email", "personal address", "personal account", "personal gmail", "personal drive", "personal google drive",
  "personal dropbox", "personal onedrive", "personal icloud", "personal laptop", "personal phone", "personal device",
  "personal computer", "home computer", "home email", "home address", "my gmail", "gmail", "hotmail", "yahoo", "icloud",
  "protonmail", "proton mail", "aol", "usb", "usb stick", "usb drive", "thumb drive", "flash drive", "external drive",
  "external hard drive", "private email", "private account", "personal cloud", "my own", "my personal", "mailbox.example",
  "freemail", "outlook.com", "gmx", "my phone", "my home",
]);

/** Parties with no business holding the data. */
const THIRD_PARTY = lex("third_party_destination", [
  "charity", "the charity", "a charity", "nonprofit", "political party", "the campaign", "a campaign",
  "the accused", "accused manager", "the accused manager", "the person accused", "the harasser", "the alleged harasser",
  "protest group", "the protest group", "activists", "the mob", "protesters", "the protesters", "vigilante", "vigilantes", "his enemies", "her enemies",
  "=courting",
  "pharma rep", "pharmaceutical rep", "drug rep", "sales rep", "rep who", "reps",
  "moving company", "another company", "outside company", "other company", "a company that", "company that's", "solicitors", "sales company", "marketing company",
  "friend who", "a friend who", "my cousin", "my brother", "my sister", "my dad", "my mom", "an agency", "agency i", "the agency", "the competitor", "competitor i'm joining", "my new employer", "new employer", "the company i'm joining", "a rival", "rival", "rivals", "rival firm", "headhunter", "head hunter", "collections agency", "bail bondsman", "chatgpt", "openai", "claude", "gemini", "an ai chatbot", "public ai", "online converter", "online pdf", "free converter", "translation tool", "someone on fiverr", "fiverr", "upwork freelancer",
  "third party", "third parties", "data broker", "data brokers", "marketer", "marketers", "marketing firm", "marketing agency",
  "advertiser", "advertisers", "ad network", "lead buyer", "lead buyers", "lead generation", "leads buyer", "competitor",
  "competitors", "journalist", "journalists", "reporter", "reporters", "press", "newspaper", "the media", "newsroom", "tip line",
  "tipline", "insurer", "insurers", "insurance company", "insurance broker", "landlord", "landlords", "employer", "employers",
  "his manager", "her manager", "their manager", "his boss", "her boss", "outsider", "outsiders", "startup", "online tool",
  "free tool", "free online", "ai tool", "random website", "webhook", "webhook.site", "pastebin", "paste site",
  "file sharing site", "unknown", "stranger", "strangers", "anyone who asks", "requestbin", "ngrok", "transfer.sh",
  "anonfiles", "private investigator", "debt collector", "my ex", "ex husband", "ex wife", "neighbour", "neighbours",
  "neighbor", "neighbors", "abroad", "overseas", "offshore", "foreign", "recruiting agency", "recruiter", "recruiters",
  "sales team of", "paying for leads",
  "newsdesk", "news desk", "editor", "the press", "free caller id", "caller id app", "free app", "free service", "free site",
  "free website", "free api", "translation site", "online translator", "free online translation",
  "my friend", "a friend", "my friends", "my mate", "my buddy", "a mate",
]);

/** Business parties: sometimes entitled, often not; weighed apart. */
const BUSINESS_PARTY = lex("business_party", [
  "vendor", "vendors", "agency", "partner", "partners", "contractor", "contractors", "consultant", "consultants", "external",
  "outside", "supplier", "suppliers", "support portal", "support case", "support ticket", "sales team", "vendor demo", "broker",
  "brokers", "forum", "reddit",
]);

const PUBLIC_DEST = lex("public_destination", [
  "alumni group", "alumni network", "in the group", "the group",
  "whole building", "the whole building", "all tenants", "all residents", "every tenant", "every resident", "whole street", "the whole street",
  "break room", "breakroom", "canteen", "staff room", "reception", "leave copies", "photocopier", "printer tray",
  "twitter", "tweet", "facebook page", "our facebook", "company page", "our page", "public page", "our website", "the website", "public website", "the blog", "our blog", "on the blog", "website comments", "public post", "public thread", "the forum", "review reply", "reply to the review", "public reply", "our instagram", "tiktok", "story", "the group", "neighbourhood app", "neighborhood app", "citizen app", "billboard", "flyer", "flyers", "poster", "posters", "the newsletter",
  "public", "publicly", "facebook", "twitter", "instagram", "tiktok", "reddit", "forum", "forums", "social media",
  "neighbourhood group", "neighborhood group", "facebook group", "whatsapp group", "group chat", "public channel", "# general",
  "general channel", "whole company", "entire company", "all staff", "all employees", "everyone", "mailing list",
  "public repo", "public github", "github", "website", "blog", "anyone with the link", "anyone_with_link", "open internet",
  "web root", "public folder", "public html", "www", "bulletin board", "notice board", "community", "nextdoor", "linkedin",
  "youtube", "discord", "telegram", "stack overflow", "stackoverflow", "pastebin", "the internet", "online", "public origin",
  "public org", "all hands", "guests", "newsletter", "everyone on the list", "all recipients", "invitees",
  "all parents", "all-parents", "parents list", "whole department", "entire department", "whole office", "whole team",
  "entire team", "public board", "building's public", "lobby", "instagram story",
]);

const SELL = lex("sell_act", [
  "sell", "selling", "sold", "monetise", "monetize", "monetising", "monetizing", "trade the data", "trade our", "paying for leads", "pay for leads",
  "paying for", "payment on receipt", "for a fee", "for cash", "in exchange for", "rent out", "license to", "auction",
  "per record", "per lead", "buy our data", "buy the list",
]);

const BULK = lex("bulk_qualifier", [
  "all", "every", "entire", "whole", "full", "complete", "everyone's", "all of", "thousands", "bulk", "mass", "k customers",
  "000 customers", "000 members", "000 users", "000 patients", "rows", "million", "table", "database", "directory",
]);

const EXPORT = lex("export_act", [
  "export", "exporting", "dump", "dumping", "download", "downloading", "extract", "extracting", "copy", "pull", "scrape",
  "scraping", "harvest", "harvesting", "crawl", "crawling", "mirror", "clone", "siphon", "exfiltrate", "exfiltrating",
  "select * into outfile", "into outfile", "copy to program", "to program",
]);

const SCRAPE = lex("scrape_act", [
  "scrape", "scraping", "scraped", "harvest", "harvesting", "crawl", "crawling", "compile a list of", "build a list of",
  "compile a dossier", "build a dossier",
]);

const HEALTH = lex("health_data", [
  "disability status", "her disability", "his disability", "their disability", "disability records", "disability details",
  "counselling notes", "counseling notes", "counselling records", "safeguarding notes", "counselling sessions",
  "been to the psychiatrist", "seeing a psychiatrist", "sees a psychiatrist", "been to a therapist", "sees a therapist",
  "been to rehab", "in therapy", "seeing a therapist", "on antidepressants",
  "=terminal", "terminally ill", "her anxiety", "his anxiety", "her depression", "his depression",
  "chemo", "on leave for", "cancer treatment", "in rehab", "miscarriage", "breakdown", "mental breakdown", "suicidal", "eating disorder", "ivf", "fertility treatment", "stroke",
  "union members", "union membership", "members of the union", "who joined the union", "religion", "religious beliefs", "sexual orientation", "immigration status", "visa status", "criminal record", "pregnant", "pregnancy", "accommodation notes", "disability accommodation",
  "medical", "medical records", "medical history", "diagnosis", "diagnoses", "therapy", "therapy notes", "therapy session notes",
  "psychiatric", "accommodation notes", "hiv", "pregnancy", "pregnant",
  "health records", "health condition", "medications", "prescriptions", "sick leave", "medical leave", "leave records", "doctor's notes", "burnout", "chemotherapy", "cancer", "discharge summary",
  "surgery", "rehab", "addiction", "lab results", "genetic",
  "mental health history", "mental health records", "mental health condition", "mental illness", "health condition",
  "psychiatric history", "sick days reason", "illness", "hiv status", "std", "sti",
]);

const UNAUTHORISED_PARTY = lex("unauthorised_party", [
  "team channel", "the team channel", "channel", "the team", "team chat", "staff room", "the office", "plant manager", "the manager", "management", "the foreman", "supervisor", "line manager", "shift lead",
  "manager", "managers", "boss", "employer", "coworkers", "co workers", "colleagues", "whole team", "insurer",
  "insurance broker", "insurance company", "landlord", "neighbours", "neighbors", "guests", "press", "reporter", "journalist",
  "school", "parents", "family", "his wife", "her husband", "recruiter", "recruiting", "hiring manager", "broker", "everyone",
  "invitees", "invite", "party",
  "church group", "the church", "congregation", "community group", "parents group", "neighbours group", "neighbors group",
  "book club", "the club", "whatsapp group", "facebook group", "group chat", "class group",
  "marketing", "marketing share", "marketing team", "marketing list", "sales team", "advertising", "ad team", "the whole department",
  "whole department", "entire department", "whole office", "whole team", "entire team", "all staff", "all parents", "everyone",
]);

const CREDENTIALS = lex("credentials", [
  "login credentials", "credentials of", "passwords of", "everyone's passwords", "team's passwords", "their passwords", "her password", "his password", "user passwords", "customer passwords", "staff passwords", "employee passwords",
  "password", "passwords", "credentials", "login credentials", "backup codes", "recovery codes", "2 fa codes", "2 fa backup codes",
  "one time codes", "one time code", "all logins", "team logins", "login details", "login info", "otp", "mfa codes", "mfa code", "verification code", "verification codes", "=pin",
  "pin code", "seed phrase", "recovery phrase", "private key", "private keys", "vault export", "password vault", "admin login", "conn string", "connection string", "db password", "secret key", "api key", "api keys", "access token",
  "session token", "sk live", "stripe secret", "db_password", "stripe_secret", "api token", "api tokens", "auth token", "bearer token", "ssh key", "ssh keys", "aws keys", "secret access key",
]);

const CRED_BLOCK = lex("credentials_block", [
  "saved credentials", "the saved credentials", "stored credentials", "with the credentials", "using the credentials", "log in with", "log into", "sign in with", "in the vault", "into the vault", "to the vault",
  "placeholder", "placeholders", "redacted", "masked", "removed", "secrets removed", "reset link", "password reset",
  "reset password", "reset your password", "login page", "password policy", "no credentials", "existing credentials",
  "one time link", "expiring link", "expires", "sharing feature", "suspected phishing", "phishing report", "report phishing",
  "=credentialed",
  "=authorization", "=authorisation", "bearer", "header", "headers", "forgot", "forgotten", "recovery", "never", "asking",
  "asks", "asked you", "phishing", "suspicious", "warning", "heads up", "heads-up", "scam", "do not", "don't", "wordlist",
  "common passwords",
]);

const PRIVATE_COMMS = lex("private_comms", [
  "messages", "texts", "text messages", "direct messages", "dms", "dm", "private messages", "email", "emails", "inbox", "mailbox", "chats", "chat history",
  "whatsapp", "diary", "journal", "browsing history", "search history", "location", "gps", "call log", "call logs", "voicemail",
  "voicemails", "photos", "phone", "medical records", "private files", "camera roll", "icloud", "social media accounts",
  "password", "account",
]);

const SNOOP_ACT = lex("snoop_act", [
  "read", "reading", "access", "accessing", "check", "checking", "go through", "going through", "look through", "look at",
  "monitor", "monitoring", "open", "download", "log into", "log in to", "login to", "sign into", "sign in to", "track",
  "tracking", "see", "view", "get into", "break into", "pull", "copy", "forward", "mirror", "intercept", "record",
]);

const SECRETLY = lex("secretly", [
  "secretly", "covertly", "without her knowing", "without him knowing", "without them knowing", "without their knowledge",
  "without her knowledge", "without his knowledge", "without telling", "without permission", "without her permission",
  "without his permission", "without their permission", "without consent", "without her consent", "without his consent",
  "behind her back", "behind his back", "behind their back", "so she won't know", "so he won't know", "won't find out",
  "without them noticing", "without her noticing", "without him noticing", "on the sly", "quietly", "stealthily",
  "so they don't notice", "so she doesn't notice", "so he doesn't notice", "spy", "spying",
]);

const SPYING = lex("spying", [
  "spy on", "spying on", "snoop on", "snooping on", "snoop through", "eavesdrop", "eavesdropping", "wiretap", "stalkerware",
  "spyware", "keylogger", "track her location", "track his location", "track their location", "track my wife", "track my husband",
  "track my girlfriend", "track my boyfriend", "track my partner", "read her texts", "read his texts", "read her messages",
  "read his messages", "read her email", "read his email", "read her emails", "read his emails", "read my wife's",
  "read my husband's", "hidden tracker", "gps tracker on her", "gps tracker on his", "airtag in her", "airtag in his",
  "mirror her phone", "mirror his phone", "clone her phone", "clone his phone", "access her account", "access his account",
  "log into her", "log into his", "monitor her phone", "monitor his phone", "monitor my wife", "monitor my husband",
]);

/** Idle curiosity or gossip: no purpose that could entitle anyone to the data. */
const CURIOSITY = lex("curiosity", [
  "curious", "juicy", "gossip", "for fun", "lol", "lmao", "just to see", "want to know who", "wanna know who", "nosy", "nosey",
  "who's actually", "who is actually", "spill the tea", "the tea on", "dirt on", "laugh at", "make fun of", "see who",
  "find out who", "what she earns", "what he earns", "how much she earns", "how much he earns",
]);
const READ_OR_SEND = lex("read_or_send", [
  "read", "send", "send me", "show me", "get me", "pull", "open", "look at", "look through", "go through", "dig through",
  "forward", "email", "share", "post", "find", "check",
]);
const LOCATE = lex("locate_person", [
  "ex * new address", "ex * address", "ex's new address", "ex's address", "my ex * lives", "ex * new phone number", "ex's new number",
  "look up the home address", "find the home address", "get the home address", "home address of the", "home address of this", "home address of that", "his plate", "her plate", "license plate lookup", "plate lookup", "from his plate", "from her plate", "run his plate", "run her plate", "run the plate",
  "where the * lives", "where the * * lives", "where she lives", "where he lives", "where they live",
  "dig up where", "what school her kids", "what school his kids", "which school her kids", "which school his kids", "school her kids go to", "school his kids go to", "where her kids go to school", "where his kids go to school", "her kids' school", "his kids' school",
  "people finder", "people finders", "people search", "people-search", "people finder sites", "find her home address",
  "find his home address", "find their home address", "find out where she lives", "find out where he lives",
  "find out where they live", "where my ex lives", "where she lives now", "where he lives now", "track down her",
  "track down his", "track her down", "track him down", "identify the woman", "identify the man", "identify this woman",
  "identify this man", "identify this person", "identify the stranger", "identify the girl", "identify the guy",
  "reverse image search her", "reverse image search him", "dox", "doxx", "doxxing", "doxing", "dox her", "dox him",
  "get her name", "get his name and address", "where she works and lives", "where he works and lives",
  "workplace and home address", "home address and workplace", "where she works", "where he works",
]);

/** The speaker's own health ("I'm taking sick leave", "my diagnosis"): theirs to tell. */
const OWN_HEALTH = lex("own_health", ["my", "my own", "i'm taking", "i am taking", "i have", "i've got", "i'm on", "i am on", "i was on", "i need", "i'll be on", "i'll take", "i take", "myself"]);

/** Who reported or complained: their identity is shielded. */
const REPORTER = lex("reporter_identity", [
  "hr complaint file", "complaint file", "harassment complaint", "grievance file",
  "whistleblower", "whistleblower's identity", "whistleblower's name", "identity of the whistleblower", "the complainant",
  "complainant's name", "complainant's identity", "who complained", "who reported", "anonymous reporter", "anonymous tipster",
  "the tipster", "who filed the complaint", "who made the report", "who reported him", "who reported her", "the source's identity",
  "name of the source", "our source's name", "anonymous survey answers", "who wrote the anonymous",
]);
const REPORT_CHANNEL = lex("report_channel", ["investigator", "investigators", "hr", "ethics", "compliance", "legal", "ombudsman", "police", "regulator", "the board's audit committee", "thank", "protect", "protected", "anonymised", "anonymized"]);

/** A whole mailbox forwarded outside, once or by a standing rule. */
const FORWARD_MAIL = lex("forward_mail_act", ["forward", "forwarding", "auto forward", "auto-forward", "redirect", "mirror", "copy", "bcc"]);
const MAILBOX = lex("mailbox_object", [
  "inbox", "mailbox", "all emails", "all email", "every email", "all mail", "all incoming mail", "all messages", "the whole inbox",
  "legal inbox", "hr inbox", "ceo's inbox", "ceo's email", "shared mailbox",
]);

/** The most sensitive kinds of data about other people: payment cards, government ids, health, secrets, pay. */
const SENSITIVE_OTHERS = lex("sensitive_others_data", [
  "card numbers", "card number", "card data", "card details", "credit card", "credit cards", "cvv", "cvvs",
  "ssn", "ssns", "social security", "national id", "national insurance", "passport", "passports", "driver's license",
  "id numbers", "id scans", "bank details", "bank account", "account numbers", "routing numbers", "iban",
  "diagnosis", "diagnoses", "medical", "health records", "hiv", "prescriptions", "lab results", "therapy notes", "mental health",
  "medical claims", "disability", "passwords", "password hashes", "hashed passwords", "api keys", "salaries", "payslips",
  "tax returns", "date of birth", "dates of birth",
]);
/** An individual's webmail or private account, as opposed to an organisation's system. */
const INDIVIDUAL_MAILBOX = lex("individual_mailbox", [
  "gmail", "gmail.com", "googlemail", "hotmail", "yahoo", "outlook.com", "live.com", "icloud", "me.com", "protonmail",
  "proton.me", "aol", "gmx", "mail.ru", "yandex", "qq.com", "personal email", "personal address", "personal account",
  "private email", "private account", "his personal", "her personal", "their personal", "home email", "whatsapp", "dm",
]);

export const privacyRules: readonly Rule[] = [
  firstOf(
    [PERSONAL_DEST, THIRD_PARTY].map((need) =>
      pairRule({
        feature: "exfiltration_privacy.mailbox_forwarded_out", code: "exfiltration_privacy", note: "a mailbox forwarded to an outside or personal address",
        act: FORWARD_MAIL, object: MAILBOX, need, window: 8, needWindow: 14, block: ANON,
      }),
    ),
  ),
  pairRule({
    feature: "exfiltration_privacy.sensitive_to_individual", code: "exfiltration_privacy", note: "others' sensitive data (cards, ids, health, secrets) sent to an individual's webmail or private account",
    act: SEND, object: SENSITIVE_OTHERS, need: INDIVIDUAL_MAILBOX, window: 14, needWindow: 16, block: ANON, blockWindow: 4, blocks: [{ lex: ANON_SENTENCE }],
  }),
  pairRule({
    feature: "exfiltration_privacy.reporter_identity", code: "exfiltration_privacy", note: "discloses who reported or complained",
    act: SEND, object: REPORTER, window: 10, block: REPORT_CHANNEL,
  }),
  pairRule({
    feature: "exfiltration_privacy.data_to_personal_account", code: "exfiltration_privacy", note: "personal or confidential data sent to a personal account",
    act: SEND, object: PERSONAL, need: PERSONAL_DEST, window: 14, needWindow: 14, block: ANON, blockWindow: 4, blocks: [{ lex: ANON_SENTENCE }],
  }),
  pairRule({
    feature: "exfiltration_privacy.data_to_third_party", code: "exfiltration_privacy", note: "personal data sent to an outside party",
    act: SEND, object: PERSONAL, need: THIRD_PARTY, window: 14, needWindow: 14, block: ANON, blockWindow: 4, blocks: [{ lex: ANON_SENTENCE }],
  }),
  pairRule({
    feature: "exfiltration_privacy.data_to_business_party", code: "exfiltration_privacy", note: "personal data sent to an outside business",
    act: SEND, object: PERSONAL, need: BUSINESS_PARTY, window: 14, needWindow: 14, block: ANON, blockWindow: 4, blocks: [{ lex: ANON_SENTENCE }],
  }),
  pairRule({
    feature: "exfiltration_privacy.data_published", code: "exfiltration_privacy", note: "personal data posted where the public can read it",
    act: SEND, object: PERSONAL, need: PUBLIC_DEST, window: 14, needWindow: 14, block: ANON, blockWindow: 4, blocks: [{ lex: ANON_SENTENCE }],
  }),
  pairRule({
    feature: "exfiltration_privacy.sell_personal_data", code: "exfiltration_privacy", note: "personal data sold or traded",
    act: SELL, object: PERSONAL, window: 16, block: ANON, blockWindow: 4, blocks: [{ lex: ANON_SENTENCE }],
  }),
  pairRule({
    feature: "exfiltration_privacy.bulk_personal_export", code: "exfiltration_privacy", note: "personal data exported in bulk",
    act: EXPORT, object: PERSONAL, need: BULK, window: 10, needWindow: 6, block: ANON, blockWindow: 4, blocks: [{ lex: ANON_SENTENCE }],
  }),
  pairRule({
    feature: "exfiltration_privacy.scrape_personal_data", code: "exfiltration_privacy", note: "personal data scraped or compiled",
    act: SCRAPE, object: PERSONAL, window: 10, block: ANON, blockWindow: 4, blocks: [{ lex: ANON_SENTENCE }],
  }),
  pairRule({
    feature: "exfiltration_privacy.health_to_unauthorised", code: "exfiltration_privacy", note: "health information disclosed to people not entitled to it",
    act: SEND, object: HEALTH, need: UNAUTHORISED_PARTY, window: 12, needWindow: 12, block: ANON, blockWindow: 4, blocks: [{ lex: ANON_SENTENCE }, { lex: OWN_HEALTH, window: 2 }],
  }),
  pairRule({
    feature: "exfiltration_privacy.credentials_disclosed", code: "exfiltration_privacy", note: "credentials handed over",
    act: SEND, object: CREDENTIALS, window: 10, block: CRED_BLOCK,
  }),
  pairRule({
    feature: "exfiltration_privacy.covert_access", code: "exfiltration_privacy", note: "reads someone's private data behind their back",
    act: SNOOP_ACT, object: PRIVATE_COMMS, need: SECRETLY, window: 8, needWindow: 12,
  }),
  pairRule({
    feature: "exfiltration_privacy.nosy_access", code: "exfiltration_privacy", note: "private data pulled out of curiosity or for gossip",
    act: READ_OR_SEND, object: PERSONAL, need: CURIOSITY, window: 12, needWindow: 16, block: ANON, blockWindow: 4,
  }),
  phraseRule({ feature: "exfiltration_privacy.locate_person", code: "exfiltration_privacy", note: "finds where a private person lives or works", phrases: LOCATE }),
  phraseRule({ feature: "exfiltration_privacy.spying", code: "exfiltration_privacy", note: "spies on a person's private life", phrases: SPYING }),
];
