import { defineRule, type Json } from "../../engine/rule.js";
import { boxPath, q } from "./shared.js";

/** Fields the spec gives only to box.PDF. */
const PDF_FIELDS = ["integrityPreservable", "splitConfig", "hasAddressPage", "appositions"] as const;

/**
 * A PDF field on a data-file or archive box. The model lets any field through on those boxes (the spec does not
 * show their own fields), so this rule is what catches a split or an apposition the service would ignore.
 */
export const rule = defineRule({
  meta: {
    id: "pdf-only-field",
    severity: "error",
    description:
      "A field only PDF boxes have (integrityPreservable, splitConfig, hasAddressPage, appositions) on a box.DATA_FILE or box.ARCHIVE.",
  },
  check(context) {
    context.service.properties.boxes.forEach((box, index) => {
      if (box["@type"] === "box.PDF") return;
      const words = context.source.wording;
      const typePath = [...boxPath(index), "@type"];
      for (const field of PDF_FIELDS) {
        if (!Object.hasOwn(box as Json, field)) continue;
        context.report({
          path: [...boxPath(index), field],
          at: "key",
          // In the file's words: a DSL file's data-file box has no "split" (the JSON's splitConfig).
          message: `Box ${q(box.name)} is a ${words.spell(typePath, box["@type"])} box, which has no ${words.name([...boxPath(index), field])}; expected it only on a ${words.spell(typePath, "box.PDF")} box.`,
        });
      }
    });
  },
});
