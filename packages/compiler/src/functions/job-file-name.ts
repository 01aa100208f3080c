import { quoteString } from "@mailroom/syntax";
import { boxName, call, flag, number, PRIMARY } from "../expression/layout.js";
import { fileWords } from "../expression/words.js";
import { defineFunction } from "./definition.js";
import { optional, required, tab } from "./parameters.js";

export const jobFileName = defineFunction({
  name: "jobFileName",
  form: "call",
  produces: "exv.JobFileNameValue",
  parameters: [
    required("box", "name", "Box holding the file.", { field: "boxName" }),
    optional("index", "integer", "Which file of the box: 1 the first (default), -1 the last.", {
      field: "indexInBox",
    }),
    optional("keepExtension", "flag", "Keep the file-name extension."),
  ],
  doc: "The name of a file uploaded into a box of the job, without its extension unless asked.",
  examples: ["jobFileName(invoices)", "jobFileName(annexes, -1, keepExtension)"],
  snippet: `jobFileName(${tab(1, "box")})`,
  lower(args) {
    const boxName = args.name("box") ?? "";
    const indexInBox = args.integer("index");
    const keepExtension = args.flag("keepExtension");
    return {
      "@type": "exv.JobFileNameValue",
      boxName,
      ...(indexInBox !== undefined && { indexInBox }),
      ...(keepExtension !== undefined && { keepExtension }),
    };
  },
  print(e) {
    // A box named like the flag would read as the flag.
    const box = e.boxName === "keepExtension" ? quoteString(e.boxName) : boxName(e.boxName);
    const index = e.indexInBox === undefined ? [] : [number(e.indexInBox)];
    return [PRIMARY, [call("jobFileName", [box, ...index, ...flag("keepExtension", e.keepExtension)])]];
  },
  explain: (e) =>
    `the name of ${fileWords(e.indexInBox ?? 1)} of box ${boxName(e.boxName)} ${e.keepExtension ? "with" : "without"} its extension`,
  evaluate(e, evaluator) {
    const name = evaluator.sources.jobFileName(e.boxName, e.indexInBox ?? 1);
    return e.keepExtension ? name : withoutExtension(name);
  },
});

/**
 * A file name without its extension, as Apache Commons IO's `FilenameUtils.removeExtension` (the usual Java way;
 * the API does not say): from the last dot after the last path separator.
 */
function withoutExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\")) ? name.slice(0, dot) : name;
}
