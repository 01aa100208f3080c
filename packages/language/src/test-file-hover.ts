import { ServiceTestFile } from "@mailroom/runtime";
import { nodeAt } from "./cursor.js";
import { describe, fieldsOf, schemasAt } from "./schema-fields.js";
import type { ParsedTestFile } from "./test-file.js";
import type { Hover } from "./types.js";

/** Hover on a key of a test file: what the test-file schema says of it. */
export function hoverTestFile(doc: ParsedTestFile, offset: number): Hover | undefined {
  const hit = nodeAt(doc.source.tree(), offset);
  const key = hit?.path.at(-1);
  if (!hit?.onKey || !hit.keySpan || typeof key !== "string") return undefined;
  const parents = schemasAt(ServiceTestFile, hit.path.slice(0, -1), () => undefined);
  const description = describe(fieldsOf(parents).get(key));
  return description ? { contents: `**${key}**\n\n${description}`, span: hit.keySpan } : undefined;
}
