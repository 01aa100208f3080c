// Types of mutate.js, for the TypeScript tests that share its mutations.

export declare const NOISE: readonly string[];
export declare const BIG: readonly string[];
export declare const TAGS: readonly string[];

/** An edit anywhere in a text (see `applyEdit`). */
export type Edit =
  | { readonly kind: "splice"; readonly at: number; readonly remove: number; readonly text: string }
  | { readonly kind: "truncate"; readonly at: number }
  | { readonly kind: "swap-tokens"; readonly a: number; readonly b: number }
  | { readonly kind: "replace-token"; readonly at: number; readonly text: string }
  | { readonly kind: "delete-line" | "duplicate-line"; readonly line: number }
  | { readonly kind: "swap-lines"; readonly a: number; readonly b: number };

/** A change to the lines of a file (see `mutate`); `at` picks a line among those the change applies to. */
export type LineMutation =
  | {
      readonly kind: "blank" | "blank-before-item" | "trailing-comment" | "crlf" | "no-final-newline" | "indent-tab";
      readonly at: number;
    }
  | { readonly kind: "comment"; readonly at: number; readonly indent: number }
  | { readonly kind: "tag-key" | "tag-value"; readonly at: number; readonly tag: string }
  | { readonly kind: "big-integer" | "big-integer-in-expression"; readonly at: number; readonly digits: string }
  | { readonly kind: "indent"; readonly at: number; readonly indent: number }
  | { readonly kind: "lone-cr"; readonly at: number; readonly column: number };

export declare function tokens(text: string): [number, string][];
export declare function applyEdit(text: string, edit: Edit): string;
export declare function mutate(
  text: string,
  mutations: readonly LineMutation[],
): { readonly text: string; readonly integers: string[] };

export interface Prng {
  next(): number;
  int(n: number): number;
  pick<T>(array: readonly T[]): T;
}
export declare function prng(seed: number): Prng;
export declare function randomMutation(rng: Prng, vocabulary: readonly string[]): Edit | LineMutation;
export declare function applyMutation(text: string, mutation: Edit | LineMutation): string;
