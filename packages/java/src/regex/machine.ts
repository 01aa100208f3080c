import * as atoms from "./atoms.js";
import { type CharTest, compileCharTest } from "./char-tests.js";
import * as grapheme from "./grapheme.js";
import { LETTER_OR_DIGIT, WORD } from "./predicates.js";
import { ARGS, Op, type Program, Qtype } from "./program.js";
import * as unicode from "./unicode.js";

/**
 * java.util.regex.Matcher over a compiled program (program.ts): each instruction does what its Pattern node's
 * `match(matcher, i, seq)` does, but the recursion is unrolled onto an explicit stack of frames (a node that has
 * work left after calling the next one pushes a frame: a choice point, a value to restore), so a long text never
 * overflows the JavaScript stack. Every step is counted against a budget, and the depth Java's own recursion
 * would reach is tracked, for Java's matcher is recursive and overflows its thread's stack where this one would not.
 */

// Bound once: a module's exports, read in the loop, would each cost a property read (a getter where tests
// transform modules), and case labels that are constants let the switch jump.
const { codePointAt, isHigh, isLow, nextBoundary } = grapheme;
const { asciiLower } = atoms;
const { categoryOf, toLowerCase, toUpperCase } = unicode;
const {
  Accept,
  LastAccept,
  Start,
  Char,
  Slice,
  CanonicalChar,
  Begin,
  End,
  Caret,
  UnixCaret,
  LastMatch,
  Dollar,
  UnixDollar,
  LineEnding,
  Grapheme,
  GraphemeBound,
  Bound,
  Ques,
  CharGreedy,
  Curly,
  GroupCurly,
  Branch,
  BranchConn,
  GroupHead,
  GroupTail,
  Prolog,
  Loop,
  LazyLoop,
  BackRef,
  CIBackRef,
  Pos,
  Neg,
  Behind,
  NotBehind,
  LookBehindEnd,
} = Op;
const { Greedy, Lazy, Possessive } = Qtype;

/** Why a match could not be run the way Java runs it. */
export class MatchStopped extends Error {
  constructor(
    readonly reason: "budget" | "depth" | "java-exception" | "unsupported",
    message: string,
  ) {
    super(message);
  }
}

const NOANCHOR = 0;
const ENDANCHOR = 1;

/** Character.codePointBefore(text, at). */
function codePointBefore(text: string, at: number): number {
  const unit = text.charCodeAt(at - 1);
  if (isLow(unit) && at - 2 >= 0) {
    const high = text.charCodeAt(at - 2);
    if (isHigh(high)) return ((high - 0xd800) << 10) + (unit - 0xdc00) + 0x10000;
  }
  return unit;
}

/** Pattern.countChars: how many UTF-16 units `count` code points take from `index` (backwards when negative). */
function countChars(text: string, index: number, count: number): number {
  const length = text.length;
  if (count === 1 && index >= 0 && index < length && !isHigh(text.charCodeAt(index))) return 1;
  let x = index;
  if (count >= 0) {
    for (let n = 0; x < length && n < count; n++) {
      if (isHigh(text.charCodeAt(x++)) && x < length && isLow(text.charCodeAt(x))) x++;
    }
    return x - index;
  }
  if (index === 0) return 0;
  for (let n = 0; x > 0 && n < -count; n++) {
    if (isLow(text.charCodeAt(--x)) && x > 0 && isHigh(text.charCodeAt(x - 1))) x--;
  }
  return index - x;
}

const NON_SPACING_MARK_TYPE = 6;
let wordTest: CharTest | undefined;
let letterOrDigitTest: CharTest | undefined;

/** Java's Character.isLetterOrDigit. */
function isLetterOrDigit(cp: number): boolean {
  letterOrDigitTest ??= compileCharTest(LETTER_OR_DIGIT);
  return test(letterOrDigitTest, cp);
}

function test(t: CharTest, cp: number): boolean {
  return cp < 256 ? t.latin1[cp] === 1 : t.test(cp);
}

/**
 * A Matcher of one program: `find` and `matches` as Java's, the groups of the last match. It is reset for each
 * text (its arrays are kept from one text to the next: evaluations are many and short).
 */
export class Matcher {
  readonly groups: Int32Array;
  private readonly locals: Int32Array;
  private readonly memos: Set<number>[];
  private stack = new Int32Array(256);
  private text = "";
  /** Steps left for the whole evaluation (shared by every search of a replaceAll); below 0 when stopped. */
  steps = 0;
  private first = -1;
  private last = 0;
  private oldLast = -1;
  private lookbehindTo = 0;
  private acceptMode = NOANCHOR;

  /** `maxDepth`: the deepest Java recursion allowed before Java itself could overflow its stack. */
  constructor(
    readonly program: Program,
    private readonly maxDepth: number,
  ) {
    this.groups = new Int32Array((program.groupCount + 1) * 2);
    this.locals = new Int32Array(program.locals);
    this.memos = Array.from({ length: program.memos }, () => new Set<number>());
  }

  /** Matcher.reset with a new text, and the steps the evaluation may take. */
  reset(text: string, steps: number): this {
    this.text = text;
    this.steps = steps;
    this.first = -1;
    this.last = 0;
    this.oldLast = -1;
    this.locals.fill(-1);
    return this;
  }

  /** Lets go of the text, and of a stack a long text grew, between evaluations (the matcher is kept). */
  release(): void {
    this.text = "";
    if (this.stack.length > 1 << 16) this.stack = new Int32Array(256);
  }

  /** Matcher.start(): where the last match began. */
  get start(): number {
    return this.groups[0] as number;
  }

  /** Matcher.end(). */
  get end(): number {
    return this.groups[1] as number;
  }

  /** Matcher.group(n): undefined when the group took no part in the match. */
  group(n: number): string | undefined {
    const from = this.groups[n * 2] as number;
    const to = this.groups[n * 2 + 1] as number;
    return from === -1 || to === -1 ? undefined : this.text.slice(from, to);
  }

  /** Matcher.find. */
  find(): boolean {
    let from = this.last;
    if (from === this.first) from++;
    if (from > this.text.length) {
      this.groups.fill(-1);
      return false;
    }
    return this.search(from);
  }

