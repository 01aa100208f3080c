import { basename } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  CONFIG_FILE_NAME,
  ConfigResolver,
  type ConfigText,
  maxFileBytes,
  prepareValidation,
  type ResolvedSettings,
  readSource,
  tooLargeMessage,
} from "@mailroom/checker";
import { SERVICE_FILE } from "@mailroom/compiler";
import { type LanguageService, type ParsedDocument, parseDocument, Workspace } from "@mailroom/language";
import { type Diagnostic, LineIndex } from "@mailroom/syntax";
import * as lsp from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import {
  docsHref,
  type PlaceResolver,
  SEMANTIC_TOKENS_LEGEND,
  toCodeAction,
  toCompletionList,
  toDiagnostic,
  toDocumentSymbol,
  toFoldingRanges,
  toHover,
  toInlayHint,
  toOffset,
  toRange,
  toSemanticTokens,
  toSignatureHelp,
  toSpan,
  toTextEdit,
  toWorkspaceSymbol,
} from "./convert.js";
import { type ServerOptions, serverOptions } from "./options.js";
import { diskHost, findServiceFiles } from "./workspace.js";

/** The language id a client may give service files whose names do not end in `.service.yaml|yml|json`. */
export const LANGUAGE_ID = "mailroom-service";

const DEFAULT_SETTINGS: ResolvedSettings = { ignored: false, rules: {} };

function fileOf(uri: string): string {
  if (uri.startsWith("file:")) {
    try {
      return fileURLToPath(uri);
    } catch {
      // A malformed file URI: its path is still the best name there is.
    }
  }
  return decodeURIComponent(uri.replace(/^[a-z][a-z0-9+.-]*:(\/\/[^/]*)?/i, ""));
}

const isConfig = (uri: string): boolean => basename(fileOf(uri)) === CONFIG_FILE_NAME;

function cancelled(token: lsp.CancellationToken): void {
  if (token.isCancellationRequested)
    throw new lsp.ResponseError(lsp.LSPErrorCodes.RequestCancelled, "Request cancelled.");
}

/** Lets the connection read what arrived meanwhile (a `$/cancelRequest`, say) before the next stage. */
const tick = (): Promise<void> => new Promise((done) => setImmediate(done));

/**
 * The stdio server: an adapter from LSP to the language service. It keeps one parse per open document version,
 * shared by every request, publishes diagnostics (at once on open, debounced on change), reads each file's
 * `mailroom.config.yaml` through the checker's resolver (open buffers first), and turns every answer's spans
 * into ranges. Each handler catches what goes wrong, logs it and answers empty: the server outlives any input.
 */
