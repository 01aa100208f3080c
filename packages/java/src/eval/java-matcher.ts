import type { JavaRegExpSource } from "./regex-js.js";

/**
 * `Matcher.find` and `Matcher.matches` over a translated pattern, scanning the text the way Java does. Java tries
 * a match at every UTF-16 index, the second half of a surrogate pair included (unless the pattern itself holds a
 * surrogate), and after an empty match starts one unit further; a JavaScript RegExp with the `u` flag never starts
 * inside a pair. So on a text with surrogate pairs each start is tried alone, the pair split where Java splits it.
 */

/** A match: its bounds and the text of each group (undefined when the group did not match). */
export interface JavaMatch {
  readonly start: number;
  readonly end: number;
  readonly groups: readonly (string | undefined)[];
}

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

export class JavaMatcher {
  private readonly global: RegExp;
  private readonly sticky: RegExp;
  private readonly whole: RegExp;
  private readonly surrogates: boolean;
  /** Matcher's `first` and `last`: the bounds of the previous match (-1 and 0 before the first). */
  private first = -1;
  private last = 0;

  constructor(
    private readonly regex: JavaRegExpSource,
    private readonly text: string,
  ) {
    this.global = new RegExp(regex.source, "gu");
    this.sticky = new RegExp(regex.source, "uy");
    this.whole = new RegExp(`(?:${regex.source})(?![\\s\\S])`, "uy");
    this.surrogates = /[\uD800-\uDFFF]/.test(text);
  }

  /**
   * Why this text cannot be matched the Java way, if it cannot: on a text with surrogates, Java's look-behinds
   * measure characters as one unit and its `\b` and `(?m)^` look at half pairs.
   */
  get problem(): string | undefined {
    if (!this.surrogates || !this.regex.looksBehind) return undefined;
    return 'The text has characters outside the Basic Multilingual Plane (such as emoji), where Java\'s look-behinds, "\\b" and "(?m)^" read half characters; mailroom does not reproduce that.';
  }

  /** Matcher.find: the next match after the previous one, or null. */
  find(): JavaMatch | null {
    let from = this.last;
    if (from === this.first) from++;
    if (from > this.text.length) return null;
    const match = this.search(from);
    if (match) {
      this.first = match.start;
      this.last = match.end;
    }
    return match;
  }

  /** Matcher.matches: whether the whole text matches. */
  matches(): boolean {
    this.whole.lastIndex = 0;
    return this.whole.test(this.text);
  }

  private search(from: number): JavaMatch | null {
    if (!this.surrogates) {
      this.global.lastIndex = from;
      return this.found(this.global.exec(this.text));
    }
    const text = this.text;
    for (let i = from; i <= text.length; ) {
      const midPair = i > 0 && isHigh(text.charCodeAt(i - 1)) && isLow(text.charCodeAt(i));
      // Only the index of the low half matters: the high one is replaced, so that JavaScript starts there too.
      const subject = midPair ? `${text.slice(0, i - 1)}\uFFFD${text.slice(i)}` : text;
      this.sticky.lastIndex = i;
      const match = this.found(this.sticky.exec(subject));
      if (match) return match;
      const pair = isHigh(text.charCodeAt(i)) && isLow(text.charCodeAt(i + 1));
      i += this.regex.hasSupplementary && pair ? 2 : 1;
    }
    return null;
  }

  /** A JavaScript match as Java's groups (the translation may add groups of its own). */
  private found(match: RegExpExecArray | null): JavaMatch | null {
    if (!match) return null;
    const groups = this.regex.groupMap.map((index) => match[index]);
    return { start: match.index, end: match.index + match[0].length, groups };
  }
}
