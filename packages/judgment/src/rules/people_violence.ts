import type { Rule } from "../types";
import { ABOUT, HANDLING } from "./people_shared";
import { lex, pairRule, phraseRule } from "./systems_kit";

/**
 * violence_weapons, read from plain language: intent to hurt or kill written out, weapons brought
 * to people or places, weapons got around the checks (no background check, no serial, hidden from
 * screening), and building bombs, guns or conversions.
 */

const VIOLENT_INTENT = lex("violence_intent", [
  // a vehicle sabotaged to hurt whoever drives it
  "mess with the brake", "mess with * brake lines", "cut the brake", "cut * brake lines", "cut his brakes", "cut her brakes",
  "tamper with the brakes", "tamper with * brakes", "tamper with the brake", "loosen * wheel nuts", "loosen the lug nuts", "sabotage * brakes",
  "sabotage * car",
  "go for the organizers", "go for the organisers", "open fire", "we open fire", "shoot up", "shoot them", "shoot him", "shoot her",
  "stab", "stab him", "stab her", "break his legs", "break her legs", "break * legs", "hurt as many", "as many people as possible",
  "kill as many", "mass shooting", "finish what he started", "finish what she started", "will pay for what they did",
  "pay for what they did", "nobody walks out", "no one walks out", "take care of * permanently", "teach him a lesson",
  "teach her a lesson", "won't walk away from", "sleep with the lights on", "ambush", "ambushing", "beat him up", "beat her up",
  "beat up", "jump him", "poison the", "poison her", "poison him", "poison his", "poison their", "make it look natural", "make it look like an accident", "burn it down", "burn down",
  "gas can ready", "i have the gas can", "bring my gun", "bring the gun", "bring a gun", "bring knives", "bring bats and knives",
  "bring the . 38", "crowbars", "we go armed", "go armed", "come armed", "drop the thing", "praising * shooter", "praising the shooter",
  "i'm coming with a bat", "coming with a bat", "kill him", "kill her", "kill them", "murder", "hit man", "hitman", "hire someone to",
  "acid attack", "kill you", "going to kill you", "gonna kill you", "bring machetes", "bring the machetes", "by whatever means", "by any means necessary", "none of them walk away", "make sure none of them", "bring bats and blades", "bring blades",
  "check under her car", "check under his car", "attack on * is justified", "the attack is justified", "justify the attack", "put a bullet in", "bullet in his head", "bullet in her head", "blow his brains", "blow her brains",
  "slit his throat", "slit her throat", "i'll kill you", "i will kill you", "you're dead", "you are dead", "bring the rifle",
  "bring a rifle", "bring the knife", "bring a knife", "passes the metal detector", "past the metal detector", "no security screening", "can't walk for a while", "make sure he can't walk", "pressure cooker device", "pressure cooker bomb", "fire on detect", "target class person", "who's bringing the machetes", "for penetrating", "throw acid", "run them over", "run him over", "set fire to", "torch his", "torch her",
  // hurting concealed or permanent, in plainer words
  "hurt * badly", "hurt him bad", "hurt her bad", "without leaving marks", "without leaving a mark", "leave no marks",
  "so nobody finds him", "so nobody finds her", "so no one finds him", "so no one finds her", "nobody finds the body",
  "sort * out for good", "make him disappear", "make her disappear", "rough him up", "rough her up", "smash his face",
  "smash her face", "knock his teeth", "cripple him", "cripple her",
]);
const VIOLENCE_BLOCK = lex("violence_block", [
  "unarmed", "not to bring", "buyback", "evacuation", "evacuation plan", "safety plan", "active threat", "for the generator",
  "criminology", "how platforms", "copycat", "interrupt", "self defence class", "self defense class", "pest control",
  "self defence course", "self defense course", "self defence lesson", "hunting licence", "hunting license", "deer season",
  "history lesson", "history class",
]);

const WEAPON = lex("violence_weapon", [
  "gun", "guns", "handgun", "handguns", "pistol", "pistols", "rifle", "rifles", "shotgun", "firearm", "firearms", "ar 15",
  "ar15", "ak 47", "glock", "ghost gun", "ghost guns", "pipe gun", "zip gun", "lower receiver", "lower receivers", "receivers",
  "bump stock", "bump stocks", "drum mag", "drum magazine", "high capacity magazine", "auto sear", "auto sears", "suppressor",
  "silencer", "ammunition", "ammo", "body armor", "body armour", ". 38", "38", "semi auto", "knife", "knives", "machete",
  "taser", "brass knuckles", "knuckle duster", "blades", "machetes", "crossbow", "blade", "baseball bat",
]);
const ACQUIRE = lex("violence_acquire", [
  "buy", "buying", "purchase", "order", "ordered", "get", "get me", "find me a seller", "find a seller", "seller", "sell",
  "selling", "ship", "ships", "shipped", "source", "list", "listing", "hide", "hidden", "pack", "carry", "smuggle",
  "deliver", "make", "build", "print", "3d print", "turn * into", "convert", "mill",
]);
const NO_CHECKS = lex("violence_no_checks", [
  "without a background check", "without background checks", "no background check", "no background checks", "no checks",
  "with no checks", "without checks", "no serial", "no serial number", "serial filed off", "unregistered", "untraceable",
  "no paperwork", "no questions", "no questions asked", "won't show up", "x ray", "x-ray", "dark web", "darknet", "cash only",
  "discreetly", "deliver discreetly", "so nobody notices", "ship them separately", "without a license", "without a licence",
  "no license", "no licence", "no id", "fully automatic", "full auto", "working suppressor",
]);

