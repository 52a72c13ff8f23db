import type { Rule } from "../types";
import { lex, pairRule, phraseRule } from "./systems_kit";

/**
 * fraud_deception, read from plain language: forged or doctored documents and signatures, fake
 * reviews and sockpuppet endorsements, impersonation of people and institutions, phishing pages
 * and lures, falsified records and numbers, backdating, passing off others' or AI work as one's own
 * for grading, insurance and benefit fraud, fakes sold as genuine.
 */

const FORGE = lex("forge_act", [
  "doctor the", "doctor his", "doctor her", "doctor my", "doctor our", "doctor this", "doctor these", "doctor it", "doctor them",
  "never came", "didn't come", "never showed", "never showed up", "who weren't there", "weren't there", "not present", "wasn't there",
  "never worked", "hours never", "didn't work", "did not work", "weren't worked", "not worked", "never attended", "never took place", "never existed", "don't exist", "doesn't exist", "do not exist", "never sold", "never shipped", "never made", "never happened", "never ran", "we didn't run", "we did not run", "we never ran", "didn't do", "never did", "never done", "never carried out", "wasn't done", "weren't done", "made up", "pull out of thin air", "out of thin air", "plausible looking",
  "forge", "forging", "forged", "fake", "faking", "faked", "fabricate", "fabricating", "fabricated", "counterfeit",
  "make up", "made up", "invent", "invented", "falsify", "falsifying", "falsified", "=doctored", "phony", "phoney",
  "bogus", "fraudulent", "fictitious", "fictional", "sham", "fake up", "mock up a real", "generate a fake", "create a fake", "make a fake", "never provided", "never rendered", "never performed", "never delivered",
  "for services never", "for work never", "that never happened", "that never took place", "didn't happen",
]);

const DOCUMENT = lex("document_object", [
  "document", "documents", "note", "doctor's note", "doctors note", "sick note", "medical note", "medical certificate",
  "certificate", "certificates", "diploma", "diplomas", "degree", "degrees", "transcript", "transcripts", "id", "ids",
  "id card", "passport", "passports", "driver's license", "drivers license", "license", "licence", "invoice", "invoices",
  "receipt", "receipts", "timesheet", "timesheets", "letter", "letters", "reference letter", "recommendation letter",
  "contract", "contracts", "statement", "statements", "bank statement", "pay stub", "pay stubs", "payslip", "payslips",
  "signature", "signatures", "letterhead", "prescription", "prescriptions", "lab report", "report", "reports", "records",
  "record", "audit report", "inspection report", "permit", "permits", "credentials", "badge", "boarding pass", "warranty", "appraisal", "deed", "title", "will", "notarization", "notary stamp", "stamp", "seal",
  "w 2", "w2", "1099", "tax return", "tax form", "proof of income", "proof of address", "utility bill", "reference",
  "references", "employment verification", "expense report", "expense reports", "expenses", "mileage log", "claim",
  "claims", "evidence", "screenshot", "screenshots", "photos", "photo", "data", "results", "numbers", "metrics", "figures",
  "minutes", "attendance", "log", "logs", "inspection", "safety certificate", "vaccination record", "vaccine card",
  "test result", "test results", "covid test", "lease", "paperwork", "university diploma", "official crest", "official seal",
  "names", "employee names", "donor names", "donors", "donations", "employees", "attendees", "participants", "entries",
  "applicants", "volunteers", "signatories", "patients seen", "visits", "hours worked", "sales figures",
]);

/** Fakes that deceive nobody: fixtures, props, templates, fiction. */
const HARMLESS_FAKE = lex("harmless_fake", [
  "=sample", "sample data", "sample document", "sample documents",
  "test", "tests", "testing", "fixture", "fixtures", "example", "template", "placeholder", "mock data", "dummy",
  "demo data", "training exercise", "fiction", "fictional story", "novel", "screenplay", "film", "movie", "prop", "props",
  "game", "escape room", "for a play", "theatre", "theater", "costume", "halloween", "satire", "parody", "watermarked",
  "marked sample", "specimen", "void", "lorem ipsum", "documented example",
  "how to spot", "spot fake", "spotting fake", "identify fake", "detect fake", "recognise fake", "recognize fake",
  "avoid fake", "report fake", "beware of fake", "warning about fake", "fake claims",
  "characters", "character names", "story", "for a story", "placeholder names", "sample names", "test users", "seed data",
]);

const DOC_GENERATE = lex("generate_official_doc", [
  "get me", "sort me", "sort out", "get",
  "=generate", "create", "make", "produce", "draft", "write", "print", "compose", "mock up", "design", "fill in", "docs.compose",
  "fill", "fill it", "fill out", "populate", "complete", "fill it with",
]);
const OFFICIAL_AS_OTHER = lex("official_as_other", [
  "on dr", "on her letterhead", "on his letterhead", "on their letterhead", "letterhead", "with her signature", "with his signature",
  "with their signature", "sign it with her name", "sign it with his name", "sign it as", "signed as", "signature block",
  "signature image", "signature from", "registrar signature", "official crest", "official seal", "university seal",
  "state seal", "notary stamp", "hospital logo", "their logo", "university diploma", "signer",
]);

