import { testSource } from "./char-tests.js";
import type { CharPredicate } from "./predicates.js";
import { ARGS, Op, type Program } from "./program.js";

/**
 * The pieces of JavaScript the machine of a program is written with (codegen.ts): what the interpreter did between
 * two instructions (calls, returns, frames), and the tests of characters and anchors at a position.
 */

/** The label that ends a run: the frame under every other one. */
export const EXIT = 0;
/**
 * Where a label's code is wanted: a jump, or nothing when that code follows. The mark is a control character, which
 * nothing else in the source holds (a pattern's text in it is escaped).
 */
const MARK = "\u0001";
export const GOTO = (label: number) => `${MARK}${label}${MARK}`;
/** Where a frame resumes, in a frame pushed. */
const RESUME_MARK = "\u0002";
const RESUME = (label: number) => `${RESUME_MARK}${label}${RESUME_MARK}`;
export const RESUMES = new RegExp(`${RESUME_MARK}(\\d+)${RESUME_MARK}`, "g");
/** Every jump in a block, and one that ends it on a line of its own (not one under an `if`). */
export const JUMPS = new RegExp(`${MARK}(\\d+)${MARK}`, "g");
export const LAST_JUMP = new RegExp(`(?:^|\n)${MARK}(\\d+)${MARK}$`);
/** Frames are pushed after checking that this many slots are free. */
const FRAME_ROOM = 16;

export class Emitter {
  /** The labels of the code, by node and state (node * 64 + state). */
  readonly labels = new Map<number, number>();
  /** The constants the code reads: the tables and functions of the character tests it does not inline... */
  readonly constants = new Set<string>();
  /** ...and how many levels of temporaries the failures worked out ahead use (failures.ts). */
  temporaries = 0;
  readonly op: Int32Array;
  readonly next: Int32Array;

  constructor(readonly program: Program) {
    this.op = program.op;
    this.next = program.next;
    this.labels.set(-1, EXIT);
  }

  /** The label of `node` resumed or continued in `state` (0: where it is entered). */
  label(node: number, state: number): number {
    const key = node * 64 + state;
    let label = this.labels.get(key);
    if (label === undefined) {
      label = this.labels.size;
      this.labels.set(key, label);
    }
    return label;
  }

  arg(node: number, k: number): number {
    return this.program.args[node * ARGS + k] as number;
  }

  // ---- What the interpreter did between two instructions ---------------------------------------------------

  /** Calls `node` (in `state`): one step, one level deeper. */
  enter(node: number, state = 0): string {
    return `if (--steps < 0 || --room < 0) stop(m, steps);\n${GOTO(this.label(node, state))}`;
  }

  /** Continues in another state of the same call: no step. */
  jump(node: number, state: number): string {
    return GOTO(this.label(node, state));
  }

  /** Returns `r` to the caller: one step, resuming the frame on top. */
  ret(): string {
    return "if (--steps < 0) stop(m, steps);\npc = stack[--sp]; room = stack[--sp]; continue run;";
  }

  fail(): string {
    return `r = false;\n${this.ret()}`;
  }

  /** Pushes `values`, then the depth left and where `node` resumes in `state`. */
  frame(values: readonly string[], node: number, state: number): string {
    const slots = [...values, "room", RESUME(this.label(node, state))];
    return [
      `if (sp > stack.length - ${FRAME_ROOM}) stack = grow(m);`,
      ...slots.map((value, k) => `stack[sp${k === 0 ? "" : ` + ${k}`}] = ${value};`),
      `sp += ${slots.length};`,
    ].join("\n");
  }

  /** Pops what `frame` pushed before the depth left and the label, into `vars`. */
  pop(...vars: string[]): string {
    return [`sp -= ${vars.length};`, ...vars.map((v, k) => `${v} = stack[sp${k === 0 ? "" : ` + ${k}`}];`)].join("\n");
  }

  // ---- Characters ------------------------------------------------------------------------------------------

  /** Test `t` on the variable `v`. */
  test(t: number, v: string): string {
    return this.predicate(this.program.predicates[t] as CharPredicate, v, `L${t}`, `F${t}`, `tests[${t}]`);
  }

  predicate(p: CharPredicate, v: string, table: string, fn: string, from: string): string {
    const { source, compiled } = testSource(p, v, table, fn);
    if (compiled) this.constants.add(`const ${table} = ${from}.latin1, ${fn} = ${from}.test;`);
    return source;
  }

  bmp(t: number): boolean {
    return (this.program.predicates[t] as CharPredicate).bmp;
  }

