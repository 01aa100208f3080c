import { study, type TreeInfo } from "./lookbehind.js";
import type { JavaRegex } from "./parse.js";
import { type CharPredicate, union, VERTICAL } from "./predicates.js";
import { MAX_REPS } from "./quantifiers.js";
import type { AssertionKind, RegexNode } from "./tree.js";

/**
 * A parsed Java regex compiled into the graph of nodes java.util.regex.Pattern builds (Slice, CharProperty,
 * Curly, GroupCurly, Loop, Branch, GroupHead/GroupTail...), laid out as instructions: an opcode, the instruction
 * that follows (`next`) and a few operands each. machine.ts runs it. Pattern's choices are kept because Java's
 * results depend on them: which repetition a quantifier becomes (a greedy `*` on a class runs without choice
 * points, a deterministic group is a GroupCurly, another a Loop that stops on an empty iteration), what an atom
 * matched independently means, and which greedy loops remember the positions where they failed.
 */

export const Op = {
  /** Pattern.accept: the end of an atom matched alone (or of a look-ahead), the position in `last`. */
  Accept: 0,
  /** Pattern.lastAccept: the end of the pattern, the whole text when matching as `matches`. */
  LastAccept: 1,
  /** CharProperty (a = test, b = 1 for BmpCharProperty). */
  Char: 2,
  /** Slice, a run of literals (a = the list of its characters' tests, b = their text when compared exactly, or -1). */
  Slice: 33,
  /** NFCCharProperty, under `(?c)` (a = test). */
  CanonicalChar: 3,
  Begin: 4,
  End: 5,
  Caret: 6,
  UnixCaret: 7,
  LastMatch: 8,
  /** Dollar, UnixDollar (a = 1 under `(?m)`). */
  Dollar: 9,
  UnixDollar: 10,
  /** `\R`. */
  LineEnding: 11,
  /** `\X`. */
  Grapheme: 12,
  /** `\b{g}`. */
  GraphemeBound: 13,
  /** Bound (a = 3 for `\b`, 4 for `\B`; b = 1 under `(?U)`). */
  Bound: 14,
  /** Ques (a = atom, b = Qtype). */
  Ques: 15,
  /** CharPropertyGreedy (a = test, b = cmin, c = 1 for a BMP predicate). */
  CharGreedy: 16,
  /** Curly (a = atom, b = cmin, c = cmax, d = Qtype, e = 1 when the atom is one character node). */
  Curly: 17,
  /** GroupCurly (a = atom, b = cmin, c = cmax, d = Qtype, e = local, f = group index x2, g = 1 if capturing). */
  GroupCurly: 18,
  /** Branch (a = index of its alternatives in `lists`, -1 standing for the connection's next; b = the BranchConn). */
  Branch: 19,
  BranchConn: 20,
  /** GroupHead (a = local). */
  GroupHead: 21,
  /** GroupTail (a = local, b = group index x2; group 0 for a group that does not capture). */
  GroupTail: 22,
  /** Prolog (a = its Loop). */
  Prolog: 23,
  /** Loop, LazyLoop (a = body, b = count local, c = local of the group's start, d = cmin, e = cmax, f = memo). */
  Loop: 24,
  LazyLoop: 25,
  /** BackRef, CIBackRef (a = group index x2; b = 1 for Unicode case). */
  BackRef: 26,
  CIBackRef: 27,
  /** Pos, Neg (a = condition). */
  Pos: 28,
  Neg: 29,
  /** Behind, NotBehind (a = condition, b = rmax, c = rmin, d = 1 to count code points). */
  Behind: 30,
  NotBehind: 31,
  LookBehindEnd: 32,
  /** Start, StartS: a search, trying each start in turn (next = the pattern's first instruction). */
  Start: 34,
} as const;

export const Qtype = { Greedy: 0, Lazy: 1, Possessive: 2, Independent: 3 } as const;

