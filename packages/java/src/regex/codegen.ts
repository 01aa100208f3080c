import { type CharTest, compileCharTest, unitClassSource } from "./char-tests.js";
import { Emitter, EXIT, GOTO, JUMPS, LAST_JUMP, RESUMES } from "./emit.js";
import { type Failure, Failures } from "./failures.js";
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
} from "./node-support.js";
import { Op, type Program, Qtype } from "./program.js";

/**
 * A program (program.ts) compiled into a JavaScript function of its own: java.util.regex's matcher specialized to
 * one pattern. Each instruction becomes the code of its Pattern node's `match`, with its operands as constants and
 * its character tests inlined; the recursion is unrolled onto an explicit stack of frames (a node that has work
 * left after calling the next one pushes a frame: a choice point, a value to restore), so a long text never
 * overflows the JavaScript stack; a `switch` over the program's own labels (where a node is entered, where it
 * resumes) takes a run from one to the next, and a block falls through to the one it continues with where it can.
 *
 * A step is one node entered (a call of a Java node's `match`) or one frame resumed (a return into a caller), the
 * measure of Java's work the budget counts, and the depth Java's recursion would reach is tracked as it runs. Where
 * the characters at a position settle that an attempt fails, and how (failures.ts), the attempt is not run: the
 * steps it would take are counted all the same, so that the budget stops the same runs at the same step.
 *
 * The generated code reads the matcher's state (`State`) when a run starts and writes it back when it ends.
 * Nothing is allocated per step, and the same program always gives the same source.
 */

/** What the generated machine reads and writes of its matcher. */
export interface State {
  text: string;
  readonly groups: Int32Array;
  readonly locals: Int32Array;
  readonly memos: readonly Int32Array[];
  readonly memoStamp: number;
  stack: Int32Array;
  steps: number;
  first: number;
  last: number;
  lookbehindTo: number;
  readonly oldLast: number;
  readonly maxDepth: number;
}

/**
 * Runs the program from label `pc` (`Compiled.root` or `Compiled.start`) at `i`; `whole`: the match must reach the
 * end of the text (Matcher.matches). Throws MatchStopped where Java would not finish or would throw.
 */
export type Run = (m: State, pc: number, i: number, whole: boolean) => boolean;

export interface Compiled {
  readonly run: Run;
  /** The labels where the pattern starts (Pattern's matchRoot) and where a search tries each start (Start). */
  readonly root: number;
  readonly start: number;
}

/** The functions the generated code calls (node-support.ts). */
export interface Helpers {
  /** Throws the budget's stop when `steps` is below 0, otherwise the depth's. */
  readonly stop: (m: State, steps: number) => never;
  /** A stack twice as large, holding the old one's frames. */
  readonly grow: (m: State) => Int32Array;
  readonly javaException: (name: string) => Error;
  readonly unsupported: (message: string) => Error;
  readonly codePointAt: (text: string, at: number) => number;
  readonly codePointBefore: (text: string, at: number) => number;
  readonly countChars: (text: string, index: number, count: number) => number;
  readonly nextBoundary: (text: string, from: number, limit: number) => number;
  readonly categoryOf: (cp: number) => number;
  readonly isHigh: (unit: number) => boolean;
  readonly isLow: (unit: number) => boolean;
  readonly asciiLower: (ch: number) => number;
  readonly sameUnicodeCase: (c1: number, c2: number) => boolean;
  /** Bound: 1 at the start of a word, 2 at its end, 4 elsewhere. */
  readonly bound: (text: string, i: number, unicode: boolean) => number;
}

/** How many characters a search tests itself before asking a RegExp for the next that may start a match. */
const SCAN_INLINE = 16;
/**
 * The most code of a machine: V8 optimizes no function of more than 60 KB of bytecode, which this much source
 * stays below (it compiles to some 0.6 to 0.75 byte of bytecode a character), and a machine left unoptimized runs
 * slower than the interpreter (interpreter.ts), which runs larger programs instead. Programs of more instructions
 * than MAX_INSTRUCTIONS are not even tried.
 */
const MAX_SOURCE = 72_000;
const MAX_INSTRUCTIONS = 600;

/** The code of a node in one state: where it is entered (0) or resumes. */
type Code = readonly [state: number, code: string];

/**
 * The source of a program's machine, a function of `h` (Helpers) and the compiled tests returning the Run; none for
 * a program too large to be optimized (see MAX_SOURCE).
 */
export function generateSource(program: Program): { source: string; root: number; start: number } | undefined {
  if (program.op.length > MAX_INSTRUCTIONS) return undefined;
  const g = new Generator(program);
  const source = g.source();
  if (source.length > MAX_SOURCE) return undefined;
  return { source, root: g.label(program.root, 0), start: g.label(program.start, 0) };
}

const HELPERS: Helpers = {
  stop(m, steps) {
    if (steps < 0) {
      m.steps = steps;
      throw new MatchStopped("budget", "");
    }
    throw new MatchStopped("depth", "");
  },
  grow(m) {
    const grown = new Int32Array(m.stack.length * 2);
    grown.set(m.stack);
    m.stack = grown;
    return grown;
  },
  javaException: (name) => new MatchStopped("java-exception", name),
  unsupported: (message) => new MatchStopped("unsupported", message),
  codePointAt,
  codePointBefore,
  countChars,
  nextBoundary,
  categoryOf,
  isHigh,
  isLow,
  asciiLower,
  sameUnicodeCase,
  bound,
};

/** Compiles a program's machine (once per pattern: the caller keeps it), or none for a program too large. */
export function compileMachine(program: Program): Compiled | undefined {
  const generated = generateSource(program);
  if (!generated) return undefined;
  const tests = program.predicates.map(compileCharTest);
  const first = program.firstChar && compileCharTest(program.firstChar);
  const factory = new Function("h", "tests", "firstTest", "literals", generated.source) as (
    h: Helpers,
    tests: readonly CharTest[],
    firstTest: CharTest | undefined,
    literals: Program["literals"],
  ) => Run;
  const run = factory(HELPERS, tests, first, program.literals);
  return { run, root: generated.root, start: generated.start };
}