  /** Whether test `t` matches at `i` (which it reads, as a unit or a code point): `c` holds the character. */
  matchAt(t: number, i: string): string {
    if (this.bmp(t)) return `${i} < length && (c = text.charCodeAt(${i}), ${this.test(t, "c")})`;
    return `${i} < length && (c = codePointAt(text, ${i}), ${this.test(t, "c")})`;
  }

  /** The width of the character `c` just read by `matchAt` for test `t`. */
  width(t: number): string {
    return this.bmp(t) ? "1" : "(c > 0xffff ? 2 : 1)";
  }

  /** Whether a Slice whose characters are each one unit matches at `i`, and how many units it reads; or none. */
  units(n: number, i: string): { readonly test: string; readonly length: number } | undefined {
    const literal = this.arg(n, 1);
    if (literal >= 0) {
      const text = this.program.literals[literal] as string;
      const chars =
        text.length <= 8
          ? [...text].map((ch, k) => `text.charCodeAt(${i} + ${k}) === ${ch.charCodeAt(0)}`)
          : [`text.startsWith(T${literal}, ${i})`];
      if (text.length > 8) this.constants.add(`const T${literal} = literals[${literal}];`);
      return { test: [`${i} + ${text.length} <= length`, ...chars].join(" && "), length: text.length };
    }
    const tests = [...(this.program.lists[this.arg(n, 0)] as Int32Array)];
    if (!tests.every((t) => this.bmp(t))) return undefined;
    const chars = tests.map((t, k) => `(c = text.charCodeAt(${i} + ${k}), ${this.test(t, "c")})`);
    return { test: [`${i} + ${tests.length} <= length`, ...chars].join(" && "), length: tests.length };
  }

  /**
   * Whether the character node or Slice at `node` certainly fails at `i`, on its first character (the
   * interpreter's `failsAt`); undefined for any other node, of which nothing is known.
   */
  failsAt(node: number, i: string): string | undefined {
    const op = this.op[node];
    if (op === Op.Slice && this.arg(node, 1) >= 0) {
      const literal = this.program.literals[this.arg(node, 1)] as string;
      return `(${i} >= length || text.charCodeAt(${i}) !== ${literal.charCodeAt(0)})`;
    }
    const t =
      op === Op.Char ? this.arg(node, 0) : op === Op.Slice ? this.program.lists[this.arg(node, 0)]?.[0] : undefined;
    return t === undefined ? undefined : `!(${this.matchAt(t, i)})`;
  }

  /** A Curly's atom that is one character node, matched in place: `r`, and `last` after it as its Accept sets. */
  charAtom(atom: number): string {
    const t = this.arg(atom, 0);
    return `r = ${this.matchAt(t, "i")};\nif (r) last = i + ${this.width(t)};`;
  }

  /** Whether an anchor or a boundary holds at `i`. */
  assertion(n: number, i: string): string | undefined {
    const multiline = this.arg(n, 0) === 1;
    switch (this.op[n]) {
      case Op.Begin:
        return `${i} === 0`;
      case Op.End:
        return `${i} === length`;
      case Op.Caret:
        return `${i} !== length && (${i} === 0 || ((c = text.charCodeAt(${i} - 1)) === 0x0a || c === 0x0d || (c | 1) === 0x2029 || c === 0x85) && !(c === 0x0d && text.charCodeAt(${i}) === 0x0a))`;
      case Op.UnixCaret:
        return `${i} !== length && (${i} === 0 || text.charCodeAt(${i} - 1) === 0x0a)`;
      case Op.LastMatch:
        return `${i} === m.oldLast`;
      case Op.Dollar: {
        // Not under (?m), only before a final line terminator; then before one, but not inside "\r\n".
        const final = multiline
          ? ""
          : `!(${i} < length - 2 || (${i} === length - 2 && (text.charCodeAt(${i}) !== 0x0d || text.charCodeAt(${i} + 1) !== 0x0a))) && `;
        return `${final}(${i} >= length || ((c = text.charCodeAt(${i})) === 0x0a ? !(${i} > 0 && text.charCodeAt(${i} - 1) === 0x0d) : c === 0x0d || c === 0x85 || (c | 1) === 0x2029))`;
      }
      case Op.UnixDollar:
        return `${i} >= length || (text.charCodeAt(${i}) === 0x0a && ${multiline ? "true" : `${i} === length - 1`})`;
      case Op.Bound:
        return `(bound(text, ${i}, ${this.arg(n, 1) === 1}) & ${this.arg(n, 0)}) !== 0`;
      default:
        return undefined;
    }
  }

  /** Where a Branch's alternatives start: an empty one goes on after its BranchConn. */
  targets(n: number): number[] {
    const conn = this.next[this.arg(n, 1)] as number;
    return [...(this.program.lists[this.arg(n, 0)] as Int32Array)].map((alternative) =>
      alternative === -1 ? conn : alternative,
    );
  }
}
