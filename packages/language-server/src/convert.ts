import { pathToFileURL } from "node:url";
import { docsPage } from "@mailroom/checker";
import type {
  CodeAction,
  CompletionItem,
  CompletionList,
  DocumentSymbol,
  FoldingRange,
  Hover,
  InlayHint,
  SemanticToken,
  SignatureHelp,
  WorkspaceSymbol,
} from "@mailroom/language";
import { TOKEN_TYPES } from "@mailroom/language";
import type { Diagnostic, LineIndex, Position, Severity, Span, TextEdit } from "@mailroom/syntax";
import * as lsp from "vscode-languageserver";

/**
 * The edge between the language service and LSP: spans (UTF-16 offsets) become ranges (0-based lines,
 * UTF-16 characters, which is what LSP counts by default), our small enums become LSP's numbers. Nothing
 * here decides anything about services.
 */

export function toPosition(lines: LineIndex, offset: number): lsp.Position {
  const { line, column } = lines.position(offset);
  return { line: line - 1, character: column - 1 };
}

export function toRange(lines: LineIndex, span: Span): lsp.Range {
  return { start: toPosition(lines, span.offset), end: toPosition(lines, span.offset + span.length) };
}

/** An LSP position as an offset; a character past the end of its line means the line's end, as LSP says. */
export function toOffset(lines: LineIndex, position: lsp.Position): number {
  const line = Math.max(0, position.line) + 1;
  const character = Math.min(Math.max(0, position.character), lines.lineText(line).length);
  return lines.offset({ line, column: character + 1 });
}

export function toSpan(lines: LineIndex, range: lsp.Range): Span {
  const start = toOffset(lines, range.start);
  return { offset: start, length: Math.max(0, toOffset(lines, range.end) - start) };
}

export function toTextEdit(lines: LineIndex, edit: TextEdit): lsp.TextEdit {
  return { range: toRange(lines, edit.span), newText: edit.newText };
}

const SEVERITIES: Record<Severity, lsp.DiagnosticSeverity> = {
  error: lsp.DiagnosticSeverity.Error,
  warning: lsp.DiagnosticSeverity.Warning,
  info: lsp.DiagnosticSeverity.Information,
};

/** The page documenting a code under `docsBase` (a URL ending in `/`): a rule's own page, else the catalogue. */
export const docsHref = (code: string, docsBase: string): string => new URL(docsPage(code), docsBase).href;

/** Where related information points: its own file's URI and line index, or the diagnostic's document. */
export type PlaceResolver = (file: string | undefined) => { uri: string; lines: LineIndex } | undefined;

export function toDiagnostic(
  lines: LineIndex,
  diagnostic: Diagnostic,
  docsBase: string,
  resolvePlace: PlaceResolver,
): lsp.Diagnostic {
  const related: lsp.DiagnosticRelatedInformation[] = [];
  for (const info of diagnostic.related ?? []) {
    const place = resolvePlace(info.file);
    if (place)
      related.push({ location: { uri: place.uri, range: toRange(place.lines, info.span) }, message: info.message });
  }
  return {
    range: toRange(lines, diagnostic.span),
    severity: SEVERITIES[diagnostic.severity],
    code: diagnostic.code,
    codeDescription: { href: docsHref(diagnostic.code, docsBase) },
    source: "mailroom",
    message: diagnostic.message,
    ...(related.length > 0 ? { relatedInformation: related } : {}),
  };
}

const COMPLETION_KINDS: Record<CompletionItem["kind"], lsp.CompletionItemKind> = {
  key: lsp.CompletionItemKind.Property,
  value: lsp.CompletionItemKind.Value,
  enum: lsp.CompletionItemKind.EnumMember,
  type: lsp.CompletionItemKind.Class,
  box: lsp.CompletionItemKind.Module,
  metadata: lsp.CompletionItemKind.Field,
  function: lsp.CompletionItemKind.Function,
  namespace: lsp.CompletionItemKind.Module,
  identifier: lsp.CompletionItemKind.Variable,
  "time-zone": lsp.CompletionItemKind.Constant,
  locale: lsp.CompletionItemKind.Constant,
  snippet: lsp.CompletionItemKind.Snippet,
  file: lsp.CompletionItemKind.File,
  folder: lsp.CompletionItemKind.Folder,
};

const markdown = (value: string): lsp.MarkupContent => ({ kind: lsp.MarkupKind.Markdown, value });

export function toCompletionList(lines: LineIndex, list: CompletionList): lsp.CompletionList {
  return {
    isIncomplete: list.incomplete,
    items: list.items.map((item) => ({
      label: item.label,
      kind: COMPLETION_KINDS[item.kind],
      ...(item.detail !== undefined ? { detail: item.detail } : {}),
      ...(item.documentation !== undefined ? { documentation: markdown(item.documentation) } : {}),
      textEdit: { range: toRange(lines, item.span), newText: item.insertText },
      insertTextFormat: item.snippet ? lsp.InsertTextFormat.Snippet : lsp.InsertTextFormat.PlainText,
      ...(item.sortText !== undefined ? { sortText: item.sortText } : {}),
      ...(item.filterText !== undefined ? { filterText: item.filterText } : {}),
    })),
  };
}

