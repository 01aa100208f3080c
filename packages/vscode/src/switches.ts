// The settings that turn the server's features off in the editor, read at each use so that they apply at once.
import * as vscode from "vscode";
import type { LanguageClient, Middleware } from "vscode-languageclient/node";

type Feature = "diagnostics" | "completion" | "format";

/** A switch as set for a document: its folder's settings, and its language's (`"[mailroom-service]": {...}`). */
const enabled = (feature: Feature, scope: vscode.ConfigurationScope): boolean =>
  vscode.workspace.getConfiguration("mailroom", scope).get<boolean>(`${feature}.enable`, true);

/** Diagnostics come for a URI: the open document's language counts too. */
const scopeOf = (uri: vscode.Uri): vscode.ConfigurationScope =>
  vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString()) ?? uri;

/** The client's middleware for one server: what it receives and answers passes through the settings. */
export class Switches {
  /** The diagnostics last published for each document, shown again when diagnostics are turned back on. */
  readonly #published = new Map<string, { uri: vscode.Uri; diagnostics: vscode.Diagnostic[] }>();

  readonly middleware: Middleware = {
    handleDiagnostics: (uri, diagnostics, next) => {
      // The server publishes none for a closed document: nothing is kept for it either.
      if (diagnostics.length === 0) this.#published.delete(uri.toString());
      else this.#published.set(uri.toString(), { uri, diagnostics });
      next(uri, enabled("diagnostics", scopeOf(uri)) ? diagnostics : []);
    },
    provideCompletionItem: (document, position, context, token, next) =>
      enabled("completion", document) ? next(document, position, context, token) : undefined,
    provideDocumentFormattingEdits: (document, options, token, next) =>
      enabled("format", document) ? next(document, options, token) : undefined,
  };

  /** Shows or hides the diagnostics published so far, as the setting now says. */
  showDiagnostics(client: LanguageClient): void {
    for (const { uri, diagnostics } of this.#published.values())
      client.diagnostics?.set(uri, enabled("diagnostics", scopeOf(uri)) ? diagnostics : []);
  }
}
