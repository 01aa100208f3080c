import { keywordFunction } from "./families.js";

export const archivePath = keywordFunction({
  name: "archivePath",
  produces: "exv.ArchiveFileRelativePathname",
  sites: ["file-matcher"],
  doc: "The path of the current entry inside the archive being extracted.",
  examples: ["archivePath"],
  explain: () => "the file's path inside the archive",
  evaluate: (_, evaluator) => evaluator.sources.archivePath(),
});
