import type { InflatedBox, Service } from "@mailroom/model";
import type { ExpressionNode, ExpressionSite, Path, Reference } from "./rule.js";

/** A reference (`exv.Reference`) node in a namespace, with its identifier. */
export const isReference = (expression: ExpressionNode, namespace: string): expression is Reference =>
  expression.node["@type"] === "exv.Reference" &&
  expression.node.namespace === namespace &&
  typeof expression.node.identifier === "string";

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
  /** Per name: every definition, built on first use by `read`. */
  #byName: Map<string, MetadataDefinition[]> | undefined;
  /** Per box index, then name: what `resolve` gave, as the metadata rules resolve the same names again and again. */
  readonly #resolved = new Map<number, Map<string, readonly MetadataDefinition[]>>();

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
  resolve(box: number, name: string): readonly MetadataDefinition[] {
    let inBox = this.#resolved.get(box);
    if (!inBox) {
      inBox = new Map();
      this.#resolved.set(box, inBox);
    }
    let found = inBox.get(name);
    if (!found) {
      const own = this.#byBox.get(box)?.get(name);
      const main = this.#inMain.get(name) ?? [];
      found = own ? [own, ...main.filter((definition) => definition.box !== box)] : main;
      inBox.set(name, found);
    }
    return found;
  }

  /** The names a reference written in box `box` can use, for suggestions. */
  *visibleNames(box: number): Iterable<string> {
    yield* this.#byBox.get(box)?.keys() ?? [];
    yield* this.#inMain.keys();
  }

  /**
   * The metadata a reference at `site` may read: in a box, what `resolve` gives; in a channel condition, whose
   * scope the spec does not give, every metadata of that name.
   */
  read(site: ExpressionSite, name: string): readonly MetadataDefinition[] {
    if (site.kind !== "channel" && site.box) return this.resolve(site.box.index, name);
    if (!this.#byName) {
      this.#byName = new Map();
      for (const definition of this.definitions) {
        const list = this.#byName.get(definition.name);
        if (list) list.push(definition);
        else this.#byName.set(definition.name, [definition]);
      }
    }
    return this.#byName.get(name) ?? [];
  }
}