export interface Program {
  readonly op: Int32Array;
  readonly next: Int32Array;
  /** Operands: operand k of instruction n is `args[n * 7 + k]`. */
  readonly args: Int32Array;
  /** What the character nodes match (their `test` operand indexes this). */
  readonly predicates: readonly CharPredicate[];
  /** The alternatives of Branch instructions, the tests of Slice instructions. */
  readonly lists: readonly Int32Array[];
  /** The texts of Slice instructions compared exactly. */
  readonly literals: readonly string[];
  /** The first instruction of the pattern (Pattern's matchRoot), and the Start that searches with it. */
  readonly root: number;
  readonly start: number;
  readonly locals: number;
  /** The number of greedy loops that remember where they failed (Pattern's `localTCNCount`). */
  readonly memos: number;
  readonly groupCount: number;
  readonly groupNames: ReadonlyMap<string, number>;
  /** Start's minLength: a search tries no start closer than this to the end. */
  readonly minLength: number;
  /** StartS: the search steps over surrogate pairs. */
  readonly supplementary: boolean;
  /** Pattern's matchRoot is a Begin: a search tries one start only. */
  readonly anchored: boolean;
  /**
   * What a match must start with, where it can be told without running it: a literal text, or a test of the
   * first character (of the Basic Multilingual Plane; a surrogate is always tried). A search skips the starts that
   * fail it, whose attempts would fail at their first character with nothing left behind.
   */
  readonly prefix: string;
  readonly firstChar: CharPredicate | undefined;
  /**
   * For a pattern that ends with `$`, `\Z` or `\z` and has a bounded length, the most UTF-16 units a match and the
   * line terminator `$` may leave after it take: no match starts further from the end; -1 otherwise.
   */
  readonly maxUnits: number;
  /** An upper bound of the steps Java takes on one attempt of such a pattern, charged for each start skipped. */
  readonly attemptWork: number;
}

const MAX_ATTEMPT_WORK = 1000;

/**
 * An upper bound of the nodes Java visits on one attempt of a pattern without unbounded repetitions: its nodes,
 * times each repetition's and alternation's choices (Infinity past the bound that matters).
 */
function attemptWork(root: RegexNode): number {
  let nodes = 0;
  let choices = 1;
  const walk = (node: RegexNode): void => {
    nodes++;
    switch (node.kind) {
      case "sequence":
        for (const item of node.items) walk(item);
        return;
      case "alternation":
        choices *= node.alternatives.length;
        for (const alternative of node.alternatives) walk(alternative);
        return;
      case "group":
        if (node.behind) choices *= Math.max(1, node.behind.max - node.behind.min + 1);
        walk(node.body);
        return;
      case "repeat":
        choices *= node.max - node.min + 1;
        walk(node.body);
        return;
      default:
    }
  };
  walk(root);
  const work = nodes * choices;
  return Number.isFinite(work) && work <= MAX_ATTEMPT_WORK ? work : Number.POSITIVE_INFINITY;
}

/**
 * A search of a pattern anchored at the end starts where a match can still reach it (as JavaScript does, Java not):
 * the earlier starts would fail, and skipping them changes nothing when no attempt leaves anything behind (no
 * capture that outlives a failed attempt, no memory of failed positions, no `\b{g}`). Pattern measures lengths in
 * characters, each at most two units; `\X`, `(?c)` and back-references have no measured maximum.
 */
function maxUnits(root: RegexNode, info: TreeInfo, starts: Starts, ops: readonly number[]): number {
  if (!info.maxValid || info.maxLength < 0 || info.maxLength > 1_000_000 || starts.leaves()) return -1;
  // The starts skipped are charged at the most an attempt can cost, so that no runaway is hidden: only cheap ones.
  if (attemptWork(root) > MAX_ATTEMPT_WORK) return -1;
  if (ops.includes(Op.Grapheme) || ops.includes(Op.CanonicalChar)) return -1;
  const last = root.kind === "sequence" ? root.items.at(-1) : root;
  if (last?.kind !== "assertion") return -1;
  const after = last.what === "end" ? 0 : last.what === "dollar" ? 2 : last.what === "unix-dollar" ? 1 : -1;
  return after < 0 ? -1 : 2 * info.maxLength + after;
}

export const ARGS = 7;

const ASSERTIONS: Readonly<Record<AssertionKind, readonly [number, number, number]>> = {
  begin: [Op.Begin, 0, 0],
  end: [Op.End, 0, 0],
  caret: [Op.Caret, 0, 0],
  "unix-caret": [Op.UnixCaret, 0, 0],
  dollar: [Op.Dollar, 0, 0],
  "dollar-multiline": [Op.Dollar, 1, 0],
  "unix-dollar": [Op.UnixDollar, 0, 0],
  "unix-dollar-multiline": [Op.UnixDollar, 1, 0],
  "last-match": [Op.LastMatch, 0, 0],
  bound: [Op.Bound, 3, 0],
  "not-bound": [Op.Bound, 4, 0],
  "unicode-bound": [Op.Bound, 3, 1],
  "unicode-not-bound": [Op.Bound, 4, 1],
  "grapheme-bound": [Op.GraphemeBound, 0, 0],
};

