import { type ExpressionNode, isReference, type MetadataDefinition } from "@mailroom/checker";
import { type Expression, explainExpression, PDF_TARGETED_TYPES, TARGETED_TYPES } from "@mailroom/compiler";
import { ValueExpression } from "@mailroom/model";
import { text } from "./json.js";
import type { Read, Use } from "./model.js";
import type { Page } from "./page.js";

/** What each metadata reads and where each is read, by `"<box index>/<metadata index>"`. */
export interface Links {
  readonly reads: ReadonlyMap<string, readonly Read[]>;
  readonly uses: ReadonlyMap<string, readonly Use[]>;
}

/** One pass over the service's expressions, resolving metadata references as the API does. */
export function linkMetadata(page: Page, expressions: readonly ExpressionNode[]): Links {
  const reads = new Map<string, Read[]>();
  const uses = new Map<string, Use[]>();
  const channels = page.service.properties.channels as unknown as { label?: unknown }[];
  for (const node of expressions) {
    const site = node.site;
    // A metadata site's path is properties.boxes[b].metadatas[m].content.
    const reader = site.kind === "metadata" ? `${site.path[2]}/${site.path[4]}` : undefined;
    if (reader !== undefined) for (const read of readsOf(page, node)) push(reads, reader, read);
    if (!isReference(node, "METADATA")) continue;
    const owner = site.box?.name ?? text(channels[site.path[2] as number]?.label) ?? "a channel";
    const name = site.metadata ?? null;
    const anchor =
      reader !== undefined
        ? (page.metadataAnchor(site.path[2] as number, site.path[4] as number) ?? null)
        : site.box
          ? page.boxAnchorAt(site.box.index)
          : null;
    for (const definition of page.scope.read(site, node.node.identifier)) {
      const use: Use = { kind: site.kind, owner, name, anchor, words: useWords(site.kind, owner, name) };
      push(uses, `${definition.box}/${definition.index}`, use);
    }
  }
  return { reads: deduped(reads), uses: deduped(uses) };
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Each read or use once, in the order first met. */
function deduped<T extends { readonly words: string }>(map: Map<string, T[]>): Map<string, T[]> {
  for (const [key, items] of map) {
    const seen = new Set<string>();
    map.set(
      key,
      items.filter((item) => !seen.has(item.words) && seen.add(item.words)),
    );
  }
  return map;
}

function useWords(kind: Use["kind"], owner: string, name: string | null): string {
  if (kind === "metadata") return `metadata ${name ?? "?"} of box ${owner}`;
  if (kind === "reconcile") return `the reconcile condition of box ${owner}`;
  if (kind === "file-matcher") return `the file matcher of box ${owner}`;
  return `an option condition of channel ${owner}`;
}

const NAMESPACE_KINDS = {
  REQUIREMENT: "requirement",
  ORGANIZATIONAL_UNIT: "organizational-unit",
  OUTPUT_FILE: "output-file",
} as const;

/** Keywords that read something outside the expression, said as the expression's own words say it. */
const KEYWORD_KINDS: Readonly<Record<string, Read["kind"]>> = {
  "exv.CurrentDate": "clock",
  "exv.NumSheetsValue": "sheets",
  "exv.ArchiveFileRelativePathname": "archive-path",
};

/**
 * What one expression node reads: a metadata, another reference, a box's file or PDF, a file of the job, the
 * clock. Each input the evaluation reads is listed, so that "nothing else" means the value is a constant.
 */
function readsOf(page: Page, node: ExpressionNode): Read[] {
  const e = node.node;
  const type = e["@type"];
  if (type === "exv.Reference") {
    const identifier = text(e.identifier) ?? "";
    if (e.namespace === "METADATA") return metadataReads(page, node, identifier);
    const kind = NAMESPACE_KINDS[e.namespace as keyof typeof NAMESPACE_KINDS];
    if (!kind || !ValueExpression.safeParse(e).success) return [];
    return [{ kind, name: identifier, box: null, anchor: null, words: explainExpression(e as Expression) }];
  }
  const keyword = KEYWORD_KINDS[type];
  if (keyword !== undefined) {
    return [{ kind: keyword, name: type, box: null, anchor: null, words: explainExpression(e as Expression) }];
  }
  if (type === "exv.JobFileNameValue") {
    const box = text(e.boxName) ?? "?";
    return [{ kind: "job-file", name: box, box, anchor: page.boxAnchor(box), words: `the job's files in box ${box}` }];
  }
  if (!TARGETED_TYPES.has(type)) return [];
  const kind = PDF_TARGETED_TYPES.has(type) ? "pdf" : "file";
  const what = kind === "pdf" ? "the PDF" : "the file";
  const current = node.site.box;
  // As the runtime reads a target: `fromMain` is the MAIN document (the box's own in a MAIN box, `boxName` ignored);
  // otherwise the box named, which only the box itself may read.
  if (e.fromMain === true) {
    const box = current?.main ? current.name : "MAIN";
    return [
      {
        kind,
        name: box,
        box,
        anchor: page.boxAnchor(box),
        words: `${what} in ${current?.main ? `box ${box}` : "the MAIN box"}`,
      },
    ];
  }
  const box = text(e.boxName) ?? current?.name ?? "?";
  const unreadable = current !== undefined && box !== current.name ? " (not readable here)" : "";
  return [{ kind, name: box, box, anchor: page.boxAnchor(box), words: `${what} in box ${box}${unreadable}` }];
}

/**
 * The metadata a reference reads, resolved as the API does; one defined only in a box it cannot read (an
 * attachment box) is said to be there, and not readable.
 */
function metadataReads(page: Page, node: ExpressionNode, identifier: string): Read[] {
  const found = page.scope.read(node.site, identifier);
  const words = (d: MetadataDefinition) => `metadata ${d.name} of box ${d.boxName}`;
  const read = (d: MetadataDefinition, said: string): Read => ({
    kind: "metadata",
    name: d.name,
    box: d.boxName,
    anchor: page.metadataAnchor(d.box, d.index) ?? null,
    words: said,
  });
  if (found.length > 0) return found.map((d) => read(d, words(d)));
  const elsewhere = page.scope.definitions.filter((d) => d.name === identifier);
  if (elsewhere.length > 0) {
    return elsewhere.map((d) => read(d, `${words(d)}, defined in an attachment box, not readable here`));
  }
  return [
    { kind: "metadata", name: identifier, box: null, anchor: null, words: `metadata ${identifier} (not defined)` },
  ];
}
