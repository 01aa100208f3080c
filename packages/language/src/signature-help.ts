import { describeFunction, formatSignature } from "@mailroom/compiler";
import type { ParsedDocument } from "./document.js";
import { expressionAt } from "./expression-site.js";
import { type CallAt, callAt, type TokensAt, tokensAt } from "./expression-tokens.js";
import type { SignatureHelp } from "./types.js";

/**
 * Signature help inside a call of a DSL expression: the function's parameters, with the one the cursor's
 * argument binds to (by position, counting the piped value of a pipe step, by its `name=`, or the flag being
 * typed); none when the argument binds to none.
 */
export function signatureHelp(doc: ParsedDocument, offset: number): SignatureHelp | undefined {
  if (doc.source.format !== "dsl") return undefined;
  const expression = expressionAt(doc, offset);
  if (!expression) return undefined;
  const at = tokensAt(expression.text, expression.cursor);
  const call = callAt(at);
  if (!call || call.spec.form === "keyword") return undefined;
  return {
    label: formatSignature(call.spec),
    documentation: describeFunction(call.spec),
    parameters: call.spec.parameters.map((p) => ({ label: p.name, documentation: p.doc })),
    activeParameter: activeParameter(call, at),
  };
}

/**
 * The parameter of the cursor's argument. Past the positional parameters an argument is a flag, written bare:
 * the flag whose name the argument begins (the first not yet given), else the first flag not yet given.
 */
function activeParameter(call: CallAt, at: TokensAt): number | null {
  if (call.parameterIndex >= 0) return call.parameterIndex;
  const typed = at.current?.kind === "identifier" ? at.current.value : "";
  const exact = call.spec.parameters.findIndex((p) => p.kind === "flag" && p.name === typed);
  if (exact >= 0) return exact;
  const flags = call.spec.parameters.flatMap((p, i) => (p.kind === "flag" && p.name.startsWith(typed) ? [i] : []));
  const open = flags.filter((i) => !call.given.has(call.spec.parameters[i]?.name ?? ""));
  return open[0] ?? flags[0] ?? null;
}
