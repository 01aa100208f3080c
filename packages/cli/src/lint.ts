import { checkDocument } from "@mailroom/checker";
import { readJsonDocument } from "@mailroom/compiler";
import { readSource } from "./files.js";
import type { FileReport } from "./report.js";

/** Reads, parses and checks one file; problems reading it are diagnostics too. */
export async function lintFile(file: string): Promise<FileReport> {
  const source = await readSource(file);
  if (!source.ok) {
    return {
      file,
      text: source.text,
      diagnostics: [
        { code: source.code, severity: "error", message: source.message, span: { offset: source.offset, length: 0 } },
      ],
    };
  }
  const document = readJsonDocument(file, source.text);
  return { file, text: source.text, diagnostics: checkDocument(document) };
}
