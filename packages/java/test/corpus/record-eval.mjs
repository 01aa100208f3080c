// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Java replacements write named groups as ${name}.
// Records the evaluation corpus of @mailroom/java's tests: inputs (hand-picked, then generated from a fixed seed)
// and what Java 17 computes for each (clean, case mapping, substring, regex replace and match), written to
// eval-strings.json and eval-regex.json beside this file. The tests read the JSON and never need Java.
// It also writes the Unicode tables of Java 17 that the regex engine reads (src/regex/unicode-data.ts).
// Run from the repository root with a JDK 17 on the PATH: node packages/java/test/corpus/record-eval.mjs [what...],
// where what is strings, regex or unicode (all three when none is named).
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { javaVersion, random, runJava } from "../../../../test/corpus-recording.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const recordedWith = javaVersion();

/** Java's results for each input (an array): `{ ok: true, values }` or `{ ok: false, error }`. */
function java(mode, inputs) {
  // The Unicode tables are read from the JDK's own classes, by reflection.
  const opens = ["java.base/java.lang", "java.base/java.util.regex"].flatMap((m) => [
    "--add-opens",
    `${m}=ALL-UNNAMED`,
  ]);
  return runJava([...opens, join(here, "JavaEval.java"), mode], inputs).map((line) => {
    const [verdict, ...fields] = line.split("\t");
    const values = fields.map((field) => JSON.parse(field));
    return verdict === "OK" ? { ok: true, values } : { ok: false, error: values[0] };
  });
}

function write(name, note, entries) {
  writeFileSync(join(here, name), `${JSON.stringify({ recordedWith, note, entries })}\n`);
  console.log(name, entries.length);
}

// ---- Texts ---------------------------------------------------------------------------------------------------

/** Pieces of tricky Unicode: case mappings that change length, spaces, line terminators, marks, astral characters. */
const PIECES = [
  "a",
  "B",
  "x",
  "Z",
  "0",
  "42",
  " ",
  "  ",
  "\t",
  "\r\n",
  "\n",
  "\r",
  "\u0085",
  "\u2028",
  "\u2029",
  "\u000b",
  "\u000c",
  "\u001f",
  "\u0000",
  "\u00a0",
  "\u2007",
  "\u202f",
  "\u3000",
  "\u1680",
  "\u200b",
  "\u180e",
  "\ufeff",
  "ß",
  "ẞ",
  "İ",
  "ı",
  "i",
  "I",
  "Σ",
  "σ",
  "ς",
  "ΌΣΟΣ",
  "ΑΣ",
  "ﬁ",
  "ﬀ",
  "ﬃ",
  "ŉ",
  "ǰ",
  "ǅ",
  "ΐ",
  "\u0345",
  "ᾀ",
  "Å",
  "é",
  "É",
  "e\u0301",
  "E\u0301\u0327",
  "\u0301",
  "ñ",
  "Ø",
  "æ",
  "Œ",
  "ĳ",
  "ł",
  "ç",
  "\u0308",
  "ä",
  "\u20dd",
  "ﬆ",
  "Ⅻ",
  "ⓐ",
  "Ꭰ",
  "ꭰ",
  "ა",
  "Ა",
  "한",
  "ｶ",
  "😀",
  "𝒜",
  "𐐀",
  "𐐨",
  "\ud800",
  "\udc00",
  "Straße",
  "İstanbul",
  "Ǆ",
  "K",
  "ſ",
  "-",
  "_",
  ".",
  "$",
  "\\",
];

function texts(rnd, count, maxPieces) {
  const out = ["", " ", "\u00a0", "a b", "  a  b  ", "\r\n\r\n", "a\r\n\r\nb", "Σ", "ΑΣ ΣΑ", "ß"];
  while (out.length < count) {
    let s = "";
    const n = rnd(maxPieces + 1);
    for (let i = 0; i < n; i++) s += PIECES[rnd(PIECES.length)];
    // Random characters of the Basic Multilingual Plane, now and then.
    if (rnd(4) === 0) s += String.fromCharCode(0x20 + rnd(0x2fe0));
    out.push(s);
  }
  return out;
}

