import type { InflatedBox, Service } from "@mailroom/model";
import { nearest } from "@mailroom/syntax";
import type { ExpressionNode, ExpressionSite, Json, Path } from "../../engine/rule.js";

/** The expressions that read a file of a box, through `fromMain` and `boxName`. */
export const TARGETED_TYPES: ReadonlySet<string> = new Set([
  "exv.FileName",
  "exv.PdfText",
  "exv.PdfMetadata",
  "exv.PositionInBox",
]);

/** The box target of a file or PDF expression, as written. */
export interface Target {
  readonly fromMain: boolean;
  readonly boxName: string | null | undefined;
}

export const targetOf = (node: Json): Target => ({
  fromMain: node.fromMain === true,
  boxName: typeof node.boxName === "string" ? node.boxName : (node.boxName as null | undefined),
});

/** `the MAIN box ("fromMain": true)`, `box "annexes"` or `no box (...)`: what a target reads, for messages. */
export function describeTarget(target: Target): string {
  if (target.fromMain) return 'the MAIN box ("fromMain": true)';
  if (typeof target.boxName === "string") return `box ${JSON.stringify(target.boxName)}`;
  return 'no box ("fromMain": false without a "boxName")';
}

/** The same expression reading another box; `boxName` is left out when reading the MAIN box. */
export function retarget(node: Json, fromMain: boolean, boxName?: string): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "boxName") continue;
    out[key] = key === "fromMain" ? fromMain : value;
    if (key === "fromMain" && boxName !== undefined) out.boxName = boxName;
  }
  return out;
}

/** `metadata "ref" of box "annexes"`, `the reconcile condition of box "annexes"`...: where an expression sits. */
export function describeSite(site: ExpressionSite, service: Service): string {
  const box = site.box ? `box ${JSON.stringify(site.box.name)}` : "";
  switch (site.kind) {
    case "metadata":
      return `metadata ${JSON.stringify(site.metadata)} of ${box}`;
    case "reconcile":
      return `the reconcile condition of ${box}`;
    case "file-matcher":
      return `the file matcher of ${box}`;
    case "channel": {
      const index = site.path[2];
      const label = typeof index === "number" ? service.properties.channels[index]?.label : undefined;
      return label === undefined ? "a channel" : `channel ${JSON.stringify(label)}`;
    }
  }
}

/** A reference (`exv.Reference`) node in a namespace, with its identifier. */
export const isReference = (
  expression: ExpressionNode,
  namespace: string,
): expression is ExpressionNode & { node: { identifier: string } } =>
  expression.node["@type"] === "exv.Reference" &&
  expression.node.namespace === namespace &&
  typeof expression.node.identifier === "string";

/**
 * The nearest candidate to a misspelt word, and whether it is the only plausible one (the only candidate
 * close enough to be a typo), which is when a fix is unambiguous.
 */
export function nearMatch(word: string, candidates: Iterable<string>): { suggestion?: string; unique: boolean } {
  const close: string[] = [];
  for (const candidate of new Set(candidates)) if (nearest(word, [candidate]) !== undefined) close.push(candidate);
  const suggestion = nearest(word, close);
  return suggestion === undefined ? { unique: false } : { suggestion, unique: close.length === 1 };
}

/** A metadata definition: where it is in the service. */
export interface MetadataDefinition {
  readonly name: string;
  /** Index of its box in `properties.boxes`. */
  readonly box: number;
  readonly boxName: string;
  readonly boxMain: boolean;
  /** Index in the box's `metadatas`. */
  readonly index: number;
  /** Path of the metadata entry. */
  readonly path: Path;
}

/**
 * Where a metadata name resolves from each box: the box's own metadata, then those of the MAIN boxes (spec:
 * "references inside content are names of metadata of the current box or of MAIN boxes"). Built once, in one
 * pass over the boxes; each lookup is a constant number of map reads.
 */
export class MetadataScope {
  /** Per box index: the box's metadata by name (the first one of a name; duplicates are another rule's). */
  readonly #byBox = new Map<number, Map<string, MetadataDefinition>>();
  /** Per name: its definitions in MAIN boxes, in box order. */
  readonly #inMain = new Map<string, MetadataDefinition[]>();
  /** Every definition in document order. */
  readonly definitions: readonly MetadataDefinition[];

  constructor(service: Service) {
    const definitions: MetadataDefinition[] = [];
    service.properties.boxes.forEach((anyBox, box) => {
      if (anyBox["@type"] === "box.ARCHIVE") return;
      const inflated = anyBox as InflatedBox;
      const own = new Map<string, MetadataDefinition>();
      this.#byBox.set(box, own);
      inflated.metadatas.forEach((metadata, index) => {
        if (own.has(metadata.name)) return;
        const definition: MetadataDefinition = {
          name: metadata.name,
          box,
          boxName: anyBox.name,
          boxMain: inflated.main,
          index,
          path: ["properties", "boxes", box, "metadatas", index],
        };
        own.set(metadata.name, definition);
        definitions.push(definition);
        if (inflated.main) {
          const list = this.#inMain.get(metadata.name);
          if (list) list.push(definition);
          else this.#inMain.set(metadata.name, [definition]);
        }
      });
    });
    this.definitions = definitions;
  }

  /** The metadata a reference written in box `box` may mean: its own first, then MAIN boxes' (no repeats). */
  resolve(box: number, name: string): MetadataDefinition[] {
    const own = this.#byBox.get(box)?.get(name);
    const main = this.#inMain.get(name) ?? [];
    if (!own) return main;
    return [own, ...main.filter((definition) => definition.box !== box)];
  }

  /** The names a reference written in box `box` can use, for suggestions. */
  *visibleNames(box: number): Iterable<string> {
    yield* this.#byBox.get(box)?.keys() ?? [];
    yield* this.#inMain.keys();
  }
}
