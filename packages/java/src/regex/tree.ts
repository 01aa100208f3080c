import type { Span } from "@mailroom/syntax";
import type { CharSet } from "./char-set.js";

/** The tree parse.ts builds from a Java regular expression, for the checks that read patterns. */

export type QuantifierMode = "greedy" | "lazy" | "possessive";
export type GroupType =
  | "capture"
  | "non-capture"
  | "flags"
  | "atomic"
  | "lookahead"
  | "negative-lookahead"
  | "lookbehind"
  | "negative-lookbehind";

/** A node of a parsed pattern; `span` is in UTF-16 units of the pattern as written. */
export type RegexNode =
  | { readonly kind: "char"; readonly set: CharSet; readonly span: Span }
  | { readonly kind: "sequence"; readonly items: readonly RegexNode[]; readonly span: Span }
  | { readonly kind: "alternation"; readonly alternatives: readonly RegexNode[]; readonly span: Span }
  | {
      readonly kind: "group";
      readonly type: GroupType;
      readonly body: RegexNode;
      readonly index?: number;
      readonly name?: string;
      readonly span: Span;
    }
  | {
      readonly kind: "repeat";
      readonly body: RegexNode;
      readonly min: number;
      /** `Infinity` for `*`, `+` and `{n,}`. */
      readonly max: number;
      readonly mode: QuantifierMode;
      /** The quantifier itself: `*`, `+?`, `{2,5}`... */
      readonly quantifier: Span;
      readonly span: Span;
    }
  | { readonly kind: "assertion"; readonly span: Span }
  | { readonly kind: "backref"; readonly group: number; readonly name?: string; readonly span: Span }
  /** `\R` (one or two characters) and `\X` (a grapheme cluster). */
  | {
      readonly kind: "special";
      readonly what: "line-break" | "grapheme";
      readonly set: CharSet;
      readonly span: Span;
    };
