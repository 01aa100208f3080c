import type { Span } from "@mailroom/syntax";
import { quote } from "../quote.js";
import * as cs from "./char-set.js";
import type { RegexNode } from "./tree.js";

/**
 * A heuristic search for the shapes of regular expression that make a backtracking matcher such as Java's take
 * exponential time on a near miss: a repeated group whose body can match the same text in several ways, because
 *
 * - it contains a variable quantifier whose characters the rest of the body can also be made of (`(a+)+`,
 *   `(\w+\s?)*`, `(.*,)*`, `(a*b*)*`), or
 * - two of its alternatives match a common string, or one alternative matches what a sequence of others does
 *   (`(a|a)*`, `(\s|.)*`, `(ab|a|b)*`, `(a|aa)*`).
 *
 * It works on the parse tree with approximate character sets (see char-set.ts). Limits: it does not see
 * polynomial blow-ups (`.*.*.*x`, `\s*\w*\s*` on long text), ambiguity spread across a sequence outside any
 * repeated group, or back-references; alternatives of variable length are compared by their first characters
 * only. Possessive quantifiers and atomic groups are trusted to stop backtracking. A repeat counts as
 * "repeated" when unbounded or allowed 10 times or more. The work is bounded by a budget of node visits.
 */

export interface BacktrackingRisk {
  /** One sentence: what can match in several ways, and what to write instead. */
  readonly message: string;
  /** The repeated group concerned. */
  readonly span: Span;
}

type Repeat = RegexNode & { kind: "repeat" };

const q = (text: string) => quote(text, 40);
const BUDGET = 200_000;
const MAX_FIXED = 16;

const repeats = (node: RegexNode): node is Repeat =>
  node.kind === "repeat" && node.mode !== "possessive" && (node.max === Number.POSITIVE_INFINITY || node.max >= 10);
const variable = (node: RegexNode): node is Repeat =>
  node.kind === "repeat" && node.mode !== "possessive" && node.max > node.min && node.max >= 2;
const transparent = (node: RegexNode & { kind: "group" }) =>
  node.type === "capture" || node.type === "non-capture" || node.type === "flags";

class Analysis {
  private readonly charsMemo = new WeakMap<RegexNode, cs.CharSet>();
  private readonly nullableMemo = new WeakMap<RegexNode, boolean>();
  private readonly fixedMemo = new WeakMap<RegexNode, readonly cs.CharSet[] | null>();
  private budget = BUDGET;
  readonly risks: BacktrackingRisk[] = [];

  constructor(private readonly pattern: string) {}

  private text(node: { span: Span }): string {
    return this.pattern.slice(node.span.offset, node.span.offset + node.span.length);
  }

  private spend(): boolean {
    return --this.budget >= 0;
  }

  /** Every character the node can consume. */
  chars(node: RegexNode): cs.CharSet {
    const known = this.charsMemo.get(node);
    if (known) return known;
    let set: cs.CharSet;
    switch (node.kind) {
      case "char":
      case "special":
        set = node.set;
        break;
      case "sequence":
        set = cs.unionOf(node.items.map((item) => this.chars(item)));
        break;
      case "alternation":
        set = cs.unionOf(node.alternatives.map((alternative) => this.chars(alternative)));
        break;
      case "group":
        set = node.type.includes("look") ? cs.EMPTY : this.chars(node.body);
        break;
      case "repeat":
        set = node.max === 0 ? cs.EMPTY : this.chars(node.body);
        break;
      default:
        set = cs.EMPTY;
    }
    this.charsMemo.set(node, set);
    return set;
  }

  nullable(node: RegexNode): boolean {
    const known = this.nullableMemo.get(node);
    if (known !== undefined) return known;
    let result: boolean;
    switch (node.kind) {
      case "char":
      case "special":
        result = false;
        break;
      case "sequence":
        result = node.items.every((item) => this.nullable(item));
        break;
      case "alternation":
        result = node.alternatives.some((alternative) => this.nullable(alternative));
        break;
      case "group":
        result = node.type.includes("look") || this.nullable(node.body);
        break;
      case "repeat":
        result = node.min === 0 || this.nullable(node.body);
        break;
      default:
        result = true;
    }
    this.nullableMemo.set(node, result);
    return result;
  }

