import type { Emitter } from "./emit.js";
import { Op, Qtype } from "./program.js";

/**
 * Failures worked out ahead (for codegen.ts): from the characters at a position, whether entering a node there
 * certainly fails, and if so the steps it takes, counted as the interpreter counts them, and how deep it nests. A
 * search then makes no attempt that certainly fails, and a repetition backs off without calling what follows where
 * that certainly fails, counting their steps all the same.
 */

/** Limits of the failures worked out ahead: how deep their expressions nest, and how long they may be. */
const MAX_FAILURE_LEVEL = 24;
const MAX_FAILURE_SOURCE = 4000;
const MAX_FAILURE_WORK = 500;
/** The longest runs of characters a failure reads one by one (a repetition's minimum). */
const MAX_UNROLLED = 6;

/**
 * How entering a node certainly fails: `steps`, an expression worth the steps taken from the node's entry to the
 * return into the frame below it (the caller's), where the characters read show that it fails, and 0 otherwise;
 * `depth`, the deepest the failure nests below the caller.
 */
export interface Failure {
  readonly steps: string;
  readonly depth: number;
}

/** Which locals the instructions tried before a failure have set to a start (true) or cleared (false). */
type Locals = ReadonlyMap<number, boolean>;

export class Failures {
  /** The instructions followed to work out one failure, bounded. */
  private work = 0;
  /** The variable holding the position a failure is worked out from. */
  private base = "i";
  /** The functions made for greedy repetitions (see `run`), by node; none where not made. */
  private readonly runs = new Map<number, { readonly name: string; readonly depth: number } | undefined>();

  constructor(private readonly e: Emitter) {}

  /** How entering `node` at the position held in `base` certainly fails, if known (see `failure`). */
  from(node: number, base: string): Failure | undefined {
    this.work = 0;
    this.base = base;
    const failure = this.failure(node, 0, new Map(), 1);
    this.base = "i";
    if (failure) this.e.temporaries = Math.max(this.e.temporaries, 1);
    return failure;
  }

  /**
   * How entering `node` at `i + offset` certainly fails, from the characters there, as the interpreter would run
   * it (its steps, counted alike, and its depth); undefined where it is not known. The instructions followed are
   * those that decide by reading the text and leave nothing behind when they fail: a failure through a loop that
   * remembers failed positions, a look-ahead, a look-behind of more than one length or a back-reference is not
   * worked out. `level` names the temporaries of the expression.
   */
  private failure(node: number, offset: number, set: Locals, level: number): Failure | undefined {
    if (level > MAX_FAILURE_LEVEL || ++this.work > MAX_FAILURE_WORK) return undefined;
    const found = this.fails(node, offset, set, level);
    return found && found.steps.length <= MAX_FAILURE_SOURCE ? found : undefined;
  }

  /** An expression worth `base` plus the steps of each of `parts` when they all fail, 0 otherwise. */
  private sum(parts: readonly Failure[], base: number, level: number): Failure {
    this.e.temporaries = Math.max(this.e.temporaries, level + 1);
    const [f, g] = [`f${level}`, `g${level}`];
    const tests = parts.map((part, k) =>
      k === 0 ? `(${f} = ${part.steps}) > 0` : `(${g} = ${part.steps}) > 0 && (${f} += ${g}) > 0`,
    );
    return {
      steps: parts.length === 0 ? String(base) : `(${tests.join(" && ")} ? ${f} + ${base} : 0)`,
      depth: Math.max(0, ...parts.map((part) => part.depth)),
    };
  }

  /** `when` holds: a failure of `steps`; otherwise `otherwise`, another failure or none (0). */
  private either(when: string, steps: number, otherwise: Failure | undefined): Failure {
    return { steps: `(${when} ? ${steps} : ${otherwise?.steps ?? 0})`, depth: Math.max(1, otherwise?.depth ?? 0) };
  }

