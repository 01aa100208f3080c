import { parseJavaRegex } from "@mailroom/java";

/** Most results a kept function holds; past it, it starts again empty. */
const LIMIT = 5000;

/**
 * A pure function of a string whose results are kept from check to check: an editor checks a file again on every
 * keystroke, and its patterns, dates and locales are the same as the time before. Its results are never changed.
 */
export function kept<T>(compute: (key: string) => T): (key: string) => T {
  const results = new Map<string, T>();
  return (key) => {
    if (results.has(key)) return results.get(key) as T;
    const result = compute(key);
    if (results.size >= LIMIT) results.clear();
    results.set(key, result);
    return result;
  };
}

/** Java's reading of a regular expression, shared by the rules that read one. */
export const parseRegex = kept(parseJavaRegex);
