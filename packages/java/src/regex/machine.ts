import { type Compiled, compileMachine, type State } from "./codegen.js";
import { interpret } from "./interpreter.js";
import type { Program } from "./program.js";

/**
 * java.util.regex.Matcher over a compiled program (program.ts): each instruction does what its Pattern node's
 * `match(matcher, i, seq)` does, in a JavaScript function generated for the program (codegen.ts), or, for a program
 * too large for one, in the interpreter (interpreter.ts). Both unroll the recursion onto an explicit stack of frames
 * (a node that has work left after calling the next one pushes a frame: a choice point, a value to restore), so a
 * long text never overflows the JavaScript stack; both count every step against a budget and track the depth Java's
 * own recursion would reach, for Java's matcher is recursive and overflows its thread's stack where these would not.
 */

export { MatchStopped } from "./node-support.js";

/**
 * A Matcher of one program: `find` and `matches` as Java's, the groups of the last match. It is reset for each
 * text (its arrays are kept from one text to the next: evaluations are many and short).
 */
export class Matcher implements State {
  readonly groups: Int32Array;
  readonly locals: Int32Array;
  /**
   * The positions where each greedy loop that remembers them failed (Pattern's IntHashSet), for the current search:
   * a position holds the search's stamp once failed there. A new search takes a new stamp rather than clearing them.
   */
  memos: Int32Array[];
  memoStamp = 0;
  stack = new Int32Array(256);
  text = "";
  /** Steps left for the whole evaluation (shared by every search of a replaceAll); below 0 when stopped. */
  steps = 0;
  first = -1;
  last = 0;
  oldLast = -1;
  /** Where the look-behind being tried must end. */
  lookbehindTo = 0;
  private readonly machine: Compiled;
  /** Whether the program runs as a function of its own (rather than interpreted). */
  readonly compiled: boolean;

  /**
   * `maxDepth`: the deepest Java recursion allowed before Java itself could overflow its stack; `interpreted`: run
   * the program in the interpreter whatever its size (the tests compare both).
   */
  constructor(
    readonly program: Program,
    readonly maxDepth: number,
    interpreted = false,
  ) {
    this.groups = new Int32Array((program.groupCount + 1) * 2);
    this.locals = new Int32Array(program.locals);
    this.memos = Array.from({ length: program.memos }, () => new Int32Array(0));
    const compiled = interpreted ? undefined : compileMachine(program);
    this.compiled = compiled !== undefined;
    this.machine = compiled ?? interpret(program);
  }

  /** Matcher.reset with a new text, and the steps the evaluation may take. */
  reset(text: string, steps: number): this {
    this.text = text;
    this.steps = steps;
    this.first = -1;
    this.last = 0;
    this.oldLast = -1;
    // Loops rather than fill(): the arrays are short, and a call of fill costs more than writing them.
    const { locals } = this;
    for (let k = 0; k < locals.length; k++) locals[k] = -1;
    if (this.memos.length > 0 && (this.memos[0] as Int32Array).length <= text.length) {
      this.memos = this.memos.map(() => new Int32Array(text.length + 1));
      this.memoStamp = 0;
    }
    return this;
  }

  /** Lets go of the text, and of a stack and memories a long text grew, between evaluations (the matcher is kept). */
  release(): void {
    this.text = "";
    if (this.stack.length > 1 << 16) this.stack = new Int32Array(256);
    if ((this.memos[0]?.length ?? 0) > 1 << 16) this.memos = this.memos.map(() => new Int32Array(0));
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
    this.prepare(0);
    const found = this.machine.run(this, this.machine.root, 0, true);
    return this.finish(found);
  }

  private prepare(from: number): void {
    this.first = from;
    this.oldLast = this.oldLast < 0 ? from : this.oldLast;
    const { groups } = this;
    for (let k = 0; k < groups.length; k++) groups[k] = -1;
    if (this.memos.length > 0) {
      if (this.memoStamp === 0x7fffffff) {
        for (const memo of this.memos) memo.fill(0);
        this.memoStamp = 0;
      }
      this.memoStamp++;
    }
  }

  private finish(found: boolean): boolean {
    if (!found) this.first = -1;
    this.oldLast = this.last;
    return found;
  }

  /** Matcher.search: Pattern's Start (or StartS) node, trying each start in turn. */
  private search(from: number): boolean {
    this.prepare(from);
    const { program, machine } = this;
    // Pattern's root: a Begin tries the one start; otherwise its Start (or StartS) instruction tries each.
    const found = machine.run(this, program.anchored ? machine.root : machine.start, from, false);
    if (found) {
      if (program.anchored) this.first = from;
      this.groups[0] = this.first;
      this.groups[1] = this.last;
    }
    return this.finish(found);
  }
}
