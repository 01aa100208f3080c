import { type CheckOptions, checkDocument, readSource, type SourceText } from "@mailroom/checker";
import { readDocument, type SourceDocument } from "@mailroom/compiler";
import { type Diagnostic, diagnostic } from "@mailroom/syntax";
import { unreadFile } from "./files.js";
import { displayPath, type FileReport } from "./report.js";

/** A file read and checked: its report, and the document when the file could be read at all. */
export interface CheckedFile extends FileReport {
  readonly document?: SourceDocument;
}

/** Checks a file's text as it would be if the file held it. */
export function checkText(file: string, text: string, options: CheckOptions = {}): CheckedFile {
  const document = readDocument(file, text);
  return { file, text, diagnostics: checkDocument(document, options), document };
}

/**
 * Compiles or parses, and checks, a file as read, with the rule settings given (from its configuration). A JSON
 * file read from bytes beyond ASCII has its text decoded only if something asks for it (a report of problems).
 */
export function checkSource(file: string, source: SourceText, options: CheckOptions = {}): CheckedFile {
  if (!source.ok) return unreadFile(file, source);
  if (source.binary === undefined) return checkText(file, source.text, options);
  const document = readDocument(file, source);
  return new Checked(file, checkDocument(document, options), document);
}

/**
 * A file checked, its text read from its document when asked for: a getter, so a copy made by spreading it must
 * name `text`. A class: an object literal with a getter holds it in an accessor V8 makes in its old generation,
 * which would keep the file's whole parse from young-generation collections.
 */
class Checked implements CheckedFile {
  constructor(
    readonly file: string,
    readonly diagnostics: readonly Diagnostic[],
    readonly document: SourceDocument,
  ) {}

  get text(): string {
    return this.document.text;
  }
}

/** Reads and checks one file. */
export const checkFile = async (file: string, options: CheckOptions = {}): Promise<CheckedFile> =>
  checkSource(file, await readSource(file), options);

/**
 * Checks a JSON file (as read: `source`) that `build` writes from a DSL file (`dsl`): up to date when it holds
 * `expected`, what `build` would write now (none when the DSL has errors: they are what to report, and nothing
 * is said here). A `stale-build` finding sits where the two first differ.
 */
export function checkBuiltFile(
  file: string,
  source: SourceText,
  dsl: string,
  expected: string | undefined,
): FileReport {
  if (!source.ok) return unreadFile(file, source);
  const text = source.text;
  if (expected === undefined || (!source.bom && text === expected)) return { file, text, diagnostics: [] };
  // `build` writes no byte order mark: one is a difference too, at the start.
  let at = 0;
  if (!source.bom) while (at < text.length && text.charCodeAt(at) === expected.charCodeAt(at)) at++;
  const shown = displayPath(dsl);
  const stale = diagnostic(
    "stale-build",
    "stale",
    { file: displayPath(file), source: shown },
    { offset: at, length: 0 },
  );
  return { file, text, diagnostics: [stale] };
}