const MODES = { greedy: Qtype.Greedy, lazy: Qtype.Lazy, possessive: Qtype.Possessive } as const;

type Group = RegexNode & { kind: "group" };
type Repeat = RegexNode & { kind: "repeat" };

class Builder {
  readonly op: number[] = [];
  readonly next: number[] = [];
  readonly args: number[] = [];
  readonly predicates: CharPredicate[] = [];
  readonly lists: Int32Array[] = [];
  readonly literals: string[] = [];
  locals = 0;
  /** Greedy unbounded loops outside any repeated group or look-behind: Pattern's topClosureNodes. */
  readonly topLoops: number[] = [];
  hasGroupRef = false;
  readonly accept: number;

  constructor() {
    this.accept = this.add(Op.Accept, -1);
  }

  add(op: number, next: number, ...operands: number[]): number {
    const index = this.op.length;
    this.op.push(op);
    this.next.push(next);
    for (let k = 0; k < ARGS; k++) this.args.push(operands[k] ?? 0);
    return index;
  }

  set(index: number, k: number, value: number): void {
    this.args[index * ARGS + k] = value;
  }

  test(node: RegexNode & { kind: "char" }): number {
    this.predicates.push(node.test);
    return this.predicates.length - 1;
  }

  /** The instructions of `node` followed by `end`; `top`: outside repeated groups and look-behinds. */
  node(node: RegexNode, end: number, top: boolean): number {
    switch (node.kind) {
      case "char":
        if (node.canonical) return this.add(Op.CanonicalChar, end, this.test(node));
        return this.add(Op.Char, end, this.test(node), node.test.bmp ? 1 : 0);
      case "sequence": {
        if (node.slice) return this.slice(node.items as (RegexNode & { kind: "char" })[], end);
        let next = end;
        for (let k = node.items.length - 1; k >= 0; k--) next = this.node(node.items[k] as RegexNode, next, top);
        return next;
      }
      case "alternation": {
        const conn = this.add(Op.BranchConn, end);
        const heads = node.alternatives.map((alternative) => {
          const head = this.node(alternative, conn, top);
          return head === conn ? -1 : head;
        });
        return this.add(Op.Branch, -1, this.list(heads), conn);
      }
      case "assertion": {
        const [op, a, b] = ASSERTIONS[node.what];
        return this.add(op, end, a, b);
      }
      case "special":
        return this.add(node.what === "line-break" ? Op.LineEnding : Op.Grapheme, end);
      case "backref":
        this.hasGroupRef = true;
        if (node.fold === "none") return this.add(Op.BackRef, end, node.group * 2);
        return this.add(Op.CIBackRef, end, node.group * 2, node.fold === "unicode" ? 1 : 0);
      case "group":
        return this.group(node, end, top);
      case "repeat":
        return this.repeat(node, end, top);
    }
  }

  list(items: readonly number[]): number {
    this.lists.push(Int32Array.from(items));
    return this.lists.length - 1;
  }

  /** A Slice: its characters' tests, and its text when each is one character of the BMP compared exactly. */
  slice(chars: readonly (RegexNode & { kind: "char" })[], end: number): number {
    const exact = chars.every(({ test }) => test.op === "is" && test.bmp);
    const literal = exact ? String.fromCharCode(...chars.map(({ test }) => (test as { cp: number }).cp)) : undefined;
    if (literal !== undefined) this.literals.push(literal);
    const tests = chars.map((char) => this.test(char));
    return this.add(Op.Slice, end, this.list(tests), literal === undefined ? -1 : this.literals.length - 1);
  }

  /**
   * GroupHead, the body, GroupTail, then `end` (Pattern.createGroup): the head (none when `headless`, for a
   * GroupCurly, which matches from the body), the body's start, the local.
   */
  framed(group: Group, end: number, top: boolean, headless = false): { head: number; body: number; local: number } {
    const local = this.locals++;
    const capture = group.type === "capture" ? (group.index as number) * 2 : 0;
    const tail = this.add(Op.GroupTail, end, local, capture);
    const body = this.node(group.body, tail, top);
    const head = headless ? -1 : this.add(Op.GroupHead, body, local);
    return { head, body, local };
  }

