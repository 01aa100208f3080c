import { type CharTest, compileCharTest } from "./char-tests.js";
import type { Compiled, State } from "./codegen.js";
import {
  asciiLower,
  bound,
  categoryOf,
  codePointAt,
  codePointBefore,
  countChars,
  isHigh,
  isLow,
  MatchStopped,
  nextBoundary,
  sameUnicodeCase,
  test,
} from "./node-support.js";
import { ARGS, Op, type Program, Qtype } from "./program.js";

/**
 * The machine of a program read instruction by instruction: each instruction does what its Pattern node's
 * `match(matcher, i, seq)` does, the recursion unrolled onto an explicit stack of frames, the steps counted and the
 * depth of Java's recursion tracked exactly as in the machine codegen.ts generates for a program. It runs the
 * programs too large for that: V8 optimizes no function that large, and a machine left unoptimized, or split into
 * functions that each warm up, runs far slower than this loop, which every pattern shares and keeps optimized.
 */
export function interpret(program: Program): Compiled {
  const interpreter = new Interpreter(program);
  return {
    run: (m, pc, i, whole) => interpreter.run(m, pc, i, whole),
    root: program.root,
    start: program.start,
  };
}

// Bound once: a module's exports, read in the loop, would each cost a property read (a getter where tests
// transform modules), and case labels that are constants let the switch jump.
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

const javaException = (name: string) => new MatchStopped("java-exception", name);

class Interpreter {
  private readonly tests: readonly CharTest[];
  private readonly firstChar: CharTest | undefined;

  constructor(private readonly program: Program) {
    this.tests = program.predicates.map(compileCharTest);
    this.firstChar = program.firstChar && compileCharTest(program.firstChar);
  }