const SIGN_AS = lex("sign_as_other", [
  "ghost sign", "sign my colleague's", "sign my boss's", "sign my manager's", "sign my partner's", "sign my wife's", "sign my husband's", "sign my mom's", "sign my dad's", "sign my mother's", "sign my father's", "sign my teacher's", "sign the manager's", "sign the doctor's", "sign someone else's", "sign another person's",
  "sign * with * name", "sign * * with * name", "sign * * * with * name", "sign * with * * name", "sign * * with * * name", "sign * * * with * * name", "sign for her", "sign for him", "sign as her", "sign as him",
  "sign it with her name", "sign it with his name", "sign it with their name", "sign with her name", "sign with his name",
  "sign her name", "sign his name", "sign their name", "signed with her name", "signed with his name", "forge her signature",
  "forge his signature", "forge the signature", "forged signature", "copy her signature", "copy his signature",
  "copy the signature", "paste her signature", "paste his signature", "paste the signature", "signature image from",
  "signature from the", "signature_image", "trace her signature", "trace his signature", "e sign on her behalf without",
  "e sign on his behalf without", "sign on her behalf without", "sign on his behalf without", "signature block filled in",
  "docusign as", "sign as the",
]);

const REVIEW_ACT = lex("review_act", [
  "write", "writing", "post", "posting", "=generate", "generating", "create", "creating", "leave", "leaving", "publish",
  "publishing", "submit", "add", "schedule", "buy", "buying", "purchase", "pay for", "spread", "draft", "flood", "seed",
  "post_review", "schedule_batch", "reviews.schedule",
  "edit", "change", "alter", "rewrite", "respond and edit", "update",
]);
const REVIEW = lex("review_object", [
  "review", "reviews", "testimonial", "testimonials", "rating", "ratings", "five star", "5 star", "one star", "1 star",
  "star ratings", "endorsement", "endorsements", "recommendation", "recommendations", "feedback", "yelp", "trustpilot",
  "google reviews", "amazon reviews", "app store reviews", "comments", "upvotes", "likes", "followers", "votes",
]);
const FAKE_REVIEW_MARK = lex("fake_review_marker", [
  "friends' accounts", "my friends' accounts", "other people's accounts", "family's accounts", "using * accounts", "using * * accounts", "from * accounts", "under * names", "for my shop", "for my own", "for my business", "for our business", "for our own", "our own product", "my own product", "for my product", "for my app", "my own app", "glowing", "verified buyers who", "who never bought", "never bought it", "never tried it",
  "fake", "fabricated", "made up", "invented", "bogus", "phony", "different customer voices", "different voices",
  "different names", "different accounts", "multiple accounts", "burner", "burner accounts", "sockpuppet", "sock puppet",
  "sockpuppets", "sock puppets", "persona accounts", "aged accounts", "aged pool", "account pool",
  "bot accounts", "bots", "so it looks organic", "look organic", "looks organic", "look genuine", "looks genuine",
  "as customers", "pretending to be customers", "posing as customers", "reviewer batch", "review batch",
  "competitor takedown", "takedown", "never used", "never bought", "never visited", "never stayed", "without having used",
  "satisfied patients", "satisfied customers", "spread over", "staggered", "from different", "from various",
  "pretending to be", "posing as", "as different users", "different users", "different people", "different customers",
  "as if they were customers", "as if from customers", "as real customers", "from customers who don't exist",
  "as author", "as the author", "as_author", "on behalf of the reviewer", "as the customer", "as if they're from",
  "as if they are from", "as if from real", "from real users", "vary the names", "varied names", "made up names", "new rating",
  "change the rating", "change their rating", "edit their review", "edit the review", "rewrite the review", "rewrite their review",
]);

const IMPERSONATE = lex("impersonate_act", [
  "impersonate", "impersonating", "impersonation", "pretend to be", "pretending to be", "pretend you're", "pretend you are",
  "pose as", "posing as", "masquerade as", "masquerading as", "pass yourself off as", "pass myself off as", "claim to be",
  "claiming to be", "say you're from", "say you are from", "say we're from", "say we are from", "saying you're from",
  "tell them you're from", "tell them you are from", "as if it came from", "as if it's from", "as if it is from",
  "styled as", "spoof", "spoofed", "spoofing", "disguised as", "in the name of", "in her name", "in his name",
  "from_name", "from name", "sender id", "sender_id", "as_user", "as user", "display name", "voice clone", "voice-clone",
  "clone her voice", "clone his voice", "clone the voice", "cloned voice", "deepfake voice", "fake caller id",
  "caller id spoof", "look like it's from", "look like it came from", "appear to come from", "appears to come from",
  "sign as",
  "log in as", "login as", "sign in as", "logged in as", "signed in as", "log into * account as",
]);
/**
 * "Tell them you're Dr. Lee", "say you're from the bank": the clitic ("'re", "'m") is not kept in
 * stems, so these claims are read only when the identity follows at once.
 */
const CLAIM_IDENTITY = lex("claim_identity", [
  "tell them you're", "tell her you're", "tell him you're", "tell * you're", "tell them you are", "tell her you are",
  "tell him you are", "tell * you are", "tell * * you're", "tell * * you are", "say you're", "say you are", "claim you're", "claim you are", "act as if you're",
  "say i'm", "say that i'm", "tell them i'm", "tell her i'm", "tell him i'm", "tell * i'm", "say we're", "tell them we're",
]);
const ROLE = lex("claimed_role", [
  "dr", "doctor", "a doctor", "the doctor", "nurse", "a nurse", "police", "a police officer", "an officer", "officer", "detective",
  "agent", "an agent", "from the bank", "from the irs", "from hmrc", "from medicare", "from social security", "from the police",
  "from the government", "from microsoft", "from apple", "from amazon", "from paypal", "from the council", "from it",
  "from tech support", "from support", "from the utility", "from the power company", "from the court", "from immigration",
  "his lawyer", "her lawyer", "a lawyer", "the lawyer", "the ceo", "the cfo", "the owner", "her son", "his son", "her daughter",
  "his daughter", "her grandson", "his grandson", "the account holder", "the cardholder", "his wife", "her husband", "the landlord",
  "a federal", "the fbi", "an irs", "a bank",
]);

