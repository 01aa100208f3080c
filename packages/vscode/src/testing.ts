// The cases of the workspace's test files in VS Code's Testing view. The server lists and runs them (the commands
// of its "Run" code lens); this only shows what it answers.
import * as vscode from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";

const LIST = "mailroom.listTestCases";
const RUN = "mailroom.runTestCase";
const TEST_FILES = "**/*.service.test.yaml";

interface Range {
  readonly start: { readonly line: number; readonly character: number };
  readonly end: { readonly line: number; readonly character: number };
}

interface ListedCase {
  readonly name: string;
  readonly index: number;
  readonly range: Range;
}

interface CaseRunResult {
  readonly status: "passed" | "failed" | "broken";
  readonly differences: readonly { readonly message: string; readonly range: Range }[];
  readonly problems: readonly { readonly message: string; readonly range: Range }[];
}

const asRange = ({ start, end }: Range) => new vscode.Range(start.line, start.character, end.line, end.character);

/** A case's item id: its file's URI and its index in `cases`. */
const caseId = (uri: vscode.Uri, index: number) => `${uri.toString()}#${index}`;
const indexOf = (item: vscode.TestItem) => Number(item.id.slice(item.id.lastIndexOf("#") + 1));

/** The Testing view's controller; `client` starts the language client if it is not, and gives it once started. */
export function registerTesting(client: () => Promise<LanguageClient | undefined>): vscode.Disposable {
  const controller = vscode.tests.createTestController("mailroom", "mailroom");
  const fileItem = (uri: vscode.Uri) => {
    const item = controller.createTestItem(uri.toString(), vscode.workspace.asRelativePath(uri), uri);
    item.canResolveChildren = true;
    controller.items.add(item);
    return item;
  };
  const execute = async <T>(command: string, ...args: unknown[]): Promise<T | null> => {
    const running = await client();
    if (!running) return null;
    return (await running.sendRequest("workspace/executeCommand", { command, arguments: args })) as T | null;
  };
  /** The file's cases, as the server reads them (from the editor's buffer when it is open, else from disk). */
  const loadCases = async (file: vscode.TestItem) => {
    if (!file.uri) return;
    const cases = (await execute<ListedCase[]>(LIST, file.uri.toString())) ?? [];
    file.children.replace(
      cases.map((each) => {
        const item = controller.createTestItem(caseId(file.uri as vscode.Uri, each.index), each.name, file.uri);
        item.range = asRange(each.range);
        return item;
      }),
    );
  };

  controller.resolveHandler = async (item) => {
    if (item) return loadCases(item);
    for (const uri of await vscode.workspace.findFiles(TEST_FILES, "**/node_modules/**")) fileItem(uri);
  };
  controller.refreshHandler = async () => {
    controller.items.replace([]);
    await controller.resolveHandler?.(undefined);
  };

  controller.createRunProfile(
    "Run",
    vscode.TestRunProfileKind.Run,
    async (request, token) => {
      const run = controller.createTestRun(request);
      const cases: vscode.TestItem[] = [];
      const roots: vscode.TestItem[] = [];
      if (request.include) roots.push(...request.include);
      else for (const [, item] of controller.items) roots.push(item);
      for (const item of roots) {
        if (item.parent) cases.push(item);
        else {
          await loadCases(item);
          for (const [, each] of item.children) cases.push(each);
        }
      }
      for (const item of cases) {
        if (token.isCancellationRequested) break;
        if (request.exclude?.includes(item) || !item.uri) continue;
        const uri = item.uri;
        run.started(item);
        const result = await execute<CaseRunResult>(RUN, uri.toString(), indexOf(item));
        const messages = (found: CaseRunResult["differences"]) =>
          found.map((each) => {
            const message = new vscode.TestMessage(each.message);
            message.location = new vscode.Location(uri, asRange(each.range));
            return message;
          });
        if (!result) run.skipped(item);
        else if (result.status === "passed") run.passed(item);
        else if (result.status === "failed") run.failed(item, messages(result.differences));
        else run.errored(item, messages(result.problems));
      }
      run.end();
    },
    true,
  );

  // Test files come and go; an edited one is listed again when saved.
  const watcher = vscode.workspace.createFileSystemWatcher(TEST_FILES);
  watcher.onDidCreate((uri) => fileItem(uri));
  watcher.onDidDelete((uri) => controller.items.delete(uri.toString()));
  const saved = vscode.workspace.onDidSaveTextDocument((document) => {
    const item = controller.items.get(document.uri.toString());
    if (item) void loadCases(item);
  });
  return vscode.Disposable.from(controller, watcher, saved);
}
