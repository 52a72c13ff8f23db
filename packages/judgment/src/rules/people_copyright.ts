import type { Rule } from "../types";
import { lex, pairRule, phraseRule } from "./systems_kit";

/**
 * copyright, read from plain language: whole works copied, ripped, scanned or re-posted for others
 * (films, albums, books, paywalled articles, courses), pirated sources (torrents, rips, leak
 * sites, cracked software, keygens), protection stripped (DRM, watermarks, licence checks and
 * headers, credits), and others' work passed off as one's own.
 */

const COPY = lex("copyright_copy", [
  "download", "downloaded", "rip", "ripped", "grab", "upload", "uploaded", "re upload", "reupload", "post", "repost", "share",
  "put", "copy", "copied", "copies", "paste", "scan", "scanned", "photocopy", "republish", "restream", "re stream", "stream",
  "distribute", "sell", "screen", "publish", "compile", "insert", "add", "scrape", "mirror", "seed", "host", "train",
]);
const WHOLE = lex("copyright_whole", [
  "full", "whole", "entire", "complete", "verbatim", "every", "full text", "full album", "full film", "full movie",
  "full track", "full episode", "every episode", "all lecture videos", "the whole of", "full catalogue", "full stream",
  "all 600", "50k", "whole series", "full series", "full pdf", "hardcover", "textbook", "new release", "for free", "free",
  "without paying", "without a licence", "without a license", "unlicensed", "every chapter", "all chapters", "exact", "exact slides",
  "re voiced", "just re voiced",
]);
const WORK = lex("copyright_work", [
  "film", "films", "movie", "movies", "blu ray", "episode", "episodes", "season", "series", "album", "albums", "song", "songs",
  "track", "tracks", "soundtrack", "music", "catalogue", "audiobook", "audiobooks", "ebook", "ebooks", "book", "books", "novel",
  "hardcover", "textbook", "pdf", "article", "articles", "paywalled", "lyrics", "course", "lectures", "lecture videos", "js library",
  "podcast", "stream", "concert film", "photos", "images", "portfolio", "illustration", "font", "fonts", "manual",
  "product descriptions", "source", "source code", "sdk", "stories", "patterns", "magazine", "comic", "comics",
  "premier league", "pay per view", "ppv", "fight", "boxing match", "ufc", "game broadcast", "live game", "chapter", "chapters", "football match", "live match", "broadcast",
]);
const OWNED = lex("copyright_owned", [
  "my own", "our feed", "of our own", "our own podcast", "our own course", "our own old", "our own book", "our own album",
  "our own video", "our own videos", "our own photos", "our own footage", "our own recording", "our own recordings", "i wrote", "we wrote", "public domain", "creative commons", "cc by", "cc0", "licensed", "licence we bought",
  "license we bought", "with permission", "permission from", "royalty free", "royalty-free", "stock library", "we own",
  "open source", "mit licence", "mit license", "trailer", "official trailer", "link to", "a link", "excerpt", "quote",
  "short quote", "review copy", "fair use", "citation", "cited", "with credit", "credit to", "library loan", "borrow",
  "buy it", "purchase", "purchased", "playlist", "share the link", "link with", "press kit", "official embed", "library reserve", "one chapter", "ccc licence",
  "ccc license", "under licence", "under license", "our licence", "our license", "original", "original designs", "my original",
  "open access", "openly licensed", "open licence", "open license", "open textbook", "open textbooks", "free to share",
]);
const PIRATE = lex("copyright_pirate", [
  "torrent", "torrents", "torrent links", "blu ray rip", "rip", "cam rip", "leak site", "leaked album", "leaked film", "pirate", "pirated",
  "pirate mirror", "piracy", "warez", "cracked copy", "cracked version", "cracked software", "cracked installer", "cracked apk",
  "cracked font", "cracked fonts", "cracked plugin", "cracked plugins", "cracked game", "cracked games", "crack the", "crack the licence", "crack the license", "keygen", "serial key generator",
  "bypass the licence server", "bypass the license server", "cracked dll", "cracked . otf", "free movies", "freemoviesdaily", "free ebooks mirror",
  "free download", "2160p", "mkv", "book sharing forum", "fontsfree", "without paying", "so people don't have to buy",
  "instead of having them buy", "paid podcast", "private feed", "paid stanford", "bypass the coursera player",
  "scraped from streaming", "scanned from bestseller", "dedrm", "de drm", "source dump", "leaked source", "leak / ", "/leak/",
  "downloadable from our", "make all * downloadable", "books downloadable", "windows src leak", "leaked windows source",
]);
const STRIP = lex("copyright_strip", [
  "strip", "strips", "stripping", "remove", "removed", "removing", "crop out", "crop off", "bypass", "crack", "break", "circumvent", "rm",
  "swap in", "change", "pitch shift", "slight pitch shift",
]);
const PROTECT = lex("copyright_protect", [
  "drm", "watermark", "watermarks", "licence check", "license check", "licence header", "license header", "licence",
  "license", "copyright notice", "copyright header", "signature", "credit", "credits", "photographer's name", "his name from",
  "her name from", "name from the metadata", "copyright metadata", "author metadata", "credit metadata", "content id", "paywall", "copy protection",
]);
const PASS_OFF = lex("copyright_pass_off", [
  "as our own", "as my own", "as if they were our own", "as if it were our own", "as our own work", "pass it off",
  "our own package", "swap in our brand name", "change their brand name to ours", "brand name to ours", "credit none",
  "credit : none", "credit = none", "credit ' : ' none", "credit \" : \" none", "credit : null", "credit \" : null", "our print",
  "official art", "our editors", "our imprint", "author our imprint",
  "so content id doesn't catch", "content id doesn't catch", "in the style of", "vocals cloned", "cloned vocals",
  "royalties payable false", "licence status cleared",
]);

