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
    const score = distance(lower, candidate.toLowerCase()) + (candidate === word ? 0 : 0.1);
    if (score < bestScore || (score === bestScore && best !== undefined && candidate < best)) {
      best = candidate;
      bestScore = score;
    }
  }
  const budget = Math.max(1, Math.floor(word.length / 3));
  return best !== undefined && bestScore <= budget + 0.1 ? best : undefined;
}

/** `"a", "b" or "c"`: a list of values as JSON (strings quoted, numbers bare) for messages. */
export function quotedList(values: readonly unknown[], conjunction = "or"): string {
  const quoted = values.map((value) => JSON.stringify(value));
  if (quoted.length <= 1) return quoted.join("");
  return `${quoted.slice(0, -1).join(", ")} ${conjunction} ${quoted.at(-1)}`;
}
