import { TEST_FILE_SUFFIX } from "@mailroom/checker";
import { type Comment, LineIndex, parseYaml, propertyOf, type SyntaxNode } from "@mailroom/syntax";
import type { YamlText } from "./cursor.js";
import type { ParsedDocument } from "./document.js";

/**
 * A service's test file (`payslips.service.test.yaml`) as the editor features see it: the YAML read once per
 * version; what it says is judged against the service it tests, which the server finds and reads.
 */

/** Whether a path names a service's test file (and not a service). */
export const isTestFile = (path: string): boolean => path.endsWith(TEST_FILE_SUFFIX);

/** One version of an open test file, read once: every feature on it shares this. */
export interface ParsedTestFile extends YamlText {
  readonly file: string;
  readonly version: number;
  readonly text: string;
  readonly lines: LineIndex;
  /** The YAML as written: its positioned tree (undefined when nothing parses) and its comments. */
  readonly source: { tree(): SyntaxNode | undefined; readonly comments: readonly Comment[] };
}

export function parseTestFile(file: string, text: string, version = 0): ParsedTestFile {
  const yaml = parseYaml(text);
  let lines: LineIndex | undefined;
  return {
    file,
    version,
    text,
    source: { tree: () => yaml.root, comments: yaml.comments },
    get lines() {
      lines ??= new LineIndex(text);
      return lines;
    },
  };
}

/** An entry of a folder, for paths completed relative to the test file. */
export interface FolderEntry {
  readonly name: string;
  readonly folder: boolean;
}

/** What the features read around a test file: the server gives them the file system, tests give them a map. */
export interface TestFileHost {
  /** Whether a regular file (or a link to one) is at the path. */
  isFile(path: string): Promise<boolean>;
  /** The path with every link resolved; undefined when nothing is there. */
  realPath(path: string): Promise<string | undefined>;
  /** The entries of a folder; none when it cannot be read. */
  list(folder: string): Promise<readonly FolderEntry[]>;
}

/**
 * The service a test file tests: its path (the first looked for, when none was found) and its parse, or why it
 * could not be read.
 */
export type TestedService =
  | { readonly file: string; readonly document: ParsedDocument }
  | { readonly file: string; readonly problem: string };

/** What the features of a test file are given besides its text. */
export interface TestFileContext {
  readonly service: TestedService;
  readonly host: TestFileHost;
}

/** The `service` a test file's text gives, read leniently (the file may not be valid yet). */
export function serviceKey(doc: ParsedTestFile): string | undefined {
  const root = doc.source.tree();
  const value = root?.kind === "object" ? propertyOf(root, "service")?.value : undefined;
  return value?.kind === "scalar" && typeof value.value === "string" && value.value !== "" ? value.value : undefined;
}
