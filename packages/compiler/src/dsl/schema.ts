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
  z
    .union([z.int(), z.string().regex(RANGE_PATTERN, { error: RANGE_EXPECTED })], { error: RANGE_EXPECTED })
    .describe(
      `${what}: a number for an exact count, or a range such as 1..50; \`*\` as the upper bound means no limit.`,
    );

const RawExpression = z
  .looseObject({ "@type": z.string().describe("The JSON expression type, such as exv.Concat or exb.AND.") })
  .meta({
    id: "RawExpression",
    title: "RawExpression",
    description: "An expression in the API's raw JSON form, accepted anywhere an expression is.",
  });

const expression = (what: string) =>
  z.union([z.string(), z.number(), z.boolean(), RawExpression]).describe(`${what} See docs/expressions.md.`);

export const valueExpression = (what: string) => expression(`${what} A value expression such as \`fileName[0:8]\`.`);
export const condition = (what: string) => expression(`${what} A condition such as \`meta.key == meta.invoice\`.`);

const Area = z
  .tuple([z.number(), z.number(), z.number(), z.number()])
  .describe("[left, top, width, height] of a rectangle on the page.");

export const Split = z
  .union([
    z.literal("none").describe("No split, not editable by jobs."),
    z.looseObject({
      type: z.enum(["none", "pages", "area"]).optional().describe("Kind of split; inferred from the other keys."),
      editable: z.boolean().optional().describe("Let a job override the split (default false)."),
      pages: z.int().optional().describe("Split every N pages (bsc.PAGE)."),
      area: Area.optional(),
      value: z.string().optional().describe("Text the area must hold; a leading ^ means 'starts with' (bsc.PDF_AREA)."),
      page: z
        .union([z.enum(["first", "last"]), z.int()])
        .optional()
        .describe(
          "Whether the marked page is the first or the last page of each document; another page as its number (pages), which the spec does not describe.",
        ),
      params: z.record(z.string(), z.string()).optional().describe("Options of the text-extraction library."),
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
  .looseObject({ "@type": z.string().describe("The JSON apposition type: bap.Overlay or bap.Image.") })
  .meta({ id: "RawApposition", title: "RawApposition", description: "An apposition in the API's raw JSON form." });

export const Colour = z.union([
  z
    .string()
    .regex(HEX_COLOUR_PATTERN, { error: "expected a colour written #RRGGBB or #RRGGBBAA" })
    .describe("#RRGGBB or #RRGGBBAA."),
  z
    .looseObject({
      r: z.int().describe("Red, 0 to 255."),
      g: z.int().describe("Green, 0 to 255."),
      b: z.int().describe("Blue, 0 to 255."),
      a: z.number().describe("Opacity, 0.0 to 1.0."),
    })
    .describe("Components r, g, b (0 to 255) and a (0.0 to 1.0)."),
]);