class Generator extends Emitter {
  private readonly blocks = new Map<number, string>();
  private readonly failures = new Failures(this);

  constructor(program: Program) {
    super(program);
    this.blocks.set(EXIT, "m.steps = steps; m.last = last; return r;");
    for (let node = 0; node < program.op.length; node++) {
      for (const [state, code] of this.node(node)) this.blocks.set(this.label(node, state), code);
    }
  }

  // ---- Instructions ----------------------------------------------------------------------------------------

  private node(n: number): readonly Code[] {
    const next = this.next[n] as number;
    switch (this.op[n]) {
      case Op.Accept:
        return [[0, `last = i; groups[0] = m.first; groups[1] = i; r = true;\n${this.ret()}`]];
      case Op.LastAccept:
        return [
          [
            0,
            `if (whole && i !== length) { ${this.fail()} }\nlast = i; groups[0] = m.first; groups[1] = i; r = true;\n${this.ret()}`,
          ],
        ];
      case Op.Char: {
        const t = this.arg(n, 0);
        return [[0, `if (${this.matchAt(t, "i")}) { i += ${this.width(t)};\n${this.enter(next)}\n}\n${this.fail()}`]];
      }
      case Op.Start:
        return this.start(n, next);
      case Op.Slice:
        return this.slice(n, next);
      case Op.CanonicalChar:
        return this.canonical(n, next);
      case Op.Begin:
      case Op.End:
      case Op.Caret:
      case Op.UnixCaret:
      case Op.LastMatch:
      case Op.Dollar:
      case Op.UnixDollar:
      case Op.Bound:
        return [[0, `if (${this.assertion(n, "i")}) { ${this.enter(next)} }\n${this.fail()}`]];
      case Op.LineEnding:
        return this.lineEnding(n, next);
      case Op.Grapheme:
        return [[0, `if (i < length) { i = nextBoundary(text, i, length); ${this.enter(next)} }\n${this.fail()}`]];
      case Op.GraphemeBound:
        return [
          [
            0,
            [
              "x = 1;",
              "if (i > 0 && i < length) {",
              "if (isHigh(text.charCodeAt(i - 1)) && isLow(text.charCodeAt(i))) x = 0;",
              // Java reads the cluster that starts where the last match (or atom, or look-ahead) ended.
              'else { if (last >= length) throw javaException("StringIndexOutOfBoundsException"); if (nextBoundary(text, last, length) > i) x = 0; }',
              "}",
              `if (x === 1) { ${this.enter(next)} }`,
              this.fail(),
            ].join("\n"),
          ],
        ];
      case Op.Ques:
        return this.ques(n, next);
      case Op.CharGreedy:
        return this.charGreedy(n, next);
      case Op.Curly:
        return this.curly(n, next);
      case Op.GroupCurly:
        return this.groupCurly(n, next);
      case Op.Branch:
        return this.branch(n);
      case Op.BranchConn:
        return [[0, this.enter(next)]];
      case Op.GroupHead: {
        const local = this.arg(n, 0);
        return [
          [0, `${this.frame([`locals[${local}]`], n, 1)}\nlocals[${local}] = i;\n${this.enter(next)}`],
          [1, `locals[${local}] = stack[--sp];\n${this.ret()}`],
        ];
      }
      case Op.GroupTail:
        return this.groupTail(n, next);
      case Op.Prolog:
        return [[0, this.enter(this.arg(n, 0), 10)]];
      case Op.Loop:
        return this.loop(n, next);
      case Op.LazyLoop:
        return this.lazyLoop(n, next);
      case Op.BackRef: {
        const g = this.arg(n, 0);
        return [
          [
            0,
            [
              `x = groups[${g}]; y = groups[${g + 1}] - x;`,
              "z = x >= 0 && i + y <= length ? 1 : 0;",
              "for (p = 0; z === 1 && p < y; p++) if (text.charCodeAt(i + p) !== text.charCodeAt(x + p)) z = 0;",
              `if (z === 1) { i += y; ${this.enter(next)} }`,
              this.fail(),
            ].join("\n"),
          ],
        ];
      }
      case Op.CIBackRef:
        return this.ciBackRef(n, next);
      case Op.Pos:
      case Op.Neg:
        return [
          [0, `${this.frame(["i"], n, 1)}\n${this.enter(this.arg(n, 0))}`],
          [1, `i = stack[--sp];\nif (${this.op[n] === Op.Pos ? "r" : "!r"}) { ${this.enter(next)} }\n${this.fail()}`],
        ];
      case Op.Behind:
      case Op.NotBehind:
        return this.behind(n, next);
      case Op.LookBehindEnd:
        return [[0, `r = i === m.lookbehindTo;\n${this.ret()}`]];
      default:
        throw new Error(`unknown instruction ${this.op[n]}`);
    }
  }

