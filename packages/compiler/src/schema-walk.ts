import type { PathSegment } from "@mailroom/syntax";
import type * as z from "zod";
import { own } from "./wording.js";

/** What the walks of a schema read of zod's definition of each node (fields by kind of schema). */
export type Def = z.core.$ZodTypeDef & {
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
  format?: string;
  checks?: { _zod: { def: { check?: string; format?: string; pattern?: RegExp } } }[];
};

export const defOf = (schema: z.ZodType): Def => schema._zod.def as Def;

const KINDS: Record<string, readonly string[]> = {
  object: ["object", "record"],
  array: ["array", "tuple"],
  string: ["string", "enum", "literal", "template_literal"],
  number: ["number", "int", "literal", "enum"],
  boolean: ["boolean", "literal"],
  null: ["null", "literal"],
};

/**
 * Whether a schema (unwrapped) is for values of the same JSON kind as `value`; an object schema of a raw JSON form,
 * which requires an `@type`, is not for an object without one (a metadata's long form is not a raw expression).
 */
function fitsKind(schema: z.ZodType, value: unknown): boolean {
  const kind = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
  const inner = unwrap(schema, value);
  const def = defOf(inner);
  if (def.type === "union") return (def.options ?? []).some((option) => fitsKind(option, value));
  if (def.type === "object" && isRequiredKey(inner, "@type") && own(value, "@type") === undefined) return false;
  return KINDS[kind]?.includes(def.type) ?? false;
}

/** Strips wrappers (optional, nullable, default, lazy...) down to the schema that judges a value. */
function unwrap(schema: z.ZodType, value: unknown): z.ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (def.innerType) current = def.innerType;
    else if (def.type === "lazy" && def.getter) current = def.getter();
    else if (def.type === "pipe" && def.in) current = def.in;
    else if (def.type === "union" && def.discriminator && def.options) {
      const tag = own(value, def.discriminator);
      const option = def.options.find((candidate) => {
        const literal = shapeField(defOf(candidate), def.discriminator as string);
        return literal !== undefined && (defOf(literal) as { values?: unknown[] }).values?.includes(tag);
      });
      if (!option) return current;
      current = option;
    } else if (def.type === "union" && def.options) {
      // A plain union (a count or a range, a map or a list): the first option of the value's JSON kind.
      const option = def.options.find((candidate) => fitsKind(candidate, value));
      if (!option) return current;
      current = option;
    } else return current;
  }
}

/**
 * The schema that judges the value at `path` of `root`, choosing discriminated-union branches by the value's
 * own `@type`. Undefined when the path leaves the schema.
 */
export function schemaAt(schema: z.ZodType, root: unknown, path: readonly PathSegment[]): z.ZodType | undefined {
  let current = unwrap(schema, root);
  let value = root;
  for (const segment of path) {
    const def = defOf(current);
    const next =
      def.type === "object"
        ? shapeField(def, String(segment))
        : def.type === "array"
          ? def.element
          : def.type === "record"
            ? def.valueType
            : undefined;
    if (!next) return undefined;
    value = own(value, segment);
    current = unwrap(next, value);
  }
  return current;
}

/** The schema of a field of an object schema; a key such as `constructor` is a field only when declared. */
const shapeField = (def: Def, key: string): z.ZodType | undefined =>
  def.shape && Object.hasOwn(def.shape, key) ? def.shape[key] : undefined;

/** The keys an object schema declares, in declaration order. */
export function knownKeys(schema: z.ZodType | undefined): string[] {
  const shape = schema ? defOf(schema).shape : undefined;
  return shape ? Object.keys(shape) : [];
}

/** Whether the object schema requires a key (it is neither optional nor defaulted). */
export function isRequiredKey(schema: z.ZodType | undefined, key: string): boolean {
  const field = schema ? shapeField(defOf(schema), key) : undefined;
  return field !== undefined && (field._zod as { optin?: string }).optin !== "optional";
}
