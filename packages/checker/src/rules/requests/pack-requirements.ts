import { indexExpressions } from "../../engine/expressions.js";
import { isReference } from "../../engine/metadata-scope.js";
import type { ExpressionNode, Path } from "../../engine/rule.js";
import { defineRequestRule } from "../../requests/request-rule.js";
import { jobOf, q } from "./shared.js";

const startsWith = (path: Path, prefix: Path) => prefix.every((segment, i) => path[i] === segment);

/**
 * Whether a reference has a fallback: it sits in an operand of a coalesce other than the last, so that an empty
 * value gives way to the next operand.
 */
function hasFallback(reference: ExpressionNode, coalesces: readonly ExpressionNode[]): boolean {
  return coalesces.some(({ node, path }) => {
    const operands = Array.isArray(node.operands) ? node.operands.length : 0;
    if (!startsWith(reference.path, path) || reference.path[path.length] !== "operands") return false;
    const operand = reference.path[path.length + 1];
    return typeof operand === "number" && operand < operands - 1;
  });
}

/** The requirements a job gives are those its service reads; one the service reads with no fallback is given. */
export const rule = defineRequestRule({
  meta: {
    id: "pack-requirements",
    files: ["job"],
    basis: {
      kind: "implies",
      section: "Job",
      quote:
        "e.g. requirement POSTAL_ADDRESS_RECIPIENT given as an exv.Value with a multi-line address text (mail-merged job)",
    },
    description:
      "A job gives every requirement its service reads without a fallback, and none the service does not read.",
    messages: {
      missing:
        "Service {{service}} reads requirement {{name}} without a fallback, and the job does not give it; expected it in packRequirements.",
      unused: "Service {{service}} does not read requirement {{name}}; expected only requirements it reads.",
      read: "Requirement {{name}} is read here.",
    },
  },
  check(context) {
    const service = context.facts.service;
    if (!service) return;
    const expressions = indexExpressions(service.service);
    const coalesces = expressions.filter((e) => e.node["@type"] === "exv.Coalesce");
    const references = expressions.filter((e) => isReference(e, "REQUIREMENT"));
    const given = jobOf(context).parameters.packRequirements ?? {};
    const data = (name: string) => ({ name: q(name), service: q(service.service.name) });
    const reported = new Set<string>();
    for (const reference of references) {
      const name = String(reference.node.identifier);
      if (name in given || reported.has(name) || hasFallback(reference, coalesces)) continue;
      reported.add(name);
      context.report({
        path: ["parameters"],
        at: "key",
        messageId: "missing",
        data: data(name),
        related: [{ in: "service", path: reference.path, messageId: "read", data: data(name) }],
      });
    }
    const read = new Set(references.map((r) => String(r.node.identifier)));
    for (const name of Object.keys(given)) {
      if (!read.has(name)) {
        context.report({
          path: ["parameters", "packRequirements", name],
          at: "key",
          messageId: "unused",
          data: data(name),
        });
      }
    }
  },
});
