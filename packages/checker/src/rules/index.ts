import type { Rule } from "../engine/rule.js";
import { archiveRules } from "./archive/index.js";
import { expressionRules } from "./expressions/index.js";
import { formatRules } from "./formats/index.js";

/** Every rule, keyed by id, in id order: the one registry the CLI, the server and the docs read. */
export const RULES: ReadonlyMap<string, Rule> = new Map(
  [...expressionRules, ...archiveRules, ...formatRules]
    .sort((a, b) => (a.meta.id < b.meta.id ? -1 : 1))
    .map((rule) => [rule.meta.id, rule]),
);