// ---- Strings: clean, case, substring ---------------------------------------------------------------------------

/** The code points of a table "lo-hi,cp,..." (hexadecimal). */
function codePointsOf(table) {
  return table.split(",").flatMap((part) => {
    const [lo, hi = lo] = part.split("-").map((hex) => Number.parseInt(hex, 16));
    return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
  });
}

function stringsCorpus(upperTable, lowerTable) {
  const rnd = random(20251126);
  const entries = [];
  const cleanInputs = texts(rnd, 1600, 10).map((text) => [
    text,
    rnd(2) === 0,
    rnd(2) === 0,
    rnd(2) === 0,
    rnd(2) === 0,
  ]);
  java("clean", cleanInputs).forEach((r, i) => {
    const [text, trim, normalizeSpace, removeDiacritics, multiline] = cleanInputs[i];
    entries.push({ mode: "clean", text, trim, normalizeSpace, removeDiacritics, multiline, java: r.values[0] });
  });
  const caseInputs = texts(rnd, 1200, 6).map((text) => [text]);
  // Every character Java's case mappings change (the sigma aside), in texts of 64.
  const mapped = [...new Set([...codePointsOf(upperTable), ...codePointsOf(lowerTable)])].filter((c) => c !== 0x3a3);
  mapped.sort((a, b) => a - b);
  for (let i = 0; i < mapped.length; i += 64) caseInputs.push([String.fromCodePoint(...mapped.slice(i, i + 64))]);
  // A capital sigma next to characters of every kind: Java's final sigma follows BreakIterator's words.
  const around = [
    " ",
    "",
    "-",
    "_",
    ".",
    "'",
    '"',
    ",",
    "1",
    "a",
    "\u0301",
    "\u00ad",
    "\u200b",
    "(",
    "$",
    "%",
    "é",
    "ª",
  ];
  const contexts = [
    ...around,
    "\u2019",
    "\u2027",
    "\u00a0",
    "ー",
    "漢",
    "😀",
    "𐐀",
    "\u0345",
    "ʰ",
    "Ⅻ",
    "1,2",
    "--",
    "a.b",
  ];
  for (const x of contexts) {
    for (const y of around) caseInputs.push([`Α${x}Σ${y}`], [`${x}Σ${y}Β`], [`ΑΣ${x}${y}Β`], [`Α${y}${x}Σ`]);
  }
  java("case", caseInputs).forEach((r, i) => {
    entries.push({ mode: "case", text: caseInputs[i][0], upper: r.values[0], lower: r.values[1] });
  });
  const substringInputs = texts(rnd, 800, 6).map((text) => {
    const begin = rnd(text.length + 3);
    const end = rnd(3) === 0 ? [0, -1][rnd(2)] : rnd(text.length + 3);
    return [text, begin, end];
  });
  java("substring", substringInputs).forEach((r, i) => {
    const [text, begin, end] = substringInputs[i];
    entries.push({ mode: "substring", text, begin, end, ...(r.ok ? { java: r.values[0] } : { error: r.error }) });
  });
  write(
    "eval-strings.json",
    "clean (JavaEval.clean, the reference implementation of the API's words), String.toUpperCase/toLowerCase(Locale.ROOT), String.substring (0 and -1: to the end).",
    entries,
  );
}

// ---- Regexes: replace and match ----------------------------------------------------------------------------------

