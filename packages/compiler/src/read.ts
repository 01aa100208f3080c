import { type CompileOptions, compileDsl } from "./dsl/index.js";
import { readJsonDocument } from "./json-document.js";
import type { SourceDocument } from "./source.js";

/** Names of service files: what directories are searched for, and what editors serve. */
export const SERVICE_FILE = /\.service\.(json|ya?ml)$/;

/** A `.yaml`/`.yml` file is DSL; anything else is read as JSON. */
export const isDslFile = (path: string): boolean => /\.ya?ml$/i.test(path);

/** Compiles (a `.yaml`/`.yml` file) or parses (anything else, as JSON) a file's text. */
export const readDocument = (file: string, text: string, options?: CompileOptions): SourceDocument =>
  isDslFile(file) ? compileDsl(file, text, options) : readJsonDocument(file, text);
