import type { JavaDates } from "@mailroom/java";
import { quoteString } from "@mailroom/syntax";
import { callOf, flag, PRIMARY, pattern, pipe } from "../expression/layout.js";
import {
  defineFunction,
  type Evaluator,
  type ExpressionOf,
  type ExpressionType,
  type Phrase,
  type SiteKind,
  type Words,
} from "./definition.js";
import { optional, regexPattern, required, rest, tab, text } from "./parameters.js";

// Functions that differ only in their name, their JSON type or one field are made by one factory each.

interface Described<N extends string, T extends ExpressionType> {
  readonly name: N;
  readonly doc: string;
  readonly examples: readonly string[];
  readonly notes?: string;
  /** The expression in words (see `FunctionDefinition.explain`); called only for this function's spelling of the type. */
  readonly explain: (expression: ExpressionOf<T>, words: Words) => Phrase;
  /** The expression's value (see `FunctionDefinition.evaluate`); called only for this function's spelling of the type. */
  readonly evaluate: (expression: ExpressionOf<T>, evaluator: Evaluator) => Value<T>;
}

/** What an expression of a type evaluates to: a text for a value, a truth for a condition. */
type Value<T extends ExpressionType> = T extends `exv.${string}` ? string : boolean;

type Typed<N extends string, T extends ExpressionType> = Described<N, T> & { readonly produces: T };
type Operands = "exv.Concat" | "exv.Coalesce";
type DateType = "exv.DateParse" | "exv.DateFormat";
type TwoTexts = "exb.StrContains" | "exb.StrStartsWith" | "exb.StrEndsWith" | "exb.NumericEqual";

/** A keyword without arguments, such as `now`. */
export const keywordFunction = <N extends string>(
  described: Typed<N, "exv.NumSheetsValue" | "exv.CurrentDate" | "exv.ArchiveFileRelativePathname"> & {
    readonly sites?: readonly SiteKind[];
  },
) =>
  defineFunction({
    ...described,
    form: "keyword",
    snippet: described.name,
    lower: () => ({ "@type": described.produces }),
    print: () => [PRIMARY, [described.name]],
  });

/** `concat` and `coalesce`: any number of values. */
export const operandsFunction = <N extends string>(values: string, described: Typed<N, Operands>) =>
  defineFunction({
    ...described,
    form: "call",
    parameters: [rest(values)],
    snippet: `${described.name}(${tab(1, "a")}, ${tab(2, "b")})`,
    lower: (args) => ({ "@type": described.produces, operands: args.values("values") }),
    print: (e) => callOf(described.name, e.operands),
  });

/** `upper`, `lower` and `normalizeCase`: `toUpper` true, false or absent. */
export const caseFunction = <N extends string>(
  toUpper: boolean | undefined,
  described: Described<N, "exv.StrNormalizeCase">,
) =>
  defineFunction({
    ...described,
    form: "call",
    produces: "exv.StrNormalizeCase",
    parameters: [text("Text to change.")],
    snippet: `${described.name}(${tab(1, "text")})`,
    lower(args) {
      const expr = args.value("text");
      if (toUpper === undefined) return { "@type": "exv.StrNormalizeCase", expr };
      args.implied("toUpper");
      return { "@type": "exv.StrNormalizeCase", expr, toUpper };
    },
    print: (e) => (e.toUpper === toUpper ? pipe(e.expr, described.name) : undefined),
    explain: (e, words) => (e.toUpper === toUpper ? described.explain(e, words) : undefined),
    evaluate: (e, evaluator) => (e.toUpper === toUpper ? described.evaluate(e, evaluator) : undefined),
  });

/** `replace` takes `firstOnly` as a flag; `replaceFirst` implies `"firstOnly": true`. */
export const replaceFunction = <N extends string>(only: "flag" | true, described: Described<N, "exv.StrReplace">) =>
  defineFunction({
    ...described,
    form: "call",
    produces: "exv.StrReplace",
    parameters: [
      text("Text to search."),
      regexPattern(),
      required("replacement", "string", "Replacement: $1, $2 insert groups; write \\$ for a dollar."),
      ...(only === "flag" ? [optional("firstOnly", "flag", "Replace only the first match.")] : []),
    ],
    snippet: `${described.name}(${tab(1, "text")}, /${tab(2, "pattern")}/, "${tab(3, "replacement")}")`,
    lower(args) {
      const expr = args.value("text");
      const regExpPattern = args.pattern("pattern") ?? "";
      const replacement = args.string("replacement") ?? "";
      const firstOnly = only === true ? true : args.flag("firstOnly");
      if (only === true) args.implied("firstOnly");
      return {
        "@type": "exv.StrReplace",
        expr,
        regExpPattern,
        replacement,
        ...(firstOnly !== undefined && { firstOnly }),
      };
    },
    explain: (e, words) => ((e.firstOnly === true) === (only === true) ? described.explain(e, words) : undefined),
    evaluate: (e, evaluator) =>
      (e.firstOnly === true) === (only === true) ? described.evaluate(e, evaluator) : undefined,
    print(e) {
      if ((e.firstOnly === true) !== (only === true)) return undefined;
      const args = [pattern(e.regExpPattern), quoteString(e.replacement)];
      return pipe(e.expr, described.name, only === true ? args : [...args, ...flag("firstOnly", e.firstOnly)]);
    },
  });

/** Java's dates, which an evaluation of dates has loaded. */
export const javaDates = (evaluator: Evaluator): JavaDates =>
  evaluator.dates ?? evaluator.fail("Java's dates are not loaded for this evaluation");

/** `parseDate` and `formatDate`: a date and a pattern, a zone and a locale. */
export const dateFunction = <N extends string>(first: string, described: Typed<N, DateType>) =>
  defineFunction({
    ...described,
    form: "call",
    parameters: [
      text(first === "text" ? "Text holding a date." : "A date, in milliseconds since the Unix epoch.", first),
      required("pattern", "string", "Date-time pattern in Java's DateTimeFormatter syntax, such as dd/MM/yyyy."),
      required("timeZone", "string", "Time zone: an IANA id such as Europe/Paris, or an offset such as +01:00."),
      optional("locale", "string", "Language tag for month and day names, such as fr-FR."),
    ],
    snippet: `${described.name}(${tab(1, first)}, "${tab(2, "dd/MM/yyyy")}", "${tab(3, "Europe/Paris")}")`,
    lower(args) {
      const expr = args.value(first);
      const pattern = args.string("pattern") ?? "";
      const timeZone = args.string("timeZone") ?? "";
      const locale = args.string("locale");
      return { "@type": described.produces, expr, pattern, timeZone, ...(locale !== undefined && { locale }) };
    },
    print(e) {
      const args = [quoteString(e.pattern), quoteString(e.timeZone)];
      if (e.locale !== undefined) args.push(`locale=${quoteString(e.locale)}`);
      return pipe(e.expr, described.name, args);
    },
  });

/** Conditions on two texts, written as calls: `contains(text, part)`. */
export const twoTextsFunction = <N extends string>(
  produces: TwoTexts,
  [first, firstDoc]: readonly [name: string, doc: string],
  [second, secondDoc]: readonly [name: string, doc: string],
  described: Described<N, TwoTexts>,
) =>
  defineFunction({
    ...described,
    form: "call",
    parameters: [text(firstDoc, first, "expr1"), text(secondDoc, second, "expr2")],
    snippet: `${described.name}(${tab(1, first)}, ${tab(2, second)})`,
    produces,
    lower: (args) => ({ "@type": produces, expr1: args.value(first), expr2: args.value(second) }),
    print: (e) => callOf(described.name, [e.expr1, e.expr2]),
  });
