import type { Span } from "@mailroom/syntax";
import { quote } from "../quote.js";
import { parseJavaRegex } from "../regex/parse.js";
import type { RegexNode } from "../regex/tree.js";
import { classSource, propertySource, Refusal, type Source } from "./regex-class.js";
import { setAtom } from "./regex-sets.js";

/**
 * Java regular expressions (java.util.regex, OpenJDK 17) as JavaScript source for the `u` flag, built node by node
 * from the parsed pattern, only where the two mean the same; anything else is refused with the construct named and
 * its span. Characters, classes and `.` become explicit sets (so `(?i)`, `(?s)` and Java's line terminators need no
 * JavaScript flag); anchors become look-arounds with Java's meaning (`$` before a final line terminator, `(?m)`
 * with `\r\n` as one terminator, `\b` on Unicode letters and digits); atomic groups and possessive quantifiers become
 * a look-ahead and a back-reference to what it captured. Refused: what JavaScript would capture differently (groups
 * reset at each repetition, unset groups referenced, repetitions of what may match nothing), Java's overflowing
 * look-behind lengths, class intersections, blocks and Java-only properties, `\G`, `\X`, `\b{g}`, `(?U)`, `(?c)`,
 * case folding under `(?iu)` and back-references under `(?i)`. Checked against the JDK by the recorded corpus.
 */

export interface JavaRegExpSource {
  /** The source, for a RegExp with the `u` flag (and `y` or `g` as needed). */
  readonly source: string;
  readonly groupCount: number;
  readonly groupNames: ReadonlyMap<string, number>;
  /**
   * For each Java group number, the number of the JavaScript group that captures it: the source has groups of its
   * own (atomic groups and possessive quantifiers become `(?=(...))\\n`).
   */
  readonly groupMap: readonly number[];
  /** Whether a match also depends on the text before it (look-behind, `\b`, `\B`, `(?m)^`). */
  readonly looksBehind: boolean;
  /** Java's `hasSupplementary`: the pattern holds a surrogate, so Java's scan steps over surrogate pairs. */
  readonly hasSupplementary: boolean;
}

export type JavaRegExpTranslation =
  | { readonly ok: true; readonly translated: JavaRegExpSource }
  | { readonly ok: false; readonly problem: string; readonly span: Span };

const END = "(?![\\s\\S])";
/** `$` and `\Z`: the end, or before a final line terminator (`\r\n` as one). */
const DOLLAR = `(?=(?:\\r\\n|(?<!\\r)\\n|[\\r\\x85\\u2028\\u2029])?${END})`;
/** `(?m)$`: before any line terminator but between `\r` and `\n`, or at the end. */
const DOLLAR_MULTILINE = `(?=(?<!\\r)\\n|[\\r\\x85\\u2028\\u2029]|${END})`;
/** `(?m)^`: not at the end; at the start or after a line terminator but between `\r` and `\n`. */
const CARET_MULTILINE = "(?=[\\s\\S])(?:(?<![\\s\\S])|(?<=[\\n\\x85\\u2028\\u2029])|(?<=\\r)(?!\\n))";
/** Java 17's word characters for `\b`: `_`, letters and decimal digits, and a non-spacing mark after a letter or digit. */
const WORD_BEFORE = "(?<=[\\p{L}\\p{Nd}_]|[\\p{L}\\p{Nd}]\\p{Mn}+)";
const NOT_WORD_BEFORE = "(?<![\\p{L}\\p{Nd}_]|[\\p{L}\\p{Nd}]\\p{Mn}+)";
const WORD_AFTER = "(?=[\\p{L}\\p{Nd}_]|\\p{Mn}(?<=[\\p{L}\\p{Nd}]\\p{Mn}+))";
const NOT_WORD_AFTER = "(?![\\p{L}\\p{Nd}_]|\\p{Mn}(?<=[\\p{L}\\p{Nd}]\\p{Mn}+))";
const BOUNDARY = `(?:${WORD_BEFORE}${NOT_WORD_AFTER}|${NOT_WORD_BEFORE}${WORD_AFTER})`;
const NOT_BOUNDARY = `(?:${WORD_BEFORE}${WORD_AFTER}|${NOT_WORD_BEFORE}${NOT_WORD_AFTER})`;
/** The same under `(?d)`, where only `\\n` ends a line. */
const DOLLAR_UNIX = `(?=\\n?${END})`;
const DOLLAR_UNIX_MULTILINE = `(?=\\n|${END})`;
const CARET_UNIX_MULTILINE = "(?=[\\s\\S])(?:(?<![\\s\\S])|(?<=\\n))";
const LINE_BREAK = "(?:\\r\\n|[\\n\\x0b\\f\\r\\x85\\u2028\\u2029])";

