import { defineRule } from "../../engine/rule.js";

/** An end index of 0 or -1 means "to the end"; any other end must come after the begin index. */
const endsBeforeBegin = (begin: unknown, end: unknown): boolean =>
  typeof begin === "number" && typeof end === "number" && end !== 0 && end !== -1 && end <= begin;

/** The expressions that cut a text between two indexes. */
const RANGED = ["exv.Substring", "exv.FileName"];

/**
 * `exv.Substring` with an end index that is not after its begin index (the spec: 0 and -1 mean "to the end",
 * any other end must be strictly greater than the begin). `exv.FileName` has its own `begin` and `end`, which
 * the spec does not describe further; they cut the file name the same way (mailroom writes both as slices), so
 * the same rule applies when both are given.
 */
export const rule = defineRule({
  meta: {
    id: "substring-range",
    basis: {
      kind: "states",
      section: "ValueExpression",
      quote:
        "endIndex integer >= -1 (exclusive; 0 and -1 mean to end of string; otherwise must be strictly greater than beginIndex)",
    },
    description: "An exv.Substring or exv.FileName ends at or before its begin index.",
    messages: {
      substring:
        'exv.Substring ends at index {{end}}, not after its "beginIndex" {{begin}}; expected an end index greater than {{begin}}, or 0 or -1 for the end of the text.',
      fileName:
        'exv.FileName ends at index {{end}}, not after its "begin" {{begin}}; expected an end index greater than {{begin}}, or 0 or -1 for the end of the name.',
    },
  },
  check(context) {
    for (const { node, path } of context.ofType(RANGED)) {
      const type = node["@type"];
      if (type === "exv.Substring" && endsBeforeBegin(node.beginIndex, node.endIndex)) {
        context.report({
          path: [...path, "endIndex"],
          messageId: "substring",
          data: { end: String(node.endIndex), begin: String(node.beginIndex) },
        });
      } else if (type === "exv.FileName" && endsBeforeBegin(node.begin, node.end)) {
        context.report({
          path: [...path, "end"],
          messageId: "fileName",
          data: { end: String(node.end), begin: String(node.begin) },
        });
      }
    }
  },
});
