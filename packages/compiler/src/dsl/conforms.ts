import { originOf, propertyOf, type SyntaxNode } from "@mailroom/syntax";
import type * as z from "zod";
import { type Def, defOf } from "../schema-walk.js";

/**
 * Whether the JSON of a YAML tree surely passes a zod schema, judged on the tree itself (no JSON built, no
 * issues collected). It knows the kinds of schema the DSL's is made of; on anything else, or anything unsure, it
 * answers false and the caller runs zod for the real diagnostics: a true answer is a promise, false only a doubt.
 * With `remember`, each mapping's verdict is kept for the tree's next versions (see `conforming`).
 */
export function conforms(schema: z.ZodType, node: SyntaxNode, remember = false): boolean {
  if (node.kind !== "object" || !remember) return conformsOnce(schema, node, remember);
  // A mapping an edit only moved is judged by its origin's verdict, without reading it (see movedNode).
  const origin = originOf(node);
  if (conforming.get(origin) === schema) return true;
  const verdict = conformsOnce(schema, node, remember);
  if (verdict) conforming.set(origin, schema);
  return verdict;
}

/**
 * The last schema each mapping was found to conform to: what the tree's next version asks again. Kept only when
 * asked to `remember` (an editor's documents, which have a next version): a file read once has none, and an entry
 * per mapping cost a lint of 1,000 files about 2 % of its time.
 */
const conforming = new WeakMap<SyntaxNode, z.ZodType>();

function conformsOnce(schema: z.ZodType, node: SyntaxNode, remember: boolean): boolean {
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
      return def.innerType !== undefined && conforms(def.innerType, node, remember);
    case "nullable":
      return (
        (node.kind === "scalar" && node.value === null) ||
        (def.innerType !== undefined && conforms(def.innerType, node, remember))
      );
    case "union":
      // A discriminated union takes what one of its options takes: options differ by their tag.
      for (const option of def.options ?? []) if (conforms(option, node, remember)) return true;
      return false;
    case "object":
      return node.kind === "object" && objectConforms(def, node, remember);
    case "record": {
      const { keyType, valueType } = def;
      if (node.kind !== "object" || keyType === undefined || !isPlain(keyType) || defOf(keyType).type !== "string")
        return false;
      for (const p of node.properties)
        if (p.key === "__proto__" || valueType === undefined || !conforms(valueType, p.value, remember)) return false;
      return true;
    }
    case "array": {
      const { element } = def;
      if (node.kind !== "array" || !isPlain(schema) || element === undefined) return false;
      for (const item of node.items) if (!conforms(element, item, remember)) return false;
      return true;
    }
    case "tuple":
      return (
        node.kind === "array" &&
        !def.rest &&
        def.items !== undefined &&
        node.items.length === def.items.length &&
        node.items.every((item, i) => conforms(def.items?.[i] as z.ZodType, item, remember))
      );
    case "unknown":
    case "any":
      return true;
  }
  if (node.kind !== "scalar") return false;
  const value = node.value;
  switch (def.type) {
    case "string":
      return typeof value === "string" && stringChecks(def, value);
    case "number":
      if (typeof value !== "number" || !isPlain(schema)) return false;
      return def.format === "safeint"
        ? Number.isSafeInteger(value)
        : def.format === undefined && Number.isFinite(value);
    case "boolean":
      return typeof value === "boolean" && isPlain(schema);
    case "null":
      return value === null;
    case "literal":
      return (def.values ?? []).includes(value);
    case "enum":
      return enumValues(def).has(value);
    default:
      return false;
  }
}

/** The values of each enum schema, gathered once. */
const valuesOf = new WeakMap<Def, ReadonlySet<unknown>>();
function enumValues(def: Def): ReadonlySet<unknown> {
  let values = valuesOf.get(def);
  if (!values) {
    values = new Set(Object.values(def.entries ?? {}));
    valuesOf.set(def, values);
  }
  return values;
}

/** A schema with no refinement or check of its own. */
const isPlain = (schema: z.ZodType) => (defOf(schema).checks?.length ?? 0) === 0;

function stringChecks(def: Def, value: string): boolean {
  for (const check of def.checks ?? []) {
    const { check: kind, format, pattern } = check._zod.def;
    if (kind !== "string_format" || format !== "regex" || !pattern) return false;
    pattern.lastIndex = 0;
    if (!pattern.test(value)) return false;
  }
  return true;
}

/** The fields of each object schema, listed once: a walk meets the same few schemas at every box and metadata. */
const fieldsOf = new WeakMap<Def, readonly [string, z.ZodType][]>();

function objectConforms(def: Def, node: Extract<SyntaxNode, { kind: "object" }>, remember: boolean): boolean {
  if ((def.checks?.length ?? 0) > 0) return false;
  const shape = def.shape ?? {};
  let fields = fieldsOf.get(def);
  if (!fields) {
    fields = Object.entries(shape);
    fieldsOf.set(def, fields);
  }
  for (const [key, field] of fields) {
    const property = propertyOf(node, key);
    if (property) {
      if (!conforms(field, property.value, remember)) return false;
    } else if ((field._zod as { optin?: string }).optin !== "optional") return false;
  }
  // Keys the shape does not name: a loose object takes any, a strict or stripping one is left to zod.
  const catchall = def.catchall && defOf(def.catchall).type;
  if (catchall !== "unknown" && catchall !== "any") return node.properties.every((p) => Object.hasOwn(shape, p.key));
  return node.properties.every((p) => p.key !== "__proto__");
}
