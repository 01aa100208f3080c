import type { Position, Span } from "@mailroom/syntax";
import { type ParsedDocument, parseDocument } from "./document.js";
import { documentSymbols } from "./outline.js";
import type { DocumentSymbol, SymbolKind } from "./types.js";

/** What the workspace reads through: the server gives it the file system, tests give it a map. */
export interface WorkspaceHost {
  /** The file's text, or undefined when it cannot be read (deleted since, say). */
  readFile(path: string): Promise<string | undefined>;
  /**
   * Whether an editor holds the file open: its text is then the editor's, and the disk is not read (the server's
   * open documents; a document is open before it is first parsed).
   */
  isOpen?(path: string): boolean;
}

/** A named thing of a service file, for "go to symbol in workspace". */
export interface WorkspaceSymbol {
  readonly name: string;
  readonly kind: SymbolKind;
  /** The name of what holds it: the box of a metadata, the service of a box. */
  readonly container?: string;
  readonly file: string;
  /** The name's span, with its 1-based start and end, so that a file that is not open needs no text. */
  readonly span: Span;
  readonly start: Position;
  readonly end: Position;
}

/** The symbols of one file, in outline order: all the workspace keeps of a file that is not open. */
function summarise(document: ParsedDocument): WorkspaceSymbol[] {
  const out: WorkspaceSymbol[] = [];
  const visit = (symbol: DocumentSymbol, container: string | undefined) => {
    const span = symbol.selectionSpan;
    out.push({
      name: symbol.name,
      kind: symbol.kind,
      ...(container !== undefined ? { container } : {}),
      file: document.file,
      span,
      start: document.lines.position(span.offset),
      end: document.lines.position(span.offset + span.length),
    });
    for (const child of symbol.children) visit(child, symbol.name);
  };
  for (const symbol of documentSymbols(document)) visit(symbol, undefined);
  return out;
}

/** Whether the query's characters appear in the name in order, ignoring case (how editors filter symbols). */
function matches(name: string, query: string): boolean {
  const lower = name.toLowerCase();
  let at = 0;
  for (const c of query.toLowerCase()) {
    at = lower.indexOf(c, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/** An open file as the index knows it: its version, how to get that version's parse, its symbols once asked. */
interface OpenFile {
  readonly version: number;
  readonly current: () => ParsedDocument | undefined;
  symbols?: readonly WorkspaceSymbol[];
}

/**
 * The index of a workspace's service files. Open documents override what is on disk, which is not read while
 * they are open; of any file only its symbols are kept (names and positions, not its text nor its parse: an open
 * file's parse is asked for when its symbols are, and the editor's side may drop it meanwhile), so a workspace of
 * thousands of services stays small, open or not. Nothing in a service names anything in
 * another file (box names, metadata and service files are scoped to their service), so navigation and rename
 * work within one document; the index serves workspace symbols.
 */
export class Workspace {
  readonly #host: WorkspaceHost;
  readonly #open = new Map<string, OpenFile>();
  readonly #onDisk = new Map<string, readonly WorkspaceSymbol[]>();
  /** Files of the index that changed on disk while open: read again once closed. */
  readonly #changedWhileOpen = new Set<string>();

  constructor(host: WorkspaceHost) {
    this.#host = host;
  }

  /** Indexes files from disk (the service files found in the workspace folders), one after the other. */
  async add(paths: Iterable<string>): Promise<void> {
    for (const path of paths) await this.refresh(path);
  }

  /**
   * Reads a file again from disk (it changed there); a file that cannot be read leaves the index. A file open in
   * the editor is not read (nor one opened during the read): its text is the editor's until it is closed.
   */
  async refresh(path: string): Promise<void> {
    if (this.#isOpen(path)) {
      this.#changedWhileOpen.add(path);
      return;
    }
    const text = await this.#host.readFile(path);
    if (this.#isOpen(path)) this.#changedWhileOpen.add(path);
    else if (text === undefined) this.#onDisk.delete(path);
    else this.#onDisk.set(path, summarise(parseDocument(path, text)));
  }

  /** Forgets a file (deleted from disk). */
  remove(path: string): void {
    this.#onDisk.delete(path);
    this.#open.delete(path);
    this.#changedWhileOpen.delete(path);
  }

  /**
   * An editor opened the file or changed it: this version overrides the disk; `current` gives its parse (that of
   * the version open by then).
   */
  open(path: string, version: number, current: () => ParsedDocument | undefined): void {
    if (this.#open.get(path)?.version !== version) this.#open.set(path, { version, current });
  }

  /**
   * The editor closed the file: what is on disk counts again, read again if it is part of the index (the editor
   * may have saved it, or dropped unsaved changes). A file outside the index just leaves it.
   */
  async close(path: string): Promise<void> {
    this.#open.delete(path);
    const indexed = this.#onDisk.has(path);
    if (this.#changedWhileOpen.delete(path) || indexed) await this.refresh(path);
  }

  #isOpen(path: string): boolean {
    return this.#open.has(path) || this.#host.isOpen?.(path) === true;
  }

  /** The open version of a file, if any. */
  document(path: string): ParsedDocument | undefined {
    return this.#open.get(path)?.current();
  }

  /** Every file indexed, open or on disk, sorted. */
  files(): string[] {
    return [...new Set([...this.#onDisk.keys(), ...this.#open.keys()])].sort();
  }

  /** Symbols whose name matches the query (its characters in order, any case), by file then position. */
  symbols(query: string, limit = 1000): WorkspaceSymbol[] {
    const out: WorkspaceSymbol[] = [];
    for (const file of this.files()) {
      const open = this.#open.get(file);
      if (open && !open.symbols) {
        const document = open.current();
        if (document) open.symbols = summarise(document);
      }
      const symbols = open?.symbols ?? this.#onDisk.get(file);
      for (const symbol of symbols ?? []) {
        if (!matches(symbol.name, query)) continue;
        out.push(symbol);
        if (out.length >= limit) return out;
      }
    }
    return out;
  }
}