const AUTHORITY = lex("authority_object", [
  "grandson", "granddaughter", "the grandson", "the granddaughter", "nephew", "niece", "relative", "a relative", "family member", "son", "daughter", "the police", "the sheriff", "a cop", "the bank manager", "bank manager", "fraud department", "fraud team", "tax office", "tax man", "the tax office", "the irs", "the ceo", "our ceo", "the cfo", "the landlord", "her landlord", "their landlord", "the utility company", "the electric company", "the gas company", "the school", "the principal", "the hospital", "a doctor", "microsoft support", "apple support", "amazon support", "tech support", "customer support", "a government official", "government official", "an inspector", "the inspector", "a detective", "federal agent", "the court", "the judge", "a judge", "a charity", "the charity", "the red cross",
  "bank", "the bank", "=irs", "hmrc", "medicare", "medicaid", "social security", "ssa", "police", "fbi", "court", "government",
  "tax office", "the tax authority", "ceo", "cfo", "cto", "boss", "manager", "director", "support", "support team",
  "customer service", "helpdesk", "help desk", "it support", "it department", "microsoft", "apple", "amazon", "paypal",
  "google", "netflix", "fedex", "=ups", "usps", "dhl", "royal mail", "post office", "courier", "stripe", "stripe billing",
  "city", "city of", "code enforcement", "council", "hospital", "doctor", "dr", "lawyer", "attorney", "landlord",
  "utility", "power company", "immigration", "customs", "embassy", "university", "school", "principal", "registrar",
  "recruiter", "official", "officials", "=authority", "=authorities", "agency", "department", "my boss",
  "a customer", "random buyer", "customer", "buyer", "his name", "her name",
  "her boss", "his boss", "the owner", "a police officer", "an officer", "a nurse", "a doctor", "a lawyer", "his wife",
  "her husband", "my manager", "the landlord", "her son", "his son", "her daughter", "his daughter", "the pharmacist",
  "a pharmacist", "the tenant", "the account holder", "the cardholder", "the patient", "her lawyer", "his lawyer",
  "my manager", "my supervisor", "her manager", "his manager", "my teacher", "my professor",
]);

const PHISH_PAGE = lex("phishing_page", [
  "clone the login page", "clone * login page", "cloned login page", "copy of the login page", "fake login page",
  "fake login", "fake sign in page", "lookalike domain", "look alike domain", "typosquat", "typosquatting", "credential harvesting",
  "harvest credentials", "harvest passwords", "harvest their credentials", "capture their passwords", "capture passwords",
  "collect their passwords", "collect their logins", "phishing page", "phishing site", "phishing kit", "phishing email",
  "phishing emails", "phishing campaign", "phishing link", "spear phishing", "spear phish", "smishing", "vishing",
  "login page of", "mirror the login", "replica of the login", "fake bank site", "fake website", "spoofed website",
  "spoofed domain", "spoof the domain",
]);
/** Talking about phishing, not doing it. */
const PHISH_EDU = lex("phishing_education", [
  "explain", "explains", "explaining", "how phishing", "what is phishing", "awareness", "training", "simulation", "simulated",
  "report", "reported", "reporting", "spot", "recognise", "recognize", "detect", "detecting", "warn", "warning", "teach",
  "learn about", "protect", "defend", "filter", "block", "quarantine", "flagged", "suspected", "suspicious", "usually",
]);

const PHISH_LURE = lex("phishing_lure", [
  "your account is locked", "account is locked", "account has been locked", "account will be suspended", "account has been suspended",
  "account is suspended", "to avoid suspension", "avoid suspension", "verify your account", "verify your identity", "confirm your password",
  "confirm your identity", "confirm their social security", "confirm your social security", "confirm their ssn", "confirm your ssn",
  "confirm their bank", "confirm your bank", "re enter your card", "re-enter your card", "reenter your card", "update your payment",
  "update your billing", "unpaid fee", "package is held", "parcel is held", "held due to", "pay now", "click here to claim",
  "you have won", "you've won", "claim your prize", "claim your refund", "tax refund waiting", "within 24h", "within 24 hours",
  "unusual sign in activity", "unusual activity", "mailbox will be closed", "mailbox closure", "reply with your password",
  "send your password", "give me your password", "share your password", "enter your password", "enter your credentials",
  "must confirm", "will be closed", "final warning", "legal action will", "arrest warrant", "gift card payment",
  "update billing details", "update their billing", "update your billing details", "payment failed", "your payment failed",
  "payment has failed", "payment was declined", "confirm their card", "update their card", "re enter their card", "verify their account",
]);

const SUBMIT = lex("submit_act", [
  "send", "send it", "put",
  "submit", "submitting", "hand in", "hand * in", "turn in", "turn * in", "upload", "pass off", "pass * off", "present", "claim",
  "=use", "enter", "send in", "send * in",
]);
const AS_OWN = lex("as_own_work", [
  "as mine", "as my work", "as if it's mine", "as if it were mine",
  "put my name on", "my name on", "take credit for", "claim credit for", "claim it as mine", "present it as mine", "as if i wrote",
  "under * name", "under * * name", "purchased", "bought", "ghostwritten", "ghost written", "someone else wrote", "written by someone else", "paid someone", "essay mill", "contract cheating",
  "as her original", "as his original", "as my original", "as their original", "as original", "as her own", "as his own",
  "as my own", "as their own", "own work", "original work", "original coursework", "under her name", "under his name",
  "under my name", "under her account", "under his account", "student account", "turnitin", "for a grade", "for grading", "for credit", "without citing",
  "without attribution", "without credit", "without disclosing", "without disclosure", "without mentioning it was",
  "remove the ai", "so it passes", "avoid detection", "undetectable", "bypass the ai detector", "bypass ai detection",
  "humanize", "humanise", "paraphrase it so",
]);
const WORK = lex("work_object", [
  "essay", "essays", "paper", "papers", "coursework", "assignment", "assignments", "homework", "thesis", "dissertation",
  "report", "lab report", "article", "code", "exam", "exam answers", "project", "take home", "research", "story", "poem",
  "application essay", "cover letter", "portfolio",
]);

