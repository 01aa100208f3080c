import { pathToFileURL } from "node:url";
import { readSource } from "@mailroom/checker";
import type { ParsedDocument } from "@mailroom/language";
import { LineIndex, type Span } from "@mailroom/syntax";
import type * as lsp from "vscode-languageserver";
import { type PlaceResolver, toRange } from "./convert.js";
import { parse } from "./documents.js";
import type { ServerState } from "./state.js";

/**
 * Where places point, as a URI and that file's lines: the document itself, an open document, or a file on disk
 * among `files`, read ahead through the bounded reader (a file that cannot be read is left out).
 */
export async function placeResolver(
  state: ServerState,
  uri: string,
  document: ParsedDocument,
  files: Iterable<string | undefined>,
): Promise<PlaceResolver> {
  const read = new Map<string, LineIndex>();
  for (const file of new Set(files)) {
    if (file === undefined || file === document.file || parse(state, pathToFileURL(file).href)) continue;
    const source = await readSource(file);
    if (source.ok) read.set(file, new LineIndex(source.text));
  }
  return (file) => {
    if (file === undefined || file === document.file) return { uri, lines: document.lines };
    const other = pathToFileURL(file).href;
    const lines = parse(state, other)?.lines ?? read.get(file);
    return lines && { uri: other, lines };
  };
}

/** Places in files as LSP locations; a place in a file that cannot be read is left out. */
export async function locations(
  state: ServerState,
  places: readonly { file: string; span: Span }[],
  uri: string,
  document: ParsedDocument,
): Promise<lsp.Location[]> {
  const resolvePlace = await placeResolver(
    state,
    uri,
    document,
    places.map((place) => place.file),
  );
  const found: lsp.Location[] = [];
  for (const place of places) {
    const target = resolvePlace(place.file);
    if (target) found.push({ uri: target.uri, range: toRange(target.lines, place.span) });
  }
  return found;
}