  private start(n: number, next: number): readonly Code[] {
    const { prefix, firstChar, supplementary, maxUnits, attemptWork, minLength } = this.program;
    // The last start a match fits after (Start's minLength).
    const guard = `(length - ${minLength})`;
    // After a failed attempt, the next start: the next unit, or the next character.
    const advance = supplementary
      ? `if (i === ${guard}) { ${this.fail()} }\nif (isHigh(text.charCodeAt(i++)) && i < length && isLow(text.charCodeAt(i))) i++;`
      : "i++;";
    // Starts that cannot begin a match are skipped (see program.ts).
    let scan = "";
    if (prefix !== "") {
      scan = `i = i <= ${guard} ? text.indexOf(${JSON.stringify(prefix)}, i) : -1;\nif (i === -1) i = ${guard} + 1;`;
    } else if (firstChar) {
      // A surrogate is always tried. Beyond a few characters, the next candidate is found by a RegExp, which reads a
      // text faster than a loop. At the end of the text the test reads no character (NaN for a unit): its answer
      // there, worked out here, says whether that start is tried.
      const test = this.predicate(firstChar, "c", "FL", "FF", "firstTest");
      const candidates = unitClassSource(firstChar, [[0xd800, 0xdfff]]);
      this.constants.add(`const NEXT = new RegExp(${JSON.stringify(candidates)}, "g");`);
      scan = [
        `p = i + ${SCAN_INLINE};`,
        `for (; i < length && i <= ${guard}; i++) {`,
        "if (i >= p) {",
        "NEXT.lastIndex = i;",
        "if (!NEXT.test(text)) { i = length; break; }",
        `i = NEXT.lastIndex - 1; p = i + ${SCAN_INLINE};`,
        "}",
        `c = text.charCodeAt(i); if (${test} || (c & 0xf800) === 0xd800) break;`,
        "}",
        compileCharTest(firstChar).test(Number.NaN) ? "" : "if (i === length) i++;",
      ].join("\n");
    }
    // An attempt that certainly fails is not made; its steps are counted, as after making it.
    const skip = this.skip(next, `${advance}\ncontinue scan;`);
    const run = supplementary ? "" : this.runFailures(next);
    return [
      [
        0,
        [
          // The starts too far from the end are not tried; what they would cost Java is counted all the same.
          maxUnits < 0
            ? ""
            : `if (i < length - ${maxUnits}) {\nsteps -= (length - ${maxUnits} - i) * ${attemptWork};\nif (steps < 0) stop(m, steps);\ni = length - ${maxUnits};\n}`,
          this.jump(n, 2),
        ].join("\n"),
      ],
      [1, `i = stack[--sp];\nif (r) { m.first = i; ${this.ret()} }\n${advance}\n${this.jump(n, 2)}`],
      [
        2,
        [
          // w, x, y: what is known of the run of characters the attempts start in (see runFailures).
          "w = -1;",
          "scan: for (;;) {",
          scan,
          `if (i > ${guard}) { ${this.fail()} }`,
          // An attempt in a run is told by what is known of the run; another, by its own failure if certain.
          `${run}${run && skip ? " else " : ""}${skip === undefined ? "" : `if (${skip.test}) { ${skip.counted} }`}`,
          "break;",
          "}",
          this.frame(["i"], n, 1),
          this.enter(next),
        ].join("\n"),
      ],
    ];
  }

  private slice(n: number, next: number): readonly Code[] {
    const units = this.units(n, "i");
    if (units) return [[0, `if (${units.test}) { i += ${units.length};\n${this.enter(next)}\n}\n${this.fail()}`]];
    // Each character as SliceI, SliceU or SliceS compares it: a UTF-16 unit or a code point, folded or not.
    const tests = [...(this.program.lists[this.arg(n, 0)] as Int32Array)];
    const conditions = tests.map((t) =>
      this.bmp(t)
        ? `p < length && (c = text.charCodeAt(p++), ${this.test(t, "c")})`
        : `p < length && (c = codePointAt(text, p), p += c > 0xffff ? 2 : 1, ${this.test(t, "c")})`,
    );
    return [[0, `p = i;\nif (${conditions.join(" &&\n")}) { i = p;\n${this.enter(next)}\n}\n${this.fail()}`]];
  }

  private canonical(n: number, next: number): readonly Code[] {
    const t = this.arg(n, 0);
    return [
      [
        0,
        [
          `if (i >= length) { ${this.fail()} }`,
          "c = codePointAt(text, i);",
          "j = nextBoundary(text, i, length);",
          "k = c > 0xffff ? 2 : 1;",
          `if (i + k === j) { if (${this.test(t, "c")}) { i = j; ${this.enter(next)} } ${this.fail()} }`,
          this.jump(n, 2),
        ].join("\n"),
      ],
      [
        1,
        [
          this.pop("i", "j", "k"),
          `if (r) { ${this.ret()} }`,
          "j -= codePointBefore(text, j) > 0xffff ? 2 : 1;",
          this.jump(n, 2),
        ].join("\n"),
      ],
      [
        2,
        [
          `if (i + k >= j) { ${this.fail()} }`,
          "s = text.slice(i, j);",
          "for (const ch of s) {",
          "if (categoryOf(ch.codePointAt(0)) === 0) {",
          `throw unsupported("characters unassigned in Java 17's Unicode, whose canonical composition mailroom cannot know");`,
          "}",
          "}",
          's = s.normalize("NFC");',
          "c = s.codePointAt(0);",
          `if (s.length === (c > 0xffff ? 2 : 1) && ${this.test(t, "c")}) {`,
          this.frame(["i", "j", "k"], n, 1),
          "i = j;",
          this.enter(next),
          "}",
          "j -= codePointBefore(text, j) > 0xffff ? 2 : 1;",
          this.jump(n, 2),
        ].join("\n"),
      ],
    ];
  }

  private lineEnding(n: number, next: number): readonly Code[] {
    return [
      [
        0,
        [
          "if (i < length) {",
          "c = text.charCodeAt(i);",
          `if (c === 0x0a || c === 0x0b || c === 0x0c || c === 0x85 || c === 0x2028 || c === 0x2029) { i++; ${this.enter(next)} }`,
          "if (c === 0x0d) {",
          "i++;",
          `if (i < length && text.charCodeAt(i) === 0x0a) { ${this.frame(["i"], n, 1)}\ni++;\n${this.enter(next)} }`,
          this.enter(next),
          "}",
          "}",
          this.fail(),
        ].join("\n"),
      ],
      [1, `i = stack[--sp];\nif (r) { ${this.ret()} }\n${this.enter(next)}`],
    ];
  }

