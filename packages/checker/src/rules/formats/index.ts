import type { Rule } from "../../engine/rule.js";

/** Rules on Java regular expressions and replacements, date patterns, time zones and locales. */
export const formatRules: readonly Rule[] = [];
