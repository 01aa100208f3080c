import { PDF_TARGETED_TYPES } from "@mailroom/compiler";
import type { Box } from "@mailroom/model";
import { defineRule } from "../../engine/rule.js";

/**
 * `exv.PdfText` and `exv.PdfMetadata` read a PDF: their target must be a `box.PDF`. The target resolves as the
 * service does: `"fromMain": true` is the box itself inside a MAIN box, otherwise the service's MAIN boxes
 * (each must be a PDF box); `"fromMain": false` is the box named by `boxName`. A target that names no box is
 * left to `box-target`.
 */
export const rule = defineRule({
  meta: {
    id: "pdf-expression-on-non-pdf-box",
    basis: {
      kind: "implies",
      section: "Box",
      quote: "Box types (discriminator values): `box.PDF`, `box.DATA_FILE`, `box.ARCHIVE`.",
    },
    description: "PDF text and PDF properties (exv.PdfText, exv.PdfMetadata) are read only from a box.PDF box.",
    messages: {
      notPdf: "{{type}} reads {{how}}, a {{boxType}} box; PDF text and properties can only be read from a box.PDF box.",
      declared: "Box {{box}} is declared here.",
    },
  },
  check(context) {
    const boxes = context.service.properties.boxes;
    const byName = new Map<string, number>();
    const mains: number[] = [];
    boxes.forEach((box, index) => {
      if (!byName.has(box.name)) byName.set(box.name, index);
      if (box["@type"] !== "box.ARCHIVE" && box.main === true) mains.push(index);
    });
    const notPdf = (index: number) => boxes[index]?.["@type"] !== "box.PDF";
    for (const { node, path, site } of context.ofType(PDF_TARGETED_TYPES)) {
      let read: number | undefined;
      if (node.fromMain === true) {
        read = site.box?.main ? site.box.index : mains.find(notPdf);
      } else if (typeof node.boxName === "string") {
        read = byName.get(node.boxName);
      }
      if (read === undefined || !notPdf(read)) continue;
      const box = boxes[read] as Box;
      const name = JSON.stringify(box.name);
      context.report({
        path,
        messageId: "notPdf",
        data: {
          type: node["@type"],
          how: node.fromMain === true ? `the MAIN box ${name}` : `box ${name}`,
          boxType: box["@type"],
        },
        related: [{ path: ["properties", "boxes", read, "name"], messageId: "declared", data: { box: name } }],
      });
    }
  },
});
