import type { InflatedBox } from "@mailroom/model";
import type { MetadataDefinition } from "../../engine/metadata-scope.js";
import { defineRule } from "../../engine/rule.js";

/**
 * A metadata has an effect when it is kept with the job (`persist`), offered to the user (`editable`) or read
 * by an expression. A reference counts as a use of every metadata it may designate (its own box's and the
 * MAIN boxes'; in a channel condition, whose scope the spec does not give, any metadata of that name). A
 * metadata that only references itself is not used by that.
 */
export const rule = defineRule({
  meta: {
    id: "unused-metadata",
    basis: {
      kind: "implies",
      section: "Box",
      quote: "each `{ name: string, persist: boolean, editable: boolean, content: ValueExpression }`",
    },
    description: "A metadata is persisted, editable or referenced by an expression; otherwise it has no effect.",
    messages: {
      unused:
        "Metadata {{name}} of box {{box}} is not referenced, persisted nor editable, so it has no effect; reference it, persist it, or remove it.",
    },
  },
  check(context) {
    const scope = context.metadata;
    const used = new Set<MetadataDefinition>();
    for (const expression of context.references("METADATA")) {
      const { site } = expression;
      const name = expression.node.identifier;
      for (const definition of scope.read(site, name)) {
        const self =
          site.kind === "metadata" && definition.box === site.box?.index && definition.index === site.path[4];
        if (!self) used.add(definition);
      }
    }
    const boxes = context.service.properties.boxes;
    for (const definition of scope.definitions) {
      const metadata = (boxes[definition.box] as InflatedBox).metadatas[definition.index];
      if (!metadata || metadata.persist || metadata.editable || used.has(definition)) continue;
      context.report({
        path: [...definition.path, "name"],
        messageId: "unused",
        data: { name: JSON.stringify(definition.name), box: JSON.stringify(definition.boxName) },
      });
    }
  },
});
