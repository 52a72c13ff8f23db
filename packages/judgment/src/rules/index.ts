import type { Rule } from "../types";
import { injectionRules } from "./injection";
import { lexicalRule } from "./lexical";
import { modifierRules } from "./modifiers";
import { peopleRules } from "./people";
import { structureRules } from "./structure";
import { systemsRules } from "./systems";

/** Every rule of the reader, in a fixed order (the order of hits, so of spans, is part of the output). */
export const RULES: readonly Rule[] = [...structureRules, ...systemsRules, ...peopleRules, ...injectionRules, ...modifierRules, lexicalRule];
