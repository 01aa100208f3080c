import { defOf } from "@mailroom/compiler";
import type { PathSegment } from "@mailroom/syntax";
import type * as z from "zod";

/**
 * A lenient walk of the zod schemas (the DSL's and the model's) for editor features. Unlike the compiler's
 * `schemaAt`, which follows a complete, valid value, this one works on half-typed text: where a union cannot
 * be decided (no `@type` or `type` written yet) it keeps every option, so completion offers the keys of all.
 */

/** Tells the discriminator value written in the object at `depth` of the path, when known. */
export type TagAt = (depth: number, discriminator: string) => unknown;

/** The schema under its wrappers (optional, nullable, default, lazy, pipe). */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let guard = 0; guard < 32; guard++) {
    const def = defOf(current);
    if (def.innerType) current = def.innerType;
    else if (def.type === "lazy" && def.getter) current = def.getter();
    else if (def.type === "pipe" && def.in) current = def.in;
    else break;
  }
  return current;
}

/** The schemas a value may match: unions expanded into their options, a discriminated one by its tag when known. */
function expand(schema: z.ZodType, tag: (discriminator: string) => unknown, out: z.ZodType[] = []): z.ZodType[] {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type !== "union" || !def.options) {
    out.push(inner);
    return out;
  }
  const written = def.discriminator === undefined ? undefined : tag(def.discriminator);
  const chosen =
    written === undefined
      ? undefined
      : def.options.filter((option) => literalValues([option], def.discriminator).includes(written as string));
  for (const option of chosen?.length ? chosen : def.options) expand(option, tag, out);
  return out;
}

/** The schemas the value at `path` may match, from the root schema. Empty when the path leaves the schema. */
export function schemasAt(root: z.ZodType, path: readonly PathSegment[], tagAt: TagAt): z.ZodType[] {
  let current = expand(root, (d) => tagAt(0, d));
  for (const [i, segment] of path.entries()) {
    const next: z.ZodType[] = [];
    for (const schema of current) {
      const child = childOf(schema, segment);
      if (child) expand(child, (d) => tagAt(i + 1, d), next);
    }
    current = next;
    if (current.length === 0) break;
  }
  return current;
}

function childOf(schema: z.ZodType, segment: PathSegment): z.ZodType | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case "object":
      return def.shape?.[String(segment)];
    case "record":
      return typeof segment === "string" ? def.valueType : undefined;
    case "array":
      return typeof segment === "number" ? def.element : undefined;
    case "tuple":
      return typeof segment === "number" ? def.items?.[segment] : undefined;
    default:
      return undefined;
  }
}

/** The keys the schemas declare, each with its field schema (the first option's, for a key several share). */
export function fieldsOf(schemas: readonly z.ZodType[]): Map<string, z.ZodType> {
  const fields = new Map<string, z.ZodType>();
  for (const schema of schemas) {
    for (const [key, field] of Object.entries(defOf(schema).shape ?? {})) if (!fields.has(key)) fields.set(key, field);
  }
  return fields;
}

/** Whether any of the schemas is a record or a loose object (so keys outside the known ones are expected). */
export function isObjectLike(schemas: readonly z.ZodType[]): boolean {
  return schemas.some((schema) => ["object", "record"].includes(defOf(schema).type));
}

/**
 * The literal values the schemas allow (enums, literals, `true`/`false`); with `key`, those of that property
 * of each object schema instead (the `@type` values of a union's options).
 */
export function literalValues(schemas: readonly z.ZodType[], key?: string): (string | number | boolean)[] {
  const values: (string | number | boolean)[] = [];
  const add = (value: unknown) => {
    if (
      (typeof value === "string" || typeof value === "number" || typeof value === "boolean") &&
      !values.includes(value)
    )
      values.push(value);
  };
  for (const schema of schemas) {
    const field = key === undefined ? schema : defOf(schema).shape?.[key];
    if (!field) continue;
    for (const option of expand(field, () => undefined)) {
      const def = defOf(option);
      if (def.type === "enum") Object.values(def.entries ?? {}).forEach(add);
      else if (def.type === "literal") def.values?.forEach(add);
      else if (def.type === "boolean") [true, false].forEach(add);
    }
  }
  return values;
}

/** The description along a schema's wrappers: `.describe()` may sit on the optional or on what it wraps. */
export function describe(schema: z.ZodType | undefined): string | undefined {
  let current = schema;
  for (let guard = 0; current && guard < 32; guard++) {
    if (current.description) return current.description;
    const def = defOf(current);
    current = def.innerType ?? (def.type === "pipe" ? def.in : undefined);
  }
  return undefined;
}