  private ques(n: number, next: number): readonly Code[] {
    const atom = this.arg(n, 0);
    switch (this.arg(n, 1)) {
      case Qtype.Greedy:
        return [
          [0, `${this.frame(["i"], n, 1)}\n${this.enter(atom)}`],
          [1, `i = stack[--sp];\nif (r) { ${this.frame(["i"], n, 2)}\ni = last; }\n${this.enter(next)}`],
          [2, `i = stack[--sp];\nif (r) { ${this.ret()} }\n${this.enter(next)}`],
        ];
      case Qtype.Lazy:
        return [
          [0, `${this.frame(["i"], n, 3)}\n${this.enter(next)}`],
          [3, `i = stack[--sp];\nif (r) { ${this.ret()} }\n${this.frame([], n, 4)}\n${this.enter(atom)}`],
          [4, `if (!r) { ${this.ret()} }\ni = last;\n${this.enter(next)}`],
        ];
      case Qtype.Possessive:
        return [
          [0, `${this.frame(["i"], n, 5)}\n${this.enter(atom)}`],
          [5, `i = stack[--sp];\nif (r) i = last;\n${this.enter(next)}`],
        ];
      default:
        return [
          [0, `${this.frame([], n, 6)}\n${this.enter(atom)}`],
          [6, `if (!r) { ${this.ret()} }\ni = last;\n${this.enter(next)}`],
        ];
    }
  }

  private charGreedy(n: number, next: number): readonly Code[] {
    const t = this.arg(n, 0);
    const cmin = this.arg(n, 1);
    const bmp = this.arg(n, 2) === 1;
    const back = bmp
      ? "i--;"
      : `if (k === ${cmin}) { ${this.ret()} }\ni = Math.max(j, i - (codePointBefore(text, i) > 0xffff ? 2 : 1));`;
    // A next node that fails on its first character is not called: the step Java takes is counted here. A next
    // node that certainly fails otherwise is not run either, its steps counted as run.
    const fails = this.failsAt(next, "i");
    let backOff = "";
    if (fails) {
      const step = bmp
        ? "i--;"
        : `if (k === ${cmin}) break;\ni = Math.max(j, i - (codePointBefore(text, i) > 0xffff ? 2 : 1));`;
      backOff = `while (k >= ${cmin} && ${fails}) {\nif (--steps < 0) stop(m, steps);\n${step}\nk--;\n}`;
    } else if (bmp) {
      const skip = this.skip(next, "i--; k--;");
      if (skip) backOff = `while (k >= ${cmin} && ${skip.test}) { ${skip.counted} }`;
    }
    return [
      [
        0,
        [
          "j = i;",
          bmp
            ? `while (${this.matchAt(t, "i")}) i++;\nk = i - j;`
            : `k = 0;\nwhile (${this.matchAt(t, "i")}) { i += c > 0xffff ? 2 : 1; k++; }`,
          this.jump(n, 2),
        ].join("\n"),
      ],
      [1, [this.pop("j", "i", "k"), `if (r) { ${this.ret()} }`, back, "k--;", this.jump(n, 2)].join("\n")],
      [
        2,
        [
          backOff,
          `if (k >= ${cmin}${fails && !bmp ? ` && !(k === ${cmin} && ${fails})` : ""}) {`,
          this.frame(["j", "i", "k"], n, 1),
          this.enter(next),
          "}",
          this.fail(),
        ].join("\n"),
      ],
    ];
  }