const BACKDATE = lex("backdate", [
  "=predate", "=postdate",
  "future date", "with a future date", "with a later date", "with an earlier date", "post date", "forward date",
  "change the expiry date", "change the expiration date", "change the best before", "change the use by", "relabel", "re label", "new labels on old", "extend the expiry", "alter the expiry",
  "backdate", "backdating", "backdated", "back date", "back-date", "antedate", "change the date on",
  "change the dates on", "alter the date", "alter the dates", "date it earlier", "dated earlier than", "so it looks like it was signed",
  "so it looks like it was in place", "looks like it was in place", "re export the docusign", "re-export the docusign",
  "change the timestamp", "change the timestamps", "alter the timestamp", "edit the timestamp", "fake the timestamp",
  "look like they were taken", "look like it was taken", "looks like it was taken", "taken before", "datetimeoriginal",
  "date time original", "change the exif", "edit the exif", "alter the exif", "fake the date", "exif date", "modify the metadata date",
  "change the metadata", "alter the metadata", "edit the creation date", "change the creation date",
]);

const ALTER = lex("alter_act", [
  "fill in", "filled in", "fill out", "filled out", "complete", "completed",
  "edit", "editing", "alter", "altering", "change", "changing", "modify", "doctor", "tweak", "fudge", "massage", "cook",
  "inflate", "inflating", "photoshop", "photoshopping", "adjust", "rewrite", "manipulate", "manipulating", "pad", "rig",
  "image_edit", "image edit", "add", "remove", "hide", "omit", "leave out", "leave blank", "delete",
]);
const RECORD = lex("record_object", [
  "envelope", "docusign envelope", "signature date", "signed date", "contract", "agreement", "the contract",
  "inspection report", "inspection reports", "audit report", "safety report", "safety checks", "safety inspection report", "test report", "qa report", "compliance report", "compliance records", "lab report", "lab results", "study data", "trial data", "sample data", "results table", "sales numbers", "sales figures", "kpis", "quarterly numbers", "financial statements", "balance sheet", "p&l", "attendance records", "attendance", "timesheet", "timecards", "time cards", "logbook", "log book", "checklist", "checklists", "maintenance records", "photos of the damage", "damage photos", "receipt amounts", "receipts",
  "statement", "bank statement", "balance", "closing balance", "screenshot", "dashboard screenshot", "books", "the books",
  "results", "test results", "lab results", "data", "numbers", "figures", "metrics", "mau", "revenue", "earnings",
  "records", "logs", "log", "timesheet", "timesheets", "hours", "expense report", "expenses", "mileage", "invoice", "invoices",
  "receipt", "receipts", "audit", "inventory count", "safety inspection", "inspection", "emissions", "readings", "survey results",
  "trial results", "clinical data", "grades", "transcript", "employment status", "current employer", "income", "claim form",
  "application", "resume", "cv", "credit score", "odometer", "mileage reading", "review count", "review count display",
  "ratings", "photos", "damage", "water damage",
  "odometer record", "mileage record", "service history", "service record", "maintenance log", "inspection log",
  "calibration record", "temperature log", "temperature logs", "safety log", "training records",
]);
const FALSE_MARK = lex("falsity_marker", [
  "billed to the client", "than we worked", "than actually worked", "more hours than",
  "so the deposit", "keep the deposit", "the damage onto", "damage onto", "so we keep", "so they pay", "so the insurer pays",
  "never done", "were never done", "that were never", "never carried out",
  "added a zero", "add a zero", "adding a zero", "original was", "the original was", "changed from", "was actually", "really was", "real amount", "actual amount",
  "so the * reads", "so * reads", "so the balance reads", "so the * says", "so * says", "so the * shows", "so * shows",
  "so the * passes", "so * passes", "so the * pass", "so * pass", "passes the", "pass the quality", "pass the check", "pass inspection", "pass the audit", "pass qa", "looks valid", "look valid", "so it looks valid", "still valid",
  "to say", "so it says", "to read", "to state", "to claim", "to indicate", "to make it look", "so it passed", "say it passed", "says it passed", "say the building passed", "looks compliant", "to show compliance", "as passed", "mark it passed", "mark them as passed", "mark as complete", "marked as done", "mark as done", "as if", "so the inspector", "so the regulator", "so the insurer", "for a bigger payout", "bigger payout", "higher payout", "get more money", "higher amount", "bigger amount", "higher refund", "so i get",
  "instead of", "so it reads", "so it shows", "so it looks", "so that it looks", "to look like", "to show", "invented",
  "made up", "fake", "false", "inflated", "so the numbers", "so they don't", "so nobody", "so no one", "so hr accepts",
  "so the auditor", "so the auditors", "so it passes", "to pass the audit", "to pass inspection", "than it really",
  "than they really", "that never", "add severe", "add damage", "add water damage", "worse than", "but leave blank",
  "leave blank", "not really", "actual reviews", "real count", "to hide", "so it matches", "make it match", "so the * looks",
  "so the * look", "so * looks", "look better", "looks better", "look more", "looks more", "more effective", "safer than",
  "than they were", "than it was", "so we pass", "so it passes", "so they pass", "so we don't fail", "to pass",
  "knock off", "before we list", "before listing", "before we sell", "before selling", "before the buyer", "before the auditor",
  "before the inspection", "so the buyer", "so buyers", "roll back", "rolled back", "wind back",
]);

