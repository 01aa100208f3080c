import { textOf, type Utf8Text } from "@mailroom/syntax";
import { type CompileOptions, compileDsl } from "./dsl/index.js";
import { readJsonDocument } from "./json-document.js";
import type { SourceDocument } from "./source.js";

/** Names of service files: what directories are searched for, and what editors serve. */
export const SERVICE_FILE = /\.service\.(json|ya?ml)$/;

/** A `.yaml`/`.yml` file is DSL; anything else is read as JSON. */
export const isDslFile = (path: string): boolean => /\.ya?ml$/i.test(path);

/**
 * Compiles (a `.yaml`/`.yml` file) or parses (anything else, as JSON) a file's text; read from UTF-8 bytes, a JSON
 * file's text is decoded only if something asks for it (the document's `text`).
 */
export const readDocument = (file: string, text: string | Utf8Text, options?: CompileOptions): SourceDocument =>
  isDslFile(file) ? compileDsl(file, textOf(text), options) : readJsonDocument(file, text);
