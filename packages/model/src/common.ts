import * as z from "zod";

// zod compiles a parser of its own for each object schema on its first parse (`new Function`), which pays back over
// many values only: a process validates a few services with zod (ajv does the rest, packages/checker), and a lint
// of one file spent more compiling those parsers than parsing. One setting for the process, here, where the model's
// schemas are first built.
z.config({ jitless: true });

/**
 * UUID in the canonical 8-4-4-4-12 hex form, any version. Written as a plain pattern (not `z.uuid()`, which
 * also checks the RFC variant bits) so that zod and the generated JSON Schema accept exactly the same strings.
 */
export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const uuid = () => z.string().regex(UUID_PATTERN, { error: "expected a UUID (8-4-4-4-12 hexadecimal digits)" });

/** A JSON integer the API stores as a 64-bit value; JavaScript keeps it exact up to 2^53. */
export const int = () => z.int();

/** A 32-bit signed integer field. */
export const int32 = () => z.int32();

/**
 * A schema made where it is described, with its description: `described(z.string(), "...")`. zod's `describe` gives
 * a copy, built again from scratch, so that a schema used in several places (`Area.describe(...)`) keeps its own
 * description; for a schema made on the spot that copy is only cost, a third of building the model, which every
 * lint of a file does. The description is registered on the schema itself, as `describe` registers it on its copy.
 */
export function described<T extends z.ZodType>(schema: T, description: string): T {
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), description });
  return schema;
}

/** The JSON Schema metadata of a named schema: its id under `$defs`, shown as its title too, and what it is. */
export const named = (id: string, description: string) => ({ id, title: id, description });

export const IdentifierDto = z
  .strictObject({
    id: described(int(), "Numeric identifier of the referenced entity."),
    name: described(z.string(), "Login or displayable name of the referenced entity."),
  })
  .meta(
    named("IdentifierDTO", "A reference to another entity (branding, parent unit, group, owning unit) by id and name."),
  );

export const Area = z
  .strictObject({
    left: described(z.number().min(0), "Distance from the left edge of the page to the area, never negative."),
    top: described(z.number().min(0), "Distance from the top edge of the page to the area, never negative."),
    width: described(z.number().min(0), "Width of the area, never negative."),
    height: described(z.number().min(0), "Height of the area, never negative."),
  })
  .meta(named("Area", "A rectangle on a PDF page from which text is extracted."));

export const ExtractionParameters = z
  .record(z.string(), z.string())
  .meta(
    named(
      "ExtractionParameters",
      "Options handed to the PDF text-extraction library as name/value text pairs; which names it understands depends on that library.",
    ),
  );

/** The discriminator values (`@type`, or the union's own key) of a union's options, in declaration order. */
export function discriminatorValues(union: z.ZodDiscriminatedUnion): string[] {
  const key = union._zod.def.discriminator;
  return union.options.flatMap((option) => {
    const tag = (option as z.ZodObject).shape[key];
    return tag instanceof z.ZodLiteral ? [...tag.values].map(String) : [];
  });
}