const REGEX_HANDPICKED = [
  ["BC_1234 and BC-5678", "^(BC)[-_](\\d{4})", "$1-$2", true],
  ["Lot n° 42", "^Lot\\s*n°\\s*", "", false],
  ["1 234,56 €", "[^0-9,]", "", false],
  ["2024-02-05", "^(\\d{4})-(\\d{2})-\\d{2}$", "$2/$1", false],
  ["Scan.PDF", "(?i)\\.pdf$", "", true],
  ["Ref: BC-123456 x", "^.*?\\b(BC-\\d{6})\\b.*$", "$1", false],
  ["D:20240205120000+01'00'", "^D:(\\d{14}).*$", "$1", false],
  ["a\r\n", "a$", "X", false],
  ["a\n\n", "a$", "X", false],
  ["a\r\nb\rc\u2028d", "(?m)^|$", "|", false],
  ["😀a😀", "", "-", false],
  ["😀a😀", "x*", "-", false],
  ["😀", "\\P{So}", "-", false],
  ["𝒜b", "[^b]", "-", false],
  ["café résumé", "\\b", "|", false],
  ["e\u0301t\u0301", "\\b", "|", false],
  ["aaa", "a*?", "-", false],
  ["abab", "(?<x>a)(b)", "${x}$2$0\\$", false],
  ["a1", "(a)(1)", "$11$10$21", false],
  ["abc", "(a)", "$2", false],
  ["abc", "z", "$2", false],
  ["abc", "(?i)B", "[$0]", false],
  ["ABC", "(?i:b)c", "[$0]", false],
  ["ſK", "(?i)[sk]", "-", false],
  ["a.b", "\\Qa.b\\E", "-", false],
  ["\u0085x", ".", "-", false],
  ["a\u2029", "(?s).", "-", false],
];

