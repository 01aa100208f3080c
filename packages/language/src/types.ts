import type { CheckOptions } from "@mailroom/checker";
import type { Diagnostic, Span, TextEdit } from "@mailroom/syntax";
import type { ActionDocument } from "./code-actions.js";
import type { ParsedDocument } from "./document.js";
import type { ParsedTestFile, TestFileContext } from "./test-file.js";

/**
 * Results of the language service. Like diagnostics, they carry spans (UTF-16 offsets into the document's
 * text); the server adapter turns them into LSP ranges. Kinds are our own small enums, mapped at the edge too.
 */

/** A place in a file: the span of a name, the target of a jump. */
export interface Place {
  readonly file: string;
  readonly span: Span;
}

/** Edits to several files, as a rename produces them. */
export interface WorkspaceEdit {
  readonly changes: ReadonlyMap<string, readonly TextEdit[]>;
}

export type CompletionKind =
  | "key"
  | "value"
  | "enum"
  | "type"
  | "box"
  | "metadata"
  | "function"
  | "namespace"
  | "identifier"
  | "time-zone"
  | "locale"
  | "snippet"
  | "file"
  | "folder";

export interface CompletionItem {
  readonly label: string;
  readonly kind: CompletionKind;
  /** One line shown beside the label (the key's type, the function's signature). */
  readonly detail?: string;
  /** Markdown. */
  readonly documentation?: string;
  /** The text replacing `span`; an LSP snippet (`${1:name}`) when `snippet` is true. */
  readonly insertText: string;
  readonly snippet?: boolean;
  /** What the item replaces: the word being typed at the cursor. */
  readonly span: Span;
  readonly sortText?: string;
  readonly filterText?: string;
}

export interface CompletionList {
  readonly items: readonly CompletionItem[];
  /** True when typing further may bring items the list does not hold yet. */
  readonly incomplete: boolean;
}

export interface Hover {
  /** Markdown. */
  readonly contents: string;
  readonly span: Span;
  /** The metadata hovered, by box and name: the server adds its value on the configured samples. */
  readonly metadata?: { readonly box: string; readonly name: string };
}

export type SymbolKind = "service" | "box" | "metadata" | "channel" | "section" | "field";

export interface DocumentSymbol {
  readonly name: string;
  readonly detail?: string;
  readonly kind: SymbolKind;
  /** The whole construct. */
  readonly span: Span;
  /** The name, inside `span`. */
  readonly selectionSpan: Span;
  readonly children: readonly DocumentSymbol[];
}

export interface FoldingRange {
  /** Offsets of the first and last character folded; the adapter folds whole lines between them. */
  readonly start: number;
  readonly end: number;
  readonly kind?: "comment" | "region";
}

export interface CodeAction {
  readonly title: string;
  readonly kind: "quickfix" | "source.fixAll";
  /** The diagnostic code it answers, when it answers one. */
  readonly code?: string;
  readonly edits: readonly TextEdit[];
  readonly preferred?: boolean;
}

export interface SignatureParameter {
  readonly label: string;
  readonly documentation?: string;
}

export interface SignatureHelp {
  /** `Substring(value, begin=0, end=-1)`. */
  readonly label: string;
  readonly documentation?: string;
  readonly parameters: readonly SignatureParameter[];
  /** Index into `parameters` of the argument at the cursor; null when it binds to none. */
  readonly activeParameter: number | null;
}

/** Semantic token types, in the legend's order (the adapter sends indexes into this list). */
export const TOKEN_TYPES = [
  "function",
  "namespace",
  "property",
  "variable",
  "parameter",
  "string",
  "number",
  "regexp",
  "operator",
  "keyword",
] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

export interface SemanticToken {
  /** Never spans lines: a token of a multi-line scalar is split at line ends. */
  readonly span: Span;
  readonly type: TokenType;
}

export interface InlayHint {
  /** Where the hint is shown (before the character at this offset). */
  readonly offset: number;
  readonly label: string;
  /** Markdown shown on hover. */
  readonly tooltip?: string;
  readonly kind?: "type" | "parameter";
  readonly paddingLeft?: boolean;
}

export type RenameResult =
  | { readonly ok: true; readonly edit: WorkspaceEdit }
  | { readonly ok: false; readonly message: string };

export interface PrepareRename {
  /** The name under the cursor. */
  readonly span: Span;
  readonly placeholder: string;
}

/**
 * The language service: one plain interface over feature modules, none of which knows about LSP. Every
 * method takes the document's one parse (`ParsedDocument`) and offsets into its text.
 */
export interface LanguageService {
  /** Every diagnostic `mailroom lint` would report for this text, with the rule settings given. */
  validate(document: ParsedDocument, options?: CheckOptions): Diagnostic[];
  complete(document: ParsedDocument, offset: number): CompletionList;
  hover(document: ParsedDocument, offset: number): Hover | undefined;
  /** Where the box, metadata, archive parent or service file named at the offset is defined. */
  definition(document: ParsedDocument, offset: number): Place[];
  references(document: ParsedDocument, offset: number, includeDeclaration: boolean): Place[];
  /** The name a rename at the offset would change, a reason it cannot be renamed, or nothing renamable there. */
  prepareRename(document: ParsedDocument, offset: number): PrepareRename | { readonly message: string } | undefined;
  rename(document: ParsedDocument, offset: number, newName: string): RenameResult;
  documentSymbols(document: ParsedDocument): DocumentSymbol[];
  foldingRanges(document: ParsedDocument): FoldingRange[];
  /** Fixes for the diagnostics given (those overlapping `span`), and "disable this rule on this line". */
  codeActions(document: ActionDocument, span: Span, diagnostics: readonly Diagnostic[]): CodeAction[];
  /** The edits that give the `fmt` layout; none when the text cannot be formatted. */
  format(document: ParsedDocument): TextEdit[];
  signatureHelp(document: ParsedDocument, offset: number): SignatureHelp | undefined;
  semanticTokens(document: ParsedDocument): SemanticToken[];
  inlayHints(document: ParsedDocument, span: Span): InlayHint[];
  /** Every problem of a service's test file `mailroom test` would refuse it for, short of running it. */
  validateTestFile(document: ParsedTestFile, context: TestFileContext): Promise<Diagnostic[]>;
  /** Completion in a test file: its keys, the tested service's names, the files beside it. */
  completeTestFile(document: ParsedTestFile, offset: number, context: TestFileContext): Promise<CompletionList>;
  hoverTestFile(document: ParsedTestFile, offset: number): Hover | undefined;
}