  /** Matcher.matches: the whole text. */
  matches(): boolean {
    this.prepare(0, ENDANCHOR);
    const found = this.run(this.program.root, 0);
    return this.finish(found);
  }

  private prepare(from: number, mode: number): void {
    this.first = from;
    this.oldLast = this.oldLast < 0 ? from : this.oldLast;
    this.groups.fill(-1);
    for (const memo of this.memos) memo.clear();
    this.acceptMode = mode;
  }

  private finish(found: boolean): boolean {
    if (!found) this.first = -1;
    this.oldLast = this.last;
    return found;
  }

  /** Matcher.search: Pattern's Start (or StartS) node, trying each start in turn. */
  private search(from: number): boolean {
    this.prepare(from, NOANCHOR);
    const { program } = this;
    // Pattern's root: a Begin tries the one start; otherwise its Start (or StartS) instruction tries each.
    const found = this.run(program.anchored ? program.root : program.start, from);
    if (found) {
      if (program.anchored) this.first = from;
      this.groups[0] = this.first;
      this.groups[1] = this.last;
    }
    return this.finish(found);
  }

  /** Whether a character node or a Slice at `node` certainly fails at `i`, on its first character. */
  private failsAt(node: number, i: number): boolean {
    const { op, args, tests, lists, literals } = this.program;
    const kind = op[node];
    if (kind !== Char && kind !== Slice) return false;
    const { text } = this;
    if (i >= text.length) return true;
    const at = node * ARGS;
    if (kind === Slice && (args[at + 1] as number) >= 0) {
      return text.charCodeAt(i) !== (literals[args[at + 1] as number] as string).charCodeAt(0);
    }
    const t = tests[
      kind === Char ? (args[at] as number) : ((lists[args[at] as number] as Int32Array)[0] as number)
    ] as CharTest;
    return !test(t, t.bmp ? text.charCodeAt(i) : codePointAt(text, i));
  }

  /** A Curly's atom that is one character node, matched without a call: as its Accept would, it sets `last`. */
  private charAtom(atom: number, i: number): boolean {
    const { text } = this;
    if (i >= text.length) return false;
    const { args, tests } = this.program;
    const t = tests[args[atom * ARGS] as number] as CharTest;
    if (args[atom * ARGS + 1] === 1) {
      if (!test(t, text.charCodeAt(i))) return false;
      this.last = i + 1;
      return true;
    }
    const cp = codePointAt(text, i);
    if (!test(t, cp)) return false;
    this.last = i + (cp > 0xffff ? 2 : 1);
    return true;
  }

  private javaException(name: string): MatchStopped {
    return new MatchStopped("java-exception", name);
  }

