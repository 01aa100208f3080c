import { described } from "@mailroom/model";
import * as z from "zod";

/**
 * The schemas of the values of the DSL's keys, in zod, of which the rows of shape.ts build the schema of each
 * object of a `.service.yaml` file. Objects are loose because unknown keys pass through to the JSON (with a
 * warning from the compiler).
 */

/** `3` or `1..50`; the upper bound may be `*` for "no limit" (-1 in the JSON). */
export const RANGE_PATTERN = /^\s*(-?\d+)\s*\.\.\s*(-?\d+|\*)\s*$/;
/** `#RRGGBB` or `#RRGGBBAA`. */
export const HEX_COLOUR_PATTERN = /^#([0-9a-fA-F]{6})([0-9a-fA-F]{2})?$/;

const RANGE_EXPECTED = "expected a count such as 3 or a range such as 1..50";

export const range = (what: string) =>
  described(
    z.union([z.int(), z.string().regex(RANGE_PATTERN, { error: RANGE_EXPECTED })], { error: RANGE_EXPECTED }),
    `${what}: a number for an exact count, or a range such as 1..50; \`*\` as the upper bound means no limit.`,
  );

const RawExpression = z
  .looseObject({ "@type": described(z.string(), "The JSON expression type, such as exv.Concat or exb.AND.") })
  .meta({
    id: "RawExpression",
    title: "RawExpression",
    description: "An expression in the API's raw JSON form, accepted anywhere an expression is.",
  });

const expression = (what: string) =>
  described(z.union([z.string(), z.number(), z.boolean(), RawExpression]), `${what} See docs/expressions.md.`);

export const valueExpression = (what: string) => expression(`${what} A value expression such as \`fileName[0:8]\`.`);
export const condition = (what: string) => expression(`${what} A condition such as \`meta.key == meta.invoice\`.`);

const Area = described(
  z.tuple([z.number(), z.number(), z.number(), z.number()]),
  "[left, top, width, height] of a rectangle on the page.",
);

export const Split = z
  .union([
    described(z.literal("none"), "No split, not editable by jobs."),
    z.looseObject({
      type: described(z.enum(["none", "pages", "area"]).optional(), "Kind of split; inferred from the other keys."),
      editable: described(z.boolean().optional(), "Let a job override the split (default false)."),
      pages: described(z.int().optional(), "Split every N pages (bsc.PAGE)."),
      area: Area.optional(),
      value: described(
        z.string().optional(),
        "Text the area must hold; a leading ^ means 'starts with' (bsc.PDF_AREA).",
      ),
      page: described(
        z.union([z.enum(["first", "last"]), z.int()]).optional(),
        "Whether the marked page is the first or the last page of each document; another page as its number (pages), which the spec does not describe.",
      ),
      params: described(z.record(z.string(), z.string()).optional(), "Options of the text-extraction library."),
    }),
    RawExpression,
  ])
  .meta({
    id: "DslSplit",
    title: "Split",
    description: "How the box's PDF files are cut into documents: `none`, `{ pages: N }` or `{ area, value, page }`.",
  });

/** An apposition as the API writes it, for one the DSL's form cannot hold (a field the model does not know). */
export const RawApposition = z
  .looseObject({ "@type": described(z.string(), "The JSON apposition type: bap.Overlay or bap.Image.") })
  .meta({ id: "RawApposition", title: "RawApposition", description: "An apposition in the API's raw JSON form." });

export const Colour = z.union([
  described(
    z.string().regex(HEX_COLOUR_PATTERN, { error: "expected a colour written #RRGGBB or #RRGGBBAA" }),
    "#RRGGBB or #RRGGBBAA.",
  ),
  described(
    z.looseObject({
      r: described(z.int(), "Red, 0 to 255."),
      g: described(z.int(), "Green, 0 to 255."),
      b: described(z.int(), "Blue, 0 to 255."),
      a: described(z.number(), "Opacity, 0.0 to 1.0."),
    }),
    "Components r, g, b (0 to 255) and a (0.0 to 1.0).",
  ),
]);
