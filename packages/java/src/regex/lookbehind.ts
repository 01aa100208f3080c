import { MAX_REPS } from "./quantifiers.js";
import type { RegexNode } from "./tree.js";

/**
 * Whether Java can bound the length of a look-behind: `Pattern` studies the look-behind's body with its
 * TreeInfo and rejects the pattern ("Look-behind group does not have an obvious maximum length") when the
 * maximum is not valid. This module replays that study on the tree, quirks included.
 */

/** The measure of Pattern.TreeInfo, with Java's 32-bit arithmetic. */
export interface TreeInfo {
  minLength: number;
  maxLength: number;
  maxValid: boolean;
  deterministic: boolean;
}

/**
 * Pattern's TreeInfo study of a look-behind body, with Java's 32-bit overflow: the look-behind is rejected when
 * `maxValid` ends false. Java's quirks are kept: a greedy `*` or `+` on one character class adds 2^31-1 to the
 * maximum without making it invalid (so `(?<=a*)` compiles), a back-reference or a repeated group of variable
 * length makes it invalid, and an alternation (or a `?` on a group, which Java turns into one) studies what
 * follows it afresh, as Java's Branch node does.
 */
class Study {
  private readonly fresh = new WeakMap<RegexNode, TreeInfo>();

  /** A fresh study of one node alone (its chain ending with it), memoized. */
  alone(node: RegexNode): TreeInfo {
    const known = this.fresh.get(node);
    if (known) return known;
    const info = newInfo();
    this.run([node], info);
    this.fresh.set(node, info);
    return info;
  }

  /**
   * The study of a chain of nodes into `info`. Java recurses from node to node; here groups and what follows
   * them are walked with an explicit continuation, and what an alternation adds once the rest is studied is kept
   * aside and added at the end (the additions commute), so only nesting costs stack.
   */
  run(first: readonly RegexNode[], info: TreeInfo): void {
    let items = first;
    let cont: Cont = null;
    let i = 0;
    const pending: { min: number; max: number; valid: boolean }[] = [];
    const finish = () => {
      for (const add of pending) {
        info.minLength = (info.minLength + add.min) | 0;
        info.maxLength = (info.maxLength + add.max) | 0;
        info.maxValid = info.maxValid && add.valid;
        info.deterministic = false;
      }
    };
    for (;;) {
      if (i >= items.length) {
        if (!cont) {
          finish();
          return;
        }
        items = cont.items;
        i = cont.index;
        cont = cont.next;
        continue;
      }
      const node = items[i] as RegexNode;
      i++;
      switch (node.kind) {
        case "char":
          info.minLength = (info.minLength + 1) | 0;
          // NFCCharProperty (under "(?c)") may read several characters, and says nothing of its maximum.
          if (node.canonical) info.deterministic = false;
          else info.maxLength = (info.maxLength + 1) | 0;
          break;
        case "assertion":
          break;
        case "backref":
          info.maxValid = false;
          break;
        case "special":
          // \R is a LineEnding (1 or 2 characters); \X an XGrapheme, which Java measures as 1 at least, no more.
          info.minLength = (info.minLength + 1) | 0;
          if (node.what === "grapheme") info.deterministic = false;
          else info.maxLength = (info.maxLength + 2) | 0;
          break;
        case "sequence":
          cont = { items, index: i, next: cont };
          items = node.items;
          i = 0;
          break;
        case "alternation":
          pending.push(this.branch(node.alternatives, info));
          break;
        case "group":
          if (isLookaround(node)) break;
          if (node.type === "atomic") {
            this.run(itemsOf(node.body), info);
            break;
          }
          cont = { items, index: i, next: cont };
          items = itemsOf(node.body);
          i = 0;
          break;
        case "repeat": {
          const outcome = this.repeat(node, info);
          if (outcome === "stop") {
            finish();
            return;
          }
          if (outcome !== "continue") pending.push(outcome);
          break;
        }
      }
    }
  }