  private curly(n: number, next: number): readonly Code[] {
    const atom = this.arg(n, 0);
    const cmin = this.arg(n, 1);
    const cmax = this.arg(n, 2);
    const type = this.arg(n, 3);
    // A simple atom is one character node, matched in place (as if called and returned: no step).
    const simple = this.arg(n, 4) === 1;
    const t = this.arg(atom, 0);
    const unit = simple && this.bmp(t);
    const codes: Code[] = [[0, `j = 0;\n${this.jump(n, 20)}`]];
    if (simple) {
      codes.push([
        20,
        [
          `while (j < ${cmin}) {`,
          this.charAtom(atom),
          `if (!r) { ${this.ret()} }`,
          "i = last;",
          "j++;",
          "}",
          this.jump(n, 10 + 2 * type),
        ].join("\n"),
      ]);
    } else {
      codes.push(
        [20, `if (j < ${cmin}) {\n${this.frame(["j"], n, 1)}\n${this.enter(atom)}\n}\n${this.jump(n, 10 + 2 * type)}`],
        [1, `j = stack[--sp];\nif (!r) { ${this.ret()} }\ni = last;\nj++;\n${this.jump(n, 20)}`],
      );
    }
    const join = (...lines: string[]) => lines.join("\n");
    // A fixed count, greedy or possessive: once the minimum is matched, what follows is called.
    if (cmin === cmax && type !== Qtype.Lazy) return [...codes, [10 + 2 * type, this.enter(next)]];
    switch (type) {
      case Qtype.Greedy: {
        // match0.
        const afterFirst = join(`k = last - i;`, `if (!r || k === 0) { ${this.enter(next)} }`, "i = last;", "j++;");
        const first = `if (j >= ${cmax}) { ${this.enter(next)} }\nx = j;`;
        if (simple) codes.push([10, join(first, this.charAtom(atom), afterFirst, this.jump(n, 21))]);
        else {
          codes.push(
            [10, join(first, this.frame(["i", "j", "x"], n, 2), this.enter(atom))],
            [2, join(this.pop("i", "j", "x"), afterFirst, this.jump(n, 21))],
          );
        }
        const afterNext = join(
          `if (!r) ${this.jump(n, 22)}`,
          "if (i + k !== last) {",
          this.frame(["i", "j", "k", "x"], n, 4),
          "i = last;",
          "j++;",
          this.enter(n, 10),
          "}",
          "i += k;",
          "j++;",
          this.jump(n, 21),
        );
        if (unit) {
          // One UTF-16 unit each time: the repetitions are a run of matching units, `last` after the last one.
          codes.push([
            21,
            join(`while (j < ${cmax} && ${this.matchAt(t, "i")}) { i++; j++; }`, "last = i;", this.jump(n, 22)),
          ]);
        } else if (simple) {
          codes.push([21, join(`if (j < ${cmax}) {`, this.charAtom(atom), afterNext, "}", this.jump(n, 22))]);
        } else {
          codes.push(
            [
              21,
              join(
                `if (j < ${cmax}) {`,
                this.frame(["i", "j", "k", "x"], n, 3),
                this.enter(atom),
                "}",
                this.jump(n, 22),
              ),
            ],
            [3, join(this.pop("i", "j", "k", "x"), afterNext)],
          );
        }
        // Back off while what follows fails on its first character, counting Java's call of it; or while it
        // certainly fails, counting the steps it takes.
        const fails = this.failsAt(next, "i");
        const skip = fails ? undefined : this.skip(next, "i -= k; j--;");
        const backOff = fails
          ? `while (j >= x && ${fails}) {\nif (--steps < 0) stop(m, steps);\ni -= k;\nj--;\n}`
          : skip
            ? `while (j >= x && ${skip.test}) { ${skip.counted} }`
            : "";
        codes.push(
          [4, join(this.pop("i", "j", "k", "x"), `if (r) { ${this.ret()} }`, this.jump(n, 22))],
          [
            22,
            join(backOff, "if (j >= x) {", this.frame(["i", "j", "k", "x"], n, 5), this.enter(next), "}", this.fail()),
          ],
          [5, join(this.pop("i", "j", "k", "x"), `if (r) { ${this.ret()} }`, "i -= k;", "j--;", this.jump(n, 22))],
        );
        return codes;
      }
      case Qtype.Lazy: {
        // match1.
        const afterAtom = join(`if (!r || i === last) { ${this.fail()} }`, "i = last;", "j++;", this.jump(n, 12));
        const retry = join(this.pop("i", "j"), `if (r) { ${this.ret()} }`, `if (j >= ${cmax}) { ${this.ret()} }`);
        codes.push([12, join(this.frame(["i", "j"], n, 6), this.enter(next))]);
        if (simple) codes.push([6, join(retry, this.charAtom(atom), afterAtom)]);
        else {
          codes.push(
            [6, join(retry, this.frame(["i", "j"], n, 7), this.enter(atom))],
            [7, join(this.pop("i", "j"), afterAtom)],
          );
        }
        return codes;
      }
      default: {
        // match2: possessive.
        const afterAtom = join(`if (!r || i === last) { ${this.enter(next)} }`, "i = last;", "j++;", this.jump(n, 14));
        if (simple) codes.push([14, join(`if (j < ${cmax}) {`, this.charAtom(atom), afterAtom, "}", this.enter(next))]);
        else {
          codes.push(
            [14, join(`if (j < ${cmax}) {`, this.frame(["i", "j"], n, 8), this.enter(atom), "}", this.enter(next))],
            [8, join(this.pop("i", "j"), afterAtom)],
          );
        }
        return codes;
      }
    }
  }