function regexCorpus() {
  const rnd = random(20251127);
  const pick = (list) => list[rnd(list.length)];
  let named = 0;
  // Consuming atoms take quantifiers; anchors and look-arounds, now and then, do not.
  const atoms = [
    "a",
    "b",
    "A",
    "ab",
    "B",
    "0",
    ".",
    ".",
    "\\d",
    "\\d",
    "\\w",
    "\\s",
    "\\W",
    "\\S",
    "\\D",
    "\\h",
    "\\v",
    "[abc]",
    "[^a]",
    "[a-c]",
    "[A-Z]",
    "[^0-9,]",
    "[\\w-]",
    "[é-ü]",
    "[^\\s]",
    "[.]",
    "[\\p{L}\\d]",
    "[^\\p{Lu}]",
    "\\p{L}",
    "\\p{Lu}",
    "\\p{Ll}",
    "\\P{L}",
    "\\pN",
    "\\p{Mn}",
    "\\p{So}",
    "\\p{Alpha}",
    "\\p{Punct}",
    "\\p{IsLatin}",
    "\\p{IsGreek}",
    "\\p{IsAlphabetic}",
    "é",
    "É",
    "😀",
    "\\x{1F600}",
    "ß",
    "\\u00E9",
    "\\t",
    "\\n",
    "\\r",
    "\\R",
    "\\Qa.b\\E",
    "\\.",
    "\\-",
    "-",
    " ",
    "_",
    "\\$",
    "\\x41",
    "\\0101",
    "\\cJ",
  ];
  // Constructs refused by design, seldom.
  const rare = ["\\p{InGreek}", "[a-z&&[^e]]", "\\G", "\\X", "\\p{javaLowerCase}", "\\b{g}"];
  const anchors = ["^", "$", "^", "$", "\\A", "\\z", "\\Z", "\\b", "\\b", "\\B", "\\1", "\\k<n1>"];
  const atom = (depth) => {
    const r = rnd(24);
    if (r < 2) return { text: pick(anchors), zeroWidth: true };
    if (depth > 1 || r < 16) return { text: rnd(60) === 0 ? pick(rare) : pick(atoms), zeroWidth: false };
    if (r < 18) {
      const look = pick(["(?=", "(?!", "(?<=", "(?<!"]);
      // Look-behinds are written with a bounded length, as Java requires of most.
      const body = look.startsWith("(?<") ? fixed(depth + 1) : alternation(depth + 1);
      return { text: `${look}${body})`, zeroWidth: true };
    }
    const opener = pick(["(", "(", "(", "(?:", "(?:", "(?:", "(?<n>", "(?i:", "(?-i:", "(?>"]);
    const open = opener === "(?<n>" ? `(?<n${++named}>` : opener;
    return { text: `${open}${alternation(depth + 1)})`, zeroWidth: false };
  };
  const quantifier = () =>
    pick([
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "*",
      "+",
      "?",
      "{2}",
      "{1,3}",
      "{0,}",
      "*?",
      "+?",
      "??",
      "{1,2}?",
      "*",
      "+",
      "?+",
    ]);
  // Inside a group the first atom is mostly required, as in patterns people write: a group that may match
  // nothing is seldom repeated.
  const sequence = (depth) => {
    let s = "";
    const n = 1 + rnd(4);
    for (let i = 0; i < n; i++) {
      if (depth > 0 && i === 0 && rnd(4) !== 0) {
        s += pick(atoms) + pick(["", "", "+", "{2}"]);
        continue;
      }
      const a = atom(depth);
      s += a.zeroWidth ? a.text : a.text + quantifier();
    }
    return s;
  };
  const fixed = (depth) => {
    let s = "";
    for (let i = 1 + rnd(3); i > 0; i--) s += atom(depth + 1).text + pick(["", "", "", "?", "{2}", "{1,3}"]);
    return s;
  };
  const alternation = (depth) => (rnd(4) === 0 ? `${sequence(depth)}|${sequence(depth)}` : sequence(depth));
  const candidates = [];
  for (let i = 0; i < 2600; i++) {
    named = 0;
    const flags = pick(["", "", "", "", "", "", "", "", "(?i)", "(?i)", "(?m)", "(?s)", "(?ims)", "(?x)", "(?u)"]);
    const middle = rnd(10) === 0 ? pick(["(?i)", "(?-i)", "(?m)", "(?s)"]) : "";
    candidates.push(flags + alternation(0) + middle + (middle ? alternation(0) : ""));
  }
  // Patterns Java does not compile say nothing of evaluation: only those Java compiles are kept.
  const compiled = java(
    "matches",
    candidates.map((pattern) => ["", pattern, false]),
  );
  const patterns = candidates.filter((_, i) => compiled[i].ok).slice(0, 1250);
  const replacements = [
    "",
    "-",
    "$0",
    "[$0]",
    "-",
    "$0$0",
    "$1",
    "<$1>",
    "$2",
    "${n1}",
    "\\$",
    "\\\\",
    "$10",
    "x$1y$2",
    "$",
    "$a",
  ];
  const regexTexts = [
    "",
    "a",
    "ab",
    "abc",
    "aab",
    "ABab",
    "a b",
    "a\nb",
    "a\r\n",
    "a\r\nb\r",
    "a.b",
    "\u0085a\u2028",
    "é",
    "e\u0301",
    "Éé",
    "ß",
    "SS",
    "😀",
    "a😀b",
    "😀😀",
    "𝒜",
    "0123",
    "1 234,56",
    "BC-123456",
    "_a_",
    "ſK",
    "İı",
    "\u00a0a\u3000",
    "a-b-c",
    "$1",
    "A1b2",
    "\t\u000b\f",
    "aaaa",
    "abab",
    "\ud800a",
    "a\udc00",
  ];
  const textFor = () => (rnd(3) === 0 ? texts(rnd, 11, 5)[10] : pick(regexTexts));
  const replaceInputs = [...REGEX_HANDPICKED];
  const matchInputs = REGEX_HANDPICKED.map(([text, pattern]) => [text, pattern, false]);
  for (const pattern of patterns) {
    for (let k = 0; k < 2; k++) replaceInputs.push([textFor(), pattern, pick(replacements), rnd(4) === 0]);
    matchInputs.push([textFor(), pattern, rnd(2) === 0]);
  }
  const entries = [];
  java("replace", replaceInputs).forEach((r, i) => {
    const [text, pattern, replacement, firstOnly] = replaceInputs[i];
    entries.push({
      mode: "replace",
      text,
      pattern,
      replacement,
      firstOnly,
      ...(r.ok ? { java: r.values[0] } : { error: r.error }),
    });
  });
  java("matches", matchInputs).forEach((r, i) => {
    const [text, pattern, whole] = matchInputs[i];
    entries.push({ mode: "matches", text, pattern, whole, ...(r.ok ? { java: r.values[0] } : { error: r.error }) });
  });
  write(
    "eval-regex.json",
    "Matcher.replaceAll/replaceFirst and Matcher.find/matches on Pattern.compile(pattern): the result, or the exception thrown.",
    entries,
  );
}

