import type { MetadataDefinition } from "../../engine/metadata-scope.js";
import { defineRule } from "../../engine/rule.js";

const where = (definition: MetadataDefinition) =>
  `${definition.boxMain ? "MAIN box" : "box"} ${JSON.stringify(definition.boxName)}`;

/**
 * A METADATA reference whose name is defined both in its own box and in a MAIN box, or in several MAIN boxes:
 * the reader (and perhaps the service) cannot tell which one it reads. Checked where `undefined-metadata`
 * resolves names: in metadata and reconcile conditions.
 */
export const rule = defineRule({
  meta: {
    id: "ambiguous-metadata",
    basis: {
      kind: "implies",
      section: "Box",
      quote: "references inside content are names of metadata of the current box or of MAIN boxes",
    },
    description:
      "A metadata reference designates one metadata, not one in its own box and one in a MAIN box, or one in each of several MAIN boxes.",
    messages: {
      ambiguous:
        "Metadata {{name}} is defined {{places}}, so this reference could read {{which}}; rename one so that the name designates a single metadata.",
      defined: "Metadata {{name}} of {{box}} is defined here.",
    },
  },
  check(context) {
    const scope = context.metadata;
    for (const expression of context.references("METADATA")) {
      const { path, site } = expression;
      if (!site.box) continue;
      if (site.kind !== "metadata" && site.kind !== "reconcile") continue;
      const name = expression.node.identifier;
      const definitions = scope.resolve(site.box.index, name);
      if (definitions.length < 2) continue;
      const places = definitions.map(where);
      const quoted = JSON.stringify(name);
      context.report({
        path: [...path, "identifier"],
        messageId: "ambiguous",
        data: {
          name: quoted,
          places: `in ${places.slice(0, -1).join(", in ")} and in ${places.at(-1)}`,
          which: definitions.length === 2 ? "either" : "any of them",
        },
        related: definitions.map((definition) => ({
          path: [...definition.path, "name"],
          messageId: "defined",
          data: { name: quoted, box: where(definition) },
        })),
      });
    }
  },
});
