import { javaTrim } from "@mailroom/java";
import bidiModule, { type Bidi } from "bidi-js";

// The package is CommonJS whose module.exports is the factory; its types describe an ES module's default export,
// which TypeScript then reads as the whole module.
const bidiFactory = bidiModule as unknown as () => Bidi;
let bidi: Bidi | undefined;

/** Characters of bidirectional class R or AL, and the controls that open right-to-left text (astral ones by surrogate). */
const rightToLeft = /[\u0590-\u08ff\u200f\u202b\u202e\u2067\ufb1d-\ufdff\ufe70-\ufefe\ud802\ud803\ud83a\ud83b]/;

/**
 * `handleDirection`, as `java.text.Bidi` with a default left-to-right paragraph gives it: a word with right-to-left
 * text has its level runs put in visual order, and the characters of each right-to-left run reversed (one UTF-16 unit
 * at a time, as Java's `charAt` walks them), mirrored characters swapped for their mirror image.
 */
function handleDirection(word: string): string {
  // Without a right-to-left character or control, the text is all left to right (the usual case, and the cheap one).
  if (!rightToLeft.test(word)) return word;
  bidi ??= bidiFactory();
  const unicode = bidi;
  const { levels, paragraphs } = unicode.getEmbeddingLevels(word, "auto");
  const base = paragraphs[0]?.level ?? 0;
  if (base === 0 && levels.every((level) => level % 2 === 0)) return word;
  const runs: { start: number; end: number; level: number }[] = [];
  for (let i = 0; i < word.length; i++) {
    const level = levels[i] ?? base;
    const last = runs[runs.length - 1];
    if (last && last.level === level) last.end = i + 1;
    else runs.push({ start: i, end: i + 1, level });
  }
  // Bidi.reorderVisually: from the highest level down to the lowest odd one, each sequence of runs at that level or
  // above is reversed.
  const highest = Math.max(...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => r.level | 1));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length; i++) {
      if ((runs[i]?.level ?? 0) < level) continue;
      let j = i;
      while (j + 1 < runs.length && (runs[j + 1]?.level ?? 0) >= level) j++;
      runs.splice(i, j - i + 1, ...runs.slice(i, j + 1).reverse());
      i = j;
    }
  }
  let result = "";
  for (const { start, end, level } of runs) {
    if (level % 2 === 0) {
      result += word.slice(start, end);
      continue;
    }
    for (let i = end - 1; i >= start; i--) {
      const c = word.charAt(i);
      result += unicode.getMirroredCharacter(c) ?? c;
    }
  }
  return result;
}

const presentationForm = /[\ufb00-\ufdff\ufe70-\ufeff]/;

/**
 * `normalizeWord`: the presentation forms (ligatures, Arabic and Hebrew forms) in NFKC, other characters as they
 * are, then `handleDirection`. PDFBox writes lam lam heh for U+FDF2 after an alef, as some fonts map U+FDF2 with an
 * alef of its own.
 */
export function normalizeWord(word: string): string {
  if (!presentationForm.test(word)) return handleDirection(word);
  let normalized = "";
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if ((c >= 0xfb00 && c <= 0xfdff) || (c >= 0xfe70 && c <= 0xfeff)) {
      const previous = word.charCodeAt(i - 1);
      normalized +=
        c === 0xfdf2 && i > 0 && (previous === 0x0627 || previous === 0xfe8d)
          ? "\u0644\u0644\u0647"
          : javaTrim(word.charAt(i).normalize("NFKC"));
    } else {
      normalized += word.charAt(i);
    }
  }
  return handleDirection(normalized);
}
