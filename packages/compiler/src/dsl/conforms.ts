import { propertyOf, type SyntaxNode } from "@mailroom/syntax";
import type * as z from "zod";
import { type Def, defOf } from "../schema-walk.js";

/**
 * Whether the JSON of a YAML tree surely passes a zod schema, judged on the tree itself (no JSON built, no
 * issues collected). It knows the kinds of schema the DSL's is made of; on anything else, or anything unsure, it
 * answers false and the caller runs zod for the real diagnostics: a true answer is a promise, false only a doubt.
 */
export function conforms(schema: z.ZodType, node: SyntaxNode): boolean {
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
      return def.innerType !== undefined && conforms(def.innerType, node);
    case "nullable":
      return (
        (node.kind === "scalar" && node.value === null) ||
        (def.innerType !== undefined && conforms(def.innerType, node))
      );
    case "union":
      // A discriminated union takes what one of its options takes: options differ by their tag.
      return (def.options ?? []).some((option) => conforms(option, node));
    case "object":
      return node.kind === "object" && objectConforms(def, node);
    case "record":
      return (
        node.kind === "object" &&
        def.keyType !== undefined &&
        isPlain(def.keyType) &&
        defOf(def.keyType).type === "string" &&
        node.properties.every(
          (p) => p.key !== "__proto__" && def.valueType !== undefined && conforms(def.valueType, p.value),
        )
      );
    case "array":
      return (
        node.kind === "array" &&
        isPlain(schema) &&
        def.element !== undefined &&
        node.items.every((item) => conforms(def.element as z.ZodType, item))
      );
    case "tuple":
      return (
        node.kind === "array" &&
        !def.rest &&
        def.items !== undefined &&
        node.items.length === def.items.length &&
        node.items.every((item, i) => conforms(def.items?.[i] as z.ZodType, item))
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
      return Object.values(def.entries ?? {}).includes(value);
    default:
      return false;
  }
}

/** A schema with no refinement or check of its own. */
const isPlain = (schema: z.ZodType) => (defOf(schema).checks ?? []).length === 0;

function stringChecks(def: Def, value: string): boolean {
  for (const check of def.checks ?? []) {
    const { check: kind, format, pattern } = check._zod.def;
    if (kind !== "string_format" || format !== "regex" || !pattern) return false;
    pattern.lastIndex = 0;
    if (!pattern.test(value)) return false;
  }
  return true;
}

function objectConforms(def: Def, node: Extract<SyntaxNode, { kind: "object" }>): boolean {
  if ((def.checks ?? []).length > 0) return false;
  const shape = def.shape ?? {};
  for (const [key, field] of Object.entries(shape)) {
    const property = propertyOf(node, key);
    if (property) {
      if (!conforms(field, property.value)) return false;
    } else if ((field._zod as { optin?: string }).optin !== "optional") return false;
  }
  // Keys the shape does not name: a loose object takes any, a strict or stripping one is left to zod.
  const catchall = def.catchall && defOf(def.catchall).type;
  if (catchall !== "unknown" && catchall !== "any") return node.properties.every((p) => Object.hasOwn(shape, p.key));
  return node.properties.every((p) => p.key !== "__proto__");
}