export function toHover(lines: LineIndex, hover: Hover): lsp.Hover {
  return { contents: markdown(hover.contents), range: toRange(lines, hover.span) };
}

const SYMBOL_KINDS: Record<DocumentSymbol["kind"], lsp.SymbolKind> = {
  service: lsp.SymbolKind.Module,
  box: lsp.SymbolKind.Class,
  metadata: lsp.SymbolKind.Field,
  channel: lsp.SymbolKind.Interface,
  section: lsp.SymbolKind.Namespace,
  field: lsp.SymbolKind.Property,
};

export function toDocumentSymbol(lines: LineIndex, symbol: DocumentSymbol): lsp.DocumentSymbol {
  return {
    name: symbol.name || " ",
    ...(symbol.detail !== undefined ? { detail: symbol.detail } : {}),
    kind: SYMBOL_KINDS[symbol.kind],
    range: toRange(lines, symbol.span),
    selectionRange: toRange(lines, symbol.selectionSpan),
    children: symbol.children.map((child) => toDocumentSymbol(lines, child)),
  };
}

/** Whole lines from the first offset's to the last's; a range within one line folds nothing and is dropped. */
export function toFoldingRanges(lines: LineIndex, ranges: readonly FoldingRange[]): lsp.FoldingRange[] {
  const folded: lsp.FoldingRange[] = [];
  for (const range of ranges) {
    const startLine = lines.position(range.start).line - 1;
    const endLine = lines.position(range.end).line - 1;
    if (endLine > startLine) folded.push({ startLine, endLine, ...(range.kind ? { kind: range.kind } : {}) });
  }
  return folded;
}

/** A code action editing the document, linked to the LSP diagnostics (of the request) it answers. */
export function toCodeAction(
  lines: LineIndex,
  uri: string,
  action: CodeAction,
  answered: readonly lsp.Diagnostic[],
): lsp.CodeAction {
  const diagnostics = action.code === undefined ? [] : answered.filter((d) => d.code === action.code);
  return {
    title: action.title,
    kind: action.kind === "quickfix" ? lsp.CodeActionKind.QuickFix : lsp.CodeActionKind.SourceFixAll,
    ...(diagnostics.length > 0 ? { diagnostics } : {}),
    ...(action.preferred ? { isPreferred: true } : {}),
    edit: { changes: { [uri]: action.edits.map((edit) => toTextEdit(lines, edit)) } },
  };
}

export function toSignatureHelp(help: SignatureHelp): lsp.SignatureHelp {
  return {
    signatures: [
      {
        label: help.label,
        ...(help.documentation !== undefined ? { documentation: markdown(help.documentation) } : {}),
        parameters: help.parameters.map((p) => ({
          label: p.label,
          ...(p.documentation !== undefined ? { documentation: markdown(p.documentation) } : {}),
        })),
      },
    ],
    activeSignature: 0,
    activeParameter: help.activeParameter,
  };
}

export const SEMANTIC_TOKENS_LEGEND: lsp.SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [] };

const TOKEN_INDEX = new Map<string, number>(TOKEN_TYPES.map((type, i) => [type, i]));

/** Tokens in text order, relative-encoded as LSP wants them; empty tokens are dropped. */
export function toSemanticTokens(lines: LineIndex, tokens: readonly SemanticToken[]): lsp.SemanticTokens {
  const builder = new lsp.SemanticTokensBuilder();
  const sorted = [...tokens].sort((a, b) => a.span.offset - b.span.offset);
  for (const token of sorted) {
    if (token.span.length <= 0) continue;
    const start = toPosition(lines, token.span.offset);
    builder.push(start.line, start.character, token.span.length, TOKEN_INDEX.get(token.type) ?? 0, 0);
  }
  return builder.build();
}

export function toInlayHint(lines: LineIndex, hint: InlayHint): lsp.InlayHint {
  return {
    position: toPosition(lines, hint.offset),
    label: hint.label,
    ...(hint.tooltip !== undefined ? { tooltip: markdown(hint.tooltip) } : {}),
    ...(hint.kind ? { kind: hint.kind === "type" ? lsp.InlayHintKind.Type : lsp.InlayHintKind.Parameter } : {}),
    ...(hint.paddingLeft ? { paddingLeft: true } : {}),
  };
}

const fromPosition = (position: Position): lsp.Position => ({
  line: position.line - 1,
  character: position.column - 1,
});

/** A symbol of the workspace index: its positions are kept with it, so no file needs reading. */
export function toWorkspaceSymbol(symbol: WorkspaceSymbol): lsp.SymbolInformation {
  return {
    name: symbol.name || " ",
    kind: SYMBOL_KINDS[symbol.kind],
    ...(symbol.container !== undefined ? { containerName: symbol.container } : {}),
    location: {
      uri: pathToFileURL(symbol.file).href,
      range: { start: fromPosition(symbol.start), end: fromPosition(symbol.end) },
    },
  };
}
