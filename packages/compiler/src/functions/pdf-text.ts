import { call, number, object, PRIMARY, targetArgument } from "../expression/layout.js";
import { areaWords, ofPdf, pageWords, parametersWords } from "../expression/words.js";
import { defineFunction } from "./definition.js";
import { optional, required, tab } from "./parameters.js";

export const pdfText = defineFunction({
  name: "pdfText",
  form: "call",
  produces: "exv.PdfText",
  target: "pdf",
  parameters: [
    required("page", "integer", "Page to read: 1 the first, -1 the last, -2 the one before."),
    required("area", "area", "Rectangle to read: [left, top, width, height]."),
    optional("params", "params", 'Options for the text-extraction library: {name="value"}.', {
      field: "extractionParameters",
    }),
  ],
  doc: "The text in a rectangle of one page of the PDF in the current box.",
  examples: ["pdfText(1, [20, 40, 80, 10])", 'pdfText(-1, [0, 0, 210, 29.7], params={sortByPosition="true"})'],
  reconcileExamples: ["pdfText(1, [20, 40, 80, 10], main) == pdfText(1, [20, 40, 80, 10])"],
  snippet: `pdfText(${tab(1, "1")}, [${tab(2, "left")}, ${tab(3, "top")}, ${tab(4, "width")}, ${tab(5, "height")}])`,
  lower(args) {
    const target = args.target();
    const page = args.integer("page") ?? 0;
    const area = args.area("area") ?? { left: 0, top: 0, width: 0, height: 0 };
    const extractionParameters = args.params("params");
    return { "@type": "exv.PdfText", ...target, page, area, ...(extractionParameters && { extractionParameters }) };
  },
  print(e, context) {
    const { left, top, width, height } = e.area;
    const args = [number(e.page), `[${[left, top, width, height].map(number).join(", ")}]`];
    if (e.extractionParameters) args.push(`params=${object(e.extractionParameters)}`);
    return [PRIMARY, [call("pdfText", args, targetArgument(e, context))]];
  },
  explain(e, words) {
    const text = `the text on ${pageWords(e.page)} in ${areaWords(e.area)}${ofPdf(words.target(e))}`;
    const params = parametersWords(e.extractionParameters ?? {});
    return params === "" ? text : { text: `${text}, read with ${params}`, open: true };
  },
  evaluate: (e, evaluator) => evaluator.sources.pdfText(e, e.page, e.area, e.extractionParameters),
});
