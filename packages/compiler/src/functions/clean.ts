import { javaClean } from "@mailroom/java";
import { flag, pipe } from "../expression/layout.js";
import { joinWords } from "../expression/words.js";
import { defineFunction } from "./definition.js";
import { optional, tab, text } from "./parameters.js";

/** The model's field order, whatever order the flags are written in. */
const FIELDS = ["normalizeSpace", "removeDiacritics", "multiline", "trim"] as const;

export const clean = defineFunction({
  name: "clean",
  form: "call",
  produces: "exv.StrClean",
  parameters: [
    text("Text to clean."),
    optional("trim", "flag", "Remove characters at or below U+0020 from both ends."),
    optional(
      "normalizeSpace",
      "flag",
      "Turn each run of spaces and tabs (no-break spaces included) into one U+0020; line breaks are kept.",
    ),
    optional("removeDiacritics", "flag", "Strip accents and other diacritical marks."),
    optional("multiline", "flag", "Work line by line: trimming applies per line and blank lines are dropped."),
  ],
  doc: "A text cleaned up; each flag given bare turns that clean-up on.",
  examples: ["meta.name | clean(trim, normalizeSpace)", "meta.name | clean(removeDiacritics, multiline=false)"],
  snippet: `clean(${tab(1, "text")}, ${tab(2, "trim")})`,
  lower(args) {
    const expr = args.value("text");
    const flags: Partial<Record<(typeof FIELDS)[number], boolean>> = {};
    for (const name of FIELDS) {
      const value = args.flag(name);
      if (value !== undefined) flags[name] = value;
    }
    return { "@type": "exv.StrClean", expr, ...flags };
  },
  explain(e, words) {
    const withs = [
      ...(e.normalizeSpace ? ["spaces normalised"] : []),
      ...(e.removeDiacritics ? ["diacritics removed"] : []),
    ];
    const how = [...(e.trim ? ["trimmed"] : []), ...(withs.length > 0 ? [`with ${joinWords(withs, "and")}`] : [])];
    // Line by line, the lines left empty are dropped.
    if (how.length === 0)
      return words.step(e.expr, e.multiline ? "with its empty lines dropped" : "unchanged (no clean-up on)");
    return words.step(e.expr, `${how.join(" ")}${e.multiline ? ", line by line, empty lines dropped" : ""}`);
  },
  print: (e) =>
    pipe(
      e.expr,
      "clean",
      (["trim", "normalizeSpace", "removeDiacritics", "multiline"] as const).flatMap((name) => flag(name, e[name])),
    ),
  evaluate: (e, evaluator) =>
    javaClean(evaluator.value(e.expr), {
      trim: e.trim === true,
      normalizeSpace: e.normalizeSpace === true,
      removeDiacritics: e.removeDiacritics === true,
      multiline: e.multiline === true,
    }),
});
