import type { Rule } from "../engine/rule.js";
import type { RequestRule } from "../requests/request-rule.js";
import { archiveRules } from "./archive/index.js";
import { expressionRules } from "./expressions/index.js";
import { formatRules } from "./formats/index.js";
import { requestRules } from "./requests/index.js";

const byId = (a: { meta: { id: string } }, b: { meta: { id: string } }) => (a.meta.id < b.meta.id ? -1 : 1);

/** The rules on services, in id order. */
export const SERVICE_RULES: readonly Rule[] = [...expressionRules, ...archiveRules, ...formatRules].sort(byId);

/** The rules on request files (jobs, delivery commands, organizational units), in id order. */
export const REQUEST_RULES: readonly RequestRule[] = [...requestRules].sort(byId);

/** Every rule, keyed by id, in id order: the one registry the CLI, the server and the docs read. */
export const RULES: ReadonlyMap<string, Rule | RequestRule> = new Map(
  [...SERVICE_RULES, ...REQUEST_RULES].sort(byId).map((rule) => [rule.meta.id, rule]),
);