export function translateJavaRegex(pattern: string): JavaRegExpTranslation {
  const parsed = parseJavaRegex(pattern);
  if (!parsed.root || !parsed.compiles) {
    return {
      ok: false,
      problem: parsed.error?.message ?? "The pattern does not compile.",
      span: parsed.error?.span ?? { offset: 0, length: pattern.length },
    };
  }
  try {
    const translator = new Translator(pattern, parsed.root);
    const source = translator.node(parsed.root);
    return {
      ok: true,
      translated: {
        source,
        groupCount: parsed.groupCount,
        groupNames: parsed.groupNames,
        groupMap: translator.groupMap,
        looksBehind: translator.looksBehind,
        hasSupplementary: translator.supplementary,
      },
    };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return { ok: false, problem: error.problem, span: error.span };
  }
}

interface Flags {
  readonly i: boolean;
  readonly m: boolean;
  readonly d: boolean;
  readonly u: boolean;
  readonly x: boolean;
}

/** An inline flag group alone, `(?i)` or `(?-m)`, which changes the flags up to the end of its group. */
interface FlagGroup {
  readonly offset: number;
  readonly length: number;
  readonly flags: string;
}

class Translator {
  looksBehind = false;
  /** Java's `hasSupplementary`: a surrogate in the pattern, or a construct that may match a supplementary character. */
  supplementary: boolean;
  readonly groupMap: number[] = [0];
  private jsGroups = 0;
  private flags: Flags = { i: false, m: false, d: false, u: false, x: false };
  private readonly flagGroups: FlagGroup[];
  private nextFlagGroup = 0;
  private readonly parents = new Map<RegexNode, RegexNode>();
  private readonly groups = new Map<number, RegexNode>();
  /** The `\Q...\E` quotations: the offsets of their text. */
  private readonly quoted: [number, number][] = [];

