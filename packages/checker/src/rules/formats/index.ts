import type { Rule } from "../../engine/rule.js";
import { rule as datePattern } from "./date-pattern.js";
import { rule as javaRegex } from "./java-regex.js";
import { rule as javaReplacement } from "./java-replacement.js";
import { rule as locale } from "./locale.js";
import { rule as regexBacktracking } from "./regex-backtracking.js";
import { rule as timeZone } from "./time-zone.js";

/** Rules on Java regular expressions and replacements, date patterns, time zones and locales. */
export const formatRules: readonly Rule[] = [
  datePattern,
  javaRegex,
  javaReplacement,
  locale,
  regexBacktracking,
  timeZone,
];
