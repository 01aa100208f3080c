import type { Evaluated } from "./evaluated.js";

/**
 * Substrings as the API's `Substring` and `FileName` take them: UTF-16 units, `begin` inclusive, `end` exclusive,
 * 0, -1 or no end meaning the end of the text. Indexes Java's `String.substring` would refuse (it throws
 * StringIndexOutOfBoundsException) give a problem, since what the service does then is not given.
 */
export function javaSubstring(text: string, begin: number, end?: number): Evaluated<string> {
  const toEnd = end === undefined || end === 0 || end === -1;
  const refused = (why: string): Evaluated<string> => ({
    ok: false,
    problem: `${why}; Java's String.substring throws there, and what the service does then is not given.`,
  });
  if (!Number.isInteger(begin) || begin < 0) return refused(`The begin index ${begin} is not an index`);
  if (begin > text.length) {
    return refused(`The begin index ${begin} is beyond the end of the text (${text.length} characters)`);
  }
  if (toEnd) return { ok: true, value: text.slice(begin) };
  if (!Number.isInteger(end) || end < -1) return refused(`The end index ${end} is not an index`);
  if (end <= begin) {
    return {
      ok: false,
      problem: `The end index ${end} is not after the begin index ${begin}, as the API requires; what the service does then is not given.`,
    };
  }
  if (end > text.length) {
    return refused(`The end index ${end} is beyond the end of the text (${text.length} characters)`);
  }
  return { ok: true, value: text.slice(begin, end) };
}
