import { quoteString } from "@mailroom/syntax";
import { call, PRIMARY, targetArgument } from "../expression/layout.js";
import { ofPdf } from "../expression/words.js";
import { defineFunction } from "./definition.js";
import { required, tab } from "./parameters.js";

export const pdfMeta = defineFunction({
  name: "pdfMeta",
  form: "call",
  produces: "exv.PdfMetadata",
  target: "pdf",
  parameters: [
    required("name", "string", "Document property to read, such as Title or Author.", { field: "metadataName" }),
  ],
  doc: "A document property of the PDF in the current box.",
  examples: ['pdfMeta("Title")'],
  snippet: `pdfMeta("${tab(1, "Title")}")`,
  lower(args) {
    const target = args.target();
    return { "@type": "exv.PdfMetadata", ...target, metadataName: args.string("name") ?? "" };
  },
  print: (e, context) => [PRIMARY, [call("pdfMeta", [quoteString(e.metadataName)], targetArgument(e, context))]],
  explain: (e, words) => `the PDF document property ${quoteString(e.metadataName)}${ofPdf(words.target(e))}`,
  evaluate: (e, evaluator) => evaluator.sources.pdfMetadata(e, e.metadataName),
});
