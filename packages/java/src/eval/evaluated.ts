/**
 * The outcome of evaluating something the Java way: a value, or the reason there is none (never an exception).
 * `thrown`, where given, is what Java itself throws there, as "ExceptionClass: message" in Java's words: the date
 * evaluation gives it for each of Java's own failures, so that a date problem without it is mailroom's refusal.
 */
export type Evaluated<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly problem: string; readonly thrown?: string };
