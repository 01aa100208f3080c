import { describeFunction, formatSignature } from "@mailroom/compiler";
import type { ParsedDocument } from "./document.js";
import { expressionAt } from "./expression-site.js";
import { callAt, tokensAt } from "./expression-tokens.js";
import type { SignatureHelp } from "./types.js";

/**
 * Signature help inside a call of a DSL expression: the function's parameters, with the one the cursor's
 * argument binds to (by position, counting the piped value of a pipe step, or by its `name=`).
 */
export function signatureHelp(doc: ParsedDocument, offset: number): SignatureHelp | undefined {
  if (doc.source.format !== "dsl") return undefined;
  const expression = expressionAt(doc, offset);
  if (!expression) return undefined;
  const call = callAt(tokensAt(expression.text, expression.cursor));
  if (!call || call.spec.form === "keyword") return undefined;
  return {
    label: formatSignature(call.spec),
    documentation: describeFunction(call.spec),
    parameters: call.spec.parameters.map((p) => ({ label: p.name, documentation: p.doc })),
    activeParameter: Math.max(0, call.parameterIndex),
  };
}
