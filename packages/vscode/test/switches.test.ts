import { beforeEach, describe, expect, it, vi } from "vitest";

/** The settings as the test sets them: feature -> enabled, for every scope. */
const settings = new Map<string, boolean>();
const scopes: unknown[] = [];
vi.mock("vscode", () => ({
  workspace: {
    textDocuments: [],
    getConfiguration: (_section: string, scope: unknown) => {
      scopes.push(scope);
      return { get: (key: string, fallback: boolean) => settings.get(key) ?? fallback };
    },
  },
}));

const { Switches } = await import("../src/switches.js");

describe("the settings that turn the server's features off", () => {
  beforeEach(() => {
    settings.clear();
    scopes.length = 0;
  });

  it("hides diagnostics while they are off and shows the last ones again once on", () => {
    const switches = new Switches();
    const shown = new Map<string, unknown[]>();
    const next = (uri: { toString(): string }, diagnostics: unknown[]) => shown.set(uri.toString(), diagnostics);
    const uri = { toString: () => "file:///a.service.yaml" };
    const problem = { message: "undefined-metadata" };
    // biome-ignore lint/suspicious/noExplicitAny: the middleware's VS Code types, stubbed
    const handle = switches.middleware.handleDiagnostics as any;
    handle(uri, [problem], next);
    expect(shown.get(uri.toString())).toEqual([problem]);
    settings.set("diagnostics.enable", false);
    handle(uri, [problem], next);
    expect(shown.get(uri.toString())).toEqual([]);

    const collection = new Map<string, unknown[]>();
    // biome-ignore lint/suspicious/noExplicitAny: a client with only its diagnostic collection
    const client: any = { diagnostics: { set: (at: unknown, d: unknown[]) => collection.set(String(at), d) } };
    settings.set("diagnostics.enable", true);
    switches.showDiagnostics(client);
    expect(collection.get(uri.toString())).toEqual([problem]);
    settings.set("diagnostics.enable", false);
    switches.showDiagnostics(client);
    expect(collection.get(uri.toString())).toEqual([]);
  });

  it("answers no completion and no formatting while they are off, and asks the server when on", async () => {
    const switches = new Switches();
    const document = { uri: "file:///a.service.yaml", languageId: "mailroom-service" };
    const completion = vi.fn(() => ["item"]);
    const formatting = vi.fn(() => ["edit"]);
    // biome-ignore lint/suspicious/noExplicitAny: the middleware's VS Code types, stubbed
    const middleware = switches.middleware as any;
    expect(middleware.provideCompletionItem(document, {}, {}, {}, completion)).toEqual(["item"]);
    expect(middleware.provideDocumentFormattingEdits(document, {}, {}, formatting)).toEqual(["edit"]);
    settings.set("completion.enable", false);
    settings.set("format.enable", false);
    expect(middleware.provideCompletionItem(document, {}, {}, {}, completion)).toBeUndefined();
    expect(middleware.provideDocumentFormattingEdits(document, {}, {}, formatting)).toBeUndefined();
    expect(completion).toHaveBeenCalledTimes(1);
    expect(formatting).toHaveBeenCalledTimes(1);
    // Read for the document itself: its folder's and its language's settings.
    expect(scopes.at(-1)).toBe(document);
  });
});
