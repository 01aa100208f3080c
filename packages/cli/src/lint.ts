import { checkDocument } from "@mailroom/checker";
import { compileDsl, readJsonDocument, type SourceDocument } from "@mailroom/compiler";
import type { Diagnostic } from "@mailroom/syntax";
import { isDslFile, readSource } from "./files.js";
import type { FileReport } from "./report.js";

/** A file read and checked: its report, and the document when the file could be read at all. */
export interface CheckedFile extends FileReport {
  readonly document?: SourceDocument;
}

/** Reads, compiles (a `.yaml`/`.yml` file) or parses (anything else, as JSON) and checks one file. */
export async function checkFile(file: string): Promise<CheckedFile> {
  const source = await readSource(file);
  if (!source.ok) {
    const diagnostic: Diagnostic = {
      code: source.code,
      severity: "error",
      message: source.message,
      span: { offset: source.offset, length: 0 },
    };
    return { file, text: source.text, diagnostics: [diagnostic] };
  }
  const document = isDslFile(file) ? compileDsl(file, source.text) : readJsonDocument(file, source.text);
  return { file, text: source.text, diagnostics: checkDocument(document), document };
}
