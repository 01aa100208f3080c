import type { ExpressionKind } from "@mailroom/compiler";
import type { Token, TokenKind } from "@mailroom/syntax";
import { type CallAt, levelBack, OPENERS, type TokensAt } from "./expression-tokens.js";

/**
 * What the cursor's place in an expression accepts, read from the tokens before it as the parser binds them:
 * - `value`: a value only (an argument of a value parameter, an operand of a comparison, a pipe step there);
 * - `condition`: a condition, or a value a comparison will follow (the start of a condition, after `and`);
 * - `none`: no expression at all (an argument written as a literal: a page, an area, a flag, a pattern).
 */
export type Accepts = ExpressionKind | "none";

const COMPARISONS: ReadonlySet<TokenKind> = new Set(["==", "<", "<=", ">", ">="]);
const CONDITION_WORDS: ReadonlySet<string> = new Set(["and", "or", "not"]);

/**
 * Walks back from the cursor over the operands of its level (a pipe step accepts what its whole chain does)
 * to the nearest operator or bracket: a comparison wants values, `and`/`or`/`not` conditions, a call's bracket
 * what the parameter there is (`call`, the call around the cursor), parentheses what accepts the group, and at
 * the start of the text the site's kind.
 */
export function acceptsAt(at: TokensAt, call: CallAt | undefined, site: ExpressionKind): Accepts {
  const { tokens } = at;
  for (const i of levelBack(tokens, at.previous)) {
    const token = tokens[i] as Token;
    if (OPENERS.has(token.kind)) {
      // Slice bounds, an area, extraction parameters.
      if (token.kind !== "(") return "none";
      const before = tokens[i - 1];
      if (before?.kind === "identifier" && !isConditionWord(tokens, i - 1)) {
        // An unknown function's arguments are taken as values, what most arguments are.
        if (!call) return "value";
        const kind = call.parameter?.kind;
        return kind === "value" || kind === "values" ? "value" : "none";
      }
    } else if (COMPARISONS.has(token.kind)) return "value";
    else if (isConditionWord(tokens, i)) return "condition";
  }
  return site;
}

/** `and`, `or`, `not` as operators (not a reference's name after `meta.`). */
function isConditionWord(tokens: TokensAt["tokens"], i: number): boolean {
  const token = tokens[i];
  return token?.kind === "identifier" && CONDITION_WORDS.has(token.value) && tokens[i - 1]?.kind !== ".";
}