const BUILD = lex("violence_build", [
  "make", "build", "builds", "building", "assemble", "construct", "wire up", "wire the", "convert", "conversion", "turn * into",
  "step by step", "instructions", "how do i make", "how to make", "how to build", "recipe", "quantities", "parts list",
  "print", "3d print", "mill",
]);
const DEVICE = lex("violence_device", [
  "bomb", "pipe bomb", "pipe bombs", "explosive device", "explosive devices", "explosive vest", "homemade explosive", "homemade explosives", "improvised explosive", "detonator", "detonators", "napalm", "molotov",
  "molotov cocktail", "grenade", "thermite", "fully automatic", "full auto", "auto sear", "suppressor", "silencer", "pipe gun",
  "ghost gun", "zip gun", "nerve agent", "ricin", "chemical weapon", "dirty bomb", "car bomb", "ammonium nitrate",
  "timer relay", "booby trap", "knuckle duster", "working replica", "crossbow bolt", "wiring order", "component list",
]);
const DEVICE_BLOCK = lex("violence_device_block", [
  "without technical detail", "without technical details", "no technical detail", "summary of the laws", "laws on",
  "bomb squad", "bath bomb", "photo bomb", "photobomb", "the bomb for", "bomb disposal",
]);

const INTO = lex("violence_into", ["into a", "into an", "into some", "into working", "into a working"]);
const TRANSFORM = lex("violence_transform", ["turn", "turned", "turning", "convert", "converted", "converting", "rig", "rigged", "modify", "modified", "adapt", "adapted", "repurpose"]);

const TARGET_PLACE = lex("violence_target", [
  "school", "church", "mosque", "synagogue", "temple", "crowd", "festival", "rally", "protest", "counter protest", "courthouse",
  "mall", "concert", "stadium", "office", "workplace", "gym", "lunch", "parade", "his house", "her house", "their house", "senator", "mayor", "judge", "rival gang", "gang", "their block", "politician", "where he lives", "where she lives",
  "your house", "his driveway", "her driveway", "the organizers", "the organisers", "protest leader", "my boss", "my ex",
]);

/** Watching for a moment a person is alone and unseen. */
const AMBUSH = lex("violence_ambush", [
  "no lighting or cameras", "no lighting", "no cctv", "out of sight of cameras", "route he walks home", "route she walks home",
  "which route he walks", "which route she walks", "when he's alone", "when she's alone", "when he'll be alone",
  "when she'll be alone", "she's alone", "he's alone", "arrive before he leaves", "arrive before she leaves",
  "catch him alone", "catch her alone", "get him alone", "get her alone",
]);
/** Bomb parts: a container or charge with fragmentation or initiation. */
const BOMB_A = lex("violence_bomb_a", ["pressure cooker", "pipe", "pipes", "tannerite", "ammonium nitrate", "black powder", "gunpowder", "fertiliser", "fertilizer", "end caps"]);
const BOMB_B = lex("violence_bomb_b", ["ball bearings", "shrapnel", "nails and", "roofing nails", "detonator", "detonators", "blasting cap", "blasting caps", "fuse wire", "timer relay", "end caps"]);

/** Violence praised or justified. */
const VIOLENT_EVENT = lex("violence_event", [
  "attack", "attacks", "shooting", "shootings", "bombing", "bombings", "massacre", "stabbing", "stabbings", "shooter", "bomber",
  "arson", "lynching", "pogrom",
]);
const PRAISE = lex("violence_praise", [
  "is justified", "was justified", "are justified", "were justified", "deserved it", "had it coming", "a hero", "heroes",
  "praising", "praise", "glorify", "glorifying", "celebrate", "celebrating", "finish what", "copy", "do it again", "next one",
]);

