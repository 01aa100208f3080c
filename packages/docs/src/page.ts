import { MetadataScope } from "@mailroom/checker";
import { type Expression, type ExpressionContext, explainExpression, printExpression } from "@mailroom/compiler";
import { BooleanExpression, type Service, ValueExpression } from "@mailroom/model";
import { Anchors, SECTION_IDS } from "./anchors.js";
import { type Json, object, objects } from "./json.js";
import type { Explained } from "./model.js";

/**
 * One page being built: the service made readable, its metadata scope, and the anchors of its boxes and
 * metadata, taken once so that every link to them agrees.
 */
export class Page {
  readonly service: Service;
  readonly boxes: readonly Json[];
  /** The same boxes as the JSON writes them, without the members `boxes` adds to read them all alike. */
  readonly writtenBoxes: readonly Json[];
  readonly scope: MetadataScope;
  readonly anchors = new Anchors(SECTION_IDS);
  readonly #boxAnchors: readonly string[];
  readonly #boxByName = new Map<string, number>();
  readonly #metadataAnchors = new Map<string, string>();

  constructor(json: unknown) {
    this.service = readable(json);
    this.boxes = this.service.properties.boxes as unknown as Json[];
    this.writtenBoxes = namedBoxes(json);
    this.#boxAnchors = this.boxes.map((box) => this.anchors.take("box", box.name as string));
    // A name given to two boxes (the linter's error) links to the first.
    this.boxes.forEach((box, b) => {
      if (!this.#boxByName.has(box.name as string)) this.#boxByName.set(box.name as string, b);
    });
    this.scope = new MetadataScope(this.service);
    for (const d of this.scope.definitions) {
      this.#metadataAnchors.set(`${d.box}/${d.index}`, this.anchors.take("metadata", d.boxName, d.name));
    }
  }

  /** The anchor of the box at an index. */
  boxAnchorAt(index: number): string {
    return this.#boxAnchors[index] as string;
  }

  /** The anchor of the box of a name; null when the service has none. */
  boxAnchor(name: string): string | null {
    const index = this.#boxByName.get(name);
    return index === undefined ? null : this.boxAnchorAt(index);
  }

  /** The anchor of a metadata by its box's index and its index in the box; undefined for a duplicate name. */
  metadataAnchor(box: number, index: number): string | undefined {
    return this.#metadataAnchors.get(`${box}/${index}`);
  }

  /** An expression in the DSL's syntax and in words, as written in `box`; one the model refuses is said to be so. */
  explained(expression: unknown, kind: "value" | "condition", box?: Json): Explained {
    const schema = kind === "value" ? ValueExpression : BooleanExpression;
    if (!schema.safeParse(expression).success) {
      return {
        expression: JSON.stringify(expression) ?? "(missing)",
        words: "an expression the API's model does not accept (see the findings)",
      };
    }
    const context: ExpressionContext = box ? { box: { name: box.name as string, main: box.main === true } } : {};
    return {
      expression: printExpression(expression as Expression, context),
      words: explainExpression(expression as Expression, context),
    };
  }
}

/** The boxes of the service JSON that have a name (the others cannot be documented or referred to). */
const namedBoxes = (json: unknown): Json[] =>
  objects(object(object(json)?.properties)?.boxes).filter((box) => typeof box.name === "string");

/** The service JSON with the arrays the walks read made arrays, so that a service with errors reads too. */
function readable(json: unknown): Service {
  const properties = object(object(json)?.properties) ?? {};
  const boxes = namedBoxes(json).map((box) => ({
    ...box,
    metadatas: objects(box.metadatas).filter((m) => typeof m.name === "string"),
    reconcile: object(box.reconcile) ?? null,
    parent: object(box.parent) ?? null,
    configuredFiles: objects(box.configuredFiles),
  }));
  return {
    ...(object(json) ?? {}),
    properties: { ...properties, boxes, channels: objects(properties.channels) },
  } as unknown as Service;
}