const INSURANCE = lex("insurance_fraud", [
  "that wasn't stolen", "that weren't stolen", "that were not stolen", "wasn't stolen", "weren't stolen", "never stolen", "wasn't damaged", "weren't damaged", "that wasn't damaged", "that i still have", "items i still have",
  "claim * was stolen", "claim * * was stolen", "even though i sold", "i actually sold", "even though i still have",
  "claim unemployment ?benefits while", "collect unemployment ?benefits while", "claim benefits while", "collect benefits while", "hide the income", "hide my earnings", "hide the earnings", "not declare", "without declaring", "undeclared income", "cash in hand so", "claim disability while", "fake a disability", "fake disability", "fake the injury", "fake an injury", "pretend to be injured", "pretend i'm injured", "set the car on fire", "torch the car", "claim it was lost", "claim it was stolen", "say it was stolen", "tell them it was stolen", "report it as lost", "bigger insurance payout", "insurance payout", "for the insurance",
  "stage an accident", "staged accident", "stage a crash", "staged crash", "fake injury", "exaggerate the injury",
  "exaggerate my injury", "exaggerate the claim", "exaggerate the damage", "inflate the claim", "pad the claim",
  "claim for items that", "claim it was stolen", "report it stolen", "report my car stolen", "report it as stolen",
  "burn it for the insurance", "for the insurance money", "insurance payout", "add severe water damage", "add damage",
  "fake the damage", "double dip", "double claim", "claim twice", "claim unemployment while", "collect unemployment while",
  "while working", "still working but", "hide my income", "hide her income", "hide his income", "don't report the new job",
  "leave the employer blank", "leave blank", "under the table so",
  // a loss claimed that did not happen, in any words
  "claim it as stolen", "claim * as stolen", "so insurance pays", "so the insurance pays", "insurance pays me", "claim it never arrived",
  "say it never arrived", "say it arrived broken", "say it arrived damaged", "claim it arrived damaged", "even though it arrived",
  "even though it came", "came fine but", "arrived fine but", "i'm keeping them", "i'm keeping it",
]);

const UNDISCLOSED = lex("undisclosed_affiliation", [
  "as if i'm a random", "as if i am a random", "as a random buyer", "as a random customer", "as an ordinary customer",
  "as a regular user", "as a happy customer", "as an independent", "without mentioning i'm", "without mentioning that i'm",
  "without mentioning i work", "without disclosing i'm", "without disclosing that i", "without disclosing my", "don't mention i'm",
  "don't say i'm", "don't reveal i'm", "hide that i'm", "hide that we're", "pretend to be a customer", "pretend to be a fan",
  "astroturf", "astroturfing", "undisclosed paid", "undisclosed sponsorship", "no ad disclosure", "without the ad label",
  "without #ad", "remove the #ad", "remove the ad disclosure", "as if we're independent",
  "as if i'm a different", "as if i am a different", "as a different customer", "independent customer",
  "as an independent customer", "as if i'm an independent", "as a satisfied customer", "as a neutral", "as an unbiased",
  "pretending to be a neutral", "as if i'm just a", "as if i were a customer", "as if i'm a customer",
]);

const FAKE_PERSONA = lex("fake_persona", [
  "profile as a", "profile as an", "persona of a", "pose online as", "linkedin profile as",
  "fake profile", "fake profiles", "fake identity", "fake identities", "fake persona", "fake personas", "persona accounts",
  "fake account", "fake accounts", "fake linkedin", "sock puppet account", "sockpuppet account", "burner accounts",
  "generated headshot", "generated headshots", "ai generated headshot", "generated profile photos", "generated profile photo",
  "ai generated face", "stock photo as", "fake credentials", "fake degree", "fake phd", "fake doctor", "fake expert",
  "as a credentialed expert", "fake name", "false name", "made up name", "alias to", "synthetic identity", "synthetic identities",
  "account in his name", "account in her name", "create an account in",
  "ai faces", "ai face", "ai generated faces", "fake faces", "generated faces", "stolen photos", "stock photos as",
]);

const ACCOUNT_AS_OTHER = lex("account_as_other", [
  "account in * name", "account in * * name", "email in * name", "email in * * name", "address in * name",
  "address in * * name", "profile in * name", "profile in * * name", "mailbox in * name", "mailbox in * * name",
  "number in * name", "number in * * name", "handle in * name", "handle in * * name",
]);
const CREATE_PAGE = lex("create_page_act", [
  "create", "creating", "make", "making", "build", "building", "set up", "setting up", "host", "hosting", "clone", "cloning",
  "copy", "mimic", "replicate", "design", "code", "put up", "spin up", "deploy",
]);
const LOGIN_PAGE = lex("login_page", [
  "login page", "log in page", "sign in page", "signin page", "login form", "login portal", "login screen", "sign in form",
  "password reset page", "verification page", "account verification page", "payment page", "checkout page", "billing page",
]);
const IMITATION = lex("imitation", [
  "convincing", "realistic", "looks like", "look like", "looks exactly like", "identical", "exact copy", "copy of", "lookalike",
  "look alike", "mimics", "mimicking", "same as the real", "like the real", "spoofed", "paypal", "microsoft", "office 365",
  "google", "gmail", "apple", "icloud", "amazon", "netflix", "facebook", "instagram", "bank", "chase", "wells fargo",
  "bank of america", "hsbc", "barclays", "coinbase", "binance", "=irs", "hmrc", "gov", "dhl", "fedex", "usps", "=ups",
  "send the link", "text the link", "email the link", "to the customer list", "to the list", "capture", "collect", "harvest",
  "log the passwords", "save the passwords", "store what they type", "record what they enter",
]);
const IMITATION_BLOCK = lex("imitation_block", [
  "our own", "our app", "our site", "our website", "our product", "our platform", "our portal", "our customers' own",
  "awareness", "simulation", "training", "approved by", "authorized by", "authorised by", "security team's",
]);

