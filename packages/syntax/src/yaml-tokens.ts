import type { CST } from "yaml";
import type { Comment } from "./tree.js";

/** A token of `yaml`'s syntax tree with a source: a scalar, or one of the tokens around values. */
export interface AnyToken {
  readonly type: string;
  readonly offset: number;
  readonly source: string;
}

/**
 * Visits every token with a source under `tokens` (the props, keys, separators, values and ends of collections
 * and their items), in no set order and without recursion, so that no nesting overflows the stack.
 */
export function visitTokens(tokens: readonly CST.Token[], visit: (token: AnyToken) => void): void {
  const stack: unknown[] = [...tokens];
  while (stack.length > 0) {
    const item = stack.pop();
    if (Array.isArray(item)) {
      // One by one: spreading a sequence of 100,000 items as arguments overflows the stack.
      for (const element of item) stack.push(element);
      continue;
    }
    if (item === null || typeof item !== "object") continue;
    const token = item as Record<string, unknown>;
    if (typeof token.type === "string" && typeof token.source === "string" && typeof token.offset === "number") {
      visit(token as unknown as AnyToken);
    }
    for (const key of ["start", "key", "sep", "value", "end", "items", "props"]) {
      const child = token[key];
      if (child !== undefined && child !== null && typeof child === "object") stack.push(child);
    }
  }
}

/** The comments among `tokens` into `comments` (in no set order). */
export function collectComments(tokens: readonly CST.Token[], comments: Comment[]): void {
  visitTokens(tokens, (token) => {
    if (token.type === "comment") comments.push(commentAt(token.offset, token.source.trimEnd()));
  });
}

/** A comment: its text from `#` to the end of its line, trailing blanks left out, at `offset`. */
export const commentAt = (offset: number, text: string): Comment => ({ span: { offset, length: text.length }, text });