  /** Whether a character node or a Slice at `node` certainly fails at `i`, on its first character. */
  private failsAt(text: string, node: number, i: number): boolean {
    const { op, args, lists, literals } = this.program;
    const { tests } = this;
    const kind = op[node];
    if (kind !== Char && kind !== Slice) return false;
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
  private charAtom(m: State, atom: number, i: number): boolean {
    const { text } = m;
    if (i >= text.length) return false;
    const { args } = this.program;
    const t = this.tests[args[atom * ARGS] as number] as CharTest;
    if (args[atom * ARGS + 1] === 1) {
      if (!test(t, text.charCodeAt(i))) return false;
      m.last = i + 1;
      return true;
    }
    const cp = codePointAt(text, i);
    if (!test(t, cp)) return false;
    m.last = i + (cp > 0xffff ? 2 : 1);
    return true;
  }

  /** `Node.match(matcher, i, seq)` of instruction `entry`, with the recursion on an explicit stack. */
  run(m: State, entry: number, start: number, whole: boolean): boolean {
    const { op, next, args, lists, literals } = this.program;
    const { tests } = this;
    const { text, groups, locals, maxDepth } = m;
    const length = text.length;
    let stack = m.stack;
    let sp = 0;
    let node = entry;
    let i = start;
    let state = 0;
    let entering = true;
    let r = false;
    let depth = 0;
    let steps = m.steps;
    // Scratch registers, saved in frames where a node resumes.
    let j = 0;
    let k = 0;
    let x = 0;
    let y = 0;
    let z = 0;
    let w = 0;

    outer: for (;;) {
      if (--steps < 0) {
        m.steps = steps;
        throw new MatchStopped("budget", "");
      }
      if (entering) {
        if (++depth > maxDepth) throw new MatchStopped("depth", "");
      } else {
        if (sp === 0) {
          m.steps = steps;
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
        m.stack = stack = grown;
      }
      const at = node * ARGS;
      // A call pushes the values a node needs when it resumes, then the depth and where it resumes.
      switch (op[node]) {
        case Accept:
          m.last = i;
          groups[0] = m.first;
          groups[1] = i;
          r = true;
          entering = false;
          continue;
        case LastAccept:
          if (whole && i !== length) {
            r = false;
            entering = false;
            continue;
          }
          m.last = i;
          groups[0] = m.first;
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
          const { prefix, minLength, supplementary, maxUnits } = this.program;
          const { firstChar } = this;
          const guard = length - minLength;
          if (state === 0 && maxUnits >= 0 && i < length - maxUnits) {
            // The starts too far from the end are not tried; what they would cost Java is counted all the same.
            steps -= (length - maxUnits - i) * this.program.attemptWork;
            if (steps < 0) {
              m.steps = steps;
              throw new MatchStopped("budget", "");
            }
            i = length - maxUnits;
          }
          if (state === 1) {
            i = stack[--sp] as number;
            if (r) {
              m.first = i;
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
          if (i === m.oldLast) {
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
              if (m.last >= length) throw javaException("StringIndexOutOfBoundsException");
              if (nextBoundary(text, m.last, length) > i) ok = false;
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
        case Bound:
          if ((bound(text, i, args[at + 1] === 1) & (args[at] as number)) !== 0) {
            node = next[node] as number;
            continue;
          }
          r = false;
          entering = false;
          continue;
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
                i = m.last;
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
              i = m.last;
              node = next[node] as number;
              continue outer;
            default:
              i = stack[--sp] as number;
              if (r) i = m.last;
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
          while (k >= cmin && this.failsAt(text, after, i)) {
            if (--steps < 0) {
              m.steps = steps;
              throw new MatchStopped("budget", "");
            }
            if (bmp) i--;
            else {
              if (k === cmin) break;
              i = Math.max(j, i - (codePointBefore(text, i) > 0xffff ? 2 : 1));
            }
            k--;
          }
          if (k >= cmin && !(k === cmin && !bmp && this.failsAt(text, after, i))) {
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
                    r = this.charAtom(m, atom, i);
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
                i = m.last;
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
                  r = this.charAtom(m, atom, i);
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
                k = m.last - i;
                if (!r || k === 0) {
                  node = next[node] as number;
                  entering = true;
                  state = 0;
                  continue outer;
                }
                i = m.last;
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
                    r = this.charAtom(m, atom, i);
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
                if (i + k !== m.last) {
                  stack[sp++] = i;
                  stack[sp++] = j;
                  stack[sp++] = k;
                  stack[sp++] = x;
                  stack[sp++] = depth;
                  stack[sp++] = (node << 6) | 4;
                  i = m.last;
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
                while (j >= x && this.failsAt(text, next[node] as number, i)) {
                  if (--steps < 0) {
                    m.steps = steps;
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
                  r = this.charAtom(m, atom, i);
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
                if (!r || i === m.last) {
                  r = false;
                  continue outer;
                }
                i = m.last;
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
                    r = this.charAtom(m, atom, i);
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
                if (!r || i === m.last) {
                  node = next[node] as number;
                  entering = true;
                  state = 0;
                  continue outer;
                }
                i = m.last;
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
                    groups[g + 1] = m.last;
                  }
                  i = m.last;
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
                k = m.last - i;
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
                if (i + k !== m.last) {
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
                if (!r || i === m.last) {
                  r = false;
                  continue outer;
                }
                if (capture) {
                  groups[g] = i;
                  groups[g + 1] = m.last;
                }
                i = m.last;
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
                    groups[g + 1] = m.last;
                  }
                  if (i !== m.last) {
                    i = m.last;
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
              m.last = i;
              r = true;
              entering = false;
              continue;
            }
            if (this.failsAt(text, next[node] as number, i)) {
              // What follows fails on its first character: the group is set and restored at once, as in Java.
              if (--steps < 0) {
                m.steps = steps;
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
                  if (memo >= 0 && m.memos[memo]?.[i] === m.memoStamp) {
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
              if (memo >= 0) (m.memos[memo] as Int32Array)[i] = m.memoStamp;
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
            if (t >= length || from >= length) throw javaException("StringIndexOutOfBoundsException");
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
            y = m.lookbehindTo;
            m.lookbehindTo = i;
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
          m.lookbehindTo = y;
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
          r = i === m.lookbehindTo;
          entering = false;
          continue;
      }
      throw new Error(`unknown instruction ${op[node]}`);
    }
  }
}