  /** Whether the node can match some string made only of characters of `set` (the empty string counts). */
  madeOf(node: RegexNode, set: cs.CharSet): boolean {
    if (!this.spend()) return false;
    switch (node.kind) {
      case "char":
      case "special":
        return cs.overlaps(node.set, set);
      case "sequence":
        return node.items.every((item) => this.madeOf(item, set));
      case "alternation":
        return node.alternatives.some((alternative) => this.madeOf(alternative, set));
      case "group":
        return node.type.includes("look") || this.madeOf(node.body, set);
      case "repeat":
        return node.min === 0 || this.madeOf(node.body, set);
      default:
        return true;
    }
  }

  /** The node as a fixed sequence of character sets, when it matches strings of one length only. */
  fixed(node: RegexNode): readonly cs.CharSet[] | undefined {
    const known = this.fixedMemo.get(node);
    if (known !== undefined) return known ?? undefined;
    let result: readonly cs.CharSet[] | undefined;
    switch (node.kind) {
      case "char":
        result = [node.set];
        break;
      case "assertion":
        result = [];
        break;
      case "sequence": {
        const parts: cs.CharSet[] = [];
        for (const item of node.items) {
          const part = this.fixed(item);
          if (!part || parts.length + part.length > MAX_FIXED) {
            result = undefined;
            break;
          }
          parts.push(...part);
          result = parts;
        }
        if (node.items.length === 0) result = [];
        break;
      }
      case "group":
        result = node.type.includes("look") ? [] : this.fixed(node.body);
        break;
      case "repeat": {
        const body = this.fixed(node.body);
        result =
          body && node.min === node.max && body.length * node.min <= MAX_FIXED
            ? Array.from({ length: node.min }, () => body).flat()
            : undefined;
        break;
      }
      default:
        result = undefined;
    }
    this.fixedMemo.set(node, result ?? null);
    return result;
  }

  /**
   * Variable quantifiers inside `node` through which it can match a string made only of the quantifier's own
   * characters: every other mandatory part on the way can be made of them too.
   */
  private absorbing(node: RegexNode): Repeat[] {
    if (!this.spend()) return [];
    switch (node.kind) {
      case "repeat": {
        const inner = node.mode === "possessive" ? [] : this.absorbing(node.body);
        return variable(node) ? [node, ...inner] : inner;
      }
      case "group":
        return transparent(node) ? this.absorbing(node.body) : [];
      case "alternation":
        return node.alternatives.flatMap((alternative) => this.absorbing(alternative)).slice(0, 8);
      case "sequence": {
        const found: Repeat[] = [];
        node.items.forEach((item, k) => {
          for (const candidate of this.absorbing(item)) {
            const set = this.chars(candidate.body);
            if (node.items.every((other, j) => j === k || this.madeOf(other, set))) found.push(candidate);
          }
        });
        return found.slice(0, 8);
      }
      default:
        return [];
    }
  }

  /** The alternatives of a repeated body, if it is (a group around) an alternation. */
  private alternativesOf(body: RegexNode): readonly RegexNode[] | undefined {
    let node = body;
    for (;;) {
      if (node.kind === "group" && transparent(node)) node = node.body;
      else if (node.kind === "sequence" && node.items.length === 1) node = node.items[0] as RegexNode;
      else break;
    }
    return node.kind === "alternation" ? node.alternatives : undefined;
  }

  private nested(repeat: Repeat): BacktrackingRisk | undefined {
    const inner = this.absorbing(repeat.body)[0];
    if (!inner) return undefined;
    const quantifier = this.pattern.slice(inner.quantifier.offset, inner.quantifier.offset + inner.quantifier.length);
    const base = inner.mode === "lazy" ? quantifier.slice(0, -1) : quantifier;
    const body = this.text(inner.body);
    return {
      message: `The repeated group ${q(this.text(repeat))} contains ${q(this.text(inner))}, which can match the same characters as the rest of the group, so a near miss can make Java backtrack exponentially; expected parts that exclude each other, a possessive ${q(`${body}${base}+`)} or an atomic group "(?>...)".`,
      span: repeat.span,
    };
  }

