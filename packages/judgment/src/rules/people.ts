import type { Rule } from "../types";
import { harassmentRules, hateRules } from "./people_abuse";
import { copyrightRules } from "./people_copyright";
import { cyberRules } from "./people_cyber";
import { goodsRules } from "./people_goods";
import { safetyRules } from "./people_safety";
import { selfHarmRules } from "./people_selfharm";
import { sexualRules } from "./people_sexual";
import { violenceRules } from "./people_violence";
import { withSummary } from "./summary";

/**
 * The plain-language rules of the "people" harm codes: harassment, hate, violence_weapons,
 * illegal_goods, cybercrime (plain language; parsed shell is read by structure_shell.ts),
 * sexual_content, self_harm, physical_safety, copyright. Each code also emits its summary feature
 * `<code>.plain` whenever any of its rules fired (see summary.ts).
 */
export const peopleRules: readonly Rule[] = [
  withSummary("harassment", harassmentRules),
  withSummary("hate", hateRules),
  withSummary("violence_weapons", violenceRules),
  withSummary("illegal_goods", goodsRules),
  withSummary("cybercrime", cyberRules),
  withSummary("sexual_content", sexualRules),
  withSummary("self_harm", selfHarmRules),
  withSummary("physical_safety", safetyRules),
  withSummary("copyright", copyrightRules),
];
