/** The outcome of evaluating something the Java way: a value, or the reason there is none (never an exception). */
export type Evaluated<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };
