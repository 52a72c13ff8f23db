import type { Rule } from "../types";

export const peopleRules: readonly Rule[] = [];