  private groupCurly(n: number, next: number): readonly Code[] {
    const atom = this.arg(n, 0);
    const cmin = this.arg(n, 1);
    const cmax = this.arg(n, 2);
    const type = this.arg(n, 3);
    const local = this.arg(n, 4);
    const g = this.arg(n, 5);
    const capture = this.arg(n, 6) === 1;
    const join = (...lines: string[]) => lines.join("\n");
    /** Sets the group, when it captures. */
    const set = (from: string, to: string) => (capture ? `groups[${g}] = ${from}; groups[${g + 1}] = ${to};` : "");
    const save = capture ? `y = groups[${g}]; z = groups[${g + 1}];` : "y = 0; z = 0;";
    const restore = capture ? `groups[${g}] = y; groups[${g + 1}] = z;` : "";
    const saved = ["w", "y", "z", "i", "j", "k"];
    const codes: Code[] = [
      [0, join(`x = locals[${local}];`, save, `locals[${local}] = -1;`, "j = 0;", this.jump(n, 20))],
      [
        20,
        join(
          `if (j < ${cmin}) {`,
          this.frame(["x", "y", "z", "i", "j"], n, 1),
          this.enter(atom),
          "}",
          this.frame(["x", "y", "z"], n, 2),
          this.enter(n, 10 + 2 * type),
        ),
      ],
      [
        1,
        join(
          this.pop("x", "y", "z", "i", "j"),
          `if (r) { ${set("i", "last")} i = last; j++; ${this.jump(n, 20)} }`,
          `locals[${local}] = x;`,
          restore,
          this.ret(),
        ),
      ],
      [2, join(this.pop("x", "y", "z"), `if (!r) { locals[${local}] = x; ${restore} }`, this.ret())],
    ];
    // A fixed count: match0 or match2 has no repetition to try and calls what follows.
    if (cmin === cmax && type === Qtype.Greedy) return [...codes, [10, join("w = j;", save, this.enter(next))]];
    if (cmin === cmax && type === Qtype.Possessive) return [...codes, [14, this.enter(next)]];
    switch (type) {
      case Qtype.Greedy:
        // match0: w = min, y and z = the group saved, k = the length of an iteration.
        codes.push(
          [10, join("w = j;", save, this.jump(n, 21))],
          [
            21,
            join(
              `if (j >= ${cmax}) ${this.jump(n, 25)}`,
              this.frame(["w", "y", "z", "i", "j"], n, 3),
              this.enter(atom),
            ),
          ],
          [
            3,
            join(
              this.pop("w", "y", "z", "i", "j"),
              `if (!r) ${this.jump(n, 25)}`,
              "k = last - i;",
              `if (k <= 0) { ${set("i", "i + k")} i += k; ${this.jump(n, 25)} }`,
              this.jump(n, 22),
            ),
          ],
          [
            22,
            join(
              set("i", "i + k"),
              "i += k;",
              `if (++j >= ${cmax}) ${this.jump(n, 24)}`,
              this.frame(saved, n, 4),
              this.enter(atom),
            ),
          ],
          [
            4,
            join(
              this.pop(...saved),
              `if (!r) ${this.jump(n, 24)}`,
              "if (i + k !== last) {",
              this.frame(saved, n, 5),
              this.enter(n, 10),
              "}",
              this.jump(n, 22),
            ),
          ],
          [5, join(this.pop(...saved), `if (r) { ${this.ret()} }`, this.jump(n, 24))],
          [24, join("if (j > w) {", this.frame(saved, n, 6), this.enter(next), "}", this.jump(n, 25))],
          [
            6,
            join(
              this.pop(...saved),
              `if (r) { ${capture ? `groups[${g + 1}] = i; groups[${g}] = i - k;` : ""} ${this.ret()} }`,
              "i -= k;",
              capture ? `groups[${g + 1}] = i; groups[${g}] = i - k;` : "",
              "j--;",
              this.jump(n, 24),
            ),
          ],
          [25, join(restore, this.enter(next))],
        );
        return codes;
      case Qtype.Lazy:
        // match1.
        codes.push(
          [12, join(this.frame(["i", "j"], n, 7), this.enter(next))],
          [
            7,
            join(
              this.pop("i", "j"),
              `if (r || j >= ${cmax}) { ${this.ret()} }`,
              this.frame(["i", "j"], n, 8),
              this.enter(atom),
            ),
          ],
          [
            8,
            join(
              this.pop("i", "j"),
              `if (!r || i === last) { ${this.fail()} }`,
              set("i", "last"),
              "i = last;",
              "j++;",
              this.jump(n, 12),
            ),
          ],
        );
        return codes;
      default:
        // match2: possessive.
        codes.push(
          [14, join(`if (j < ${cmax}) {`, this.frame(["i", "j"], n, 9), this.enter(atom), "}", this.enter(next))],
          [
            9,
            join(
              this.pop("i", "j"),
              `if (r) { ${set("i", "last")} if (i !== last) { i = last; j++; ${this.jump(n, 14)} } }`,
              this.enter(next),
            ),
          ],
        );
        return codes;
    }
  }

  private branch(n: number): readonly Code[] {
    const targets = this.targets(n);
    const last = targets.length - 1;
    // Alternative k is tried after k - 1 failed: the frame says which (j, as the interpreter kept it).
    const attempt = (k: number) =>
      [k < last ? this.frame(["i", String(k)], n, 1) : "", this.enter(targets[k] as number)].join("\n");
    if (last === 0) return [[0, `j = 0;\n${attempt(0)}`]];
    const cases = targets.slice(1).map((_, k) => `case ${k + 1}: { ${attempt(k + 1)} }`);
    return [
      [0, `j = 0;\n${attempt(0)}`],
      [1, `${this.pop("i", "j")}\nif (r) { ${this.ret()} }\nj++;\nswitch (j) {\n${cases.join("\n")}\n}`],
    ];
  }

  private groupTail(n: number, next: number): readonly Code[] {
    const local = this.arg(n, 0);
    const g = this.arg(n, 1);
    const fails = this.failsAt(next, "i");
    return [
      [
        0,
        [
          `x = locals[${local}];`,
          `if (x < 0) { last = i; r = true; ${this.ret()} }`,
          // What follows fails on its first character: the group is set and restored at once, as in Java.
          fails ? `if (${fails}) { if (--steps < 0) stop(m, steps); ${this.fail()} }` : "",
          this.frame([`groups[${g}]`, `groups[${g + 1}]`], n, 1),
          `groups[${g}] = x; groups[${g + 1}] = i;`,
          this.enter(next),
        ].join("\n"),
      ],
      [1, `sp -= 2;\nif (!r) { groups[${g}] = stack[sp]; groups[${g + 1}] = stack[sp + 1]; }\n${this.ret()}`],
    ];
  }

  private loop(n: number, next: number): readonly Code[] {
    const body = this.arg(n, 0);
    const count = this.arg(n, 1);
    const cmin = this.arg(n, 3);
    const cmax = this.arg(n, 4);
    const memo = this.arg(n, 5);
    const join = (...lines: string[]) => lines.join("\n");
    // matchInit, from the Prolog.
    const init =
      cmin > 0
        ? join(this.frame([`locals[${count}]`], n, 11), `locals[${count}] = 1;`, this.enter(body))
        : cmax > 0
          ? join(this.frame([`locals[${count}]`, "i"], n, 12), `locals[${count}] = 1;`, this.enter(body))
          : join(this.frame([`locals[${count}]`], n, 11), this.enter(next));
    return [
      [
        0,
        join(
          `if (i > locals[${this.arg(n, 2)}]) {`,
          `c = locals[${count}];`,
          `if (c < ${cmin}) { locals[${count}] = c + 1; ${this.frame(["c"], n, 1)}\n${this.enter(body)} }`,
          `if (c < ${cmax}) {`,
          memo >= 0 ? `if (memos[${memo}][i] === m.memoStamp) { ${this.enter(next)} }` : "",
          `locals[${count}] = c + 1;`,
          this.frame(["c", "i"], n, 2),
          this.enter(body),
          "}",
          "}",
          this.enter(next),
        ),
      ],
      [1, join("c = stack[--sp];", `if (!r) locals[${count}] = c;`, this.ret())],
      [
        2,
        join(
          this.pop("c", "i"),
          `if (r) { ${this.ret()} }`,
          `locals[${count}] = c;`,
          memo >= 0 ? `memos[${memo}][i] = m.memoStamp;` : "",
          this.enter(next),
        ),
      ],
      [10, init],
      [11, join(`locals[${count}] = stack[--sp];`, this.ret())],
      [
        12,
        join(
          "i = stack[--sp];",
          `if (r) { locals[${count}] = stack[--sp]; ${this.ret()} }`,
          this.frame([], n, 11),
          this.enter(next),
        ),
      ],
    ];
  }

