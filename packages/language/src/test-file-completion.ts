import { dirname, resolve } from "node:path";
import { SERVICE_FILE } from "@mailroom/compiler";
import { ServiceTestFile } from "@mailroom/runtime";
import { type PathSegment, type Span, walkPath } from "@mailroom/syntax";
import { boxItems, enumItems, item, keyItems } from "./completion.js";
import { type Cursor, yamlCursor } from "./cursor.js";
import { type BoxOutline, serviceRoots } from "./cursor-names.js";
import { schemasAt } from "./schema-fields.js";
import type { ParsedTestFile, TestFileContext } from "./test-file.js";
import type { CompletionItem, CompletionList } from "./types.js";

/**
 * Completion in a service's test file: the keys of the test-file schema at the cursor, and where a name of the
 * tested service goes, its names: boxes under `files` and `expect.documents`, a box's metadata under `metadata`,
 * `BOX#n` references to MAIN documents under `attachedTo`, boxes of violations; the files beside the test file
 * where a path goes.
 */
export async function completeTestFile(
  doc: ParsedTestFile,
  offset: number,
  context: TestFileContext,
): Promise<CompletionList> {
  const cursor = yamlCursor(doc, Math.max(0, Math.min(offset, doc.text.length)));
  if (!cursor) return { items: [], incomplete: false };
  const service = "document" in context.service ? context.service.document : undefined;
  const boxes = (service && serviceRoots(service)[0]?.boxes) ?? [];
  const site = siteOf(cursor.path, cursor.isKey);
  if (site.kind === "path") return { items: await pathItems(doc, cursor, site.files, context), incomplete: true };
  return { items: nameItems(doc, cursor, site, boxes), incomplete: false };
}

/** What goes at the cursor: a name of the service, a path, or what the schema says. */
type Site =
  | { kind: "box" }
  | { kind: "metadata"; box: string }
  | { kind: "reference"; list: boolean; case: number }
  | { kind: "path"; files: (name: string) => boolean }
  | { kind: "schema" };

const SAMPLE = /\.(pdf|zip)$/i;
const JSON_FILE = /\.json$/i;

/** Matches a path against a pattern of segments: a string matches itself, `0` any index, `""` any key. */
function shaped(path: readonly PathSegment[], pattern: readonly (string | 0)[]): boolean {
  return (
    path.length === pattern.length &&
    pattern.every((want, i) =>
      want === 0 ? typeof path[i] === "number" : want === "" ? typeof path[i] === "string" : path[i] === want,
    )
  );
}

function siteOf(path: readonly PathSegment[], isKey: boolean): Site {
  const inCase = path[0] === "cases" && typeof path[1] === "number";
  const rest = inCase ? path.slice(2) : [];
  if (isKey) {
    if (shaped(rest, ["files"]) || shaped(rest, ["expect", "documents"])) return { kind: "box" };
    if (shaped(rest, ["expect", "documents", "", 0, "metadata"])) return { kind: "metadata", box: String(rest[2]) };
    return { kind: "schema" };
  }
  if (shaped(path, ["service"])) return { kind: "path", files: (name) => SERVICE_FILE.test(name) };
  if (!inCase) return { kind: "schema" };
  if (shaped(rest, ["files", ""]) || shaped(rest, ["files", "", 0]))
    return { kind: "path", files: (n) => SAMPLE.test(n) };
  if (shaped(rest, ["ou"])) return { kind: "path", files: (name) => JSON_FILE.test(name) };
  if (
    shaped(rest, ["expect", "documents", "", 0, "file"]) ||
    shaped(rest, ["expect", "violations", 0, "file"]) ||
    shaped(rest, ["expect", "unmatched", 0, "archive"])
  )
    return { kind: "path", files: (name) => SAMPLE.test(name) };
  if (shaped(rest, ["expect", "violations", 0, "box"])) return { kind: "box" };
  const attached = shaped(rest, ["expect", "documents", "", 0, "attachedTo"]);
  if (attached || shaped(rest, ["expect", "documents", "", 0, "attachedTo", 0]))
    return { kind: "reference", list: attached, case: path[1] as number };
  return { kind: "schema" };
}