  /** The failure of what a node calls (one level below its entry), counting `base` more steps. */
  private below(failure: Failure | undefined, base: number, level: number): Failure | undefined {
    if (!failure) return undefined;
    const sum = this.sum([failure], base, level);
    return { steps: sum.steps, depth: sum.depth + 1 };
  }

  private fails(n: number, offset: number, set: Locals, level: number): Failure | undefined {
    const i = offset === 0 ? this.base : `(${this.base} + ${offset})`;
    const next = this.e.next[n] as number;
    const deeper = level + 1;
    /** What follows a node that called it at `at`, with no frame: its entry and what it takes. */
    const then = (at: number) => this.below(this.failure(next, at, set, deeper), 1, level);
    switch (this.e.op[n]) {
      case Op.LastAccept:
        return { steps: `(whole && ${i} !== length ? 2 : 0)`, depth: 1 };
      case Op.Char: {
        const t = this.e.arg(n, 0);
        return this.either(`!(${this.e.matchAt(t, i)})`, 2, this.e.bmp(t) ? then(offset + 1) : undefined);
      }
      case Op.Slice: {
        const units = this.e.units(n, i);
        return units && this.either(`!(${units.test})`, 2, then(offset + units.length));
      }
      case Op.Begin:
      case Op.End:
      case Op.Caret:
      case Op.UnixCaret:
      case Op.LastMatch:
      case Op.Dollar:
      case Op.UnixDollar:
      case Op.Bound:
        return this.either(`!(${this.e.assertion(n, i)})`, 2, then(offset));
      case Op.CharGreedy:
        return this.charGreedyFails(n, offset, set, level);
      case Op.Curly:
        return this.curlyFails(n, offset, set, level);
      case Op.GroupCurly: {
        // Greedy: no repetition, then what follows, below the call of match0 (3: the entry, match0's, the return).
        const cmin = this.e.arg(n, 1);
        if (this.e.arg(n, 3) !== Qtype.Greedy) return undefined;
        const inside = new Map(set).set(this.e.arg(n, 4), false);
        const atom = this.failure(this.e.arg(n, 0), offset, inside, deeper);
        if (cmin > 0) return this.below(atom, 2, level);
        const after = this.failure(next, offset, inside, deeper);
        const parts = this.e.arg(n, 2) === 0 ? [after] : [atom, after];
        if (parts.some((part) => !part)) return undefined;
        const sum = this.sum(parts as Failure[], 3, level);
        return { steps: sum.steps, depth: sum.depth + 2 };
      }
      case Op.Branch: {
        const parts = this.e.targets(n).map((target) => this.failure(target, offset, set, deeper));
        if (parts.some((part) => !part)) return undefined;
        const sum = this.sum(parts as Failure[], 1, level);
        return { steps: sum.steps, depth: sum.depth + 1 };
      }
      case Op.BranchConn:
        return then(offset);
      case Op.GroupHead:
        return this.below(this.failure(next, offset, new Map(set).set(this.e.arg(n, 0), true), deeper), 2, level);
      case Op.GroupTail: {
        const local = this.e.arg(n, 0);
        const known = set.get(local);
        // A group whose start is not set ends an atom: a match.
        if (known === false) return undefined;
        const started = known ? "true" : `locals[${local}] >= 0`;
        const after = this.below(this.failure(next, offset, set, deeper), 2, level);
        const fails = this.e.failsAt(next, i);
        const steps = fails ? `(${fails} ? 3 : ${after?.steps ?? 0})` : after?.steps;
        return steps === undefined ? undefined : { steps: `(${started} ? ${steps} : 0)`, depth: after?.depth ?? 1 };
      }
      case Op.Behind:
      case Op.NotBehind: {
        // A look-behind of one length, counted in units: one try of its condition that many units back, none nearer
        // the start; the condition failing fails a look-behind and lets a negative one go on.
        const length = this.e.arg(n, 1);
        if (this.e.arg(n, 3) === 1 || this.e.arg(n, 2) !== length || length < 0 || length > MAX_UNROLLED) {
          return undefined;
        }
        const cond = this.failure(this.e.arg(n, 0), offset - length, set, deeper);
        if (this.e.op[n] === Op.Behind) {
          const tried = this.below(cond, 2, level);
          return { steps: `(${i} < ${length} ? 2 : ${tried?.steps ?? 0})`, depth: tried?.depth ?? 1 };
        }
        const after = this.failure(next, offset, set, deeper);
        if (!after) return undefined;
        const near = this.below(after, 1, level) as Failure;
        const tried = cond && this.sum([cond, after], 1, level);
        return {
          steps: `(${i} < ${length} ? ${near.steps} : ${tried?.steps ?? 0})`,
          depth: 1 + Math.max(after.depth, tried?.depth ?? 0),
        };
      }
      case Op.Ques: {
        const atom = this.failure(this.e.arg(n, 0), offset, set, deeper);
        const after = this.failure(next, offset, set, deeper);
        const type = this.e.arg(n, 1);
        const parts = type === Qtype.Independent ? [atom] : type === Qtype.Lazy ? [after, atom] : [atom, after];
        if (parts.some((part) => !part)) return undefined;
        const sum = this.sum(parts as Failure[], type === Qtype.Lazy || type === Qtype.Independent ? 2 : 1, level);
        return { steps: sum.steps, depth: sum.depth + 1 };
      }
      default:
        return undefined;
    }
  }