  /** `Node.match(matcher, i, seq)` of instruction `entry`, with the recursion on an explicit stack. */
  private run(entry: number, start: number): boolean {
    const { op, next, args, tests, lists, literals } = this.program;
    const { text, groups, locals, maxDepth } = this;
    const length = text.length;
    let stack = this.stack;
    let sp = 0;
    let node = entry;
    let i = start;
    let state = 0;
    let entering = true;
    let r = false;
    let depth = 0;
    let steps = this.steps;
    // Scratch registers, saved in frames where a node resumes.
    let j = 0;
    let k = 0;
    let x = 0;
    let y = 0;
    let z = 0;
    let w = 0;

    outer: for (;;) {
      if (--steps < 0) {
        this.steps = steps;
        throw new MatchStopped("budget", "");
      }
      if (entering) {
        if (++depth > maxDepth) throw new MatchStopped("depth", "");
      } else {
        if (sp === 0) {
          this.steps = steps;
          return r;
        }
        const header = stack[--sp] as number;
        depth = stack[--sp] as number;
        node = header >>> 6;
        state = header & 63;
      }
      if (sp + 16 > stack.length) {
        const grown = new Int32Array(stack.length * 2);
        grown.set(stack);
        this.stack = stack = grown;
      }
      const at = node * ARGS;
      // A call pushes the values a node needs when it resumes, then the depth and where it resumes.
      switch (op[node]) {
        case Accept:
          this.last = i;
          groups[0] = this.first;
          groups[1] = i;
          r = true;
          entering = false;
          continue;
        case LastAccept:
          if (this.acceptMode === ENDANCHOR && i !== length) {
            r = false;
            entering = false;
            continue;
          }
          this.last = i;
          groups[0] = this.first;
          groups[1] = i;
          r = true;
          entering = false;
          continue;
        case Char: {
          const t = tests[args[at] as number] as CharTest;
          if (i < length) {
            if (args[at + 1] === 1) {
              if (test(t, text.charCodeAt(i))) {
                node = next[node] as number;
                i++;
                continue;
              }
            } else {
              const cp = codePointAt(text, i);
              if (test(t, cp)) {
                node = next[node] as number;
                i += cp > 0xffff ? 2 : 1;
                continue;
              }
            }
          }
          r = false;
          entering = false;
          continue;
        }
        case Start: {
          // Each start in turn, from the search's; starts that cannot begin a match are skipped (see program.ts).
          const { prefix, firstChar, minLength, supplementary, maxUnits } = this.program;
          const guard = length - minLength;
          if (state === 0 && maxUnits >= 0 && i < length - maxUnits) {
            // The starts too far from the end are not tried; what they would cost Java is counted all the same.
            steps -= (length - maxUnits - i) * this.program.attemptWork;
            if (steps < 0) {
              this.steps = steps;
              throw new MatchStopped("budget", "");
            }
            i = length - maxUnits;
          }
          if (state === 1) {
            i = stack[--sp] as number;
            if (r) {
              this.first = i;
              continue;
            }
            if (supplementary) {
              if (i === guard) continue;
              if (isHigh(text.charCodeAt(i++)) && i < length && isLow(text.charCodeAt(i))) i++;
            } else i++;
          }
          if (prefix !== "") {
            i = i <= guard ? text.indexOf(prefix, i) : -1;
            if (i === -1) i = guard + 1;
          } else if (firstChar) {
            const latin1 = firstChar.latin1;
            for (; i <= guard; i++) {
              const unit = text.charCodeAt(i);
              if (unit < 256) {
                if (latin1[unit] === 1) break;
              } else if ((unit >= 0xd800 && unit <= 0xdfff) || firstChar.test(unit)) break;
            }
          }
          if (i > guard) {
            r = false;
            entering = false;
            continue;
          }
          stack[sp++] = i;
          stack[sp++] = depth;
          stack[sp++] = (node << 6) | 1;
          node = next[node] as number;
          entering = true;
          state = 0;
          continue;
        }
        case Slice: {
          const literal = args[at + 1] as number;
          if (literal >= 0) {
            const chars = literals[literal] as string;
            if (text.startsWith(chars, i)) {
              node = next[node] as number;
              i += chars.length;
              continue;
            }
            r = false;
            entering = false;
            continue;
          }
          // Each character as SliceI, SliceU or SliceS compares it: a UTF-16 unit or a code point, folded or not.
          const list = lists[args[at] as number] as Int32Array;
          let pos = i;
          let ok = true;
          for (let n = 0; ok && n < list.length; n++) {
            const t = tests[list[n] as number] as CharTest;
            if (pos >= length) ok = false;
            else if (t.bmp) ok = test(t, text.charCodeAt(pos++));
            else {
              const cp = codePointAt(text, pos);
              ok = test(t, cp);
              pos += cp > 0xffff ? 2 : 1;
            }
          }
          if (ok) {
            node = next[node] as number;
            i = pos;
            continue;
          }
          r = false;
          entering = false;
          continue;
        }
        case CanonicalChar: {
          const t = tests[args[at] as number] as CharTest;
          for (;;) {
            switch (state) {
              case 0: {
                if (i >= length) {
                  r = false;
                  entering = false;
                  continue outer;
                }
                const cp = codePointAt(text, i);
                j = nextBoundary(text, i, length);
                k = cp > 0xffff ? 2 : 1;
                if (i + k === j) {
                  if (test(t, cp)) {
                    node = next[node] as number;
                    i = j;
                    state = 0;
                    continue outer;
                  }
                  r = false;
                  entering = false;
                  continue outer;
                }
                state = 2;
                continue;
              }
              case 1:
                k = stack[--sp] as number;
                j = stack[--sp] as number;
                i = stack[--sp] as number;
                if (r) continue outer;
                j -= codePointBefore(text, j) > 0xffff ? 2 : 1;
                state = 2;
                continue;
              case 2: {
                if (i + k >= j) {
                  r = false;
                  entering = false;
                  continue outer;
                }
                const cluster = text.slice(i, j);
                for (const ch of cluster) {
                  if (categoryOf(ch.codePointAt(0) as number) === 0) {
                    throw new MatchStopped(
                      "unsupported",
                      "characters unassigned in Java 17's Unicode, whose canonical composition mailroom cannot know",
                    );
                  }
                }
                const nfc = cluster.normalize("NFC");
                const cp = nfc.codePointAt(0) as number;
                if (nfc.length === (cp > 0xffff ? 2 : 1) && test(t, cp)) {
                  stack[sp++] = i;
                  stack[sp++] = j;
                  stack[sp++] = k;
                  stack[sp++] = depth;
                  stack[sp++] = (node << 6) | 1;
                  node = next[node] as number;
                  i = j;
                  state = 0;
                  entering = true;
                  continue outer;
                }
                j -= codePointBefore(text, j) > 0xffff ? 2 : 1;
                continue;
              }
            }
          }
        }
        case Begin:
          if (i === 0) {
            node = next[node] as number;
            continue;
          }
          r = false;
          entering = false;
          continue;
        case End:
          if (i === length) {
            node = next[node] as number;
            continue;
          }
          r = false;
          entering = false;
          continue;
        case Caret: {
          let ok = i !== length;
          if (ok && i > 0) {
            const ch = text.charCodeAt(i - 1);
            if (ch !== 0x0a && ch !== 0x0d && (ch | 1) !== 0x2029 && ch !== 0x85) ok = false;
            else if (ch === 0x0d && text.charCodeAt(i) === 0x0a) ok = false;
          }
          if (ok) {
            node = next[node] as number;
            continue;
          }
          r = false;
          entering = false;
          continue;
        }
        case UnixCaret:
          if (i !== length && (i === 0 || text.charCodeAt(i - 1) === 0x0a)) {
            node = next[node] as number;
            continue;
          }
          r = false;
          entering = false;
          continue;
        case LastMatch:
          if (i === this.oldLast) {
            node = next[node] as number;
            continue;
          }
          r = false;
          entering = false;
          continue;
        case Dollar: {
          const multiline = args[at] === 1;
          let ok = true;
          if (!multiline) {
            if (i < length - 2) ok = false;
            else if (i === length - 2 && (text.charCodeAt(i) !== 0x0d || text.charCodeAt(i + 1) !== 0x0a)) ok = false;
          }
          if (ok && i < length) {
            const ch = text.charCodeAt(i);
            if (ch === 0x0a) {
              if (i > 0 && text.charCodeAt(i - 1) === 0x0d) ok = false;
            } else if (!(ch === 0x0d || ch === 0x85 || (ch | 1) === 0x2029)) ok = false;
          }
          if (ok) {
            node = next[node] as number;
            continue;
          }
          r = false;
          entering = false;
          continue;
        }
        case UnixDollar: {
          let ok = true;
          if (i < length) {
            if (text.charCodeAt(i) !== 0x0a) ok = false;
            else if (args[at] !== 1 && i !== length - 1) ok = false;
          }
          if (ok) {
            node = next[node] as number;
            continue;
          }
          r = false;
          entering = false;
          continue;
        }
        case LineEnding:
          if (state === 1) {
            i = stack[--sp] as number;
            if (r) continue;
            node = next[node] as number;
            entering = true;
            state = 0;
            continue;
          }
          if (i < length) {
            const ch = text.charCodeAt(i);
            if (ch === 0x0a || ch === 0x0b || ch === 0x0c || ch === 0x85 || ch === 0x2028 || ch === 0x2029) {
              node = next[node] as number;
              i++;
              continue;
            }
            if (ch === 0x0d) {
              i++;
              if (i < length && text.charCodeAt(i) === 0x0a) {
                stack[sp++] = i;
                stack[sp++] = depth;
                stack[sp++] = (node << 6) | 1;
                node = next[node] as number;
                i++;
                continue;
              }
              node = next[node] as number;
              continue;
            }
          }
          r = false;
          entering = false;
          continue;
        case Grapheme:
          if (i < length) {
            i = nextBoundary(text, i, length);
            node = next[node] as number;
            continue;
          }
          r = false;
          entering = false;
          continue;
        case GraphemeBound: {
          let ok = true;
          if (i > 0 && i < length) {
            if (isHigh(text.charCodeAt(i - 1)) && isLow(text.charCodeAt(i))) ok = false;
            else {
              // Java reads the cluster that starts where the last match (or atom, or look-ahead) ended.
              if (this.last >= length) throw this.javaException("StringIndexOutOfBoundsException");
              if (nextBoundary(text, this.last, length) > i) ok = false;
            }
          }
          if (ok) {
            node = next[node] as number;
            continue;
          }
          r = false;
          entering = false;
          continue;
        }
        case Bound: {
          const unicode = args[at + 1] === 1;
          let left = false;
          if (i > 0) {
            const ch = codePointBefore(text, i);
            left = isWord(ch, unicode) || (categoryOf(ch) === NON_SPACING_MARK_TYPE && hasBase(text, i - 1));
          }
          let right = false;
          if (i < length) {
            const ch = codePointAt(text, i);
            right = isWord(ch, unicode) || (categoryOf(ch) === NON_SPACING_MARK_TYPE && hasBase(text, i));
          }
          const found = left !== right ? (right ? 1 : 2) : 4;
          if ((found & (args[at] as number)) !== 0) {
            node = next[node] as number;
            continue;
          }
          r = false;
          entering = false;
          continue;
        }
        case Ques: {
          const atom = args[at] as number;
          switch (state) {
            case 0:
              switch (args[at + 1]) {
                case Greedy:
                  stack[sp++] = i;
                  stack[sp++] = depth;
                  stack[sp++] = (node << 6) | 1;
                  node = atom;
                  continue outer;
                case Lazy:
                  stack[sp++] = i;
                  stack[sp++] = depth;
                  stack[sp++] = (node << 6) | 3;
                  node = next[node] as number;
                  continue outer;
                case Possessive:
                  stack[sp++] = i;
                  stack[sp++] = depth;
                  stack[sp++] = (node << 6) | 5;
                  node = atom;
                  continue outer;
                default:
                  stack[sp++] = depth;
                  stack[sp++] = (node << 6) | 6;
                  node = atom;
                  continue outer;
              }
            case 1:
              i = stack[--sp] as number;
              entering = true;
              state = 0;
              if (r) {
                stack[sp++] = i;
                stack[sp++] = depth;
                stack[sp++] = (node << 6) | 2;
                i = this.last;
              }
              node = next[node] as number;
              continue outer;
            case 2:
              i = stack[--sp] as number;
              if (r) continue outer;
              entering = true;
              state = 0;
              node = next[node] as number;
              continue outer;
            case 3:
              i = stack[--sp] as number;
              if (r) continue outer;
              stack[sp++] = depth;
              stack[sp++] = (node << 6) | 4;
              entering = true;
              state = 0;
              node = atom;
              continue outer;
            case 4:
            case 6:
              if (!r) continue outer;
              entering = true;
              state = 0;
              i = this.last;
              node = next[node] as number;
              continue outer;
            default:
              i = stack[--sp] as number;
              if (r) i = this.last;
              entering = true;
              state = 0;
              node = next[node] as number;
              continue outer;
          }
        }
        case CharGreedy: {
          const t = tests[args[at] as number] as CharTest;
          const cmin = args[at + 1] as number;
          const bmp = args[at + 2] === 1;
          if (state === 0) {
            j = i;
            k = 0;
            if (bmp) {
              while (i < length && test(t, text.charCodeAt(i))) {
                i++;
                k++;
              }
            } else {
              while (i < length) {
                const cp = codePointAt(text, i);
                if (!test(t, cp)) break;
                i += cp > 0xffff ? 2 : 1;
                k++;
              }
            }
          } else {
            k = stack[--sp] as number;
            i = stack[--sp] as number;
            j = stack[--sp] as number;
            if (r) continue;
            if (bmp) i--;
            else {
              if (k === cmin) continue;
              i = Math.max(j, i - (codePointBefore(text, i) > 0xffff ? 2 : 1));
            }
            k--;
          }
          // A next node that fails on its first character is not called: the step Java takes is counted here.
          const after = next[node] as number;
          while (k >= cmin && this.failsAt(after, i)) {
            if (--steps < 0) {
              this.steps = steps;
              throw new MatchStopped("budget", "");
            }
            if (bmp) i--;
            else {
              if (k === cmin) break;
              i = Math.max(j, i - (codePointBefore(text, i) > 0xffff ? 2 : 1));
            }
            k--;
          }
          if (k >= cmin && !(k === cmin && !bmp && this.failsAt(after, i))) {
            stack[sp++] = j;
            stack[sp++] = i;
            stack[sp++] = k;
            stack[sp++] = depth;
            stack[sp++] = (node << 6) | 1;
            node = after;
            entering = true;
            state = 0;
            continue;
          }
          r = false;
          entering = false;
          continue;
        }
        case Curly: {
          const atom = args[at] as number;
          const cmin = args[at + 1] as number;
          const cmax = args[at + 2] as number;
          const simple = args[at + 4] === 1;
          for (;;) {
            switch (state) {
              case 0:
                j = 0;
                state = 20;
                continue;
              case 20:
                if (j < cmin) {
                  stack[sp++] = j;
                  if (simple) {
                    // The atom is one character: matched here, as if called and returned.
                    r = this.charAtom(atom, i);
                    entering = false;
                    state = 1;
                    continue;
                  }
                  stack[sp++] = depth;
                  stack[sp++] = (node << 6) | 1;
                  node = atom;
                  entering = true;
                  state = 0;
                  continue outer;
                }
                state = 10 + 2 * (args[at + 3] as number);
                continue;
              case 1:
                j = stack[--sp] as number;
                if (!r) continue outer;
                i = this.last;
                j++;
                state = 20;
                continue;
              // match0: greedy.
              case 10:
                if (j >= cmax) {
                  node = next[node] as number;
                  entering = true;
                  state = 0;
                  continue outer;
                }
                x = j;
                stack[sp++] = i;
                stack[sp++] = j;
                stack[sp++] = x;
                if (simple) {
                  // The atom is one character: matched here, as if called and returned.
                  r = this.charAtom(atom, i);
                  entering = false;
                  state = 2;
                  continue;
                }
                stack[sp++] = depth;
                stack[sp++] = (node << 6) | 2;
                node = atom;
                entering = true;
                state = 0;
                continue outer;
              case 2:
                x = stack[--sp] as number;
                j = stack[--sp] as number;
                i = stack[--sp] as number;
                k = this.last - i;
                if (!r || k === 0) {
                  node = next[node] as number;
                  entering = true;
                  state = 0;
                  continue outer;
                }
                i = this.last;
                j++;
                state = 21;
                continue;
              case 21:
                if (j < cmax) {
                  stack[sp++] = i;
                  stack[sp++] = j;
                  stack[sp++] = k;
                  stack[sp++] = x;
                  if (simple) {
                    // The atom is one character: matched here, as if called and returned.
                    r = this.charAtom(atom, i);
                    entering = false;
                    state = 3;
                    continue;
                  }
                  stack[sp++] = depth;
                  stack[sp++] = (node << 6) | 3;
                  node = atom;
                  entering = true;
                  state = 0;
                  continue outer;
                }
                state = 22;
                continue;
              case 3:
                x = stack[--sp] as number;
                k = stack[--sp] as number;
                j = stack[--sp] as number;
                i = stack[--sp] as number;
                if (!r) {
                  state = 22;
                  continue;
                }
                if (i + k !== this.last) {
                  stack[sp++] = i;
                  stack[sp++] = j;
                  stack[sp++] = k;
                  stack[sp++] = x;
                  stack[sp++] = depth;
                  stack[sp++] = (node << 6) | 4;
                  i = this.last;
                  j++;
                  entering = true;
                  state = 10;
                  continue outer;
                }
                i += k;
                j++;
                state = 21;
                continue;
              case 4:
                x = stack[--sp] as number;
                k = stack[--sp] as number;
                j = stack[--sp] as number;
                i = stack[--sp] as number;
                if (r) continue outer;
                state = 22;
                continue;
              case 22:
                // Back off while what follows fails on its first character, counting Java's call of it.
                while (j >= x && this.failsAt(next[node] as number, i)) {
                  if (--steps < 0) {
                    this.steps = steps;
                    throw new MatchStopped("budget", "");
                  }
                  i -= k;
                  j--;
                }
                if (j >= x) {
                  stack[sp++] = i;
                  stack[sp++] = j;
                  stack[sp++] = k;
                  stack[sp++] = x;
                  stack[sp++] = depth;
                  stack[sp++] = (node << 6) | 5;
                  node = next[node] as number;
                  entering = true;
                  state = 0;
                  continue outer;
                }
                r = false;
                entering = false;
                continue outer;
              case 5:
                x = stack[--sp] as number;
                k = stack[--sp] as number;
                j = stack[--sp] as number;
                i = stack[--sp] as number;
                if (r) continue outer;
                i -= k;
                j--;
                state = 22;
                continue;
              // match1: lazy.
              case 12:
                stack[sp++] = i;
                stack[sp++] = j;
                stack[sp++] = depth;
                stack[sp++] = (node << 6) | 6;
                node = next[node] as number;
                entering = true;
                state = 0;
                continue outer;
              case 6:
                j = stack[--sp] as number;
                i = stack[--sp] as number;
                if (r) continue outer;
                if (j >= cmax) continue outer;
                stack[sp++] = i;
                stack[sp++] = j;
                if (simple) {
                  // The atom is one character: matched here, as if called and returned.
                  r = this.charAtom(atom, i);
                  entering = false;
                  state = 7;
                  continue;
                }
                stack[sp++] = depth;
                stack[sp++] = (node << 6) | 7;
                node = atom;
                entering = true;
                state = 0;
                continue outer;
              case 7:
                j = stack[--sp] as number;
                i = stack[--sp] as number;
                if (!r || i === this.last) {
                  r = false;
                  continue outer;
                }
                i = this.last;
                j++;
                state = 12;
                continue;
              // match2: possessive.
              case 14:
                if (j < cmax) {
                  stack[sp++] = i;
                  stack[sp++] = j;
                  if (simple) {
                    // The atom is one character: matched here, as if called and returned.
                    r = this.charAtom(atom, i);
                    entering = false;
                    state = 8;
                    continue;
                  }
                  stack[sp++] = depth;
                  stack[sp++] = (node << 6) | 8;
                  node = atom;
                  entering = true;
                  state = 0;
                  continue outer;
                }
                node = next[node] as number;
                entering = true;
                state = 0;
                continue outer;
              case 8:
                j = stack[--sp] as number;
                i = stack[--sp] as number;
                if (!r || i === this.last) {
                  node = next[node] as number;
                  entering = true;
                  state = 0;
                  continue outer;
                }
                i = this.last;
                j++;
                state = 14;
                continue;
            }
          }
        }
        case GroupCurly: {
          const atom = args[at] as number;
          const cmin = args[at + 1] as number;
          const cmax = args[at + 2] as number;
          const local = args[at + 4] as number;
          const g = args[at + 5] as number;
          const capture = args[at + 6] === 1;
          for (;;) {
            switch (state) {
              case 0:
                x = locals[local] as number;
                y = capture ? (groups[g] as number) : 0;
                z = capture ? (groups[g + 1] as number) : 0;
                locals[local] = -1;
                j = 0;
                state = 20;
                continue;
              case 20:
                if (j < cmin) {
                  stack[sp++] = x;
                  stack[sp++] = y;
                  stack[sp++] = z;
                  stack[sp++] = i;
                  stack[sp++] = j;
                  stack[sp++] = depth;
                  stack[sp++] = (node << 6) | 1;
                  node = atom;
                  entering = true;
                  state = 0;
                  continue outer;
                }
                stack[sp++] = x;
                stack[sp++] = y;
                stack[sp++] = z;
                stack[sp++] = depth;
                stack[sp++] = (node << 6) | 2;
                entering = true;
                state = 10 + 2 * (args[at + 3] as number);
                continue outer;
              case 1:
                j = stack[--sp] as number;
                i = stack[--sp] as number;
                z = stack[--sp] as number;
                y = stack[--sp] as number;
                x = stack[--sp] as number;
                if (r) {
                  if (capture) {
                    groups[g] = i;
                    groups[g + 1] = this.last;
                  }
                  i = this.last;
                  j++;
                  state = 20;
                  continue;
                }
                locals[local] = x;
                if (capture) {
                  groups[g] = y;
                  groups[g + 1] = z;
                }
                continue outer;
              case 2:
                z = stack[--sp] as number;
                y = stack[--sp] as number;
                x = stack[--sp] as number;
                if (!r) {
                  locals[local] = x;
                  if (capture) {
                    groups[g] = y;
                    groups[g + 1] = z;
                  }
                }
                continue outer;
              // match0: greedy; w = min, y and z = the group saved, k = the length of an iteration.
              case 10:
                w = j;
                y = capture ? (groups[g] as number) : 0;
                z = capture ? (groups[g + 1] as number) : 0;
                state = 21;
                continue;
              case 21:
                if (j >= cmax) {
                  state = 25;
                  continue;
                }
                stack[sp++] = w;
                stack[sp++] = y;
                stack[sp++] = z;
                stack[sp++] = i;
                stack[sp++] = j;
                stack[sp++] = depth;
                stack[sp++] = (node << 6) | 3;
                node = atom;
                entering = true;
                state = 0;
                continue outer;
              case 3:
                j = stack[--sp] as number;
                i = stack[--sp] as number;
                z = stack[--sp] as number;
                y = stack[--sp] as number;
                w = stack[--sp] as number;
                if (!r) {
                  state = 25;
                  continue;
                }
                k = this.last - i;
                if (k <= 0) {
                  if (capture) {
                    groups[g] = i;
                    groups[g + 1] = i + k;
                  }
                  i += k;
                  state = 25;
                  continue;
                }
                state = 22;
                continue;
              case 22:
                if (capture) {
                  groups[g] = i;
                  groups[g + 1] = i + k;
                }
                i += k;
                if (++j >= cmax) {
                  state = 24;
                  continue;
                }
                stack[sp++] = w;
                stack[sp++] = y;
                stack[sp++] = z;
                stack[sp++] = i;
                stack[sp++] = j;
                stack[sp++] = k;
                stack[sp++] = depth;
                stack[sp++] = (node << 6) | 4;
                node = atom;
                entering = true;
                state = 0;
                continue outer;
              case 4:
                k = stack[--sp] as number;
                j = stack[--sp] as number;
                i = stack[--sp] as number;
                z = stack[--sp] as number;
                y = stack[--sp] as number;
                w = stack[--sp] as number;
                if (!r) {
                  state = 24;
                  continue;
                }
                if (i + k !== this.last) {
                  stack[sp++] = w;
                  stack[sp++] = y;
                  stack[sp++] = z;
                  stack[sp++] = i;
                  stack[sp++] = j;
                  stack[sp++] = k;
                  stack[sp++] = depth;
                  stack[sp++] = (node << 6) | 5;
                  entering = true;
                  state = 10;
                  continue outer;
                }
                state = 22;
                continue;
              case 5:
                k = stack[--sp] as number;
                j = stack[--sp] as number;
                i = stack[--sp] as number;
                z = stack[--sp] as number;
                y = stack[--sp] as number;
                w = stack[--sp] as number;
                if (r) continue outer;
                state = 24;
                continue;
              case 24:
                if (j > w) {
                  stack[sp++] = w;
                  stack[sp++] = y;
                  stack[sp++] = z;
                  stack[sp++] = i;
                  stack[sp++] = j;
                  stack[sp++] = k;
                  stack[sp++] = depth;
                  stack[sp++] = (node << 6) | 6;
                  node = next[node] as number;
                  entering = true;
                  state = 0;
                  continue outer;
                }
                state = 25;
                continue;
              case 6:
                k = stack[--sp] as number;
                j = stack[--sp] as number;
                i = stack[--sp] as number;
                z = stack[--sp] as number;
                y = stack[--sp] as number;
                w = stack[--sp] as number;
                if (r) {
                  if (capture) {
                    groups[g + 1] = i;
                    groups[g] = i - k;
                  }
                  continue outer;
                }
                i -= k;
                if (capture) {
                  groups[g + 1] = i;
                  groups[g] = i - k;
                }
                j--;
                state = 24;
                continue;
              case 25:
                if (capture) {
                  groups[g] = y;
                  groups[g + 1] = z;
                }
                node = next[node] as number;
                entering = true;
                state = 0;
                continue outer;
              // match1: lazy.
              case 12:
                stack[sp++] = i;
                stack[sp++] = j;
                stack[sp++] = depth;
                stack[sp++] = (node << 6) | 7;
                node = next[node] as number;
                entering = true;
                state = 0;
                continue outer;
              case 7:
                j = stack[--sp] as number;
                i = stack[--sp] as number;
                if (r || j >= cmax) continue outer;
                stack[sp++] = i;
                stack[sp++] = j;
                stack[sp++] = depth;
                stack[sp++] = (node << 6) | 8;
                node = atom;
                entering = true;
                state = 0;
                continue outer;
              case 8:
                j = stack[--sp] as number;
                i = stack[--sp] as number;
                if (!r || i === this.last) {
                  r = false;
                  continue outer;
                }
                if (capture) {
                  groups[g] = i;
                  groups[g + 1] = this.last;
                }
                i = this.last;
                j++;
                state = 12;
                continue;
              // match2: possessive.
              case 14:
                if (j < cmax) {
                  stack[sp++] = i;
                  stack[sp++] = j;
                  stack[sp++] = depth;
                  stack[sp++] = (node << 6) | 9;
                  node = atom;
                  entering = true;
                  state = 0;
                  continue outer;
                }
                node = next[node] as number;
                entering = true;
                state = 0;
                continue outer;
              case 9:
                j = stack[--sp] as number;
                i = stack[--sp] as number;
                if (r) {
                  if (capture) {
                    groups[g] = i;
                    groups[g + 1] = this.last;
                  }
                  if (i !== this.last) {
                    i = this.last;
                    j++;
                    state = 14;
                    continue;
                  }
                }
                node = next[node] as number;
                entering = true;
                state = 0;
                continue outer;
            }
          }
        }
        case Branch: {
          const alternatives = lists[args[at] as number] as Int32Array;
          if (state === 0) j = 0;
          else {
            j = stack[--sp] as number;
            i = stack[--sp] as number;
            if (r) continue;
            j++;
          }
          const alternative = alternatives[j] as number;
          const target = alternative === -1 ? (next[args[at + 1] as number] as number) : alternative;
          if (j < alternatives.length - 1) {
            stack[sp++] = i;
            stack[sp++] = j;
            stack[sp++] = depth;
            stack[sp++] = (node << 6) | 1;
          }
          node = target;
          entering = true;
          state = 0;
          continue;
        }
        case BranchConn:
          node = next[node] as number;
          continue;
        case GroupHead: {
          const local = args[at] as number;
          if (state === 0) {
            stack[sp++] = locals[local] as number;
            stack[sp++] = depth;
            stack[sp++] = (node << 6) | 1;
            locals[local] = i;
            node = next[node] as number;
            continue;
          }
          locals[local] = stack[--sp] as number;
          continue;
        }
        case GroupTail: {
          const g = args[at + 1] as number;
          if (state === 0) {
            const begin = locals[args[at] as number] as number;
            if (begin < 0) {
              this.last = i;
              r = true;
              entering = false;
              continue;
            }
            if (this.failsAt(next[node] as number, i)) {
              // What follows fails on its first character: the group is set and restored at once, as in Java.
              if (--steps < 0) {
                this.steps = steps;
                throw new MatchStopped("budget", "");
              }
              r = false;
              entering = false;
              continue;
            }
            stack[sp++] = groups[g] as number;
            stack[sp++] = groups[g + 1] as number;
            stack[sp++] = depth;
            stack[sp++] = (node << 6) | 1;
            groups[g] = begin;
            groups[g + 1] = i;
            node = next[node] as number;
            continue;
          }
          const end = stack[--sp] as number;
          const begin = stack[--sp] as number;
          if (!r) {
            groups[g] = begin;
            groups[g + 1] = end;
          }
          continue;
        }
        case Prolog:
          node = args[at] as number;
          state = 10;
          continue;
        case Loop: {
          const body = args[at] as number;
          const count = args[at + 1] as number;
          const cmin = args[at + 3] as number;
          const cmax = args[at + 4] as number;
          const memo = args[at + 5] as number;
          switch (state) {
            case 0: {
              if (i > (locals[args[at + 2] as number] as number)) {
                const n = locals[count] as number;
                if (n < cmin) {
                  locals[count] = n + 1;
                  stack[sp++] = n;
                  stack[sp++] = depth;
                  stack[sp++] = (node << 6) | 1;
                  node = body;
                  continue;
                }
                if (n < cmax) {
                  if (memo >= 0 && this.memos[memo]?.has(i)) {
                    node = next[node] as number;
                    continue;
                  }
                  locals[count] = n + 1;
                  stack[sp++] = n;
                  stack[sp++] = i;
                  stack[sp++] = depth;
                  stack[sp++] = (node << 6) | 2;
                  node = body;
                  continue;
                }
              }
              node = next[node] as number;
              continue;
            }
            case 1: {
              const n = stack[--sp] as number;
              if (!r) locals[count] = n;
              continue;
            }
            case 2: {
              i = stack[--sp] as number;
              const n = stack[--sp] as number;
              if (r) continue;
              locals[count] = n;
              if (memo >= 0) this.memos[memo]?.add(i);
              node = next[node] as number;
              entering = true;
              state = 0;
              continue;
            }
            // matchInit, from the Prolog.
            case 10:
              stack[sp++] = locals[count] as number;
              if (0 < cmin || 0 < cmax) {
                locals[count] = 1;
                if (0 < cmin) {
                  stack[sp++] = depth;
                  stack[sp++] = (node << 6) | 11;
                } else {
                  stack[sp++] = i;
                  stack[sp++] = depth;
                  stack[sp++] = (node << 6) | 12;
                }
                node = body;
              } else {
                stack[sp++] = depth;
                stack[sp++] = (node << 6) | 11;
                node = next[node] as number;
              }
              state = 0;
              continue;
            case 11:
              locals[count] = stack[--sp] as number;
              continue;
            case 12:
              i = stack[--sp] as number;
              if (r) {
                locals[count] = stack[--sp] as number;
                continue;
              }
              stack[sp++] = depth;
              stack[sp++] = (node << 6) | 11;
              node = next[node] as number;
              entering = true;
              state = 0;
              continue;
          }
          continue;
        }
        case LazyLoop: {
          const body = args[at] as number;
          const count = args[at + 1] as number;
          const cmin = args[at + 3] as number;
          const cmax = args[at + 4] as number;
          switch (state) {
            case 0: {
              if (i > (locals[args[at + 2] as number] as number)) {
                const n = locals[count] as number;
                if (n < cmin) {
                  locals[count] = n + 1;
                  stack[sp++] = n;
                  stack[sp++] = depth;
                  stack[sp++] = (node << 6) | 1;
                  node = body;
                  continue;
                }
                stack[sp++] = n;
                stack[sp++] = i;
                stack[sp++] = depth;
                stack[sp++] = (node << 6) | 2;
                node = next[node] as number;
                continue;
              }
              node = next[node] as number;
              continue;
            }
            case 1: {
              const n = stack[--sp] as number;
              if (!r) locals[count] = n;
              continue;
            }
            case 2: {
              i = stack[--sp] as number;
              const n = stack[--sp] as number;
              if (r) continue;
              if (n < cmax) {
                locals[count] = n + 1;
                stack[sp++] = n;
                stack[sp++] = depth;
                stack[sp++] = (node << 6) | 1;
                node = body;
                entering = true;
                state = 0;
                continue;
              }
              r = false;
              continue;
            }
            case 10:
              stack[sp++] = locals[count] as number;
              if (0 < cmin) {
                locals[count] = 1;
                stack[sp++] = depth;
                stack[sp++] = (node << 6) | 11;
                node = body;
              } else {
                stack[sp++] = i;
                stack[sp++] = depth;
                stack[sp++] = (node << 6) | 12;
                node = next[node] as number;
              }
              state = 0;
              continue;
            case 11:
              locals[count] = stack[--sp] as number;
              continue;
            case 12:
              i = stack[--sp] as number;
              if (r) {
                locals[count] = stack[--sp] as number;
                continue;
              }
              if (0 < cmax) {
                locals[count] = 1;
                stack[sp++] = depth;
                stack[sp++] = (node << 6) | 11;
                node = body;
                entering = true;
                state = 0;
                continue;
              }
              locals[count] = stack[--sp] as number;
              r = false;
              continue;
          }
          continue;
        }
        case BackRef: {
          const g = args[at] as number;
          const from = groups[g] as number;
          const size = (groups[g + 1] as number) - from;
          let ok = from >= 0 && i + size <= length;
          for (let n = 0; ok && n < size; n++) ok = text.charCodeAt(i + n) === text.charCodeAt(from + n);
          if (ok) {
            node = next[node] as number;
            i += size;
            continue;
          }
          r = false;
          entering = false;
          continue;
        }
        case CIBackRef: {
          const g = args[at] as number;
          let from = groups[g] as number;
          const size = (groups[g + 1] as number) - from;
          let ok = from >= 0 && i + size <= length;
          const unicode = args[at + 1] === 1;
          // Java steps by code points but counts the group's length in units, reading past both when pairs occur.
          for (let n = 0, t = i; ok && n < size; n++) {
            if (t >= length || from >= length) throw this.javaException("StringIndexOutOfBoundsException");
            const c1 = codePointAt(text, t);
            const c2 = codePointAt(text, from);
            if (c1 !== c2) ok = unicode ? sameUnicodeCase(c1, c2) : asciiLower(c1) === asciiLower(c2);
            t += c1 > 0xffff ? 2 : 1;
            from += c2 > 0xffff ? 2 : 1;
          }
          if (ok) {
            node = next[node] as number;
            i += size;
            continue;
          }
          r = false;
          entering = false;
          continue;
        }
        case Pos:
        case Neg:
          if (state === 0) {
            stack[sp++] = i;
            stack[sp++] = depth;
            stack[sp++] = (node << 6) | 1;
            node = args[at] as number;
            continue;
          }
          i = stack[--sp] as number;
          if (r === (op[node] === Pos)) {
            node = next[node] as number;
            entering = true;
            state = 0;
            continue;
          }
          r = false;
          continue;
        case Behind:
        case NotBehind: {
          const supplementary = args[at + 3] === 1;
          // i, j = where the condition is tried, x = the lowest start, y = the lookbehindTo to restore.
          if (state === 0) {
            const rmax = args[at + 1] as number;
            const rmin = args[at + 2] as number;
            const maxUnits = supplementary ? countChars(text, i, -rmax | 0) : rmax;
            const minUnits = supplementary ? countChars(text, i, -rmin | 0) : rmin;
            x = Math.max((i - maxUnits) | 0, 0);
            y = this.lookbehindTo;
            this.lookbehindTo = i;
            j = (i - minUnits) | 0;
            r = false;
          } else {
            y = stack[--sp] as number;
            x = stack[--sp] as number;
            j = stack[--sp] as number;
            i = stack[--sp] as number;
            if (!r) j -= supplementary && j > x ? countChars(text, j, -1) : 1;
          }
          if (!r && j >= x) {
            stack[sp++] = i;
            stack[sp++] = j;
            stack[sp++] = x;
            stack[sp++] = y;
            stack[sp++] = depth;
            stack[sp++] = (node << 6) | 1;
            node = args[at] as number;
            i = j;
            entering = true;
            state = 0;
            continue;
          }
          this.lookbehindTo = y;
          if (r === (op[node] === Behind)) {
            node = next[node] as number;
            entering = true;
            state = 0;
            continue;
          }
          r = false;
          entering = false;
          continue;
        }
        case LookBehindEnd:
          r = i === this.lookbehindTo;
          entering = false;
          continue;
      }
      throw new Error(`unknown instruction ${op[node]}`);
    }
  }
}

function sameUnicodeCase(c1: number, c2: number): boolean {
  const u1 = toUpperCase(c1);
  const u2 = toUpperCase(c2);
  return u1 === u2 || toLowerCase(u1) === toLowerCase(u2);
}

/** Bound.isWord: `_`, letters and digits, or Unicode's word characters under `(?U)`. */
function isWord(cp: number, unicode: boolean): boolean {
  if (!unicode) return cp === 0x5f || isLetterOrDigit(cp);
  wordTest ??= compileCharTest(WORD);
  return test(wordTest, cp);
}

/** Pattern.hasBaseCharacter: a letter or digit before a run of non-spacing marks ending at `at`. */
function hasBase(text: string, at: number): boolean {
  for (let x = at; x >= 0; x--) {
    const cp = codePointAt(text, x);
    if (isLetterOrDigit(cp)) return true;
    if (categoryOf(cp) !== NON_SPACING_MARK_TYPE) return false;
  }
  return false;
}
