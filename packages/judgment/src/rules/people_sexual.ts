import type { Rule } from "../types";
import { ABOUT, HANDLING, MINOR, PERSON } from "./people_shared";
import { lex, pairRule, phraseRule } from "./systems_kit";

/**
 * sexual_content, read from plain language: anything sexual involving minors (content, contact,
 * grooming), intimate images of a person made or spread without consent (leaks, deepfakes,
 * "undress" edits, hidden cameras), explicit material pushed on people who did not ask for it, and
 * child-safety protections (hash matching, age checks) switched off.
 */

const SEXUAL = lex("sexual_term", [
  "sex", "sexual", "sexually", "sexually explicit", "explicit", "explicit sex scene", "sex scene", "erotic", "erotica",
  "romantic sexual", "nude", "nudes", "nude images", "naked", "semi nude", "topless", "nsfw", "porn", "pornographic",
  "pornography", "adult performer", "adult clips", "adult explicit", "adult site", "adult film", "adult video", "porn site", "hardcore", "intimate",
  "flirtatious", "flirtatiously", "flirty", "seductive", "lingerie", "swimsuit photos", "undress", "undressed", "remove clothing",
  "sexy", "hot pics", "send pics", "send me a pic", "send me a photo", "pic just for me", "photo of you", "photos of you",
  "escort", "escorts", "erotic roleplay", "onlyfans", "cutie", "underwear", "in her underwear", "in his underwear", "bikini pics",
  "body pics", "pictures of her body", "pictures of his body", "ask her for pictures", "ask him for pictures",
  // made sexual, in any words
  "sexualise", "sexualises", "sexualised", "sexualising", "sexualize", "sexualizes", "sexualized", "sexualizing", "steamy", "seduce",
  "seduces", "seducing", "seduction",
]);
const NUDE = lex("sexual_nude", [
  "nude", "nudes", "nude images", "naked", "semi nude", "topless", "nsfw", "nsfw pics", "undress", "undressed", "remove clothing",
  "explicit images", "explicit photos", "explicit video", "sex tape", "porn", "pornographic",
  // clothes removed by software from someone's photos
  "nudify", "nudifying", "nudified", "undressing app", "clothing removal", "clothes remover", "remove * clothes", "without clothes",
]);
const SEX_BLOCK = lex("sexual_block", [
  "sex education", "sex ed", "puberty", "age appropriate", "age-appropriate", "body safety", "consent education", "safeguarding",
  "grooming awareness", "warning signs", "how to spot", "report", "reported", "ncmec report", "file a report", "to the police",
  "age verification required true", "block", "blocked", "remove the post", "remove the posts", "has been removed", "was removed", "were removed", "parental controls", "sex of the",
  "warn", "warn them", "banned", "suspend", "suspended", "suspected minor", "child safety team", "refer to", "recognising",
  "recognizing", "over 18", "government ids", "unmatch", "delete the", "monitor", "deepfake monitor", "id required", "id check",
  "proving", "evidence", "is threatening to", "threatening to", "threatened to", "someone ran", "someone posted", "someone shared",
  "someone sent", "has been posted", "were posted", "was posted", "revenge porn helpline", "take it down", "takedown",
]);

const SHARE = lex("sexual_share", [
  "post", "posting", "upload", "uploading", "share", "sharing", "forward", "send", "sending", "sent", "spread", "leak", "leaked",
  "sell", "sells", "publish", "generate", "generating", "make", "create", "turn * into", "turned * into", "run the", "faceswap",
  "face swap", "deepfake", "put * face onto", "edit", "film", "record", "scrape", "distribute", "attach", "attachments",
  "approve", "boost", "feature", "book", "chat", "dm", "message", "ask", "compliment", "search", "roleplay", "write",
]);
const NONCONSENT = lex("sexual_nonconsent", [
  "private nudes", "her nudes", "his nudes", "ex's private", "private videos", "private video", "private pics", "private photos",
  "full pics", "intimate", "intimate images", "intimate photos", "revenge forum", "revenge site", "revenge porn",
  "onto an adult performer", "adult performer", "adult clips", "porn", "undress model", "undress", "nude images of her", "nude images of", "nsfw pics of",
  "remove clothing", "make it look real", "semi nude", "leaked onlyfans", "leaked nudes", "video of * at the party",
  "hidden camera", "hidden cam", "record continuously", "guest bathroom", "through their bedroom window", "through her bedroom window",
  "changing room", "upskirt", "amateur site", "amateur porn", "tube site", "clips of the guests", "without her consent", "without his consent", "without consent", "she said no", "said no twice",
  "doesn't know", "won't know", "secretly",
]);
const GROOM = lex("sexual_groom", [
  "our secret", "keep our chats secret", "keep it secret", "mature for your age", "delete this after reading", "just for me",
  "don't tell your mum", "don't tell your mom", "don't tell your parents", "secret from your mum", "secret from your mom",
  "meet up alone", "meet alone", "modeling scout", "modelling scout", "add me on snapchat", "without the mods", "send pics privately",
  "send them privately", "swimsuit photos", "compliment them", "flattering messages", "compliment her looks", "compliment his looks",
  "more personal", "adult topics", "message her privately", "message him privately", "get the chats onto",
]);
/** Asked of a child in private: pictures, secrecy ("ask her to send pictures, keep it between us"); read only beside a minor. */
const GROOM_ASK = lex("sexual_groom_ask", [
  "between us", "keep it between us", "between you and me", "our little secret", "don't tell anyone", "do not tell anyone",
  "don't tell your", "send pictures", "send pics", "send photos", "send me pictures", "send me pics", "send me photos",
  "send a selfie", "send me a selfie", "send a photo of yourself", "pictures of yourself", "photos of yourself",
  "delete our chats", "delete the chat", "video call alone", "come over alone", "meet me alone",
]);

