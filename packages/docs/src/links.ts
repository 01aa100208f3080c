import { type ExpressionNode, isReference } from "@mailroom/checker";
import { type Expression, explainExpression, TARGETED_TYPES } from "@mailroom/compiler";
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

/** What one expression node reads: a metadata, another reference, or a box's file. */
function readsOf(page: Page, node: ExpressionNode): Read[] {
  const e = node.node;
  if (e["@type"] === "exv.Reference") {
    const identifier = text(e.identifier) ?? "";
    if (e.namespace === "METADATA") {
      const found = page.scope.read(node.site, identifier);
      if (found.length === 0) {
        const words = `metadata ${identifier} (not defined)`;
        return [{ kind: "metadata", name: identifier, box: null, anchor: null, words }];
      }
      return found.map((d) => ({
        kind: "metadata",
        name: d.name,
        box: d.boxName,
        anchor: page.metadataAnchor(d.box, d.index) ?? null,
        words: `metadata ${d.name} of box ${d.boxName}`,
      }));
    }
    const kind = NAMESPACE_KINDS[e.namespace as keyof typeof NAMESPACE_KINDS];
    if (!kind || !ValueExpression.safeParse(e).success) return [];
    return [{ kind, name: identifier, box: null, anchor: null, words: explainExpression(e as Expression) }];
  }
  if (!TARGETED_TYPES.has(e["@type"])) return [];
  const current = node.site.box;
  const box = e.fromMain === true ? (current?.main ? current.name : "MAIN") : (text(e.boxName) ?? current?.name ?? "?");
  return [{ kind: "file", name: box, box, anchor: page.boxAnchor(box), words: `the file in box ${box}` }];
}
