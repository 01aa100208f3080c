import { BOOLEAN_EXPRESSION_TYPES, VALUE_EXPRESSION_TYPES } from "@mailroom/model";
import { parseExpression } from "@mailroom/syntax";
import { describe, expect, it } from "vitest";
import {
  areaWords,
  type Expression,
  type ExpressionContext,
  type ExpressionKind,
  explainExpression,
  FUNCTIONS,
  lowerExpression,
  pageWords,
} from "../src/index.js";

const main = { box: { name: "invoices", main: true } };
const annexes = { box: { name: "annexes", main: false } };

/** An expression text lowered where `context` holds, checked to lower cleanly. */
function lowered(text: string, kind: ExpressionKind, context: ExpressionContext): Expression {
  const parsed = parseExpression(text);
  const result = lowerExpression(parsed.ast, { ...context, expect: kind });
  const problems = [...parsed.diagnostics, ...result.diagnostics].map((d) => d.message);
  if (problems.length > 0) throw new Error(`${text}: ${problems.join("; ")}`);
  return result.value;
}

interface Case {
  /** The DSL text, or the JSON for what the DSL does not write. */
  readonly input: string | Expression;
  readonly words: string;
  readonly kind?: ExpressionKind;
  readonly context?: ExpressionContext;
}

const value = (input: string | Expression, words: string, context: ExpressionContext = main): Case => ({
  input,
  words,
  context,
});
const condition = (input: string | Expression, words: string, context: ExpressionContext = main): Case => ({
  input,
  words,
  kind: "condition",
  context,
});

const AREA = "the area 120, 18, 80 x 8 (left, top, width, height)";
/** What an expression of the MAIN box invoices says of another box it names: the runtime reads its own only. */
const ALIEN = "(not readable here: an expression of box invoices reads the file of its own box only)";
const ALIEN_TO_ANNEXES =
  "(not readable here: an expression of box annexes reads the file of its own box, or with main of its MAIN document)";