  private charGreedyFails(n: number, offset: number, set: Locals, level: number): Failure | undefined {
    const t = this.e.arg(n, 0);
    const cmin = this.e.arg(n, 1);
    const at = (k: number) => `(${this.base} + ${offset + k})`;
    if (!this.e.bmp(t)) {
      // Fewer than cmin characters: the repetition fails at once.
      return cmin === 1 ? this.either(`!(${this.e.matchAt(t, at(0))})`, 2, undefined) : undefined;
    }
    // Where the run is long enough, it is read to its end and backed off over by a function that reads the locals
    // themselves: a group started on the way there, and not yet in the locals, is not known to have started, which
    // only makes the function give up; a local cleared on the way (by a GroupCurly) would mislead it.
    const run = [...set.values()].every((started) => started) ? this.run(n) : undefined;
    const read = run && { steps: `${run.name}(text, length, ${at(0)}, whole, m)`, depth: run.depth };
    if (cmin > 0) {
      if (cmin > MAX_UNROLLED) return read;
      const chars = Array.from({ length: cmin }, (_, k) => `(c = text.charCodeAt(${at(k)}), ${this.e.test(t, "c")})`);
      return this.either(`!(${at(cmin)} <= length && ${chars.join(" && ")})`, 2, read);
    }
    // No character: what follows is tried where it starts, and the run fails when it does.
    const next = this.e.next[n] as number;
    const none = `!(${this.e.matchAt(t, at(0))})`;
    const fails = this.e.failsAt(next, at(0));
    const after = fails
      ? { steps: `(${fails} ? 3 : 0)`, depth: 1 }
      : this.below(this.failure(next, offset, set, level + 1), 2, level);
    if (!after) return read;
    return {
      steps: `(${none} ? ${after.steps} : ${read?.steps ?? 0})`,
      depth: Math.max(after.depth, read?.depth ?? 0),
    };
  }