export function createServer(connection: lsp.Connection, service: LanguageService): void {
  const documents = new lsp.TextDocuments(TextDocument);
  const parses = new Map<string, ParsedDocument>();
  /**
   * Each open file's settings, resolved once until a configuration changes: one object per file, so the language
   * service's per-version memo of diagnostics holds across requests (code actions reuse what publishing computed).
   */
  const settingsByUri = new Map<string, Promise<ResolvedSettings>>();
  const timers = new Map<string, NodeJS.Timeout>();
  const opened = new Set<string>();
  let configUris = new Set<string>();
  let options: ServerOptions = serverOptions(undefined);
  let watchFiles = false;
  let folders: string[] = [];

  const log = (what: string, error: unknown): void =>
    connection.console.error(
      `mailroom: ${what} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );

  /** An open configuration's buffer, else the file on disk: a configuration applies as the editor shows it. */
  const readConfig = async (path: string): Promise<ConfigText> => {
    const open = documents.get(pathToFileURL(path).href);
    return open ? { ok: true, text: open.getText() } : readSource(path, "YAML");
  };
  const resolver = new ConfigResolver({ read: readConfig });
  const workspace = new Workspace(diskHost);

  const isService = (document: TextDocument): boolean =>
    document.languageId === LANGUAGE_ID || SERVICE_FILE.test(fileOf(document.uri));

  /** Like `mailroom lint`, a document over the size limit is not read: requests on it answer empty. */
  const tooLarge = (document: TextDocument): number | undefined => {
    const text = document.getText();
    const limit = maxFileBytes(fileOf(document.uri));
    // A UTF-16 code unit is at most 3 bytes of UTF-8: most documents need no counting.
    if (text.length * 3 <= limit) return undefined;
    const bytes = Buffer.byteLength(text);
    return bytes > limit ? bytes : undefined;
  };

  /** The document's current version, parsed once and shared by every request until the next change. */
  function parse(uri: string): ParsedDocument | undefined {
    const document = documents.get(uri);
    if (!document || !isService(document) || tooLarge(document) !== undefined) return undefined;
    const cached = parses.get(uri);
    if (cached?.version === document.version) return cached;
    const parsed = parseDocument(fileOf(uri), document.getText(), document.version, cached);
    parses.set(uri, parsed);
    if (uri.startsWith("file:")) workspace.open(parsed);
    return parsed;
  }

  function settingsOf(uri: string, file: string): Promise<ResolvedSettings> {
    if (!uri.startsWith("file:")) return Promise.resolve(DEFAULT_SETTINGS);
    let settings = settingsByUri.get(uri);
    if (!settings) {
      settings = resolver.settingsFor(file).catch((error) => {
        log(`reading the configuration of "${file}"`, error);
        return DEFAULT_SETTINGS;
      });
      settingsByUri.set(uri, settings);
    }
    return settings;
  }

  /** The diagnostics of the document's current version (computed once); undefined when a newer one came meanwhile. */
  async function diagnosticsOf(uri: string): Promise<Diagnostic[] | undefined> {
    const document = parse(uri);
    if (!document) return undefined;
    const settings = await settingsOf(uri, document.file);
    if (parse(uri) !== document) return undefined;
    return settings.ignored ? [] : service.validate(document, settings);
  }

  /**
   * Where places point, as a URI and that file's lines: the document itself, an open document, or a file on disk
   * among `files`, read ahead through the bounded reader (a file that cannot be read is left out).
   */
  async function placeResolver(
    uri: string,
    document: ParsedDocument,
    files: Iterable<string | undefined>,
  ): Promise<PlaceResolver> {
    const read = new Map<string, LineIndex>();
    for (const file of new Set(files)) {
      if (file === undefined || file === document.file || parse(pathToFileURL(file).href)) continue;
      const source = await readSource(file);
      if (source.ok) read.set(file, new LineIndex(source.text));
    }
    return (file) => {
      if (file === undefined || file === document.file) return { uri, lines: document.lines };
      const other = pathToFileURL(file).href;
      const lines = parse(other)?.lines ?? read.get(file);
      return lines && { uri: other, lines };
    };
  }

  async function publish(uri: string): Promise<void> {
    try {
      const document = documents.get(uri);
      const bytes = document && tooLarge(document);
      if (document && bytes !== undefined) {
        const message = tooLargeMessage(fileOf(uri), bytes);
        const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
        const code = "file-too-large";
        const href = docsHref(code, options.docsBase);
        const diagnostic = { range, severity: lsp.DiagnosticSeverity.Error, code, source: "mailroom", message };
        await connection.sendDiagnostics({
          uri,
          version: document.version,
          diagnostics: [{ ...diagnostic, codeDescription: { href } }],
        });
        return;
      }
      const diagnostics = await diagnosticsOf(uri);
      const parsed = parses.get(uri);
      if (diagnostics === undefined || !parsed || !opened.has(uri)) return;
      const related = diagnostics.flatMap((d) => (d.related ?? []).map((info) => info.file));
      const resolvePlace = await placeResolver(uri, parsed, related);
      if (parses.get(uri) !== parsed || !opened.has(uri)) return;
      await connection.sendDiagnostics({
        uri,
        version: parsed.version,
        diagnostics: diagnostics.map((d) => toDiagnostic(parsed.lines, d, options.docsBase, resolvePlace)),
      });
      await publishConfigProblems();
    } catch (error) {
      log(`diagnostics of ${uri}`, error);
    }
  }

  /** A configuration with problems gives no settings; its problems are shown on it, and cleared once fixed. */
  async function publishConfigProblems(): Promise<void> {
    const now = new Set<string>();
    for (const problem of await resolver.problems()) {
      const uri = pathToFileURL(problem.file).href;
      now.add(uri);
      const lines = new LineIndex(problem.text);
      const resolvePlace: PlaceResolver = () => ({ uri, lines });
      await connection.sendDiagnostics({
        uri,
        diagnostics: problem.diagnostics.map((d) => toDiagnostic(lines, d, options.docsBase, resolvePlace)),
      });
    }
    for (const uri of configUris) if (!now.has(uri)) await connection.sendDiagnostics({ uri, diagnostics: [] });
    configUris = now;
  }

  function schedule(uri: string, delay: number): void {
    clearTimeout(timers.get(uri));
    timers.set(
      uri,
      setTimeout(() => {
        timers.delete(uri);
        void publish(uri);
      }, delay),
    );
  }

  /** A configuration was created, edited or deleted: every open service may now be linted differently. */
  function configChanged(): void {
    resolver.forget();
    settingsByUri.clear();
    for (const uri of opened) schedule(uri, options.diagnosticsDelay);
  }

  documents.onDidChangeContent(({ document }) => {
    const { uri } = document;
    if (isConfig(uri)) configChanged();
    if (!isService(document)) return;
    // The first content is the open: shown at once. Edits wait until typing pauses.
    const first = !opened.has(uri);
    opened.add(uri);
    schedule(uri, first ? 0 : options.diagnosticsDelay);
  });

  documents.onDidClose(({ document }) => {
    const { uri } = document;
    clearTimeout(timers.get(uri));
    timers.delete(uri);
    parses.delete(uri);
    settingsByUri.delete(uri);
    if (isConfig(uri)) configChanged();
    if (uri.startsWith("file:") && isService(document)) {
      workspace.close(fileOf(uri)).catch((error) => log(`indexing ${uri}`, error));
    }
    if (opened.delete(uri)) void connection.sendDiagnostics({ uri, diagnostics: [] });
  });

  connection.onInitialize((params) => {
    options = serverOptions(params.initializationOptions);
    watchFiles = params.capabilities?.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    folders = (params.workspaceFolders ?? []).map((f) => f.uri);
    if (folders.length === 0 && params.rootUri) folders = [params.rootUri];
    return {
      capabilities: {
        textDocumentSync: lsp.TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: [".", "(", "=", '"', " ", ":", "[", ","] },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        codeActionProvider: { codeActionKinds: [lsp.CodeActionKind.QuickFix, lsp.CodeActionKind.SourceFixAll] },
        documentFormattingProvider: true,
        signatureHelpProvider: { triggerCharacters: ["(", ","] },
        semanticTokensProvider: { legend: SEMANTIC_TOKENS_LEGEND, full: true },
        inlayHintProvider: true,
        workspaceSymbolProvider: true,
      },
      serverInfo: { name: "mailroom-language-server" },
    };
  });

  connection.onInitialized(() => {
    if (watchFiles) {
      connection.client
        .register(lsp.DidChangeWatchedFilesNotification.type, {
          watchers: [{ globPattern: `**/${CONFIG_FILE_NAME}` }, { globPattern: "**/*.service.{yaml,yml,json}" }],
        })
        .catch((error) => log("registering file watchers", error));
    }
    // A server lives long: it compiles the fast validator once, up front, rather than after its first edits.
    setImmediate(() => {
      try {
        prepareValidation();
      } catch (error) {
        log("preparing validation", error);
      }
    });
    indexWorkspace().catch((error) => log("indexing the workspace", error));
  });

  connection.onDidChangeWatchedFiles(async ({ changes }) => {
    try {
      if (changes.some((change) => isConfig(change.uri))) configChanged();
      for (const change of changes) {
        const file = fileOf(change.uri);
        if (!change.uri.startsWith("file:") || !SERVICE_FILE.test(file) || documents.get(change.uri)) continue;
        if (change.type === lsp.FileChangeType.Deleted) workspace.remove(file);
        else await workspace.refresh(file);
      }
    } catch (error) {
      log("watched files", error);
    }
  });

  /** Indexes the workspace folders' service files in the background; requests are answered meanwhile. */
  async function indexWorkspace(): Promise<void> {
    const started = Date.now();
    const roots = folders.filter((uri) => uri.startsWith("file:")).map(fileOf);
    const files = await findServiceFiles(roots);
    // Open documents are already indexed from the editor's text.
    await workspace.add(files.filter((file) => !documents.get(pathToFileURL(file).href)));
    connection.console.info(`mailroom: indexed ${files.length} service files in ${Date.now() - started} ms`);
  }

  /**
   * A request's answer, guarded: it yields first so that a cancellation sent meanwhile is seen, and answers
   * `empty` when anything goes wrong (logged), never failing; only cancellation and refusals are errors.
   */
  function guarded<P, R, E>(
    name: string,
    empty: E,
    run: (params: P, token: lsp.CancellationToken) => R | Promise<R>,
  ): (params: P, token: lsp.CancellationToken) => Promise<R | E> {
    return async (params, token) => {
      try {
        await tick();
        cancelled(token);
        const result = await run(params, token);
        cancelled(token);
        return result;
      } catch (error) {
        if (error instanceof lsp.ResponseError) throw error;
        log(name, error);
        return empty;
      }
    };
  }

  /** A guarded request on a service document: parsed once per version, cancellation checked again after parsing. */
  function request<P extends { textDocument: lsp.TextDocumentIdentifier }, R, E>(
    name: string,
    empty: E,
    run: (document: ParsedDocument, params: P, token: lsp.CancellationToken) => R | Promise<R>,
  ): (params: P, token: lsp.CancellationToken) => Promise<R | E> {
    return guarded<P, R | E, E>(name, empty, async (params, token) => {
      const document = parse(params.textDocument.uri);
      if (!document) return empty;
      // Parsing a new version may have taken a while: see what arrived meanwhile.
      await tick();
      cancelled(token);
      return run(document, params, token);
    });
  }

  const locations = async (
    places: readonly { file: string; span: { offset: number; length: number } }[],
    uri: string,
    document: ParsedDocument,
  ) => {
    const resolvePlace = await placeResolver(
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
  };

  connection.onCompletion(
    request("completion", null, (document, params) =>
      toCompletionList(document.lines, service.complete(document, toOffset(document.lines, params.position))),
    ),
  );

  connection.onHover(
    request("hover", null, (document, params) => {
      const hover = service.hover(document, toOffset(document.lines, params.position));
      return hover ? toHover(document.lines, hover) : null;
    }),
  );

  connection.onDefinition(
    request("definition", [], (document, params) =>
      locations(
        service.definition(document, toOffset(document.lines, params.position)),
        params.textDocument.uri,
        document,
      ),
    ),
  );

  connection.onReferences(
    request("references", [], (document, params) =>
      locations(
        service.references(document, toOffset(document.lines, params.position), params.context.includeDeclaration),
        params.textDocument.uri,
        document,
      ),
    ),
  );

  connection.onPrepareRename(
    request("prepareRename", null, (document, params) => {
      const prepared = service.prepareRename(document, toOffset(document.lines, params.position));
      if (prepared === undefined) return null;
      if ("message" in prepared) throw new lsp.ResponseError(lsp.LSPErrorCodes.RequestFailed, prepared.message);
      return { range: toRange(document.lines, prepared.span), placeholder: prepared.placeholder };
    }),
  );

  connection.onRenameRequest(
    request("rename", null, async (document, params) => {
      const result = service.rename(document, toOffset(document.lines, params.position), params.newName);
      if (!result.ok) throw new lsp.ResponseError(lsp.LSPErrorCodes.RequestFailed, result.message);
      const resolvePlace = await placeResolver(params.textDocument.uri, document, result.edit.changes.keys());
      const changes: Record<string, lsp.TextEdit[]> = {};
      for (const [file, edits] of result.edit.changes) {
        const target = resolvePlace(file);
        if (target) changes[target.uri] = edits.map((edit) => toTextEdit(target.lines, edit));
      }
      return { changes };
    }),
  );

  connection.onDocumentSymbol(
    request("documentSymbol", [], (document) =>
      service.documentSymbols(document).map((s) => toDocumentSymbol(document.lines, s)),
    ),
  );

  connection.onFoldingRanges(
    request("foldingRange", [], (document) => toFoldingRanges(document.lines, service.foldingRanges(document))),
  );

  connection.onCodeAction(
    request("codeAction", [], async (document, params, token) => {
      const uri = params.textDocument.uri;
      const diagnostics = await diagnosticsOf(uri);
      cancelled(token);
      if (diagnostics === undefined || parse(uri) !== document) return [];
      const only = params.context.only;
      const wanted = (kind: string) => !only || only.some((o) => kind === o || kind.startsWith(`${o}.`));
      return service
        .codeActions(document, toSpan(document.lines, params.range), diagnostics)
        .filter((action) => wanted(action.kind))
        .map((action) => toCodeAction(document.lines, uri, action, params.context.diagnostics));
    }),
  );

  connection.onDocumentFormatting(
    request("formatting", [], (document) => service.format(document).map((edit) => toTextEdit(document.lines, edit))),
  );

  connection.onSignatureHelp(
    request("signatureHelp", null, (document, params) => {
      const help = service.signatureHelp(document, toOffset(document.lines, params.position));
      return help ? toSignatureHelp(help) : null;
    }),
  );

  connection.languages.semanticTokens.on(
    request("semanticTokens", { data: [] }, (document) =>
      toSemanticTokens(document.lines, service.semanticTokens(document)),
    ),
  );

  connection.languages.inlayHint.on(
    request("inlayHint", [], (document, params) =>
      service
        .inlayHints(document, toSpan(document.lines, params.range))
        .map((hint) => toInlayHint(document.lines, hint)),
    ),
  );

  connection.onWorkspaceSymbol(
    guarded("workspace symbols", [], (params: lsp.WorkspaceSymbolParams) =>
      workspace.symbols(params.query).map(toWorkspaceSymbol),
    ),
  );

  documents.listen(connection);
  connection.listen();
}
