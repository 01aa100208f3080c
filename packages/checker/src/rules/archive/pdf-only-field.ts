import { sentence } from "@mailroom/compiler";
import { defineRule, type Json } from "../../engine/rule.js";
import { boxPath, q } from "./shared.js";

/** Fields the spec gives only to box.PDF. */
const PDF_FIELDS = ["integrityPreservable", "splitConfig", "hasAddressPage", "appositions"] as const;

/**
 * A PDF field on a data-file or archive box. The model lets any field through on those boxes (the spec does not
 * show their own fields, so one of the same name may exist: a warning), so this rule is what catches a split or an
 * apposition the service most likely ignores.
 */
export const rule = defineRule({
  meta: {
    id: "pdf-only-field",
    basis: {
      kind: "implies",
      section: "Box",
      quote:
        "The fields specific to box.DATA_FILE and box.ARCHIVE beyond the common and inflated-box fields are not shown.",
    },
    description:
      "A field only PDF boxes have (integrityPreservable, splitConfig, hasAddressPage, appositions) on a box.DATA_FILE or box.ARCHIVE.",
    messages: {
      pdfOnly:
        "{{field}} is a field of {{pdf}} boxes; box {{box}} is a {{type}} box, on which the spec does not say what it does; expected it only on a {{pdf}} box.",
    },
  },
  check(context) {
    context.service.properties.boxes.forEach((box, index) => {
      if (box["@type"] === "box.PDF") return;
      const words = context.source.wording;
      const typePath = [...boxPath(index), "@type"];
      for (const field of PDF_FIELDS) {
        if (!Object.hasOwn(box as Json, field)) continue;
        // Spelt only when reported: the file's words cost a positioned tree of the whole file to build.
        const pdf = String(words.spell(typePath, "box.PDF"));
        context.report({
          path: [...boxPath(index), field],
          at: "key",
          // In the file's words: a DSL file's data-file box writes "split" (the JSON's splitConfig).
          messageId: "pdfOnly",
          data: {
            field: sentence(words.name([...boxPath(index), field])),
            pdf,
            box: q(box.name),
            type: String(words.spell(typePath, box["@type"])),
          },
        });
      }
    });
  },
});