  private lazyLoop(n: number, next: number): readonly Code[] {
    const body = this.arg(n, 0);
    const count = this.arg(n, 1);
    const cmin = this.arg(n, 3);
    const cmax = this.arg(n, 4);
    const join = (...lines: string[]) => lines.join("\n");
    return [
      [
        0,
        join(
          `if (i > locals[${this.arg(n, 2)}]) {`,
          `c = locals[${count}];`,
          `if (c < ${cmin}) { locals[${count}] = c + 1; ${this.frame(["c"], n, 1)}\n${this.enter(body)} }`,
          this.frame(["c", "i"], n, 2),
          this.enter(next),
          "}",
          this.enter(next),
        ),
      ],
      [1, join("c = stack[--sp];", `if (!r) locals[${count}] = c;`, this.ret())],
      [
        2,
        join(
          this.pop("c", "i"),
          `if (r) { ${this.ret()} }`,
          `if (c < ${cmax}) { locals[${count}] = c + 1; ${this.frame(["c"], n, 1)}\n${this.enter(body)} }`,
          this.fail(),
        ),
      ],
      [
        10,
        cmin > 0
          ? join(this.frame([`locals[${count}]`], n, 11), `locals[${count}] = 1;`, this.enter(body))
          : join(this.frame([`locals[${count}]`, "i"], n, 12), this.enter(next)),
      ],
      [11, join(`locals[${count}] = stack[--sp];`, this.ret())],
      [
        12,
        join(
          "i = stack[--sp];",
          `if (r) { locals[${count}] = stack[--sp]; ${this.ret()} }`,
          cmax > 0 ? join(`locals[${count}] = 1;`, this.frame([], n, 11), this.enter(body)) : "",
          `locals[${count}] = stack[--sp];`,
          this.fail(),
        ),
      ],
    ];
  }

  private ciBackRef(n: number, next: number): readonly Code[] {
    const g = this.arg(n, 0);
    const unicode = this.arg(n, 1) === 1;
    return [
      [
        0,
        [
          `x = groups[${g}]; y = groups[${g + 1}] - x;`,
          "z = x >= 0 && i + y <= length ? 1 : 0;",
          // Java steps by code points but counts the group's length in units, reading past both when pairs occur.
          "for (let q = 0, t = i; z === 1 && q < y; q++) {",
          'if (t >= length || x >= length) throw javaException("StringIndexOutOfBoundsException");',
          "c = codePointAt(text, t);",
          "p = codePointAt(text, x);",
          `if (c !== p) z = ${unicode ? "sameUnicodeCase(c, p)" : "asciiLower(c) === asciiLower(p)"} ? 1 : 0;`,
          "t += c > 0xffff ? 2 : 1;",
          "x += p > 0xffff ? 2 : 1;",
          "}",
          `if (z === 1) { i += y; ${this.enter(next)} }`,
          this.fail(),
        ].join("\n"),
      ],
    ];
  }

  private behind(n: number, next: number): readonly Code[] {
    const cond = this.arg(n, 0);
    const rmax = this.arg(n, 1);
    const rmin = this.arg(n, 2);
    const supplementary = this.arg(n, 3) === 1;
    // i, j = where the condition is tried, x = the lowest start, y = the lookbehindTo to restore.
    return [
      [
        0,
        [
          `x = Math.max((i - ${supplementary ? `countChars(text, i, ${-rmax | 0})` : rmax}) | 0, 0);`,
          "y = m.lookbehindTo;",
          "m.lookbehindTo = i;",
          `j = (i - ${supplementary ? `countChars(text, i, ${-rmin | 0})` : rmin}) | 0;`,
          "r = false;",
          this.jump(n, 2),
        ].join("\n"),
      ],
      [
        1,
        [
          this.pop("i", "j", "x", "y"),
          `if (!r) j -= ${supplementary ? "j > x ? countChars(text, j, -1) : 1" : "1"};`,
          this.jump(n, 2),
        ].join("\n"),
      ],
      [
        2,
        [
          "if (!r && j >= x) {",
          this.frame(["i", "j", "x", "y"], n, 1),
          "i = j;",
          this.enter(cond),
          "}",
          "m.lookbehindTo = y;",
          `if (${this.op[n] === Op.Behind ? "r" : "!r"}) { ${this.enter(next)} }`,
          this.fail(),
        ].join("\n"),
      ],
    ];
  }