/** The code points Java 17's case mappings change, as a source file: Node.js may follow a later Unicode. */
function caseTable() {
  const [upper, lower] = java("case-table", [["upper"], ["lower"]]).map((r) => r.values[0]);
  const file = join(here, "../../src/eval/java-case-table.ts");
  writeFileSync(
    file,
    `// Generated by test/corpus/record-eval.mjs from ${recordedWith}: do not edit.\n\n` +
      '/** The code points String.toUpperCase(Locale.ROOT) changes, as hexadecimal ranges "lo-hi" or code points. */\n' +
      `export const JAVA_UPPER_CASED = ${JSON.stringify(upper)};\n\n` +
      "/** The code points String.toLowerCase(Locale.ROOT) changes, written the same way. */\n" +
      `export const JAVA_LOWER_CASED = ${JSON.stringify(lower)};\n`,
  );
  console.log("java-case-table.ts");
  return [upper, lower];
}

/** Java 17's Unicode tables for the regex engine, as a source file (see JavaEval.unicodeTable for the format). */
function unicodeTables() {
  const names = ["props", "scripts", "script-names", "blocks", "block-names", "upper", "lower"];
  const tables = java(
    "unicode",
    names.map((name) => [name]),
  ).map((r) => r.values[0]);
  const [props, scripts, scriptNames, blocks, blockNames, upper, lower] = tables;
  const file = join(here, "../../src/regex/unicode-data.ts");
  writeFileSync(
    file,
    `// Generated by test/corpus/record-eval.mjs from ${recordedWith}: do not edit.\n\n` +
      "/**\n * Java 17's Unicode (13.0) as java.util.regex reads it, in runs over the code points (length:value, base 36):\n" +
      " * Character.getType, then from bit 5 the flags isAlphabetic, isIdeographic, isLowerCase, isUpperCase,\n" +
      " * isJavaIdentifierStart, isJavaIdentifierPart, isUnicodeIdentifierStart, isUnicodeIdentifierPart,\n" +
      " * isIdentifierIgnorable, isWhitespace, isMirrored, then from bit 16 the grapheme cluster type of Pattern's \\X.\n */\n" +
      `export const PROPERTY_RUNS = ${JSON.stringify(props)};\n\n` +
      "/** The script of each code point (Character.UnicodeScript.of), as an index into SCRIPT_NAMES. */\n" +
      `export const SCRIPT_RUNS = ${JSON.stringify(scripts)};\n\n` +
      '/** Each script\'s names that UnicodeScript.forName accepts, upper case, "|" between them. */\n' +
      `export const SCRIPT_NAMES = ${JSON.stringify(scriptNames)};\n\n` +
      "/** The block of each code point (Character.UnicodeBlock.of), as 1 + an index into BLOCK_NAMES, 0 for none. */\n" +
      `export const BLOCK_RUNS = ${JSON.stringify(blocks)};\n\n` +
      '/** Each block\'s names that UnicodeBlock.forName accepts, upper case, "|" between them. */\n' +
      `export const BLOCK_NAMES = ${JSON.stringify(blockNames)};\n\n` +
      '/** Character.toUpperCase of each code point it changes: "start:count:delta" (base 36). */\n' +
      `export const UPPER_DELTAS = ${JSON.stringify(upper)};\n\n` +
      "/** Character.toLowerCase, written the same way. */\n" +
      `export const LOWER_DELTAS = ${JSON.stringify(lower)};\n`,
  );
  console.log("unicode-data.ts");
  return file;
}

const wanted = process.argv.length > 2 ? new Set(process.argv.slice(2)) : new Set(["strings", "regex", "unicode"]);
const written = [];
if (wanted.has("strings")) {
  stringsCorpus(...caseTable());
  written.push(join(here, "eval-strings.json"), join(here, "../../src/eval/java-case-table.ts"));
}
if (wanted.has("regex")) {
  regexCorpus();
  written.push(join(here, "eval-regex.json"));
}
if (wanted.has("unicode")) written.push(unicodeTables());
// The repository's formatter has the last word on the layout of the JSON.
execFileSync("npx", ["biome", "format", "--write", ...written], { stdio: "inherit" });