/** Selling people for sex: held documents, "new in town" girls available round the clock. */
const TRAFFICKING = lex("sexual_trafficking", [
  "passports held", "passport held", "passports held by manager", "young fresh girls", "fresh girls", "new girls from abroad",
  "held by manager", "owes a debt", "working off her debt",
]);

const UNWANTED = lex("sexual_unwanted", [
  "explicit", "hardcore", "hardcore clip", "explicit videos", "explicit sexual message", "photo of myself", "dick pic", "nudes",
  "sexually explicit pop ups", "sexually explicit", "adult explicit", "porn",
]);
const UNWILLING = lex("sexual_unwilling", [
  "all staff", "all_staff", "list :", "whole team", "coworkers", "colleagues", "kids", "kids' homework",
  "homework help", "she said no", "said no twice", "keep sending", "9 year old", "9-year-old", "my 9 year old", "secret admirer",
  "this girl's number", "her number", "children", "child", "everyone", "staff list", "the office", "coworker", "strangers",
  "random", "unsolicited", "without asking", "didn't ask", "never asked", "my matches", "all my matches",
]);
const PROTECT_OFF = lex("sexual_protect_off", [
  "disable", "disabled", "turn off", "off", "false", "skip", "remove", "bypass", "unsuspend", "unsuspend accounts", "restore",
  "no age verification", "without age verification", "with no age verification",
]);
const PROTECTION = lex("sexual_protection", [
  "photodna", "hash matching", "hash-matching", "csam", "csam scanning", "age verification", "age verification required",
  "age estimation", "age estimation on signup", "auto suspend under18", "under18 estimate", "minor account filter", "minor filter",
  "blur explicit", "blur explicit incoming", "nsfw filter", "explicit filter", "age gate",
  "2257 paperwork", "2257", "no age verification",
]);

/** A setting written off right after its key ("show_in_kids_mode = false"): the audience is excluded, not exposed. */
const SET_OFF = lex("sexual_set_off", ["= false", ": false", "' : false", "mode = false", "mode : false"]);

export const sexualRules: readonly Rule[] = [
  pairRule({
    feature: "sexual_content.minor", code: "sexual_content", note: "sexual content or contact involving a minor",
    act: SEXUAL, object: MINOR, window: 14, blocks: [{ lex: SEX_BLOCK }, { lex: ABOUT }, { lex: SET_OFF, window: 0 }],
  }),
  pairRule({
    feature: "sexual_content.grooming", code: "sexual_content", note: "secret, flattering or private contact sought with a child",
    act: GROOM, object: MINOR, window: 20, blocks: [{ lex: SEX_BLOCK }, { lex: ABOUT }],
  }),
  pairRule({
    feature: "sexual_content.grooming", code: "sexual_content", note: "secret, flattering or private contact sought with a child",
    act: GROOM_ASK, object: MINOR, window: 20, blocks: [{ lex: SEX_BLOCK }, { lex: ABOUT }],
  }),
  phraseRule({ feature: "sexual_content.trafficking", code: "sexual_content", note: "people sold for sex", phrases: TRAFFICKING, block: SEX_BLOCK }),
  phraseRule({ feature: "sexual_content.grooming_phrase", code: "sexual_content", note: "grooming language", phrases: GROOM, block: SEX_BLOCK }),
  pairRule({
    feature: "sexual_content.nonconsensual_imagery", code: "sexual_content", note: "intimate images made or spread without consent",
    act: SHARE, object: NONCONSENT, window: 16, blocks: [{ lex: SEX_BLOCK }, { lex: HANDLING }],
  }),
  pairRule({
    feature: "sexual_content.nude_of_person", code: "sexual_content", note: "sexual images of a real person",
    act: NUDE, object: PERSON, window: 8, blocks: [{ lex: SEX_BLOCK }, { lex: HANDLING }],
  }),
  pairRule({
    feature: "sexual_content.unwanted_explicit", code: "sexual_content", note: "explicit material pushed on people who did not ask",
    act: UNWANTED, object: UNWILLING, window: 14, blocks: [{ lex: SEX_BLOCK }, { lex: SET_OFF, window: 0 }],
  }),
  pairRule({
    feature: "sexual_content.protection_off", code: "sexual_content", note: "child-safety or age protections switched off",
    act: PROTECT_OFF, object: PROTECTION, window: 8,
  }),
];
