import type { Rule } from "../../engine/rule.js";

/** Rules on archive parents and ranks, counts, values, uniqueness and shape. */
export const archiveRules: readonly Rule[] = [];
