import type { Span } from "@mailroom/syntax";
import type { CharSet } from "./char-set.js";
import type { CharPredicate, Fold } from "./predicates.js";

/**
 * The tree parse.ts builds from a Java regular expression, for the checks that read patterns and for the engine
 * that runs them: each node says what Pattern would build for it under the flags in force where it is written.
 */

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

/** What an anchor or boundary is, as Pattern's node for it (`^` under `(?m)` is a caret, else a begin...). */
export type AssertionKind =
  | "begin"
  | "end"
  | "caret"
  | "unix-caret"
  | "dollar"
  | "dollar-multiline"
  | "unix-dollar"
  | "unix-dollar-multiline"
  | "last-match"
  | "bound"
  | "not-bound"
  | "unicode-bound"
  | "unicode-not-bound"
  | "grapheme-bound";

/** A node of a parsed pattern; `span` is in UTF-16 units of the pattern as written. */
export type RegexNode =
  | {
      readonly kind: "char";
      /** An approximation, for the heuristics (see char-set.ts). */
      readonly set: CharSet;
      /** Exactly what it matches. */
      readonly test: CharPredicate;
      /** Under `(?c)`: a class or property matched against the canonical composition of a grapheme. */
      readonly canonical?: boolean;
      readonly span: Span;
    }
  | {
      readonly kind: "sequence";
      readonly items: readonly RegexNode[];
      /** A run of literal characters, which Pattern matches as one node (a Slice). */
      readonly slice?: boolean;
      readonly span: Span;
    }
  | { readonly kind: "alternation"; readonly alternatives: readonly RegexNode[]; readonly span: Span }
  | {
      readonly kind: "group";
      readonly type: GroupType;
      readonly body: RegexNode;
      readonly index?: number;
      readonly name?: string;
      /**
       * A look-behind's lengths as Pattern measures them (32-bit, so possibly wrapped), and whether the pattern
       * holds a supplementary character from there to its end, which makes Java count them in code points.
       */
      readonly behind?: { readonly min: number; readonly max: number; readonly supplementary: boolean };
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
  | { readonly kind: "assertion"; readonly what: AssertionKind; readonly span: Span }
  | {
      readonly kind: "backref";
      readonly group: number;
      readonly name?: string;
      /** How the text is compared with the group's: `(?i)` makes a CIBackRef, `(?iu)` one with Unicode case. */
      readonly fold: Fold;
      readonly span: Span;
    }
  /** `\R` (one or two characters) and `\X` (a grapheme cluster). */
  | {
      readonly kind: "special";
      readonly what: "line-break" | "grapheme";
      readonly set: CharSet;
      readonly span: Span;
    };
