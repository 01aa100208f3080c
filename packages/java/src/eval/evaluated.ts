/**
 * The outcome of evaluating something the Java way: a value, or the reason there is none (never an exception).
 * When Java itself fails there, `thrown` is what it throws, as "ExceptionClass: message" in Java's words; a problem
 * without it is mailroom's refusal of what it cannot evaluate as Java would.
 */
export type Evaluated<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly problem: string; readonly thrown?: string };