  /**
   * Java's Branch: each alternative alone; what follows is then studied afresh, and the branch's lengths (with
   * what preceded it) are added after: returned here, for the caller to add at the end.
   */
  private branch(alternatives: readonly RegexNode[], info: TreeInfo): { min: number; max: number; valid: boolean } {
    const minL = info.minLength;
    const maxL = info.maxLength;
    let maxV = info.maxValid;
    let minL2 = 0x7fffffff;
    let maxL2 = -1;
    for (const alternative of alternatives) {
      const branch = this.alone(alternative);
      minL2 = Math.min(minL2, branch.minLength);
      maxL2 = Math.max(maxL2, branch.maxLength);
      maxV = maxV && branch.maxValid;
    }
    Object.assign(info, newInfo());
    return { min: (minL + minL2) | 0, max: (maxL + maxL2) | 0, valid: maxV };
  }

  /** Adds a repeat to `info`: "continue", "stop" (a Loop, where Java stops measuring) or a branch's addition. */
  private repeat(
    node: RegexNode & { kind: "repeat" },
    info: TreeInfo,
  ): "continue" | "stop" | { min: number; max: number; valid: boolean } {
    const body = node.body;
    const group = body.kind === "group" && !isLookaround(body) && body.type !== "atomic";
    if (node.min === 0 && node.max === 1) {
      if (group && node.mode !== "possessive") return this.branch([body, EMPTY_SEQUENCE], info);
      // Ques: the body's lengths, but no minimum.
      const min = info.minLength;
      this.run([body], info);
      info.minLength = min;
      info.deterministic = false;
      return "continue";
    }
    if (node.mode === "greedy" && node.max === Number.POSITIVE_INFINITY && body.kind === "char" && !body.canonical) {
      info.minLength = (info.minLength + node.min) | 0;
      if (info.maxValid) info.maxLength = (info.maxLength + MAX_REPS) | 0;
      info.deterministic = false;
      return "continue";
    }
    if (group && node.mode !== "possessive" && !this.alone(body).deterministic) {
      info.maxValid = false;
      info.deterministic = false;
      return "stop";
    }
    // Curly or GroupCurly.
    const min = info.minLength;
    const max = info.maxLength;
    const valid = info.maxValid;
    const deterministic = info.deterministic;
    const inner = this.alone(body);
    const cmax = node.max === Number.POSITIVE_INFINITY ? MAX_REPS : node.max;
    let temp = (Math.imul(inner.minLength, node.min) + min) | 0;
    if (temp < min) temp = 0xfffffff;
    info.minLength = temp;
    if (valid && inner.maxValid) {
      temp = (Math.imul(inner.maxLength, cmax) + max) | 0;
      info.maxLength = temp;
      info.maxValid = temp >= max;
    } else {
      info.maxLength = inner.maxLength;
      info.maxValid = false;
    }
    info.deterministic = inner.deterministic && node.min === cmax ? deterministic : false;
    return "continue";
  }
}

type Cont = { readonly items: readonly RegexNode[]; readonly index: number; readonly next: Cont } | null;

const EMPTY_SEQUENCE: RegexNode = { kind: "sequence", items: [], span: { offset: 0, length: 0 } };
const newInfo = (): TreeInfo => ({ minLength: 0, maxLength: 0, maxValid: true, deterministic: true });
const itemsOf = (node: RegexNode): readonly RegexNode[] => (node.kind === "sequence" ? node.items : [node]);
const isLookaround = (node: RegexNode & { kind: "group" }) => node.type.includes("look");

/**
 * Pattern.TreeInfo's study of a node: its lengths (a look-behind is bounded when `maxValid`), and whether it can
 * match in one way only (`deterministic`), which decides how Java repeats a group.
 */
export function study(node: RegexNode): TreeInfo {
  const info = newInfo();
  new Study().run(itemsOf(node), info);
  return info;
}
