import { readdir, realpath, stat } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { readSource } from "@mailroom/checker";
import {
  type FolderEntry,
  type ParsedTestFile,
  parseDocument,
  serviceKey,
  type TestedService,
  type TestFileContext,
  type TestFileHost,
} from "@mailroom/language";
import { testedServiceFiles } from "@mailroom/runtime";
import { parse } from "./documents.js";
import type { ServerState } from "./state.js";

/*
 * What a test file's features read around it: the service it tests (its open buffer first, else the file on
 * disk, through the bounded reader) and the files beside it (samples, folders to complete paths in).
 */

/** The file system, for sample paths: what cannot be looked at reads as nothing there. */
const diskHost: TestFileHost = {
  isFile: (path) =>
    stat(path).then(
      (info) => info.isFile(),
      () => false,
    ),
  realPath: (path) => realpath(path).catch(() => undefined),
  async list(folder) {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    const listed: FolderEntry[] = [];
    for (const entry of entries) {
      // A link is offered as what it leads to.
      const folderLike = entry.isSymbolicLink()
        ? await stat(join(folder, entry.name)).then(
            (info) => info.isDirectory(),
            () => false,
          )
        : entry.isDirectory();
      listed.push({ name: entry.name, folder: folderLike });
    }
    return listed;
  },
};

/**
 * The service the test file tests: the first of its candidates open in the editor or on disk, read through the
 * bounded reader; when none is there, the first candidate, missing.
 */
async function testedService(state: ServerState, test: ParsedTestFile): Promise<TestedService> {
  const candidates = testedServiceFiles(test.file, serviceKey(test));
  for (const file of candidates) {
    const open = parse(state, pathToFileURL(file).href);
    if (open) return { file, document: open };
    if (!(await diskHost.isFile(file))) continue;
    const source = await readSource(file);
    if (source.ok) return { file, document: parseDocument(file, source.text) };
    return { file, problem: source.code === "file-too-large" ? "it is too large to read" : "it cannot be read" };
  }
  return { file: candidates[0] as string, problem: "no such file" };
}

export async function testContext(state: ServerState, test: ParsedTestFile): Promise<TestFileContext> {
  return { service: await testedService(state, test), host: diskHost };
}