const MERCH = lex("copyright_merch", [
  "t shirts", "t shirt", "tshirts", "shirts", "hoodies", "mugs", "stickers", "merch", "merchandise", "prints", "posters",
  "svg bundle", "svg", "phone cases", "tote bags", "decals", "plushies", "figurines", "cake toppers", "steam release",
  "our game", "game assets", "soundtrack files", "in our app",
]);
const FRANCHISE = lex("copyright_franchise", [
  "disney", "marvel", "mickey mouse", "mickey", "harry potter", "hogwarts", "deathly hallows", "pokemon", "pikachu",
  "nintendo", "mario", "zelda", "sonic", "minecraft", "fortnite", "star wars", "frozen", "elsa", "spider man", "spiderman", "batman", "dc comics", "sanrio",
  "hello kitty", "peppa pig", "bluey", "paw patrol", "simpsons", "looney tunes", "studio ghibli", "ghibli", "minions",
  "official art", "character art", "nfl logo", "nba logo", "team logo", "band logo", "the logo of", "trademarked",
]);

/** Paywalled or subscriber-only work re-hosted for free. */
const PAYWALLED = lex("copyright_paywalled", [
  "paywalled", "paywall", "behind the paywall", "subscriber only", "subscribers only", "subscriber-only", "members only content",
  "premium articles", "premium content", "paid course", "paid courses", "don't need a subscription", "without paying", "without a subscription",
]);

export const copyrightRules: readonly Rule[] = [
  pairRule({
    feature: "copyright.paywall_rehosted", code: "copyright", note: "paywalled work copied out for free",
    act: COPY, object: PAYWALLED, window: 14, blocks: [{ lex: OWNED }],
  }),
  pairRule({
    feature: "copyright.whole_work_copied", code: "copyright", note: "a whole copyrighted work copied or re-posted",
    act: COPY, object: WORK, need: WHOLE, window: 10, needWindow: 8, blocks: [{ lex: OWNED }],
  }),
  phraseRule({ feature: "copyright.pirated_source", code: "copyright", note: "pirated, leaked or cracked material", phrases: PIRATE, block: OWNED }),
  pairRule({
    feature: "copyright.protection_stripped", code: "copyright", note: "DRM, watermark, licence or credit removed",
    act: STRIP, object: PROTECT, window: 8, blocks: [{ lex: OWNED }],
  }),
  pairRule({
    feature: "copyright.unlicensed_merch", code: "copyright", note: "merchandise made from others' characters or art",
    act: MERCH, object: FRANCHISE, window: 10, blocks: [{ lex: OWNED }],
  }),
  phraseRule({ feature: "copyright.passed_off", code: "copyright", note: "others' work passed off or its rights evaded", phrases: PASS_OFF, block: OWNED }),
];