const MESSAGE_FROM = lex("message_from", [
  "email from", "message from", "text from", "sms from", "letter from", "notice from", "call from", "voicemail from",
  "email that looks like it's from", "email that appears to be from", "message that looks like it's from", "invoice from",
]);
const WRITE_MESSAGE = lex("write_message_act", ["write", "draft", "send", "create", "compose", "=generate", "make", "craft", "put together"]);

/** Promises no honest investment makes. */
const INVESTMENT_LIES = lex("investment_lies", [
  "guaranteed 10x", "guaranteed returns", "guaranteed return", "guaranteed profit", "guaranteed profits", "risk free returns",
  "risk-free returns", "no risk", "zero risk", "can't lose", "cannot lose", "double your money", "triple your money",
  "100% returns", "returns of 10x", "10x returns", "claiming 10x", "guaranteed to moon", "get rich quick", "ponzi", "pyramid scheme",
]);

const CREATE_ACCOUNT = lex("create_account_act", [
  "create", "creating", "created", "make", "making", "set up", "setting up", "register", "registering", "open", "opening",
  "sign up", "signing up", "create_account", "create account",
]);

/** Official documents a person cannot write for themselves. */
const OFFICIAL_DOC = lex("official_document", [
  "certificate that says", "certificate saying", "certificate of completion", "completion certificate", "training certificate", "course certificate", "certificate",
  "doctor's note", "doctors note", "sick note", "medical certificate", "fit note", "police report", "court order", "diploma",
  "degree certificate", "transcript", "pay stub", "payslip", "bank statement", "utility bill", "passport", "driver's license",
  "drivers license", "id card", "vaccination card", "vaccination record", "vaccine card", "covid test result", "negative test",
  "employment letter", "proof of employment", "proof of income", "tax return", "w 2", "letter from my doctor",
  "letter from the doctor", "note from my doctor", "prescription",
  "driving licence", "licence", "driver license", "id template", "passport template", "licence template",
  "license template", "residence permit", "work permit", "visa", "birth certificate", "marriage certificate",
]);
const AS_IF_ISSUED = lex("as_if_issued", [
  "for the mortgage", "mortgage application", "for the application", "for my application", "job application", "for my job application", "for the visa", "for the loan", "loan application", "rental application", "for the landlord", "to the bank", "for the bank", "to get approved", "with my name", "my name on it", "for my cv", "for my resume", "for linkedin", "name =",
  "signed by", "signature of", "with his signature", "with her signature", "from dr", "by dr", "on behalf of dr",
  "saying i", "saying that i", "stating that i", "stating i", "for me", "in my name", "so i can", "so hr", "so my boss",
  "so my manager", "so the school", "so the landlord", "so the bank", "so the embassy", "so they accept", "that i was",
  "that says i", "letterhead", "stamp", "seal", "clinic's", "hospital's", "university's", "bank's",
  "my photo", "with my photo", "my brother's details", "my sister's details", "someone else's details", "his details",
  "her details", "their details", "fake details", "so i can rent", "so i can get", "so i can use", "pass as", "template for",
]);

const COUNTERFEIT_SALE = lex("counterfeit_item", [
  "replica", "replicas", "knockoff", "knock off", "knockoffs", "counterfeit", "bootleg", "imitation", "dupe", "dupes",
]);
const AS_GENUINE = lex("as_genuine", [
  "genuine", "authentic", "100% authentic", "original", "brand new", "new in box", "real", "legit", "official",
  "box & papers", "box and papers", "papers included", "certified", "not a replica",
]);

/** Telling a payer or authority something known to be false. */
const TELL = lex("tell_payer_act", ["tell", "telling", "report", "reporting", "claim", "claiming", "say", "saying", "inform", "notify", "file a claim", "file", "submit", "write to", "email", "call"]);
const PAYER = lex("payer_party", [
  "buyer", "the buyer", "buyers", "customer", "the customer", "the seller", "tenant", "the tenant", "the inspector", "the auditor", "the auditors", "the client", "investors",
  "insurance", "insurer", "insurance company", "the insurer", "adjuster", "claims handler", "claims adjuster", "benefits office",
  "unemployment office", "dwp", "social security office", "=irs", "tax office", "hmrc", "the tax authority", "the bank",
  "the police", "the court", "the judge", "the landlord", "the airline", "the warranty", "the manufacturer", "the school",
  "the university", "the examiner", "fema", "the council", "the housing office", "my employer",
]);
const LIE_MARK = lex("lie_marker", [
  "when it was", "when it's actually", "when it is actually", "when they were", "when he was", "when she was",
  "it has .", "it did .", "they have .", "it is .", "he has .", "she has .", "it was .", "there is .", "there was .", "they did .",
  "even though i sold", "even though i gave", "even though i still have", "i sold it", "i still have it", "i actually sold",
  "it wasn't .", "it isn't .", "it didn't .", "it hasn't .", "it was not .", "he wasn't .", "she wasn't .", "they weren't .",
  "it never was", "which is a lie", "which isn't true", "that isn't true", "it's not true", "even though it wasn't",
  "even though it didn't", "even though i wasn't", "even though i didn't", "lie to", "lying to", "lie about", "a lie",
  "make it look like", "pretend that", "pretend the", "pretend it", "pretend i", "never happened", "didn't happen",
  "wasn't really", "not really", "made up", "invented", "falsely", "actually sold", "actually gave",
  "actually lost", "i actually", "when actually", "when in fact", "though actually",
]);
/** Our own letterhead or seal: ours to use. */
const OWN_MARK = lex("own_mark", ["our own", "our", "my own", "my", "the company's own", "our company", "our firm's", "our clinic's"]);