/** For each JSON type of the model, the sentences of its expressions. */
const CASES: Readonly<Record<string, readonly Case[]>> = {
  "exv.Value": [
    value('"FACTURE"', 'the text "FACTURE"'),
    value('""', "an empty text"),
    value("42", "42"),
    value('"007"', 'the text "007"'),
    value('"say \\"hi\\""', 'the text "say \\"hi\\""'),
  ],
  "exv.Reference": [
    value("meta.invoiceNumber", "metadata invoiceNumber"),
    value('meta["due date"]', 'metadata "due date"'),
    value("ou.EMAIL_ADDRESS", "the organizational unit's e-mail address"),
    value("ou.SENDER_ADDRESS", "the organizational unit's sender address"),
    value("ou.RETURN_ADDRESS", "the organizational unit's return address"),
    value("ou.SIRET", "the organizational unit's SIRET number"),
    value("ou.NAME", "the organizational unit's name"),
    value("ou.ID", "the organizational unit's id"),
    value("ou.PHONE", "the organizational unit's property PHONE"),
    value("req.POSTAL_ADDRESS_RECIPIENT", "requirement POSTAL_ADDRESS_RECIPIENT"),
    value("output.NUID", "the output file's NUID"),
    value("output.SIZE", "the output file's property SIZE"),
  ],
  "exv.FileName": [
    value("fileName", "the file name"),
    value("fileName", "the file name", annexes),
    value("fileName[9:17]", "characters 10 to 17 of the file name"),
    value("fileName[:8]", "characters 1 to 8 of the file name"),
    value("fileName[4:5]", "character 5 of the file name"),
    value("fileName[11:0]", "characters 12 to the end of the file name"),
    value("fileName[11:-1]", "characters 12 to the end of the file name"),
    value("fileName[11:]", "characters 12 to the end of the file name"),
    value(
      "fileName[8:3]",
      "the characters of the file name at indexes 8 to 3, counted from 0 (the API requires the end after the start)",
    ),
    value(
      { "@type": "exv.FileName", fromMain: true, begin: -4 },
      "the characters of the file name at indexes -4 to the end, counted from 0 (Java's substring refuses a negative index)",
    ),
    value("fileName(box=annexes)[2:]", `characters 3 to the end of the name of the file in box annexes ${ALIEN}`),
    value("fileName(box=annexes)", "the file name", annexes),
    value("fileName(box=invoices)", `the name of the file in box invoices ${ALIEN_TO_ANNEXES}`, annexes),
    // With fromMain, boxName is ignored: in a MAIN box, the box's own file is read.
    value({ "@type": "exv.FileName", fromMain: true, boxName: "annexes" }, "the file name"),
    value(
      { "@type": "exv.FileName", fromMain: true, boxName: "annexes" },
      "the name of the file in the MAIN box",
      annexes,
    ),
    value({ "@type": "exv.FileName", fromMain: false, boxName: "annexes" }, "the name of the file in box annexes", {}),
    value("fileName(main)", "the name of the file in the MAIN box", annexes),
    value(
      { "@type": "exv.FileName", fromMain: false, boxName: null },
      `the name of the file in an unnamed box ${ALIEN}`,
    ),
    value({ "@type": "exv.FileName", fromMain: true }, "the name of the file in the MAIN box", {}),
  ],
  "exv.PdfText": [
    value(
      "pdfText(1, [120, 18, 80, 8]) | clean(trim, normalizeSpace) | upper",
      `the text on page 1 in ${AREA}, trimmed with spaces normalised, in upper case`,
    ),
    value("pdfText(-1, [120, 18, 80, 8])", `the text on the last page in ${AREA}`),
    value("pdfText(-2, [120, 18, 80, 8])", `the text on the page before last in ${AREA}`),
    value("pdfText(-3, [120, 18, 80, 8])", `the text on the third page from the end in ${AREA}`),
    value("pdfText(0, [120, 18, 80, 8])", `the text on page 0 (never any text) in ${AREA}`),
    value(
      'pdfText(2, [120, 18, 80, 8], params={sortByPosition="true"}, box=annexes)',
      `the text on page 2 in ${AREA} of the PDF in box annexes ${ALIEN}, read with sortByPosition=true`,
    ),
    value("pdfText(1, [120, 18, 80, 8])", `the text on page 1 in ${AREA}`, annexes),
    value(
      'pdfText(1, [120, 18, 80, 8], params={"a b"="x \\"y\\"", dpi="300"})',
      `the text on page 1 in ${AREA}, read with "a b"="x \\"y\\"" and dpi=300`,
    ),
    value("pdfText(1, [120, 18, 80, 8], main)", `the text on page 1 in ${AREA} of the PDF in the MAIN box`, annexes),
  ],
  "exv.PdfMetadata": [
    value('pdfMeta("Title")', 'the PDF document property "Title"'),
    value('pdfMeta("Author", box="ANNEXES")', `the PDF document property "Author" of the PDF in box ANNEXES ${ALIEN}`),
    value('pdfMeta("")', 'the PDF document property ""'),
    value(
      'pdfMeta("say \\"hi\\"", main)',
      'the PDF document property "say \\"hi\\"" of the PDF in the MAIN box',
      annexes,
    ),
  ],
  "exv.Concat": [
    value('concat(meta.a, "-", meta.b)', 'metadata a followed by the text "-" and metadata b'),
    value("concat(meta.a, meta.b)", "metadata a followed by metadata b"),
    value('concat("say \\"hi\\"", meta.a)', 'the text "say \\"hi\\"" followed by metadata a'),
    value('concat(meta.a, "")', "metadata a followed by an empty text"),
    value("concat()", "an empty text"),
    value("concat(meta.a | upper)", "metadata a, in upper case"),
    value("concat(meta.a, meta.b | upper)", "metadata a followed by (metadata b, in upper case)"),
    value("concat(meta.a, meta.b) | upper", "metadata a followed by metadata b, in upper case"),
    value("concat(concat(meta.a, meta.b), meta.c)", "(metadata a followed by metadata b) followed by metadata c"),
  ],
  "exv.Coalesce": [
    value(
      'coalesce(meta.email, ou.EMAIL_ADDRESS, "none")',
      'the first non-empty of metadata email, the organizational unit\'s e-mail address or the text "none"',
    ),
    value("coalesce()", "an empty text"),
    value("coalesce(meta.a)", "metadata a"),
    value(
      "coalesce(meta.a, concat(meta.b, meta.c))",
      "the first non-empty of metadata a or (metadata b followed by metadata c)",
    ),
  ],
  "exv.Substring": [
    value("meta.customer[0:4]", "characters 1 to 4 of metadata customer"),
    value(
      "meta.customer[0:-3]",
      "the characters of metadata customer at indexes 0 to -3, counted from 0 (Java's substring refuses a negative index)",
    ),
    value(
      "meta.customer[3:3]",
      "the characters of metadata customer at indexes 3 to 3, counted from 0 (the API requires the end after the start)",
    ),
    value("meta.customer[2:]", "characters 3 to the end of metadata customer"),
    value("meta.customer[2:-1]", "characters 3 to the end of metadata customer"),
    value("substring(fileName, 0, 8)", "characters 1 to 8 of the file name"),
    value("(meta.a | upper)[0:2]", "characters 1 to 2 of (metadata a, in upper case)"),
    value("meta.a[0:2] | upper", "characters 1 to 2 of metadata a, in upper case"),
    // Slices of slices read as one range of the innermost text.
    value("substring(fileName[0:12], 4, -1)", "characters 5 to 12 of the file name"),
    value("substring(fileName[4:], 0, 8)", "characters 5 to 12 of the file name"),
    value("substring(fileName[4:], 2)", "characters 7 to the end of the file name"),
    value("meta.a[2:][1:3]", "characters 4 to 5 of metadata a"),
    value("meta.a[2:10][1:8]", "characters 4 to 10 of metadata a"),
    value("meta.a[1:][1:][1:]", "characters 4 to the end of metadata a"),
    value(
      "substring(fileName(box=annexes)[0:12], 4)",
      `characters 5 to 12 of the name of the file in box annexes ${ALIEN}`,
    ),
    // Ranges Java would refuse on other texts than the nested slices do stay nested, bracketed.
    value("meta.a[0:12][1:3]", "characters 2 to 3 of (characters 1 to 12 of metadata a)"),
    value("meta.a[0:4][4:]", "characters 5 to the end of (characters 1 to 4 of metadata a)"),
    value(
      "meta.a[5:3][0:1]",
      "character 1 of (the characters of metadata a at indexes 5 to 3, counted from 0 (the API requires the end after the start))",
    ),
    value("(meta.a | upper)[1:][0:2]", "characters 2 to 3 of (metadata a, in upper case)"),
  ],
  "exv.StrClean": [
    value(
      "meta.a | clean(trim, normalizeSpace, removeDiacritics, multiline)",
      "metadata a, trimmed with spaces normalised and diacritics removed, line by line, empty lines dropped",
    ),
    value("meta.a | clean(trim)", "metadata a, trimmed"),
    value("meta.a | clean(removeDiacritics)", "metadata a, with diacritics removed"),
    value(
      "meta.a | clean(normalizeSpace, removeDiacritics)",
      "metadata a, with spaces normalised and diacritics removed",
    ),
    value("meta.a | clean(trim, multiline)", "metadata a, trimmed, line by line, empty lines dropped"),
    value("meta.a | clean(multiline)", "metadata a, with its empty lines dropped"),
    value("meta.a | clean(trim=false)", "metadata a, unchanged (no clean-up on)"),
    value("meta.a | clean", "metadata a, unchanged (no clean-up on)"),
    value("clean(meta.a | upper, trim) | lower", "metadata a, in upper case, trimmed, in lower case"),
  ],
  "exv.StrNormalizeCase": [
    value("meta.name | upper", "metadata name, in upper case"),
    value("meta.name | lower", "metadata name, in lower case"),
    value("meta.name | normalizeCase", "metadata name, in lower case"),
    value('"abc" | upper', 'the text "abc", in upper case'),
    value("meta.a | upper | lower", "metadata a, in upper case, in lower case"),
    value("concat(meta.a, meta.b) | lower", "metadata a followed by metadata b, in lower case"),
  ],
  "exv.StrReplace": [
    value('meta.ref | replace(/-/, "/")', 'metadata ref, with every match of /-/ replaced by "/"'),
    value('meta.ref | replace(/[^0-9]/, "")', "metadata ref, with every match of /[^0-9]/ removed"),
    value('meta.ref | replaceFirst(/^0+/, "")', "metadata ref, with the first match of /^0+/ removed"),
    value('meta.ref | replace(/a/, "b", firstOnly)', 'metadata ref, with the first match of /a/ replaced by "b"'),
    value('meta.ref | replace("", "x")', 'metadata ref, with every match of the empty pattern replaced by "x"'),
    // What the replacement produces, as Java's appendReplacement reads it: escapes undone, groups named.
    value(
      'meta.amount | replace(/(\\d+)\\.(\\d+)/, "\\\\$$1.$2")',
      'metadata amount, with every match of /(\\d+)\\.(\\d+)/ replaced by "$" followed by group 1, "." and group 2',
    ),
    value('meta.ref | replace(/(\\d+)/, "$1")', "metadata ref, with every match of /(\\d+)/ replaced by group 1"),
    value(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Java replacements write named groups as ${name}.
      'meta.ref | replace(/(?<year>\\d{4})/, "[$0] ${year}")',
      'metadata ref, with every match of /(?<year>\\d{4})/ replaced by "[" followed by the whole match, "] " and the group named year',
    ),
    value('meta.ref | replace(/a/, "\\\\\\\\")', 'metadata ref, with every match of /a/ replaced by "\\\\"'),
    value('meta.ref | replace(/a/, "\\"")', 'metadata ref, with every match of /a/ replaced by "\\""'),
    value(
      'meta.ref | replace(/a/, "x$")',
      'metadata ref, with every match of /a/ replaced by the replacement "x$", which Java refuses',
    ),
    value(
      'meta.ref | replace(/a/, "$1")',
      'metadata ref, with every match of /a/ replaced by the replacement "$1", which Java refuses',
    ),
    value(
      'meta.ref | replace(/(/, "x")',
      'metadata ref, with every match of /(/ replaced by the replacement "x", which Java refuses',
    ),
    value(
      'meta.ref | replaceFirst(/(a)(b)/, "$2$1") | upper',
      "metadata ref, with the first match of /(a)(b)/ replaced by group 2 followed by group 1, in upper case",
    ),
  ],
  "exv.PositionInBox": [
    value("positionInBox", "the position (00001 for the first) of the document in its box"),
    value("positionInBox(box=annexes)", `the position (00001 for the first) of the document in box annexes ${ALIEN}`),
    value("positionInBox(main)", "the position (00001 for the first) of the document in the MAIN box", annexes),
    value("positionInBox", "the position (00001 for the first) of the document in its box", annexes),
  ],
  "exv.NumSheetsValue": [
    value("numSheets", "the number of sheets of the document"),
    value('concat(numSheets, " sheets")', 'the number of sheets of the document followed by the text " sheets"'),
  ],
  "exv.CurrentDate": [value("now", "the current date and time")],
  "exv.DateParse": [
    value(
      'meta.date | parseDate("dd/MM/yyyy", "Europe/Paris", locale="fr-FR")',
      'metadata date read as a date with the pattern "dd/MM/yyyy" in time zone Europe/Paris (locale fr-FR)',
    ),
    value(
      'meta.date | clean(trim) | parseDate("dd/MM/yyyy", "+01:00")',
      'metadata date, trimmed, read as a date with the pattern "dd/MM/yyyy" in time zone +01:00',
    ),
    // POSIX zones count the other way: Etc/GMT-2 is two hours ahead of UTC.
    value(
      'meta.date | parseDate("dd/MM/yyyy HH:mm", "Etc/GMT-2")',
      'metadata date read as a date with the pattern "dd/MM/yyyy HH:mm" in time zone Etc/GMT-2 (UTC+2: the sign of an Etc/GMT zone is inverted)',
    ),
    value(
      'meta.date | parseDate("dd/MM/yyyy", "Etc/GMT+10")',
      'metadata date read as a date with the pattern "dd/MM/yyyy" in time zone Etc/GMT+10 (UTC-10: the sign of an Etc/GMT zone is inverted)',
    ),
    value(
      'meta.date | parseDate("dd/MM/yyyy", "Etc/GMT-0")',
      'metadata date read as a date with the pattern "dd/MM/yyyy" in time zone Etc/GMT-0',
    ),
    value(
      'meta.date | parseDate("d \'de\' MMMM", "GMT-2", locale="es")',
      "metadata date read as a date with the pattern \"d 'de' MMMM\" in time zone GMT-2 (locale es)",
    ),
  ],
  "exv.DateFormat": [
    value(
      'now | formatDate("d MMMM yyyy", "Europe/Paris")',
      'the current date and time written as a date with the pattern "d MMMM yyyy" in time zone Europe/Paris',
    ),
    value(
      'concat("Paris, ", now | formatDate("yyyy", "UTC"))',
      'the text "Paris, " followed by (the current date and time written as a date with the pattern "yyyy" in time zone UTC)',
    ),
    value(
      'now | formatDate("HH:mm", "Z")',
      'the current date and time written as a date with the pattern "HH:mm" in time zone Z (UTC)',
    ),
    value(
      'now | formatDate("HH:mm", "Etc/GMT+1")',
      'the current date and time written as a date with the pattern "HH:mm" in time zone Etc/GMT+1 (UTC-1: the sign of an Etc/GMT zone is inverted)',
    ),
  ],
  "exv.JobFileNameValue": [
    value("jobFileName(invoices)", "the name of the first file of box invoices without its extension"),
    value("jobFileName(annexes, -1, keepExtension)", "the name of the last file of box annexes with its extension"),
    value("jobFileName(annexes, -2)", "the name of the file before last of box annexes without its extension"),
    value("jobFileName(annexes, 3)", "the name of the third file of box annexes without its extension"),
    value('jobFileName("my box", -3)', 'the name of the third file from the end of box "my box" without its extension'),
    value(
      "jobFileName(annexes, keepExtension=false)",
      "the name of the first file of box annexes without its extension",
    ),
    value("jobFileName(annexes, 0)", "the name of file 0 (no file) of box annexes without its extension"),
  ],
  "exv.ArchiveFileRelativePathname": [value("archivePath", "the file's path inside the archive")],
  "exb.Boolean": [condition("true", "always"), condition("false", "never")],
  "exb.AND": [
    condition('meta.a == "x" and meta.b == "y"', 'metadata a equals the text "x" and metadata b equals the text "y"'),
    condition(
      "meta.a == meta.b and (meta.c == 1 or meta.d == 2)",
      "metadata a equals metadata b and (metadata c equals 1 or metadata d equals 2)",
    ),
    condition(
      "meta.a == 1 and meta.b == 2 and meta.c == 3",
      "metadata a equals 1 and metadata b equals 2 and metadata c equals 3",
    ),
    condition(
      "meta.a == meta.b | upper and meta.c == 1",
      "metadata a equals metadata b, in upper case, and metadata c equals 1",
    ),
  ],
  "exb.OR": [
    condition(
      "(meta.a == meta.b and meta.c == 1) or meta.d == 2",
      "(metadata a equals metadata b and metadata c equals 1) or metadata d equals 2",
    ),
    condition(
      "meta.a == 1 or meta.b == 2 or meta.c == 3",
      "metadata a equals 1 or metadata b equals 2 or metadata c equals 3",
    ),
    condition("true or false", "always or never"),
  ],
  // `not` reads as the opposite of what it negates: comparisons turned round, De Morgan for `and` and `or`.
  "exb.NOT": [
    condition("not matches(meta.key, /^TMP/)", "metadata key contains no match of /^TMP/"),
    condition("not matches(meta.key, /^TMP$/, whole)", "metadata key does not match /^TMP$/ as a whole"),
    condition("not (meta.a == 1 or meta.b == 2)", "metadata a differs from 1 and metadata b differs from 2"),
    condition(
      "not (meta.a == 1 and (meta.b == 2 or meta.c == 3))",
      "metadata a differs from 1 or (metadata b differs from 2 and metadata c differs from 3)",
    ),
    condition("not (meta.a == 1 and not (meta.b == 2))", "metadata a differs from 1 or metadata b equals 2"),
    condition("not not true", "always"),
    condition("not true", "never"),
    condition("not false", "always"),
    condition("not (meta.count < 3)", "metadata count is at least 3 (as numbers)"),
    condition("not (meta.count <= 3)", "metadata count is more than 3 (as numbers)"),
    condition("not (meta.count > 3)", "metadata count is at most 3 (as numbers)"),
    condition("not (meta.count >= 3)", "metadata count is less than 3 (as numbers)"),
    condition('not not (meta.a == "x")', 'metadata a equals the text "x"'),
    condition('not contains(meta.subject, "urgent")', 'metadata subject does not contain the text "urgent"'),
    condition('not startsWith(meta.a, "A")', 'metadata a does not start with the text "A"'),
    condition('not endsWith(meta.a, "Z")', 'metadata a does not end with the text "Z"'),
    condition("not numEqual(meta.count, 3)", "metadata count differs from 3 (as numbers)"),
    condition("not (meta.a | clean(trim) == meta.b)", "metadata a, trimmed, differs from metadata b"),
    condition(
      { "@type": "exb.NOT", expr: { "@type": "exb.Unknown" } } as unknown as Expression,
      'not (an expression of unknown type "exb.Unknown")',
    ),
  ],
  "exb.ContentEqual": [
    condition("meta.annexKey == meta.invoiceNumber", "metadata annexKey equals metadata invoiceNumber"),
    condition('meta.a == "say \\"hi\\""', 'metadata a equals the text "say \\"hi\\""'),
    condition('fileName | upper == "X"', 'the file name, in upper case, equals the text "X"'),
    condition('concat(meta.a, meta.b) == ""', "(metadata a followed by metadata b) equals an empty text"),
  ],
  "exb.StrContains": [
    condition('contains(meta.subject, "urgent")', 'metadata subject contains the text "urgent"'),
    condition('contains(meta.subject, "")', "metadata subject contains an empty text"),
    condition("contains(meta.a | upper, meta.b)", "metadata a, in upper case, contains metadata b"),
  ],
  "exb.StrStartsWith": [
    condition(
      'startsWith(pdfText(1, [120, 18, 80, 8]), "FACTURE N°")',
      `the text on page 1 in ${AREA} starts with the text "FACTURE N°"`,
    ),
    condition('startsWith(meta.a, "\\"")', 'metadata a starts with the text "\\""'),
  ],
  "exb.StrEndsWith": [
    condition(
      'endsWith(archivePath | lower, ".pdf")',
      'the file\'s path inside the archive, in lower case, ends with the text ".pdf"',
    ),
    condition("endsWith(meta.a, concat(meta.b, meta.c))", "metadata a ends with (metadata b followed by metadata c)"),
  ],
  "exb.LessThan": [
    condition("meta.count < 3", "metadata count is less than 3 (as numbers)"),
    condition("meta.count > 3", "metadata count is more than 3 (as numbers)"),
    condition("meta.a < meta.b", "metadata a is less than metadata b (as numbers)"),
    condition(
      "meta.count < meta.max | clean(trim)",
      "metadata count is less than (metadata max, trimmed) (as numbers)",
    ),
    // Both sides numbers whatever the job: no "(as numbers)"; the number of sheets reads as a count of sheets.
    condition("numSheets < 3", "the document has fewer than 3 sheets"),
    condition("not (numSheets < 3)", "the document has 3 sheets or more"),
    condition("numSheets > 1", "the document has more than 1 sheet"),
    condition("not (numSheets > 1)", "the document has 1 sheet or fewer"),
    condition("numSheets < meta.max", "the number of sheets of the document is less than metadata max (as numbers)"),
    condition("positionInBox < 3", "the position (00001 for the first) of the document in its box is less than 3"),
    condition(
      'meta.due | parseDate("dd/MM/yyyy", "UTC") < now',
      'metadata due read as a date with the pattern "dd/MM/yyyy" in time zone UTC, is before the current date and time',
    ),
    condition(
      'not (meta.due | parseDate("dd/MM/yyyy", "UTC") < now)',
      'metadata due read as a date with the pattern "dd/MM/yyyy" in time zone UTC, is at or after the current date and time',
    ),
    condition("1 < 2", "1 is less than 2"),
  ],
  "exb.LessThanOrEqual": [
    condition("meta.count <= 3", "metadata count is at most 3 (as numbers)"),
    condition("meta.count >= 3", "metadata count is at least 3 (as numbers)"),
    condition("numSheets <= 2", "the document has 2 sheets or fewer"),
    condition("numSheets >= 2", "the document has 2 sheets or more"),
    condition("not (numSheets >= 2)", "the document has fewer than 2 sheets"),
    condition(
      'now >= meta.due | parseDate("dd/MM/yyyy", "UTC")',
      'metadata due read as a date with the pattern "dd/MM/yyyy" in time zone UTC, is at or before the current date and time',
    ),
  ],
  "exb.NumericEqual": [
    condition("numEqual(meta.count, 3)", "metadata count equals 3 (as numbers)"),
    condition("numEqual(meta.count | clean(trim), 3)", "metadata count, trimmed, equals 3 (as numbers)"),
    condition("numEqual(numSheets, 1)", "the document has exactly 1 sheet"),
    condition("not numEqual(2, numSheets)", "the document does not have exactly 2 sheets"),
    condition("not not numEqual(numSheets, 2)", "the document has exactly 2 sheets"),
    condition("numEqual(numSheets, meta.n)", "the number of sheets of the document equals metadata n (as numbers)"),
  ],
  // Without `whole`, Java's find: a match anywhere is enough.
  "exb.StrMatches": [
    condition("matches(meta.key, /^[A-Z]{3}$/)", "metadata key contains a match of /^[A-Z]{3}$/"),
    condition("matches(meta.key, /[0-9]/)", "metadata key contains a match of /[0-9]/"),
    condition("matches(meta.key, /^[A-Z]{3}$/, whole)", "metadata key matches /^[A-Z]{3}$/ as a whole"),
    condition('matches(meta.key, "a/b")', "metadata key contains a match of /a\\/b/"),
    condition('matches(meta.key, "")', "metadata key contains a match of the empty pattern"),
    condition('matches(meta.key, "", whole)', "metadata key matches the empty pattern as a whole"),
    condition("matches(meta.a | clean(trim), /x/, whole)", "metadata a, trimmed, matches /x/ as a whole"),
  ],
};