  constructor(
    private readonly pattern: string,
    root: RegexNode,
  ) {
    this.supplementary = /[\uD800-\uDFFF]/.test(pattern);
    const leaves: Span[] = [];
    const visit = (node: RegexNode) => {
      for (const child of children(node)) {
        this.parents.set(child, node);
        visit(child);
      }
      if (node.kind === "group" && node.index !== undefined) this.groups.set(node.index, node);
      if (node.kind !== "sequence" && node.kind !== "alternation" && node.kind !== "group" && node.kind !== "repeat") {
        leaves.push(node.span);
      }
    };
    visit(root);
    const covered = (offset: number) => leaves.some((s) => offset >= s.offset && offset < s.offset + s.length);
    this.flagGroups = [...pattern.matchAll(/\(\?([a-zA-Z-]*)\)/g)]
      .filter((m) => !covered(m.index))
      .map((m) => ({ offset: m.index, length: m[0].length, flags: m[1] ?? "" }));
    for (const { flags, offset, length } of this.flagGroups) this.checkFlags(flags, { offset, length });
    this.findQuotations();
    const comments = /\(\?[a-zA-Z]*x/.exec(pattern);
    // In comments mode Java skips white space and "#" comments everywhere, even inside flag groups.
    if (comments && /#|\(\?[a-zA-Z-]*\s/.test(pattern)) {
      throw new Refusal('A comment or a space inside a flag group under "(?x)".', {
        offset: comments.index,
        length: comments[0].length,
      });
    }
  }

  /** `\Q...\E` as Pattern.RemoveQEQuoting finds them (escapes outside are skipped two characters at a time). */
  private findQuotations(): void {
    const p = this.pattern;
    let i = 0;
    while (i < p.length - 1) {
      if (p[i] !== "\\") i++;
      else if (p[i + 1] !== "Q") i += 2;
      else {
        const end = p.indexOf("\\E", i + 2);
        this.quoted.push([i + 2, end === -1 ? p.length : end]);
        i = end === -1 ? p.length : end + 2;
      }
    }
  }

  private checkFlags(flags: string, span: Span): void {
    const other = [...flags].find((flag) => !"imsdux-".includes(flag));
    if (other !== undefined) {
      throw new Refusal(`The inline flag ${quote(other)} (${FLAG_NAMES[other] ?? "unknown"}).`, span);
    }
  }

  private applyFlags(flags: string): void {
    let on = true;
    const next: Record<string, boolean> = { ...this.flags };
    for (const flag of flags) {
      if (flag === "-") on = false;
      else next[flag] = on;
    }
    this.flags = next as unknown as Flags;
  }

  /** Applies the flag groups written before `offset`. */
  private advance(offset: number): void {
    for (let group = this.flagGroups[this.nextFlagGroup]; group && group.offset < offset; ) {
      this.applyFlags(group.flags);
      group = this.flagGroups[++this.nextFlagGroup];
    }
  }

  /** Skips the flag groups written before `offset` (the end of a group, where Java restores the flags). */
  private skip(offset: number): void {
    while ((this.flagGroups[this.nextFlagGroup]?.offset ?? Number.POSITIVE_INFINITY) < offset) this.nextFlagGroup++;
  }

  private text(span: Span): string {
    return this.pattern.slice(span.offset, span.offset + span.length);
  }

  node(node: RegexNode): string {
    this.advance(node.span.offset);
    switch (node.kind) {
      case "char":
        return this.char(node);
      case "sequence":
        return node.items.map((item) => this.node(item)).join("");
      case "alternation":
        return `(?:${node.alternatives.map((alternative) => this.node(alternative)).join("|")})`;
      case "group":
        return this.group(node);
      case "repeat":
        return this.repeat(node);
      case "assertion":
        return this.assertion(node.span);
      case "backref":
        return this.backref(node);
      case "special":
        return this.lineBreak(node);
    }
  }

  /**
   * `\\R`: `\\r\\n` or one line terminator, `\\r\\n` first. Right under a quantifier Java never goes back into it
   * (it keeps `\\r\\n` whole), as in an atomic group; inside a repeated group that depends on the group.
   */
  private lineBreak(node: Extract<RegexNode, { kind: "special" }>): string {
    if (node.what === "grapheme") throw new Refusal('The grapheme cluster "\\X".', node.span);
    const [parent, ...rest] = this.ancestors(node);
    if (parent?.kind === "repeat") return `(?:(?=(${LINE_BREAK}))\\${++this.jsGroups})`;
    if (rest.some((a) => a.kind === "repeat")) {
      throw new Refusal('The line break "\\R" inside a repeated group (Java may not go back into it).', node.span);
    }
    return LINE_BREAK;
  }

  private char(node: Extract<RegexNode, { kind: "char" }>): string {
    const { offset } = node.span;
    const quoted = this.quoted.some(([from, to]) => offset >= from && offset < to);
    const text = this.text(node.span);
    if (this.flags.i && this.flags.u && (quoted || !/^(\.|\\[dDsSwWhHvV])$/.test(text))) {
      throw new Refusal(`${quote(text)} under "(?iu)" (Java's Unicode case folding).`, node.span);
    }
    if (quoted) return setAtom(node.set);
    if (this.flags.x && /^(\[|\\[pP])/.test(text) && /[\s#]/.test(text)) {
      throw new Refusal(`Spaces or "#" in ${quote(text)} under "(?x)".`, node.span);
    }
    let translated: Source;
    if (text.startsWith("[")) {
      if (this.quoted.some(([from, to]) => from < offset + text.length && to > offset)) {
        throw new Refusal('"\\Q...\\E" in a class.', node.span);
      }
      translated = classSource(text, offset, this.flags.i);
    } else if (text.startsWith("\\p") || text.startsWith("\\P")) {
      translated = propertySource(text, offset, this.flags.i);
    } else if (text.startsWith("\\N")) {
      throw new Refusal(`The character name ${quote(text)}.`, node.span);
    } else {
      // A negated escape class, or an escape of a surrogate or a supplementary character.
      const only = node.set.length === 1 && node.set[0]?.[0] === node.set[0]?.[1] ? node.set[0]?.[0] : undefined;
      const supplementary =
        /^\\[WDSHV]/.test(text) || (only !== undefined && (only > 0xffff || (only >= 0xd800 && only <= 0xdfff)));
      translated = { source: setAtom(node.set), supplementary };
    }
    if (translated.supplementary) this.supplementary = true;
    return translated.source;
  }

  private group(node: Extract<RegexNode, { kind: "group" }>): string {
    const saved = this.flags;
    if (node.type === "flags") {
      const opener = this.opener(node);
      const flags = this.text(opener).slice(2, -1);
      this.checkFlags(flags, opener);
      this.applyFlags(flags);
    }
    if (node.type === "lookbehind" || node.type === "negative-lookbehind") {
      this.looksBehind = true;
      // Java tries the look-behind from at most its longest length back, a length that overflows when large.
      if (maxLength(node.body) > MAX_LOOKBEHIND) {
        throw new Refusal(
          `The look-behind ${quote(this.text(this.opener(node)))} with an unbounded or very long repetition (Java measures its longest match, with overflows).`,
          this.opener(node),
        );
      }
    }
    if (node.type === "capture") {
      this.checkCapture(node);
      this.groupMap[node.index ?? 0] = ++this.jsGroups;
    }
    // An atomic group matches as a look-ahead does (its first match, never revisited), then takes that text.
    const helper = node.type === "atomic" ? ++this.jsGroups : 0;
    const body = this.node(node.body);
    this.skip(node.span.offset + node.span.length);
    this.flags = saved;
    switch (node.type) {
      case "capture":
        return node.name === undefined ? `(${body})` : `(?<${node.name}>${body})`;
      case "lookahead":
        return `(?=${body})`;
      case "negative-lookahead":
        return `(?!${body})`;
      case "lookbehind":
        return `(?<=${body})`;
      case "negative-lookbehind":
        return `(?<!${body})`;
      case "atomic":
        return `(?:(?=(${body}))\\${helper})`;
      default:
        return `(?:${body})`;
    }
  }

  /** The opening token of a group: `(?:`, `(?i-s:`, `(?>`... */
  private opener(node: RegexNode): Span {
    const text = this.text(node.span);
    const length = text.startsWith("(?") ? (/^\(\?[^:=!>]*[:=!>]?/.exec(text)?.[0].length ?? 2) : 1;
    return { offset: node.span.offset, length };
  }

  private repeat(node: Extract<RegexNode, { kind: "repeat" }>): string {
    if (node.max > node.min && canBeEmpty(node.body) && !plain(node.body)) {
      throw new Refusal(
        `The repetition ${quote(this.text(node.span))} of something that can match the empty string (Java and JavaScript end such repetitions differently).`,
        node.quantifier,
      );
    }
    // A possessive quantifier is an atomic group around the greedy one.
    const helper = node.mode === "possessive" ? ++this.jsGroups : 0;
    const body = this.node(node.body);
    // JavaScript's `u` flag allows no quantifier on a look-around: those are wrapped like sequences.
    const quantifiable =
      node.body.kind === "char" ||
      (node.body.kind === "group" && ["capture", "non-capture", "flags"].includes(node.body.type));
    const atom = quantifiable ? body : `(?:${body})`;
    const { min, max } = node;
    let quantifier: string;
    if (min === 0 && max === Number.POSITIVE_INFINITY) quantifier = "*";
    else if (min === 1 && max === Number.POSITIVE_INFINITY) quantifier = "+";
    else if (min === 0 && max === 1) quantifier = "?";
    else if (max === Number.POSITIVE_INFINITY) quantifier = `{${min},}`;
    else quantifier = min === max ? `{${min}}` : `{${min},${max}}`;
    const repeated = `${atom}${quantifier}${node.mode === "lazy" ? "?" : ""}`;
    return helper ? `(?:(?=(${repeated}))\\${helper})` : repeated;
  }

  private assertion(span: Span): string {
    const text = this.text(span);
    switch (text) {
      case "^":
        if (!this.flags.m) return "^";
        this.looksBehind = true;
        return this.flags.d ? CARET_UNIX_MULTILINE : CARET_MULTILINE;
      case "$":
        if (this.flags.d) return this.flags.m ? DOLLAR_UNIX_MULTILINE : DOLLAR_UNIX;
        return this.flags.m ? DOLLAR_MULTILINE : DOLLAR;
      case "\\A":
        return "^";
      case "\\z":
        return END;
      case "\\Z":
        return this.flags.d ? DOLLAR_UNIX : DOLLAR;
      case "\\b":
        this.looksBehind = true;
        return BOUNDARY;
      case "\\B":
        this.looksBehind = true;
        return NOT_BOUNDARY;
      default:
        throw new Refusal(
          text === "\\G" ? 'The anchor "\\G" (the end of the previous match).' : `The boundary ${quote(text)}.`,
          span,
        );
    }
  }

  private backref(node: Extract<RegexNode, { kind: "backref" }>): string {
    const text = this.text(node.span);
    if (this.flags.i) {
      throw new Refusal(`The back-reference ${quote(text)} under "(?i)" (Java folds its case its own way).`, node.span);
    }
    const group = this.groups.get(node.group);
    // A reference to a group the pattern does not have never matches.
    if (!group) return "(?!)";
    if (!this.surelySetBefore(group, node)) {
      throw new Refusal(
        `The back-reference ${quote(text)} to a group that may be unset there (Java fails where JavaScript matches nothing).`,
        node.span,
      );
    }
    return `(?:\\${this.groupMap[node.group]})`;
  }

  private ancestors(node: RegexNode): RegexNode[] {
    const out: RegexNode[] = [];
    for (let p = this.parents.get(node); p; p = this.parents.get(p)) out.push(p);
    return out;
  }

  /** Whether `group` has matched whenever `ref` is reached: it closes before, on a path that cannot skip it. */
  private surelySetBefore(group: RegexNode, ref: RegexNode): boolean {
    if (group.span.offset + group.span.length > ref.span.offset) return false;
    const refAncestors = new Set(this.ancestors(ref));
    for (const ancestor of this.ancestors(group)) {
      if (refAncestors.has(ancestor)) return ancestor.kind === "sequence";
      if (!alwaysEntersBody(ancestor)) return false;
    }
    return false;
  }

  /**
   * JavaScript resets the captures of a repeated group at each repetition, Java keeps the last value: a capture
   * inside a repetition must be set by every repetition. Captures inside a look-behind or a negative look-around
   * are refused too (JavaScript reads look-behinds backwards and drops what negative look-arounds captured).
   */
  private checkCapture(group: Extract<RegexNode, { kind: "group" }>): void {
    let mustBeSet = false;
    for (const ancestor of this.ancestors(group)) {
      if (ancestor.kind === "repeat" && ancestor.max > 1 && mustBeSet) {
        throw new Refusal(
          `The capturing group ${quote(this.text(this.opener(group)))} inside a repetition that may skip it (JavaScript forgets its value at each repetition, Java keeps it).`,
          this.opener(group),
        );
      }
      if (ancestor.kind === "group" && ancestor.type !== "capture" && ancestor.type !== "non-capture") {
        if (ancestor.type !== "flags" && ancestor.type !== "lookahead" && ancestor.type !== "atomic") {
          throw new Refusal(
            `The capturing group ${quote(this.text(this.opener(group)))} inside a look-behind or negative look-around.`,
            this.opener(group),
          );
        }
      }
      if (!alwaysEntersBody(ancestor)) mustBeSet = true;
    }
  }
}

/** Whether matching `node` always matches its children (no alternative, no optional repetition, no look-around). */
function alwaysEntersBody(node: RegexNode): boolean {
  if (node.kind === "sequence") return true;
  if (node.kind === "repeat") return node.min >= 1;
  if (node.kind === "group") return ["capture", "non-capture", "flags", "atomic"].includes(node.type);
  return false;
}

const MAX_LOOKBEHIND = 1 << 16;

/** The longest match of a node, in characters (infinite for an unbounded repetition or a back-reference). */
function maxLength(node: RegexNode): number {
  switch (node.kind) {
    case "char":
      return 1;
    case "special":
      return node.what === "line-break" ? 2 : Number.POSITIVE_INFINITY;
    case "sequence":
      return node.items.reduce((sum, item) => sum + maxLength(item), 0);
    case "alternation":
      return Math.max(0, ...node.alternatives.map(maxLength));
    case "group":
      return ["capture", "non-capture", "flags", "atomic"].includes(node.type) ? maxLength(node.body) : 0;
    case "repeat":
      return node.max === 0 ? 0 : node.max * maxLength(node.body);
    case "assertion":
      return 0;
    default:
      return Number.POSITIVE_INFINITY;
  }
}

/** Whether a node can match the empty string (a back-reference may: its group may have). */
function canBeEmpty(node: RegexNode): boolean {
  switch (node.kind) {
    case "char":
    case "special":
      return false;
    case "sequence":
      return node.items.every(canBeEmpty);
    case "alternation":
      return node.alternatives.some(canBeEmpty);
    case "group":
      return ["capture", "non-capture", "flags", "atomic"].includes(node.type) ? canBeEmpty(node.body) : true;
    case "repeat":
      return node.min === 0 || canBeEmpty(node.body);
    default:
      return true;
  }
}

/**
 * Whether a node is plain enough that an empty match is its only match wherever it prefers one: no captures, no
 * assertions or look-arounds, no back-references, no lazy quantifiers, no alternative that can match nothing. A
 * repeated plain node then ends the same way in Java (which accepts an empty repetition, then stops) and in
 * JavaScript (which refuses it, then stops).
 */
function plain(node: RegexNode): boolean {
  switch (node.kind) {
    case "char":
    case "special":
      return true;
    case "sequence":
      return node.items.every(plain);
    case "alternation":
      return node.alternatives.every((alternative) => plain(alternative) && !canBeEmpty(alternative));
    case "group":
      return ["non-capture", "flags", "atomic"].includes(node.type) && plain(node.body);
    case "repeat":
      return node.mode !== "lazy" && plain(node.body);
    default:
      return false;
  }
}

function children(node: RegexNode): readonly RegexNode[] {
  switch (node.kind) {
    case "sequence":
      return node.items;
    case "alternation":
      return node.alternatives;
    case "group":
    case "repeat":
      return [node.body];
    default:
      return [];
  }
}

const FLAG_NAMES: Readonly<Record<string, string>> = {
  U: "Unicode character classes",
  c: "canonical equivalence",
};
