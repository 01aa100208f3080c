import type { PathSegment } from "@mailroom/syntax";
import type * as z from "zod";

type Def = z.core.$ZodTypeDef & {
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
  in?: z.ZodType;
  getter?: () => z.ZodType;
};

const defOf = (schema: z.ZodType): Def => schema._zod.def as Def;

/** Strips wrappers (optional, nullable, default, lazy...) down to the schema that judges a value. */
function unwrap(schema: z.ZodType, value: unknown): z.ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (def.innerType) current = def.innerType;
    else if (def.type === "lazy" && def.getter) current = def.getter();
    else if (def.type === "pipe" && def.in) current = def.in;
    else if (def.type === "union" && def.discriminator && def.options) {
      const tag = (value as Record<string, unknown> | null)?.[def.discriminator];
      const option = def.options.find((candidate) => {
        const literal = defOf(candidate).shape?.[def.discriminator as string];
        return literal !== undefined && (defOf(literal) as { values?: unknown[] }).values?.includes(tag);
      });
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
        ? def.shape?.[String(segment)]
        : def.type === "array"
          ? def.element
          : def.type === "record"
            ? def.valueType
            : undefined;
    if (!next) return undefined;
    value = (value as Record<PathSegment, unknown> | undefined)?.[segment];
    current = unwrap(next, value);
  }
  return current;
}

/** The keys an object schema declares, in declaration order. */
export function knownKeys(schema: z.ZodType | undefined): string[] {
  const shape = schema ? defOf(schema).shape : undefined;
  return shape ? Object.keys(shape) : [];
}

/** Whether the object schema requires a key (it is neither optional nor defaulted). */
export function isRequiredKey(schema: z.ZodType | undefined, key: string): boolean {
  const field = schema ? defOf(schema).shape?.[key] : undefined;
  return field !== undefined && (field._zod as { optin?: string }).optin !== "optional";
}