  private ambiguous(repeat: Repeat): BacktrackingRisk | undefined {
    const alternatives = this.alternativesOf(repeat.body);
    if (!alternatives) return undefined;
    const shapes = alternatives.map((alternative) => this.fixed(alternative));
    const outer = q(this.text(repeat));
    const risk = (a: RegexNode, b: RegexNode): BacktrackingRisk => ({
      message: `The alternatives ${q(this.text(a))} and ${q(this.text(b))} of the repeated group ${outer} can match the same text, so a near miss can make Java backtrack exponentially; expected alternatives that exclude each other.`,
      span: repeat.span,
    });
    for (let i = 0; i < alternatives.length; i++) {
      for (let j = i + 1; j < alternatives.length; j++) {
        if (!this.spend()) return undefined;
        const a = alternatives[i] as RegexNode;
        const b = alternatives[j] as RegexNode;
        const shapeA = shapes[i];
        const shapeB = shapes[j];
        if (shapeA && shapeB) {
          if (
            shapeA.length > 0 &&
            shapeA.length === shapeB.length &&
            shapeA.every((set, k) => cs.overlaps(set, shapeB[k] as cs.CharSet))
          ) {
            return risk(a, b);
          }
        } else if (!this.nullable(a) && !this.nullable(b)) {
          const common = cs.intersect(this.chars(a), this.chars(b));
          if (common.length > 0 && this.madeOf(a, common) && this.madeOf(b, common)) return risk(a, b);
        }
      }
    }
    // An alternative that other alternatives, repeated, also spell: "aa" in (a|aa)*.
    for (let j = 0; j < alternatives.length; j++) {
      if (!this.spend()) return undefined;
      const target = shapes[j];
      if (!target || target.length < 2) continue;
      // For each position reached, the alternative that reached it and where that one started.
      const reached: ({ piece: number; from: number } | undefined)[] = new Array(target.length + 1);
      reached[0] = { piece: j, from: 0 };
      for (let at = 0; at < target.length; at++) {
        if (!reached[at]) continue;
        for (let k = 0; k < shapes.length; k++) {
          if (!this.spend()) return undefined;
          const piece = shapes[k];
          if (!piece || piece.length === 0 || (k === j && at === 0) || at + piece.length > target.length) continue;
          if (reached[at + piece.length]) continue;
          if (piece.every((set, n) => cs.overlaps(set, target[at + n] as cs.CharSet))) {
            reached[at + piece.length] = { piece: k, from: at };
          }
        }
      }
      if (!reached[target.length]) continue;
      const pieces: string[] = [];
      for (let at = target.length; at > 0; ) {
        const step = reached[at] as { piece: number; from: number };
        pieces.unshift(q(this.text(alternatives[step.piece] as RegexNode)));
        at = step.from;
      }
      return {
        message: `The alternative ${q(this.text(alternatives[j] as RegexNode))} of the repeated group ${outer} also matches as ${pieces.join(" then ")}, so a near miss can make Java backtrack exponentially; expected alternatives that exclude each other.`,
        span: repeat.span,
      };
    }
    return undefined;
  }

  walk(node: RegexNode): void {
    if (!this.spend()) return;
    if (repeats(node)) {
      const risk = this.nested(node) ?? this.ambiguous(node);
      if (risk) {
        this.risks.push(risk);
        return;
      }
    }
    switch (node.kind) {
      case "sequence":
        for (const item of node.items) this.walk(item);
        return;
      case "alternation":
        for (const alternative of node.alternatives) this.walk(alternative);
        return;
      case "group":
      case "repeat":
        this.walk(node.body);
        return;
      default:
        return;
    }
  }
}

/** The places where a pattern risks exponential backtracking, outermost first, one per repeated group. */
export function findBacktrackingRisks(root: RegexNode, pattern: string): BacktrackingRisk[] {
  const analysis = new Analysis(pattern);
  analysis.walk(root);
  return analysis.risks;
}
