import { javaMatches } from "@mailroom/java";
import { callOf, flag, pattern } from "../expression/layout.js";
import { patternWords } from "../expression/words.js";
import { defineFunction } from "./definition.js";
import { optional, regexPattern, tab, text } from "./parameters.js";

export const matches = defineFunction({
  name: "matches",
  form: "call",
  produces: "exb.StrMatches",
  parameters: [
    text("Text to test."),
    regexPattern(),
    optional("whole", "flag", "The pattern must match the whole text, not just a part.", { field: "matchWhole" }),
  ],
  doc: "True when the text matches a regular expression somewhere (or wholly, with `whole`).",
  examples: ["matches(meta.key, /^[A-Z]{3}$/, whole)"],
  snippet: `matches(${tab(1, "text")}, /${tab(2, "pattern")}/)`,
  lower(args) {
    const expr = args.value("text");
    const regExpPattern = args.pattern("pattern") ?? "";
    const matchWhole = args.flag("whole");
    return { "@type": "exb.StrMatches", expr, regExpPattern, ...(matchWhole !== undefined && { matchWhole }) };
  },
  print: (e) => callOf("matches", [e.expr], [pattern(e.regExpPattern), ...flag("whole", e.matchWhole)]),
  // Without `whole`, Java's `find`: a match anywhere in the text is enough.
  explain: (e, words) =>
    e.matchWhole
      ? words.clause(e.expr, ["matches", "does not match"], patternWords(e.regExpPattern), "as a whole")
      : words.clause(e.expr, ["contains a match of", "contains no match of"], patternWords(e.regExpPattern)),
  evaluate: (e, evaluator) =>
    evaluator.java(javaMatches(evaluator.value(e.expr), e.regExpPattern, e.matchWhole === true)),
});
