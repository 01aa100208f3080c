import type { Position, Span } from "@mailroom/syntax";
import { type ParsedDocument, parseDocument } from "./document.js";
import { documentSymbols } from "./outline.js";
import type { DocumentSymbol, SymbolKind } from "./types.js";

/** What the workspace reads through: the server gives it the file system, tests give it a map. */
export interface WorkspaceHost {
  /** The file's text, or undefined when it cannot be read (deleted since, say). */
  readFile(path: string): Promise<string | undefined>;
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

/**
 * The index of a workspace's service files. Open documents override what is on disk; for a file that is not
 * open only its symbols are kept (names and positions, not its text nor its parse), so a workspace of
 * thousands of services stays small. Nothing in a service names anything in another file (box names,
 * metadata and service files are scoped to their service), so navigation and rename work within one
 * document; the index serves workspace symbols.
 */
export class Workspace {
  readonly #host: WorkspaceHost;
  readonly #open = new Map<string, ParsedDocument>();
  readonly #onDisk = new Map<string, readonly WorkspaceSymbol[]>();
  /** Per open document version, its symbols (documents are immutable per version). */
  readonly #openSymbols = new WeakMap<ParsedDocument, readonly WorkspaceSymbol[]>();

  constructor(host: WorkspaceHost) {
    this.#host = host;
  }

  /** Indexes files from disk (the service files found in the workspace folders), one after the other. */
  async add(paths: Iterable<string>): Promise<void> {
    for (const path of paths) await this.refresh(path);
  }

  /** Reads a file again from disk (it changed there); a file that cannot be read leaves the index. */
  async refresh(path: string): Promise<void> {
    const text = await this.#host.readFile(path);
    if (text === undefined) this.#onDisk.delete(path);
    else this.#onDisk.set(path, summarise(parseDocument(path, text)));
  }

  /** Forgets a file (deleted from disk). */
  remove(path: string): void {
    this.#onDisk.delete(path);
    this.#open.delete(path);
  }

  /** An editor opened the file or changed it: this version overrides the disk. */
  open(document: ParsedDocument): void {
    this.#open.set(document.file, document);
  }

  /** The editor closed the file: what is on disk counts again. */
  async close(path: string): Promise<void> {
    this.#open.delete(path);
    await this.refresh(path);
  }

  /** The open version of a file, if any. */
  document(path: string): ParsedDocument | undefined {
    return this.#open.get(path);
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
      let symbols = open ? this.#openSymbols.get(open) : this.#onDisk.get(file);
      if (open && !symbols) {
        symbols = summarise(open);
        this.#openSymbols.set(open, symbols);
      }
      for (const symbol of symbols ?? []) {
        if (!matches(symbol.name, query)) continue;
        out.push(symbol);
        if (out.length >= limit) return out;
      }
    }
    return out;
  }
}