  group(group: Group, end: number, top: boolean): number {
    switch (group.type) {
      case "capture":
      case "non-capture":
      case "flags":
        return this.framed(group, end, top).head;
      case "lookahead":
      case "negative-lookahead":
        return this.add(group.type === "lookahead" ? Op.Pos : Op.Neg, end, this.framed(group, this.accept, top).head);
      case "atomic":
        return this.add(Op.Ques, end, this.framed(group, this.accept, top).head, Qtype.Independent);
      case "lookbehind":
      case "negative-lookbehind": {
        const { min, max, supplementary } = group.behind as NonNullable<Group["behind"]>;
        const cond = this.framed(group, this.add(Op.LookBehindEnd, -1), false).head;
        const op = group.type === "lookbehind" ? Op.Behind : Op.NotBehind;
        return this.add(op, end, cond, max, min, supplementary ? 1 : 0);
      }
    }
  }

  repeat(repeat: Repeat, end: number, top: boolean): number {
    const { body, min } = repeat;
    const max = repeat.max === Number.POSITIVE_INFINITY ? MAX_REPS : repeat.max;
    const mode = MODES[repeat.mode];
    const ques = min === 0 && max === 1;
    if (body.kind === "group" && (body.type === "capture" || body.type === "non-capture" || body.type === "flags")) {
      return this.repeatGroup(repeat, body, end, top, max);
    }
    if (ques) return this.add(Op.Ques, end, this.node(body, this.accept, top), mode);
    // Pattern.curly: a greedy "*", "+" or "{n,}" on a character runs without an atom.
    if (
      mode === Qtype.Greedy &&
      repeat.max === Number.POSITIVE_INFINITY &&
      body.kind === "char" &&
      body.canonical !== true
    ) {
      return this.add(Op.CharGreedy, end, this.test(body), min, body.test.bmp ? 1 : 0);
    }
    const atom = this.node(body, this.accept, top);
    // A Curly of one character node runs its atom in place, without a call (see charAtom in emit.ts).
    const simple = this.op[atom] === Op.Char && this.next[atom] === this.accept ? 1 : 0;
    return this.add(Op.Curly, end, atom, min, max, mode, simple);
  }

  /** A repeated group, as Pattern.group0 builds it: a Branch, Ques, Curly, GroupCurly or Loop. */
  repeatGroup(repeat: Repeat, group: Group, end: number, top: boolean, max: number): number {
    const mode = MODES[repeat.mode];
    const min = repeat.min;
    if (mode === Qtype.Possessive) {
      const atom = this.framed(group, this.accept, false).head;
      if (min === 0 && max === 1) return this.add(Op.Ques, end, atom, mode);
      return this.add(Op.Curly, end, atom, min, max, mode);
    }
    if (min === 0 && max === 1) {
      const conn = this.add(Op.BranchConn, end);
      const head = this.framed(group, conn, false).head;
      return this.add(Op.Branch, -1, this.list(mode === Qtype.Greedy ? [head, -1] : [-1, head]), conn);
    }
    if (study(group).deterministic) {
      // GroupCurly matches the body alone: its GroupTail, seeing no start, ends the atom.
      const { body, local } = this.framed(group, this.accept, false, true);
      const capture = group.type === "capture";
      const index = capture ? (group.index as number) * 2 : 0;
      return this.add(Op.GroupCurly, end, body, min, max, mode, local, index, capture ? 1 : 0);
    }
    const count = this.locals++;
    const loop = this.add(mode === Qtype.Greedy ? Op.Loop : Op.LazyLoop, end);
    const { head, local } = this.framed(group, loop, false);
    this.set(loop, 0, head);
    this.set(loop, 1, count);
    this.set(loop, 2, local);
    this.set(loop, 3, min);
    this.set(loop, 4, max);
    this.set(loop, 5, -1);
    if (mode === Qtype.Greedy && max === MAX_REPS && top) this.topLoops.push(loop);
    return this.add(Op.Prolog, -1, loop);
  }
}

