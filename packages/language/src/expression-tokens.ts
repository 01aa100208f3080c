import { type FunctionSpec, findFunction, type ParameterSpec } from "@mailroom/compiler";
import { type Token, tokenize } from "@mailroom/syntax";

/**
 * The tokens around a cursor inside an expression's text. Completion and signature help read tokens rather
 * than the parse tree, because the text being typed is rarely a complete expression: `concat(meta.` parses
 * to an error node, while its tokens still say "a name after `meta.`, in the first argument of concat".
 */

export interface CallAt {
  readonly spec: FunctionSpec;
  /** The call's name token. */
  readonly callee: Token;
  /** Written as a pipe step (`x | f(...)`): its first parameter is the piped value. */
  readonly piped: boolean;
  /** Index of the argument the cursor is in, counting the piped value. */
  readonly position: number;
  /** The `name=` of the argument the cursor is in, when written. */
  readonly named: string | undefined;
  /** Names of the arguments already written with `name=`, and bare flags. */
  readonly given: ReadonlySet<string>;
  /** The parameter the cursor's argument binds to. */
  readonly parameter: ParameterSpec | undefined;
  /** Index of that parameter in the function's list. */
  readonly parameterIndex: number;
}

export interface TokensAt {
  readonly tokens: readonly Token[];
  /** The identifier, string, number or regex the cursor is in or just after. */
  readonly current: Token | undefined;
  /** Index in `tokens` of the first token before `current` (or before the cursor). */
  readonly previous: number;
}

export const OPENERS: ReadonlySet<string> = new Set(["(", "[", "{"]);
const CLOSERS: ReadonlySet<string> = new Set([")", "]", "}"]);

export function tokensAt(text: string, cursor: number): TokensAt {
  const tokens = tokenize(text).tokens;
  let index = tokens.findIndex((t) => t.kind !== "end" && t.offset < cursor && cursor <= t.offset + t.length);
  const found = tokens[index];
  // Only words are "being typed"; a cursor right after `(` or `,` is between tokens.
  const current = found && ["identifier", "string", "number", "regex"].includes(found.kind) ? found : undefined;
  if (!current) index = tokens.findIndex((t) => t.offset >= cursor || t.kind === "end");
  return { tokens, current, previous: index - 1 };
}

/**
 * The indexes of the tokens from `from` back to the start at the cursor's bracket level: a bracketed group
 * closed before the cursor is skipped whole, and an opening bracket left open is given (the walk then goes on
 * at the level around it).
 */
export function* levelBack(tokens: readonly Token[], from: number): Generator<number> {
  let depth = 0;
  for (let i = from; i >= 0; i--) {
    const kind = (tokens[i] as Token).kind;
    if (CLOSERS.has(kind)) depth++;
    else if (OPENERS.has(kind) && depth > 0) depth--;
    else if (depth === 0) yield i;
  }
}

/** The call whose argument list holds the cursor (the innermost), with the argument and parameter there. */
export function callAt(at: TokensAt): CallAt | undefined {
  const { tokens } = at;
  let commas = 0;
  /** Index of the comma that opens the cursor's argument, or -1 when it is the first. */
  let nearestComma = -1;
  const given = new Set<string>();
  for (const i of levelBack(tokens, at.previous)) {
    const token = tokens[i] as Token;
    if (OPENERS.has(token.kind)) {
      const callee = tokens[i - 1];
      if (token.kind === "(" && callee?.kind === "identifier") {
        const spec = findFunction(callee.value);
        if (!spec) return undefined;
        collectGiven(tokens, i + 1, at.previous + 1, given);
        const piped = tokens[i - 2]?.kind === "|";
        const argumentStart = nearestComma >= 0 ? nearestComma + 1 : i + 1;
        const nameToken = tokens[argumentStart];
        const named =
          nameToken?.kind === "identifier" &&
          tokens[argumentStart + 1]?.kind === "=" &&
          argumentStart + 1 <= at.previous
            ? nameToken.value
            : undefined;
        const position = commas + (piped ? 1 : 0);
        const parameterIndex = named
          ? spec.parameters.findIndex((p) => p.name === named)
          : positionalIndex(spec, position);
        return {
          spec,
          callee,
          piped,
          position,
          named,
          given,
          parameter: spec.parameters[parameterIndex],
          parameterIndex,
        };
      }
      // The cursor is inside a bracket of an argument (an area, parameters): look for the call around it.
      commas = 0;
      nearestComma = -1;
    } else if (token.kind === ",") {
      if (commas === 0) nearestComma = i;
      commas++;
    }
  }
  return undefined;
}

/** The parameter a positional argument binds to: the n-th positional one, `values...` taking all the rest. */
function positionalIndex(spec: FunctionSpec, position: number): number {
  let n = 0;
  for (const [i, parameter] of spec.parameters.entries()) {
    if (parameter.kind === "values") return i;
    if (!parameter.positional) continue;
    if (n === position) return i;
    n++;
  }
  return -1;
}

/** Argument names (`name=`) and bare names written at the top level of an argument list. */
function collectGiven(tokens: readonly Token[], from: number, to: number, given: Set<string>): void {
  let depth = 0;
  for (let i = from; i < to; i++) {
    const token = tokens[i] as Token;
    if (OPENERS.has(token.kind)) depth++;
    else if (CLOSERS.has(token.kind)) depth--;
    else if (depth === 0 && token.kind === "identifier") {
      const before = tokens[i - 1]?.kind;
      const after = tokens[i + 1]?.kind;
      if ((before === "," || before === "(") && (after === "=" || after === "," || after === ")" || after === "end"))
        given.add(token.value);
    }
  }
}