/** Chemicals mixed to gas people: "which household chemicals to mix to make a toxic gas in a closed room". */
const MIX = lex("violence_mix", ["mix", "mixing", "combine", "combining", "react", "make", "produce", "release", "generate"]);
const TOXIC_GAS = lex("violence_toxic_gas", [
  "toxic gas", "poison gas", "poisonous gas", "chlorine gas", "mustard gas", "nerve agent", "toxic fumes", "poisonous fumes",
  "lethal gas", "deadly gas", "phosgene", "hydrogen cyanide", "cyanide gas",
]);
const GAS_SAFETY = lex("violence_gas_safety", [
  "never", "avoid", "safely", "safe storage", "store them safely", "not to mix", "don't mix", "do not mix", "warning", "warn",
  "ventilate", "first aid", "poison control", "what to do if", "accidentally", "by accident", "label",
]);

/** When a place is fullest or least guarded... */
const CROWD_TIMING = lex("violence_crowd_timing", [
  "busiest", "most people", "most crowded", "packed", "fewest security", "fewest staff", "least security", "fewest guards",
  "when * alone", "nobody's around", "no one's around",
]);
/** ...and where its defences are: exits, guards, police, cameras, how long help takes. */
const DEFENCES = lex("violence_defences", [
  "how many exits", "exits", "security guard", "security guards", "security staff", "police stand", "transport police", "where * police",
  "cameras", "camera", "blind spot", "blind spots", "response time", "how long till police", "how long until police", "how long * police",
]);
const CROWD_SAFETY = lex("violence_crowd_safety", [
  "fire risk assessment", "risk assessment", "fire safety", "crowd safety", "evacuation", "stewarding", "stewards", "to avoid the crowds",
  "avoid the crowds", "accessibility", "wheelchair", "step free",
]);

export const violenceRules: readonly Rule[] = [
  pairRule({
    feature: "violence_weapons.attack_reconnaissance", code: "violence_weapons", note: "when a place is fullest or least guarded, and where its defences are",
    act: CROWD_TIMING, object: DEFENCES, window: 24, blocks: [{ lex: CROWD_SAFETY }, { lex: VIOLENCE_BLOCK }, { lex: ABOUT }],
  }),
  pairRule({
    feature: "violence_weapons.toxic_gas", code: "violence_weapons", note: "chemicals combined to make a toxic gas",
    act: MIX, object: TOXIC_GAS, window: 10, blocks: [{ lex: GAS_SAFETY }],
  }),
  phraseRule({ feature: "violence_weapons.violent_intent", code: "violence_weapons", note: "intent to hurt or kill written out", phrases: VIOLENT_INTENT, block: VIOLENCE_BLOCK }),
  pairRule({
    feature: "violence_weapons.weapon_without_checks", code: "violence_weapons", note: "a weapon got or moved around the legal checks",
    act: ACQUIRE, object: WEAPON, need: NO_CHECKS, window: 10, needWindow: 14, blocks: [{ lex: VIOLENCE_BLOCK }, { lex: HANDLING }, { lex: ABOUT }],
  }),
  pairRule({
    feature: "violence_weapons.build_weapon", code: "violence_weapons", note: "building a bomb, gun or conversion",
    act: BUILD, object: DEVICE, window: 10, blocks: [{ lex: DEVICE_BLOCK }, { lex: ABOUT }, { lex: VIOLENCE_BLOCK }],
  }),
  // Anything turned into a weapon, however long what is turned ("turn the fireworks left from New Year into a pipe bomb").
  pairRule({
    feature: "violence_weapons.build_weapon", code: "violence_weapons", note: "building a bomb, gun or conversion",
    act: INTO, object: DEVICE, need: TRANSFORM, window: 1, needWindow: 12, ordered: true, blocks: [{ lex: DEVICE_BLOCK }, { lex: ABOUT }, { lex: VIOLENCE_BLOCK }],
  }),
  phraseRule({ feature: "violence_weapons.ambush", code: "violence_weapons", note: "a person watched for a moment alone and unseen", phrases: AMBUSH, block: VIOLENCE_BLOCK }),
  pairRule({
    feature: "violence_weapons.glorify", code: "violence_weapons", note: "violence praised or justified",
    act: VIOLENT_EVENT, object: PRAISE, window: 10, blocks: [{ lex: ABOUT }, { lex: VIOLENCE_BLOCK }, { lex: HANDLING }],
  }),
  pairRule({
    feature: "violence_weapons.bomb_parts", code: "violence_weapons", note: "bomb components gathered together",
    act: BOMB_A, object: BOMB_B, window: 12, blocks: [{ lex: VIOLENCE_BLOCK }, { lex: ABOUT }],
  }),
  pairRule({
    feature: "violence_weapons.weapon_to_target", code: "violence_weapons", note: "a weapon brought to people or a place",
    act: WEAPON, object: TARGET_PLACE, window: 12, blocks: [{ lex: VIOLENCE_BLOCK }, { lex: HANDLING }, { lex: ABOUT }],
  }),
];
