import { distance } from "fastest-levenshtein";

/**
 * The candidate nearest to a misspelt word, or undefined when none is close enough to be a plausible typo
 * (at most a third of the word's length in edits, case differences counting less than other edits).
 */
export function nearest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  const lower = word.toLowerCase();
  for (const candidate of candidates) {
    const other = candidate.toLowerCase();
    // Levenshtein counts two swapped neighbours ("mian") as two edits; people make that slip as one.
    const edits = isTransposition(lower, other) ? 1 : distance(lower, other);
    const score = edits + (candidate === word ? 0 : 0.1);
    if (score < bestScore || (score === bestScore && best !== undefined && candidate < best)) {
      best = candidate;
      bestScore = score;
    }
  }
  const budget = Math.max(1, Math.floor(word.length / 3));
  return best !== undefined && bestScore <= budget + 0.1 ? best : undefined;
}

/** Whether two words differ only by one pair of adjacent letters swapped. */
function isTransposition(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i < a.length - 1 && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** `"a", "b" or "c"`: a list of values as JSON (strings quoted, numbers bare) for messages. */
export function quotedList(values: readonly unknown[], conjunction = "or"): string {
  const quoted = values.map((value) => JSON.stringify(value));
  if (quoted.length <= 1) return quoted.join("");
  return `${quoted.slice(0, -1).join(", ")} ${conjunction} ${quoted.at(-1)}`;
}