/** Making a record or a thing look other than it is. */
const APPEAR = lex("appear_act", [
  "make * * say", "make my * say",
  "make it look like", "make it seem", "make it appear", "so it looks like", "have * say", "have the * say", "have the * * say",
  "make * say", "make the * say", "make the * * say", "make it say", "so it says", "make it read",
]);
const CONTRARY = lex("contrary_to_fact", [
  "i never finished", "i never did", "i didn't finish", "i don't have", "i never got", "i never took", "i never passed", "never finished it", "i never earned", "never graduated", "i didn't graduate",
  "even though", "when actually", "when in fact", "whatever the real", "regardless of the real", "whatever the actual",
  "regardless of what", "but it really", "it didn't .", "i didn't .", "isn't home", "wasn't there", "no matter what the",
  "whatever they actually", "whatever it really",
]);
/** Signing with one's own name or with leave to sign. */
const OWN_SIGNING = lex("own_signing", ["with my name", "with my own name", "my own signature", "with her permission", "with his permission", "power of attorney", "on her behalf with", "on his behalf with"]);

/** A figure stated beside the real one. */
const STATE = lex("state_act", ["claim", "claiming", "say", "saying", "state", "stating", "tell", "write", "report", "put", "list", "declare"]);
const WHEN_REALLY = lex("when_really", [
  "when it was", "when they were",
  "when we have", "when we only have", "when there are only", "when it is really", "when it's really", "when really",
  "but we only have", "we actually have", "when we actually have", "though we only have", "when it's actually",
  "when it was actually", "when there were only", "when i only have", "when i have", "when i actually",
]);


/** Leaving the bad news out of what others rely on: "leave out the two material weaknesses". */
const OMIT = lex("omit_act", [
  "leave out", "leaving out", "left out", "omit", "omits", "omitting", "omitted", "don't mention", "do not mention",
  "without mentioning", "never mention", "keep quiet about", "hide", "hiding", "conceal", "concealing", "bury", "burying",
  "downplay", "downplaying", "gloss over", "glossing over", "cut out", "strip out", "don't disclose", "do not disclose", "not disclose",
]);
const ADVERSE = lex("adverse_findings", [
  "material weakness", "material weaknesses", "weaknesses", "the findings", "audit findings", "the defects", "known defects",
  "the complaints", "customer complaints", "side effects", "adverse events", "the risks", "safety risks", "the losses",
  "the loss", "failed tests", "failing tests", "test failures", "the breach", "data breach", "the incident", "the recall",
  "the violations", "violations", "the deficiencies", "deficiencies", "the shortfall", "the overdraft", "the lawsuit",
  "pending lawsuit", "the liens", "structural damage", "the damp", "the mould", "the mold", "flood damage", "the accident history",
]);
const RELIED_ON = lex("relied_on_document", [
  "summary", "report", "the board", "investors", "auditors", "regulator", "buyers", "the buyer", "listing", "disclosure",
  "prospectus", "filing", "customers", "patients", "shareholders", "the bank", "lender", "insurer", "inspection", "release notes",
]);
/** Sign-ups under made-up identities: trial abuse, multi-accounting. */
const SIGNUP = lex("signup_act", [
  "sign up", "signing up", "signup", "register", "registering", "create accounts", "creating accounts", "open accounts",
  "opening accounts", "make accounts", "claim", "claiming", "redeem", "redeeming", "apply for",
]);
const FAKE_IDENTITY = lex("fake_identity", [
  "generated identities", "fake identities", "fake identity", "made up identities", "made-up identities", "invented identities",
  "fake names", "made up names", "made-up names", "fake details", "false details", "different identities", "stolen identities",
  "someone else's identity", "other people's names", "burner emails", "disposable emails", "throwaway emails", "temp emails",
  "different cards", "prepaid cards to", "virtual cards to", "new identities", "synthetic identities",
]);
/** Claiming a credential one lacks: "say I have a nursing licence; I don't". */
const CLAIM_CRED = lex("claim_credential", [
  "say i have", "says i have", "saying i have", "claim i have", "claims i have", "claiming i have", "state i have", "states i have",
  "pretend i have", "list me as having", "say i'm a licensed", "say i am a licensed", "say i'm a certified", "say i am a certified",
  "say i'm a registered", "say i am a registered", "say i graduated", "says i graduated", "claim i graduated",
]);
const CREDENTIAL = lex("credential", [
  "licence", "license", "licensed", "degree", "diploma", "certification", "certificate", "certified", "qualification",
  "qualifications", "registration", "registered", "phd", "mba", "cpa", "bar admission", "security clearance", "clearance",
]);
const LACK = lex("lack_admitted", [
  "i don't", "i do not", "i haven't", "i have not", "i never", "i didn't", "i did not", "don't have one", "not true",
  "they never check", "nobody checks", "no one checks", "won't check", "they won't verify",
]);

