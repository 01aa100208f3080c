import type { MetadataDefinition } from "../../engine/metadata-scope.js";
import { defineRule } from "../../engine/rule.js";
import { nearMatch } from "./common.js";

/**
 * A METADATA reference in a box's metadata or reconcile condition names a metadata of that box or of a MAIN
 * box (spec, Box: "references inside content are names of metadata of the current box or of MAIN boxes").
 * File matchers and channel conditions are not checked: the spec gives no scope for references there.
 */
export const rule = defineRule({
  meta: {
    id: "undefined-metadata",
    basis: {
      kind: "states",
      section: "Box",
      quote: "references inside content are names of metadata of the current box or of MAIN boxes",
    },
    description: "A metadata reference names a metadata of its own box or of a MAIN box.",
    fixable: true,
    messages: {
      undefined: "No metadata named {{name}} in box {{box}} or in a MAIN box.",
      undefinedNear: "No metadata named {{name}} in box {{box}} or in a MAIN box; did you mean {{suggestion}}?",
      notMain:
        "No metadata named {{name}} in box {{box}} or in a MAIN box; box {{other}} has one, but it is not a MAIN box.",
      defined: "Metadata {{name}} of box {{other}} is defined here.",
      change: "Change to {{suggestion}}",
    },
  },
  check(context) {
    const scope = context.metadata;
    // Where each name is defined at all, to tell a metadata of a box the reference cannot see from a typo.
    const elsewhere = new Map<string, MetadataDefinition>();
    for (const definition of scope.definitions) {
      if (!elsewhere.has(definition.name)) elsewhere.set(definition.name, definition);
    }
    const nearby = new Map<string, ReturnType<typeof nearMatch>>();
    for (const expression of context.references("METADATA")) {
      const { node, path, site } = expression;
      if (!site.box) continue;
      if (site.kind !== "metadata" && site.kind !== "reconcile") continue;
      const name = expression.node.identifier;
      if (scope.resolve(site.box.index, name).length > 0) continue;
      // The same misspelling is often repeated: look for its nearest name once per box.
      const memo = `${site.box.index}/${name}`;
      let near = nearby.get(memo);
      if (!near) {
        near = nearMatch(name, scope.visibleNames(site.box.index));
        nearby.set(memo, near);
      }
      const { suggestion, unique } = near;
      const other = elsewhere.get(name);
      const data = {
        name: JSON.stringify(name),
        box: JSON.stringify(site.box.name),
        other: JSON.stringify(other?.boxName),
        suggestion: JSON.stringify(suggestion),
      };
      context.report({
        path: [...path, "identifier"],
        // The exact name in a box the reference cannot see says more than a near name in one it can.
        messageId: other ? "notMain" : suggestion !== undefined ? "undefinedNear" : "undefined",
        data,
        ...(other ? { related: [{ path: [...other.path, "name"], messageId: "defined", data }] } : {}),
        ...(!other && suggestion !== undefined && unique
          ? { fix: { messageId: "change", data, path, value: { ...node, identifier: suggestion } } }
          : {}),
      });
    }
  },
});