function nameItems(doc: ParsedTestFile, cursor: Cursor, site: Site, boxes: readonly BoxOutline[]): CompletionItem[] {
  const colonFollows = doc.text.slice(cursor.word.offset + cursor.word.length).startsWith(":");
  const asKey = (name: string) => (cursor.isKey && !colonFollows ? `${name}: ` : name);
  switch (site.kind) {
    case "box":
      return boxItems(
        boxes.filter((box) => !cursor.isKey || !cursor.present.has(box.name)),
        cursor.word,
        asKey,
      );
    case "metadata": {
      const names = boxes.find((box) => box.name === site.box)?.metadata ?? [];
      return names
        .filter((name) => !cursor.present.has(name))
        .map((name) =>
          item(name, "metadata", cursor.word, { insertText: asKey(name), detail: `metadata of box "${site.box}"` }),
        );
    }
    case "reference":
      return referenceItems(doc, cursor.word, site, boxes);
    default: {
      const schemas = schemasAt(ServiceTestFile, cursor.path, (depth, d) => cursor.tagAt(depth, d));
      return cursor.isKey ? keyItems(schemas, cursor, asKey) : enumItems(schemas, cursor, false);
    }
  }
}

/**
 * `BOX#n` for each MAIN box, n up to the number of its documents the case expects (at least 1): the MAIN
 * documents an attachment may go to. After `attachedTo:` itself, the reference comes as a one-item list.
 */
function referenceItems(
  doc: ParsedTestFile,
  span: Span,
  site: { list: boolean; case: number },
  boxes: readonly BoxOutline[],
): CompletionItem[] {
  const root = doc.source.tree();
  const items: CompletionItem[] = [];
  for (const box of boxes.filter((b) => b.main)) {
    const path = ["cases", site.case, "expect", "documents", box.name];
    const trail = root ? walkPath(root, path) : [];
    const node = trail.length === path.length + 1 ? trail.at(-1)?.node : undefined;
    const count = node?.kind === "array" ? node.items.length : 1;
    for (let n = 1; n <= Math.max(1, count); n++) {
      const reference = `${box.name}#${n}`;
      items.push(
        item(reference, "value", span, {
          insertText: site.list ? `[${reference}]` : reference,
          detail: `document ${n} of box "${box.name}"`,
          sortText: String(items.length).padStart(4, "0"),
        }),
      );
    }
  }
  return items;
}

/** The most entries of a folder offered: a folder of thousands of scans stays quick. */
const MAX_ENTRIES = 500;

/**
 * The entries of the folder typed so far (relative to the test file's folder, which a path may not leave):
 * folders, and the files `files` accepts, folders first, each by name. The item replaces the path's segment at the
 * cursor.
 */
async function pathItems(
  doc: ParsedTestFile,
  cursor: Cursor,
  files: (name: string) => boolean,
  context: TestFileContext,
): Promise<CompletionItem[]> {
  const typed = cursor.prefix;
  const slash = typed.lastIndexOf("/");
  const folder = typed.slice(0, slash + 1);
  if (folder.startsWith("/") || folder.split("/").includes("..")) return [];
  const word = doc.text.slice(cursor.word.offset, cursor.word.offset + cursor.word.length);
  const next = word.indexOf("/", typed.length);
  const end = next < 0 ? word.length : next;
  const span = { offset: cursor.word.offset + folder.length, length: end - folder.length };
  const slashFollows = next >= 0;
  const entries = await context.host.list(resolve(dirname(doc.file), folder || "."));
  return entries
    .filter(
      (entry) => !entry.name.startsWith(".") && (entry.folder ? entry.name !== "node_modules" : files(entry.name)),
    )
    .sort((a, b) => Number(b.folder) - Number(a.folder) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, MAX_ENTRIES)
    .map((entry, index) =>
      item(entry.name, entry.folder ? "folder" : "file", span, {
        insertText: entry.folder && !slashFollows ? `${entry.name}/` : entry.name,
        sortText: String(index).padStart(4, "0"),
      }),
    );
}