export const fraudRules: readonly Rule[] = [
  pairRule({
    feature: "fraud_deception.misleading_omission", code: "fraud_deception", note: "adverse findings left out of what others rely on",
    // "don't mention the damage": the negator is part of the act, so the object sits in its scope.
    act: OMIT, object: ADVERSE, need: RELIED_ON, window: 8, needWindow: 20, objectMayBeNegated: true,
  }),
  pairRule({
    feature: "fraud_deception.fake_identity_signup", code: "fraud_deception", note: "sign-ups under made-up or others' identities",
    act: SIGNUP, object: FAKE_IDENTITY, window: 12,
  }),
  pairRule({
    feature: "fraud_deception.false_credential_claim", code: "fraud_deception", note: "claims a licence or degree the person lacks",
    act: CLAIM_CRED, object: CREDENTIAL, need: LACK, window: 6, needWindow: 16,
  }),
  pairRule({
    feature: "fraud_deception.falsified_records", code: "fraud_deception", note: "inflates or fudges records or figures",
    act: lex("inflate_figures_act", ["inflate", "inflating", "pad", "padding", "fudge", "fudging", "exaggerate", "exaggerating", "overstate", "overstating", "cook", "massage", "juice"]),
    object: RECORD, window: 4, block: HARMLESS_FAKE,
  }),
  pairRule({
    feature: "fraud_deception.misstated_facts", code: "fraud_deception", note: "states a figure known to be false",
    act: STATE, object: WHEN_REALLY, window: 20,
  }),
  pairRule({
    feature: "fraud_deception.falsified_records", code: "fraud_deception", note: "makes a record say what did not happen",
    act: APPEAR, object: CONTRARY, window: 16,
  }),
  pairRule({
    feature: "fraud_deception.false_claim_to_payer", code: "fraud_deception", note: "tells an insurer or authority something known to be false",
    act: TELL, object: PAYER, need: LIE_MARK, window: 6, needWindow: 14,
  }),
  pairRule({
    feature: "fraud_deception.forged_document", code: "fraud_deception", note: "forges or fabricates a document",
    act: FORGE, object: DOCUMENT, window: 6, block: HARMLESS_FAKE,
  }),
  pairRule({
    feature: "fraud_deception.official_document_as_other", code: "fraud_deception", note: "makes a document in another's name, seal or letterhead",
    act: DOC_GENERATE, object: OFFICIAL_AS_OTHER, window: 14, blocks: [{ lex: OWN_MARK, window: 2 }],
  }),
  phraseRule({ feature: "fraud_deception.signature_forgery", code: "fraud_deception", note: "signs as someone else", phrases: SIGN_AS, block: OWN_SIGNING }),
  pairRule({
    feature: "fraud_deception.fake_reviews", code: "fraud_deception", note: "fake reviews or testimonials",
    act: REVIEW_ACT, object: REVIEW, need: FAKE_REVIEW_MARK, window: 8, needWindow: 16,
    block: lex("review_invitation", ["ask customers", "ask happy customers", "ask our customers", "invite customers", "encourage customers", "request reviews", "ask for reviews", "honest", "honestly", "reply to", "respond to", "thank"]),
  }),
  pairRule({
    feature: "fraud_deception.impersonation", code: "fraud_deception", note: "impersonates a person or institution",
    act: IMPERSONATE, object: AUTHORITY, window: 6, ordered: true,
  }),
  pairRule({
    feature: "fraud_deception.impersonation", code: "fraud_deception", note: "claims to be someone else",
    act: CLAIM_IDENTITY, object: ROLE, window: 1, ordered: true,
  }),
  phraseRule({ feature: "fraud_deception.phishing_page", code: "fraud_deception", note: "a phishing page or campaign", phrases: PHISH_PAGE, block: PHISH_EDU }),
  pairRule({
    feature: "fraud_deception.imitation_login_page", code: "fraud_deception", note: "builds a login or payment page imitating another's",
    act: CREATE_PAGE, object: LOGIN_PAGE, need: IMITATION, window: 8, needWindow: 12, block: IMITATION_BLOCK,
  }),
  phraseRule({ feature: "fraud_deception.phishing_lure", code: "fraud_deception", note: "phishing lure wording", phrases: PHISH_LURE }),
  pairRule({
    feature: "fraud_deception.pass_off_work", code: "fraud_deception", note: "passes off others' or AI work as one's own",
    act: SUBMIT, object: AS_OWN, need: WORK, window: 14, needWindow: 14,
  }),
  phraseRule({ feature: "fraud_deception.backdating", code: "fraud_deception", note: "backdates or alters dates", phrases: BACKDATE }),
  pairRule({
    feature: "fraud_deception.falsified_records", code: "fraud_deception", note: "falsifies records or numbers",
    act: ALTER, object: RECORD, need: FALSE_MARK, window: 10, needWindow: 14,
  }),
  phraseRule({ feature: "fraud_deception.insurance_or_benefit_fraud", code: "fraud_deception", note: "insurance or benefit fraud", phrases: INSURANCE }),
  phraseRule({ feature: "fraud_deception.undisclosed_affiliation", code: "fraud_deception", note: "hides who is speaking", phrases: UNDISCLOSED }),
  phraseRule({ feature: "fraud_deception.fake_persona", code: "fraud_deception", note: "a fake identity or credentials", phrases: FAKE_PERSONA, block: HARMLESS_FAKE }),
  pairRule({
    feature: "fraud_deception.official_document_for_self", code: "fraud_deception", note: "writes an official document that only its issuer can write",
    act: DOC_GENERATE, object: OFFICIAL_DOC, need: AS_IF_ISSUED, window: 6, needWindow: 12, block: HARMLESS_FAKE,
  }),
  pairRule({
    feature: "fraud_deception.imitation_message", code: "fraud_deception", note: "writes a message imitating a company or institution",
    act: WRITE_MESSAGE, object: MESSAGE_FROM, need: IMITATION, window: 6, needWindow: 10, block: IMITATION_BLOCK,
  }),
  phraseRule({ feature: "fraud_deception.investment_lies", code: "fraud_deception", note: "promises returns no honest investment can", phrases: INVESTMENT_LIES }),
  pairRule({
    feature: "fraud_deception.account_in_another_name", code: "fraud_deception", note: "sets up an account in someone else's name",
    act: CREATE_ACCOUNT, object: ACCOUNT_AS_OTHER, window: 8, blocks: [{ lex: lex("own_name", ["my name", "my own name", "our name", "the company name", "the company's name"]) }],
  }),
  pairRule({
    feature: "fraud_deception.fake_sold_as_genuine", code: "fraud_deception", note: "a fake sold as genuine",
    act: COUNTERFEIT_SALE, object: AS_GENUINE, window: 15,
  }),
];
