import { type CheckOptions, checkDocument } from "@mailroom/checker";
import { readDocument, type SourceDocument } from "@mailroom/compiler";
import type { Diagnostic } from "@mailroom/syntax";
import { readSource } from "./files.js";
import type { FileReport } from "./report.js";

/** A file read and checked: its report, and the document when the file could be read at all. */
export interface CheckedFile extends FileReport {
  readonly document?: SourceDocument;
}

/** Checks a file's text as it would be if the file held it. */
export function checkText(file: string, text: string, options: CheckOptions = {}): CheckedFile {
  const document = readDocument(file, text);
  return { file, text, diagnostics: checkDocument(document, options), document };
}

/** Reads, compiles or parses, and checks one file, with the rule settings given (from its configuration). */
export async function checkFile(file: string, options: CheckOptions = {}): Promise<CheckedFile> {
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
  return checkText(file, source.text, options);
}