  /**
   * A search whose pattern starts with a greedy repetition of one class of units: the attempts that start in the
   * same run of those units each read it to its end and back off over it, trying what follows at each position.
   * The run's end (`w`), and, back from it, how each of those tries certainly fails and at what cost, are worked
   * out once for the run: the highest position where that is not known (`x`), and the steps of the tries above the
   * current start's minimum (`y`). An attempt within the run that certainly fails is then counted without being
   * made: its entry, its tries and its return. What follows must be a character node or a Slice (whose failure on
   * its first character costs the step the interpreter counts there) or fail as `failure` works out; a try that
   * would move `last` counts as not known.
   */
  private runFailures(root: number): string {
    if (this.op[root] !== Op.CharGreedy || this.arg(root, 2) !== 1) return "";
    const t = this.arg(root, 0);
    const cmin = this.arg(root, 1);
    const after = this.next[root] as number;
    const fails = this.failsAt(after, "q");
    const failure = fails ? undefined : this.failures.from(after, "q");
    if (!fails && !failure) return "";
    // A try that would move `last` is left to be made.
    const cost = fails
      ? `(${fails} ? 1 : 0)`
      : failure?.steps.includes("la = ")
        ? `(la = -1, (f0 = ${failure.steps}) > 0 && la < 0 ? f0 : 0)`
        : (failure as Failure).steps;
    const depth = 1 + (failure?.depth ?? 0);
    const inRun = (v: string) => `${v} < length && (c = text.charCodeAt(${v}), ${this.test(t, "c")})`;
    return [
      `if (${inRun("i")}) {`,
      "if (i >= w) {",
      `for (w = i + 1; ${inRun("w")}; w++);`,
      "x = -1; y = 0;",
      `for (q = w; q >= i + ${cmin}; q--) { z = ${cost}; if (z === 0) { x = q; break; } y += z; }`,
      "}",
      `z = w - i < ${cmin} ? 2 : i + ${cmin} > x ? y + 2 : 0;`,
      `if (z > 0 && steps >= z && room >= ${depth}) {`,
      "steps -= z;",
      `if (w - i >= ${cmin}) { q = i + ${cmin}; y -= ${cost}; }`,
      "i++;",
      "continue scan;",
      "}",
      // The attempt is made: the registers are the nodes' again.
      "w = -1;",
      "}",
    ].join("\n");
  }

  // ---- Certain failures ----------------------------------------------------------------------------------

  /**
   * Code that makes no attempt of `node` at `i` when it certainly fails: `when` holds if so, having counted the
   * steps and the depth it would take and moved `last` as it would; `counted` then goes on with `then`, as after
   * the attempt.
   */
  private skip(node: number, then: string): { test: string; counted: string } | undefined {
    const failure = this.failures.from(node, "i");
    if (!failure) return undefined;
    this.temporaries = Math.max(this.temporaries, 1);
    const moves = failure.steps.includes("la = ");
    return {
      test: `(${moves ? "la = -1, " : ""}(f0 = ${failure.steps}) > 0) && steps >= f0 && room >= ${failure.depth}`,
      counted: `steps -= f0;${moves ? " if (la >= 0) last = la;" : ""}\n${then}`,
    };
  }

  // ---- Assembly --------------------------------------------------------------------------------------------

  /**
   * The function's source: the blocks a run can reach (from where it starts, through jumps, calls and the frames
   * pushed), laid out so that a block ending with a jump or a call is followed by its target where possible: that
   * transfer then falls through, without going round the switch.
   */
  source(): string {
    for (const [key, label] of this.labels) {
      if (!this.blocks.has(label)) throw new Error(`label ${label} (${key}) has no code`);
    }
    const reachable = new Set<number>();
    const todo = [EXIT, this.label(this.program.start, 0), this.label(this.program.root, 0)];
    while (todo.length > 0) {
      const label = todo.pop() as number;
      if (reachable.has(label)) continue;
      reachable.add(label);
      const code = this.blocks.get(label) as string;
      for (const [, target] of code.matchAll(JUMPS)) todo.push(Number(target));
      for (const [, target] of code.matchAll(RESUMES)) todo.push(Number(target));
    }
    const tail = (code: string) => LAST_JUMP.exec(code)?.[1];
    const placed = new Set<number>();
    const order: number[] = [];
    // Chains from where runs start, then from each target of the blocks placed, then the rest (where frames resume).
    const wanted = [this.label(this.program.start, 0), this.label(this.program.root, 0)];
    const rest = [...reachable].sort((a, b) => a - b);
    while (wanted.length > 0 || rest.length > 0) {
      let at = wanted.length > 0 ? wanted.shift() : rest.shift();
      while (at !== undefined && !placed.has(at)) {
        const code = this.blocks.get(at) as string;
        placed.add(at);
        order.push(at);
        for (const [, target] of code.matchAll(JUMPS)) wanted.push(Number(target));
        const next = tail(code);
        at = next === undefined ? undefined : Number(next);
      }
    }
    const cases = order.map((label, k) => {
      let code = this.blocks.get(label) as string;
      const following = order[k + 1];
      if (following !== undefined && tail(code) === String(following)) code = code.slice(0, -GOTO(following).length);
      code = code.replace(JUMPS, "{ pc = $1; continue run; }").replace(RESUMES, "$1");
      return `case ${label}: {\n${code}\n}`;
    });
    const temporaries = Array.from({ length: this.temporaries }, (_, k) => `, f${k} = 0, g${k} = 0`);
    return [
      '"use strict";',
      "const { stop, grow, javaException, unsupported, codePointAt, codePointBefore, countChars, nextBoundary,",
      "  categoryOf, isHigh, isLow, asciiLower, sameUnicodeCase, bound } = h;",
      ...[...this.constants].sort(),
      "return function run(m, pc, i, whole) {",
      "const text = m.text, length = text.length, groups = m.groups, locals = m.locals, memos = m.memos;",
      "let stack = m.stack, sp = 2, steps = m.steps, room = m.maxDepth, r = false;",
      "let last = m.last, j = 0, k = 0, x = 0, y = 0, z = 0, w = 0;",
      `let c = 0, p = 0, q = 0, s = '', la = -1${temporaries.join("")};`,
      // The frame under all others ends the run.
      `stack[0] = 0; stack[1] = ${EXIT};`,
      "if (--steps < 0 || --room < 0) stop(m, steps);",
      "run: for (;;) {",
      "switch (pc) {",
      ...cases,
      "}",
      "}",
      "};",
    ].join("\n");
  }
}
