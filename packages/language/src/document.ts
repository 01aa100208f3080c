import { CompileCache, indexSymbols, readDocument, type SourceDocument, type SymbolIndex } from "@mailroom/compiler";
import { LineIndex } from "@mailroom/syntax";

/**
 * One version of an open (or indexed) service file, read once: every feature of the language service takes
 * this and shares what it computed, so a request never parses or compiles the text again. Derived data is
 * built on first use and kept for the version's lifetime.
 */
export interface ParsedDocument {
  /** The file's path (what configuration lookup, messages and relative paths use). */
  readonly file: string;
  readonly version: number;
  readonly text: string;
  /** The compiled (DSL) or parsed (JSON) document, with its syntax diagnostics and services. */
  readonly source: SourceDocument;
  /** Offsets to 1-based lines and columns, for the adapter at the edge. */
  readonly lines: LineIndex;
  /** The symbols of each service of `source.services`, same order. */
  symbols(): readonly SymbolIndex[];
  /** What this version read and compiled, for the next version of the document to reuse. */
  readonly cache: CompileCache;
}

/**
 * Reads a file's text as the language service sees it: compiled or parsed once, the rest on demand. Given the
 * document's previous version, what an edit left as it was (boxes, expressions) is not read or compiled again.
 */
export function parseDocument(file: string, text: string, version = 0, previous?: ParsedDocument): ParsedDocument {
  const cache = new CompileCache(previous?.cache);
  const source = readDocument(file, text, { cache });
  cache.settle();
  let lines: LineIndex | undefined;
  let symbols: readonly SymbolIndex[] | undefined;
  return {
    file,
    version,
    text,
    source,
    cache,
    get lines() {
      lines ??= new LineIndex(text);
      return lines;
    },
    symbols() {
      symbols ??= source.services.map(indexSymbols);
      return symbols;
    },
  };
}
