import type { PathSegment } from "@mailroom/syntax";

export const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The first path where two JSON values differ (object key order aside), or undefined when they are equal. Keys
 * are own keys only, so that `__proto__` or `constructor` are compared as the data they are.
 */
export function firstDifference(a: unknown, b: unknown, path: PathSegment[] = []): PathSegment[] | undefined {
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const found = firstDifference(a[i], b[i], [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (isObject(a) && isObject(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!Object.hasOwn(a, key) || !Object.hasOwn(b, key)) return [...path, key];
      const found = firstDifference(a[key], b[key], [...path, key]);
      if (found) return found;
    }
    return undefined;
  }
  return Object.is(a, b) ? undefined : path;
}