/** Compiles a pattern that Pattern.compile accepts. */
export function compileProgram(regex: JavaRegex & { root: RegexNode }): Program {
  const b = new Builder();
  const last = b.add(Op.LastAccept, -1);
  const root = b.node(regex.root, last, true);
  const start = b.add(Op.Start, root);
  let memos = 0;
  if (!b.hasGroupRef) for (const loop of b.topLoops) b.set(loop, 5, memos++);
  // `\b{g}` reads where the last atom ended, which a skipped attempt would have moved: nothing is skipped then.
  const starts = b.op.includes(Op.GraphemeBound) ? undefined : new Starts(b);
  const first = starts?.firstOf(root) ?? ANY;
  const info = study(regex.root);
  return {
    op: Int32Array.from(b.op),
    next: Int32Array.from(b.next),
    args: Int32Array.from(b.args),
    predicates: b.predicates,
    lists: b.lists,
    literals: b.literals,
    root,
    start,
    locals: b.locals,
    memos,
    groupCount: regex.groupCount,
    groupNames: regex.groupNames,
    minLength: info.minLength,
    maxUnits: starts && memos === 0 && !regex.supplementary ? maxUnits(regex.root, info, starts, b.op) : -1,
    attemptWork: attemptWork(regex.root),
    supplementary: regex.supplementary,
    anchored: b.op[root] === Op.Begin,
    prefix: starts?.prefix(root) ?? "",
    firstChar: first === ANY || first.empty ? undefined : union(...first.chars),
  };
}

/** What a match from an instruction starts with: the predicates of its first character, or ANY. */
type First = { readonly chars: readonly CharPredicate[]; readonly empty: boolean } | typeof ANY;
const ANY = "any";
const EMPTY: First = { chars: [], empty: true };

/**
 * The first characters of the matches from an instruction, as far as they can be known without running the
 * program and without changing what Java does: a start is skipped only when its attempt would fail at its first
 * character leaving nothing behind. So anything that may capture or change the matcher's state without consuming
 * a character (a look-ahead, a look-behind that captures, a possessive or atomic group that may match nothing,
 * `\b{g}`, which reads the end of the last atom) makes it ANY, as do back-references and `\X`.
 */
class Starts {
  private readonly seen = new Map<number, First>();

  constructor(private readonly b: Builder) {}

  private arg(node: number, k: number): number {
    return this.b.args[node * ARGS + k] as number;
  }

  private next(node: number): number {
    return this.b.next[node] as number;
  }

  /** The literal every match starts with (single characters of the BMP that are not surrogates). */
  prefix(root: number): string {
    let text = "";
    for (let node = root; text.length < 64; node = this.next(node)) {
      const op = this.b.op[node];
      if (op === Op.GroupHead) continue;
      if (op === Op.Slice) {
        const literal = this.arg(node, 1);
        if (literal === -1) break;
        text += this.b.literals[literal];
        continue;
      }
      if (op !== Op.Char) break;
      const predicate = this.b.predicates[this.arg(node, 0)] as CharPredicate;
      if (predicate.op !== "is" || !predicate.bmp || (predicate.cp >= 0xd800 && predicate.cp <= 0xdfff)) break;
      text += String.fromCharCode(predicate.cp);
    }
    return text;
  }

  /**
   * What a match from `root` starts with. The instructions are studied in the order they were built, each after
   * those it continues with or calls (built before it, but for a Loop's body, which a Loop never studies): so the
   * study of each finds theirs known, and a long pattern never nests it deeply.
   */
  firstOf(root: number): First {
    for (let node = 0; node < root; node++) this.first(node);
    return this.first(root);
  }

  private first(node: number): First {
    const known = this.seen.get(node);
    if (known) return known;
    // A loop back to an instruction being studied: a repetition that can come round without consuming.
    this.seen.set(node, ANY);
    const found = this.study(node);
    this.seen.set(node, found);
    return found;
  }

