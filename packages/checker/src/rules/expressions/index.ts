import type { Rule } from "../../engine/rule.js";

/** Rules on box targets, metadata and other references, and where expressions may be used. */
export const expressionRules: readonly Rule[] = [];