  /**
   * A function of the text and a position where a greedy repetition of one class of units (BMP) is entered, worth
   * the steps it takes when it certainly fails, 0 otherwise: it reads the run to its end, then backs off over it to
   * its minimum as the repetition would, working out how each try of what follows certainly fails (a try that would
   * move `last` counts as not known). Made once for the repetition, as a constant of the machine.
   */
  private run(n: number): { readonly name: string; readonly depth: number } | undefined {
    if (this.runs.has(n)) return this.runs.get(n);
    // Being made: a loop back to it is not known.
    this.runs.set(n, undefined);
    const saved = { work: this.work, base: this.base, temporaries: this.e.temporaries };
    this.work = 0;
    this.base = "q";
    this.e.temporaries = 0;
    const next = this.e.next[n] as number;
    const fails = this.e.failsAt(next, "q");
    const failure = fails ? undefined : this.failure(next, 0, new Map(), 1);
    const temporaries = Array.from({ length: this.e.temporaries }, (_, k) => `, f${k} = 0, g${k} = 0`).join("");
    this.work = saved.work;
    this.base = saved.base;
    this.e.temporaries = saved.temporaries;
    if (!fails && !failure) return undefined;
    const name = `R${n}`;
    const cmin = this.e.arg(n, 1);
    const cost = fails ? `(${fails} ? 1 : 0)` : (failure as Failure).steps;
    this.e.constants.add(
      [
        `function ${name}(text, length, i, whole, m) {`,
        "const locals = m.locals;",
        `let c = 0, la = -1${temporaries};`,
        "let j = i;",
        `while (j < length && (c = text.charCodeAt(j), ${this.e.test(this.e.arg(n, 0), "c")})) j++;`,
        `if (j - i < ${cmin}) return 2;`,
        "let total = 2;",
        `for (let q = j, x = 0; q >= i + ${cmin}; q--) {`,
        "la = -1;",
        `x = ${cost};`,
        "if (x === 0 || la >= 0) return 0;",
        "total += x;",
        "}",
        "return total;",
        "}",
      ].join("\n"),
    );
    const made = { name, depth: 1 + (failure?.depth ?? 0) };
    this.runs.set(n, made);
    return made;
  }

  private curlyFails(n: number, offset: number, set: Locals, level: number): Failure | undefined {
    const atom = this.e.arg(n, 0);
    const cmin = this.e.arg(n, 1);
    const cmax = this.e.arg(n, 2);
    const next = this.e.next[n] as number;
    if (this.e.arg(n, 3) !== Qtype.Greedy) return undefined;
    const at = (k: number) => `(${this.base} + ${offset + k})`;
    if (this.e.arg(n, 4) !== 1) {
      // An atom called: it fails first (then the Curly, or what follows it).
      const first = this.failure(atom, offset, set, level + 1);
      if (cmin > 0) return this.below(first, 2, level);
      const after = this.failure(next, offset, set, level + 1);
      const parts = cmax === 0 ? [after] : [first, after];
      if (parts.some((part) => !part)) return undefined;
      const sum = this.sum(parts as Failure[], 1, level);
      return { steps: sum.steps, depth: sum.depth + 1 };
    }
    const t = this.e.arg(atom, 0);
    if (!this.e.bmp(t)) {
      // One character read, the first: the minimum is not reached, or none repeats and what follows is called.
      const none = `!(${this.e.matchAt(t, at(0))})`;
      if (cmin > 0) return this.either(none, 2, undefined);
      const after = this.below(this.failure(next, offset, set, level + 1), 1, level);
      return after && (cmax === 0 ? after : { steps: `(${none} ? ${after.steps} : 0)`, depth: after.depth });
    }
    if (cmin > MAX_UNROLLED) return undefined;
    // The minimum, one unit each, `last` after each; then, when no more repeats, what follows.
    const after = this.below(this.failure(next, offset + cmin, set, level + 1), 1, level);
    let steps = after?.steps ?? "0";
    if (cmax > cmin) steps = `(!(${this.e.matchAt(t, at(cmin))}) ? ${steps} : 0)`;
    if (cmin > 0) steps = `(la = ${at(cmin)}, ${steps})`;
    for (let k = cmin - 1; k >= 0; k--) {
      steps = `(!(${this.e.matchAt(t, at(k))}) ? ${k === 0 ? "2" : `(la = ${at(k)}, 2)`} : ${steps})`;
    }
    return { steps, depth: Math.max(1, after?.depth ?? 0) };
  }
}