  private study(node: number): First {
    const b = this.b;
    switch (b.op[node]) {
      case Op.Accept:
      case Op.LastAccept:
        return EMPTY;
      case Op.Char:
        return { chars: [b.predicates[this.arg(node, 0)] as CharPredicate], empty: false };
      case Op.Slice:
        return { chars: [b.predicates[b.lists[this.arg(node, 0)]?.[0] as number] as CharPredicate], empty: false };
      case Op.LineEnding:
        return { chars: [VERTICAL], empty: false };
      case Op.Begin:
      case Op.End:
      case Op.Caret:
      case Op.UnixCaret:
      case Op.LastMatch:
      case Op.Dollar:
      case Op.UnixDollar:
      case Op.Bound:
      case Op.BranchConn:
      case Op.GroupHead:
      case Op.GroupTail:
        return this.first(this.next(node));
      case Op.CharGreedy: {
        const chars: First = { chars: [b.predicates[this.arg(node, 0)] as CharPredicate], empty: false };
        return this.arg(node, 1) > 0 ? chars : this.either(chars, this.first(this.next(node)));
      }
      case Op.Ques:
      case Op.Curly: {
        const atom = this.first(this.arg(node, 0));
        if (atom === ANY || atom.empty) return ANY;
        const optional = b.op[node] === Op.Ques ? this.arg(node, 1) !== Qtype.Independent : this.arg(node, 1) === 0;
        return optional ? this.either(atom, this.first(this.next(node))) : atom;
      }
      case Op.GroupCurly: {
        const atom = this.first(this.arg(node, 0));
        if (atom === ANY || atom.empty) return ANY;
        return this.arg(node, 1) > 0 ? atom : this.either(atom, this.first(this.next(node)));
      }
      case Op.Branch: {
        let found: First = { chars: [], empty: false };
        for (const alternative of b.lists[this.arg(node, 0)] as Int32Array) {
          found = this.either(found, this.first(alternative === -1 ? this.next(this.arg(node, 1)) : alternative));
        }
        return found;
      }
      case Op.Prolog: {
        const loop = this.arg(node, 0);
        const body = this.first(this.arg(loop, 0));
        if (body === ANY || body.empty) return ANY;
        return this.arg(loop, 3) > 0 ? body : this.either(body, this.first(this.next(loop)));
      }
      case Op.Behind:
      case Op.NotBehind:
      case Op.Neg:
        return this.captures(this.arg(node, 0)) ? ANY : this.first(this.next(node));
      case Op.Pos: {
        // What follows, or else what the look-ahead itself must start with.
        if (this.captures(this.arg(node, 0))) return ANY;
        const after = this.first(this.next(node));
        if (after !== ANY && !after.empty) return after;
        const ahead = this.first(this.arg(node, 0));
        return ahead !== ANY && !ahead.empty ? ahead : ANY;
      }
      default:
        return ANY;
    }
  }

  /** Whether some instruction may capture in a way a failed attempt does not undo (see maxUnits). */
  leaves(): boolean {
    const b = this.b;
    for (let node = 0; node < b.op.length; node++) {
      const op = b.op[node];
      const atomic = op === Op.Ques || op === Op.Curly || op === Op.Pos || op === Op.Neg;
      if ((atomic || op === Op.Behind || op === Op.NotBehind) && this.captures(this.arg(node, 0))) return true;
    }
    return false;
  }

  private either(a: First, b: First): First {
    if (a === ANY || b === ANY) return ANY;
    return { chars: [...a.chars, ...b.chars], empty: a.empty || b.empty };
  }

  /** Whether the instructions from `node` may set a group (a capturing GroupTail or GroupCurly). */
  private captures(node: number, seen = new Set<number>()): boolean {
    const b = this.b;
    for (let at = node; at >= 0 && !seen.has(at); at = this.next(at)) {
      seen.add(at);
      const op = b.op[at];
      if ((op === Op.GroupTail && this.arg(at, 1) > 0) || (op === Op.GroupCurly && this.arg(at, 6) === 1)) return true;
      if (op === Op.Branch) {
        for (const alternative of b.lists[this.arg(at, 0)] as Int32Array) {
          if (alternative >= 0 && this.captures(alternative, seen)) return true;
        }
      }
      if (
        (op === Op.Ques ||
          op === Op.Curly ||
          op === Op.GroupCurly ||
          op === Op.Pos ||
          op === Op.Neg ||
          op === Op.Prolog) &&
        this.captures(this.arg(at, 0), seen)
      )
        return true;
      if ((op === Op.Behind || op === Op.NotBehind) && this.captures(this.arg(at, 0), seen)) return true;
      if (op === Op.Loop || op === Op.LazyLoop) {
        if (this.captures(this.arg(at, 0), seen)) return true;
      }
    }
    return false;
  }
}