const expressionOf = (c: Case): Expression =>
  typeof c.input === "string" ? lowered(c.input, c.kind ?? "value", c.context ?? {}) : c.input;

describe("explainExpression", () => {
  for (const [type, cases] of Object.entries(CASES)) {
    describe(type, () => {
      for (const c of cases) {
        const name = typeof c.input === "string" ? c.input : JSON.stringify(c.input);
        it(name, () => {
          const expression = expressionOf(c);
          // The sentence is of an expression holding that type, at its root or inside.
          expect(JSON.stringify(expression)).toContain(`"@type":"${type}"`);
          expect(explainExpression(expression, c.context)).toBe(c.words);
        });
      }
    });
  }

  it("has cases for every expression type of the model, and only for those", () => {
    const types = [...VALUE_EXPRESSION_TYPES, ...BOOLEAN_EXPRESSION_TYPES];
    expect(types).toHaveLength(30);
    expect(Object.keys(CASES).sort()).toEqual([...types].sort());
    for (const type of types) expect(CASES[type]?.length, type).toBeGreaterThan(0);
  });

  it("explains every example of every function", () => {
    for (const f of FUNCTIONS) {
      for (const text of f.examples) {
        const words = explainExpression(lowered(text, f.kind, main), main);
        expect(words, text).toMatch(/^[a-z0-9("]/);
        expect(words, text).not.toMatch(/undefined|unknown type|\.$/);
      }
    }
  });

  it("says which box without a context", () => {
    expect(explainExpression({ "@type": "exv.PositionInBox", fromMain: false, boxName: "annexes" })).toBe(
      "the position (00001 for the first) of the document in box annexes",
    );
  });

  it("explains a 10,000-deep chain of not, and of pipes, without running out of stack", () => {
    let condition: Expression = { "@type": "exb.Boolean", value: true };
    for (let i = 0; i < 10_000; i++) condition = { "@type": "exb.NOT", expr: condition };
    // `not not` cancels out.
    expect(explainExpression(condition)).toBe("always");
    expect(explainExpression({ "@type": "exb.NOT", expr: condition })).toBe("never");
    let text: Expression = { "@type": "exv.CurrentDate" };
    for (let i = 0; i < 10_000; i++) text = { "@type": "exv.StrNormalizeCase", expr: text, toUpper: true };
    expect(explainExpression(text)).toBe(`the current date and time${", in upper case".repeat(10_000)}`);
  });
});

describe("pageWords and areaWords", () => {
  it("count pages from the start and from the end", () => {
    expect([1, 12, -1, -2, -3, -11, -22, 0].map(pageWords)).toEqual([
      "page 1",
      "page 12",
      "the last page",
      "the page before last",
      "the third page from the end",
      "the 11th page from the end",
      "the 22nd page from the end",
      "page 0 (never any text)",
    ]);
  });

  it("reads an area as left, top, width and height", () => {
    expect(areaWords({ left: 120, top: 18, width: 80, height: 8.5 })).toBe(
      "the area 120, 18, 80 x 8.5 (left, top, width, height)",
    );
  });
});
