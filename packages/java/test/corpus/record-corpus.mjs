// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Java replacements write named groups as ${name}.
// Records the corpus of @mailroom/java's tests: inputs (hand-picked, then generated from a fixed seed) and what
// Java 17 says about each, written to *.json beside this file. The tests read the JSON and never need Java.
// Run from the repository root with a JDK 17 on the PATH: node packages/java/test/corpus/record-corpus.mjs
import { execFileSync, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const javaVersion = spawnSync("java", ["-version"], { encoding: "utf8" }).stderr;

/** A small deterministic generator (mulberry32), so that a recording can be repeated. */
function random(seed) {
  let a = seed;
  return (n) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

function java(mode, inputs) {
  const out = execFileSync("java", [join(here, "JavaVerdicts.java"), mode], {
    input: `${inputs.map((input) => JSON.stringify(input)).join("\n")}\n`,
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  const unescapeTabs = (s) => s.replace(/\\([\\tnr])/g, (_, c) => ({ "\\": "\\", t: "\t", n: "\n", r: "\r" })[c]);
  return out
    .split("\n")
    .slice(0, inputs.length)
    .map((line) => {
      const [verdict, detail = "", description = ""] = line.split("\t");
      return verdict === "OK"
        ? { ok: true, detail }
        : { ok: false, index: Number(detail), description: unescapeTabs(description) };
    });
}

function write(name, note, entries) {
  writeFileSync(join(here, name), `${JSON.stringify({ recordedWith: javaVersion.split("\n")[0], note, entries })}\n`);
  console.log(name, entries.length);
}

/** Writes `name` with whether Java accepts each input, as entries `{ [key]: input, ok }`. */
function writeAccepted(mode, name, note, inputs, key) {
  const verdicts = java(mode, inputs);
  write(
    name,
    note,
    inputs.map((input, i) => ({ [key]: input, ok: verdicts[i].ok })),
  );
}

const unique = (list) => [...new Set(list)];

// ---- Regular expressions ------------------------------------------------------------------------------------

const REGEX_HANDPICKED = [
  // groups
  "(a",
  "a)",
  "(a))",
  "()",
  "(?:a)",
  "(?:",
  "(?=a)",
  "(?!a)",
  "(?>a)",
  "(?<=a)",
  "(?<!a)",
  "(?<name>a)\\k<name>",
  "(?<n1>a)(?<n1>b)",
  "(?<1n>a)",
  "(?<>a)",
  "(?<a_b>x)",
  "(?<aé>x)",
  "(?P<name>x)",
  "(?P=name)",
  "(?#comment)",
  "(?'name'x)",
  "(?|a)",
  "(?$)",
  "(?@)",
  "(?i)",
  "(?i)a",
  "(?i:a)",
  "(?-i)a",
  "(?i-s:a)",
  "(?idmsuxU)",
  "(?z)",
  "(?i",
  "(?iz)",
  "(?x) a b # comment\n c",
  "(?x)[ a ]",
  "(?x)a{ 2 }",
  "(?x)\\p{ L }",
  "(?x)(?<n> a)",
  "(?u)(?i)ÿ",
  "(?c)a",
  "(?d).",
  "(?s).",
  "(?m)^a$",
  "(?U)\\w",
  "(?U)\\p{alpha}",
  "\\p{alpha}",
  "(?i)*",
  "((((((((((a))))))))))\\10",
  "(a)\\2",
  "(a)\\11",
  "(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)\\11",
  "\\1(a)",
  "\\k<n>(?<n>a)",
  "(?<n>a)\\k<m>",
  "\\k",
  "\\kn",
  "\\k<n",
  "\\k<1>",
  // quantifiers
  "*",
  "+",
  "?",
  "a**",
  "a*+",
  "a*?",
  "a*?+",
  "a++",
  "a+?",
  "a??",
  "a?+",
  "a{2}",
  "a{2,}",
  "a{2,5}",
  "a{5,2}",
  "a{,5}",
  "a{",
  "a{}",
  "a{x}",
  "a{2",
  "a{2,",
  "a{2,5",
  "a{2}{3}",
  "a*{2}",
  "{2}",
  "{",
  "}",
  "a}",
  "]",
  "a]",
  "a{2147483647}",
  "a{2147483648}",
  "a{1,99999999999}",
  "^*",
  "$+",
  "\\b*",
  "(?=a)*",
  "x|*",
  "(*)",
  "(?:)+",
  "a{0}",
  "a{0,0}",
  "a{0,1}?",
  "a{1}+",
  // classes
  "[",
  "[]",
  "[]]",
  "[]a]",
  "[^]",
  "[^]a]",
  "[^]]",
  "[a-]",
  "[-a]",
  "[a-z]",
  "[z-a]",
  "[a-\\d]",
  "[\\d-z]",
  "[a-z&&[def]]",
  "[a-z&&[^bc]]",
  "[a-z&&d-f]",
  "[&&a]",
  "[a&&]",
  "[&&]",
  "[a&&&&b]",
  "[a&b]",
  "[[a]]",
  "[[a]b]",
  "[a[b]]",
  "[^a[b]]",
  "[a-[b]]",
  "[\\b]",
  "[\\1]",
  "[\\A]",
  "[\\R]",
  "[\\X]",
  "[\\k<n>]",
  "[\\Q]\\E]",
  "[\\Qa-z\\E]",
  "[\\p{L}]",
  "[\\P{L}]",
  "[\\pL]",
  "[\\v-x]",
  "[\\v]",
  "[\\x41-\\x5A]",
  "[\\x5A-\\x41]",
  "[\\u0041-Z]",
  "[\\0101-Z]",
  "[\\cA-\\cZ]",
  "[a-\\u005A]",
  "[é-ü]",
  "[😀-😂]",
  "[a\\-z]",
  "[\\[]",
  "[\\]]",
  "[.]",
  "[$^]",
  "[a-z&&[^aeiou]&&[^x]]",
  // escapes
  "\\",
  "a\\",
  "\\\\",
  "\\d\\D\\w\\W\\s\\S\\h\\H\\v\\V",
  "\\R",
  "\\X",
  "\\b",
  "\\B",
  "\\A",
  "\\z",
  "\\Z",
  "\\G",
  "\\b{g}",
  "\\b{x}",
  "\\b{g",
  "\\a\\e\\f\\n\\r\\t",
  "\\cA",
  "\\c",
  "\\0",
  "\\00",
  "\\012",
  "\\0777",
  "\\08",
  "\\0a",
  "\\x41",
  "\\x4",
  "\\xG1",
  "\\x{41}",
  "\\x{1F600}",
  "\\x{110000}",
  "\\x{}",
  "\\x{41",
  "\\u0041",
  "\\u004",
  "\\u{41}",
  "\\uD83D\\uDE00",
  "\\uD83D",
  "\\uD83Dx",
  "\\uD83D\\u0041",
  "\\N{LATIN SMALL LETTER A}",
  "\\N{latin small letter a}",
  "\\N{ DIGIT ONE }",
  "\\N{",
  "\\N{LATIN",
  "\\N",
  "\\Na",
  "\\y",
  "\\i",
  "\\g",
  "\\C",
  "\\E",
  "\\F",
  "\\I",
  "\\J",
  "\\K",
  "\\L",
  "\\M",
  "\\O",
  "\\T",
  "\\U",
  "\\Y",
  "\\j",
  "\\l",
  "\\m",
  "\\o",
  "\\q",
  "\\-",
  "\\/",
  "\\é",
  "\\😀",
  "\\Qa.b\\E",
  "\\Qa.b",
  "\\Q\\E",
  "\\Q1\\E",
  "\\Q(\\E",
  "a\\Q*\\E+",
  "\\Q\\\\E",
  "\\Qa\\Eb\\Qc",
  // properties
  "\\p{L}",
  "\\pL",
  "\\p{Lu}",
  "\\p{lu}",
  "\\p{IsLu}",
  "\\p{IsL}",
  "\\p{Latin}",
  "\\p{IsLatin}",
  "\\p{IsLATIN}",
  "\\p{Islatin}",
  "\\p{IsLatn}",
  "\\p{InGreek}",
  "\\p{InGreek and Coptic}",
  "\\p{InGreekAndCoptic}",
  "\\p{InGREEK_AND_COPTIC}",
  "\\p{InBasic Latin}",
  "\\p{In Basic Latin}",
  "\\p{InLatin-1 Supplement}",
  "\\p{InCombining Diacritical Marks for Symbols}",
  "\\p{sc=Latin}",
  "\\p{script=Latn}",
  "\\p{Script=Latin}",
  "\\p{blk=Greek}",
  "\\p{block=BasicLatin}",
  "\\p{gc=Lu}",
  "\\p{general_category=L}",
  "\\p{gc=Letter}",
  "\\p{foo=bar}",
  "\\p{IsAlphabetic}",
  "\\p{IsAlpha}",
  "\\p{Alpha}",
  "\\p{alpha}",
  "\\p{IsWhite_Space}",
  "\\p{IsWhiteSpace}",
  "\\p{IsEmoji}",
  "\\p{IsPunctuation}",
  "\\p{Punct}",
  "\\p{javaLowerCase}",
  "\\p{javaMirrored}",
  "\\p{IsjavaLowerCase}",
  "\\p{Letter}",
  "\\p{IsLetter}",
  "\\p{all}",
  "\\p{ASCII}",
  "\\p{L1}",
  "\\p{LC}",
  "\\p{LD}",
  "\\p{IsHan}",
  "\\p{IsHani}",
  "\\p{IsUnknown}",
  "\\p{IsCommon}",
  "\\p{}",
  "\\p{L",
  "\\p",
  "\\pX",
  "\\p{L}{2}",
  "\\P{Lu}+",
  "[\\p{Latin}]",
  // look-behind lengths
  "(?<=a*)",
  "(?<=a+)",
  "(?<=a*b*)",
  "(?<=(?:ab)*)",
  "(?<=(a|bc){2})",
  "(?<=a{1,3})",
  "(?<=\\X)",
  "(?<=\\R)",
  "(?<=(a)\\1)",
  "(?<=a?)",
  "(?<=(?:a|b)+)",
  "(?<=a+?)",
  "(?<=a*+)",
  "(?<=[a-z]+)",
  "(?<=(?:ab){0,3})",
  "(?<=(?:a|bc))",
  "(?<=(?:a|bc)?)",
  "(?<=(?:INV|FACT)+)",
  "(?<=INV-\\d+)",
  "(?<=(?:ab)++)",
  "(?<=(?>a+))",
  "(?<=(?=x+)a)",
  "(?<=(?<=a+)b)",
  "(?<=(a){2147483647})",
  "(?<=(?:aa){1073741824})",
  // the service's examples
  "^Lot\\s*n°\\s*",
  "[^0-9,]",
  "^(\\d{4})-(\\d{2})-\\d{2}$",
  "(?i)\\.pdf$",
  "[^A-Za-z0-9-]",
  "^Code client\\s*:\\s*",
  "^.*?\\b(BC-\\d{6})\\b.*$",
  "^D:(\\d{14}).*$",
  "[A-Z]{2}\\d{5}",
];

function regexCorpus() {
  const rnd = random(20251122);
  const pick = (list) => list[rnd(list.length)];
  const tokens = [
    "a",
    "b",
    "0",
    "1",
    "9",
    "(",
    ")",
    "(?:",
    "(?=",
    "(?<=",
    "(?<!",
    "(?>",
    "(?<n>",
    "(?i)",
    "(?x)",
    "(?",
    "<",
    ">",
    "[",
    "]",
    "[^",
    "^",
    "$",
    ".",
    "|",
    "*",
    "+",
    "?",
    "{",
    "}",
    "{2}",
    "{1,3}",
    "{2,}",
    "{,2}",
    ",",
    "-",
    "&&",
    "&",
    "\\",
    "\\d",
    "\\w",
    "\\b",
    "\\1",
    "\\2",
    "\\k<n>",
    "\\p{L}",
    "\\p{IsLatin}",
    "\\pL",
    "\\P{Lu}",
    "\\Q",
    "\\E",
    "\\x41",
    "\\x{1F600}",
    "\\u0041",
    "\\0",
    "\\012",
    "\\c",
    "\\y",
    "\\-",
    "\\]",
    " ",
    "#",
    "\n",
    "\\R",
    "\\X",
    "\\v",
    "é",
    "😀",
    "_",
    "=",
    "!",
    ":",
    "P",
  ];
  const soup = [];
  for (let i = 0; i < 800; i++) {
    let s = "";
    const length = 1 + rnd(8);
    for (let j = 0; j < length; j++) s += pick(tokens);
    soup.push(s);
  }
  const atom = (depth) => {
    const r = rnd(20);
    if (depth > 2 || r < 7)
      return pick([
        "a",
        "bc",
        "\\d",
        "\\w",
        ".",
        "\\s",
        "é",
        "😀",
        "\\x41",
        "\\p{L}",
        "\\R",
        "\\X",
        "\\b",
        "^",
        "$",
        "\\1",
        "\\k<n>",
        "\\Qa.b\\E",
      ]);
    if (r < 11) return `[${pick(["a-z", "^0-9", "\\d&&[^5]", "a[bc]", "\\w&&[^_]", "-a", "\\p{Lu}a-f"])}]`;
    const opener = pick(["(", "(?:", "(?=", "(?!", "(?<=", "(?<!", "(?>", "(?<n>", "(?i:"]);
    return `${opener}${alternation(depth + 1)})`;
  };
  const quantifier = () => pick(["", "", "", "*", "+", "?", "{2}", "{1,3}", "{2,}", "{0,1}", "*?", "+?", "*+", "++"]);
  const sequence = (depth) => {
    let s = "";
    const n = 1 + rnd(3);
    for (let i = 0; i < n; i++) s += atom(depth) + quantifier();
    return s;
  };
  const alternation = (depth) => (rnd(4) === 0 ? `${sequence(depth)}|${sequence(depth)}` : sequence(depth));
  const shaped = [];
  for (let i = 0; i < 800; i++) {
    let p = alternation(0);
    if (rnd(2) === 0) {
      const at = rnd(p.length + 1);
      p = p.slice(0, at) + pick(["(", ")", "[", "]", "{", "\\", "*", "|", "&&", " ", "#"]) + p.slice(at);
    }
    shaped.push(p);
  }
  const inputs = unique([...REGEX_HANDPICKED, ...soup, ...shaped]);
  const verdicts = java("regex", inputs);
  const entries = [];
  inputs.forEach((pattern, i) => {
    const v = verdicts[i];
    // Unicode character names are not carried by mailroom: a name Java does not know is not recorded.
    if (!v.ok && v.description.startsWith("Unknown character name")) return;
    entries.push(
      v.ok ? { pattern, groups: Number(v.detail) } : { pattern, index: v.index, description: v.description },
    );
  });
  write(
    "regex.json",
    "java.util.regex.Pattern.compile: groupCount, or the PatternSyntaxException's index and description.",
    entries,
  );
}

// ---- Replacements --------------------------------------------------------------------------------------------

function replacementCorpus() {
  const patterns = ["x", "(a)", "(a)(b)", "(?<year>\\d{4})-(?<month>\\d{2})", "(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)"];
  const replacements = [
    "",
    "plain",
    "$0",
    "$1",
    "$2",
    "$3",
    "$10",
    "$11",
    "$12",
    "$1$2",
    "\\$1",
    "\\\\$1",
    "$",
    "a$",
    "\\",
    "a\\",
    "\\\\",
    "${year}",
    "${month}",
    "${day}",
    "${}",
    "${year",
    "${1}",
    "${y_m}",
    "$&",
    "$$",
    "$`",
    "$'",
    "$<year>",
    "$a",
    "$ ",
    "${Year}",
    "\\${year}",
    "$9",
    "$0$0",
    "€$1",
    "${year}${month}",
  ];
  const inputs = patterns.flatMap((pattern) => replacements.map((replacement) => [pattern, replacement]));
  const verdicts = java("replacement", inputs);
  write(
    "replacement.json",
    "Matcher.appendReplacement on a match of (?:pattern\\n)| (same groups, none set): accepted, or the exception thrown.",
    inputs.map(([pattern, replacement], i) => ({
      pattern,
      replacement,
      ok: verdicts[i].ok,
      ...(verdicts[i].ok ? {} : { description: verdicts[i].description }),
    })),
  );
}

// ---- Date patterns -------------------------------------------------------------------------------------------

function dateCorpus() {
  const inputs = [];
  for (const letter of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") {
    for (let n = 1; n <= 21; n++) inputs.push(letter.repeat(n));
  }
  inputs.push(
    "dd/MM/yyyy",
    "d MMMM uuuu",
    "dd MMMM yyyy HH:mm",
    "yyyy-MM-dd",
    "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
    "yyyy-MM-ddTHH:mm",
    "'",
    "''",
    "'abc",
    "'it''s'",
    "[",
    "]",
    "[yyyy]]",
    "{",
    "}",
    "#",
    "ppH",
    "p",
    "pp",
    "p1",
    "pH",
    "ppHmm",
    "pdF",
    "kpeF",
    "dpH",
    "dpHHmm",
    "[pH]m",
    "pH'x'm",
    "pH[m]",
    "é",
    "hh:mm a",
    "EEEE d MMMM",
    "YYYY-ww",
    "ddMMyyyy",
    "HHmmssSSS",
    "yyyy'",
    "HH:mm:ss.fff",
    "dd.MM.yy",
    "uuuu-MM-dd'T'HH:mm:ssZ",
    "[yyyy][MM]",
    "[[[",
    "a]",
    "'['",
    "cc",
    "ccc",
    "B",
    "BB",
    "BBBB",
    "O",
    "OO",
    "OOOO",
    "VV",
    "VVV",
    "v",
    "vv",
    "vvvv",
    "zzzz",
    "zzzzz",
    "xxxxx",
    "xxxxxx",
    "W",
    "WW",
    "w",
    "ww",
    "www",
    "e",
    "ee",
    "eeeee",
    "eeeeee",
  );
  const rnd = random(7);
  const alphabet = "yMdHhmsSaEzZXxVvOpgBcFQqLeWwYuDkKAnNGT'[]{}#- :/.1";
  for (let i = 0; i < 800; i++) {
    let s = "";
    const length = 1 + rnd(8);
    for (let j = 0; j < length; j++) s += alphabet[rnd(alphabet.length)];
    inputs.push(s);
  }
  const list = unique(inputs);
  writeAccepted(
    "date",
    "date.json",
    "DateTimeFormatter.ofPattern: accepted, or the exception thrown.",
    list,
    "pattern",
  );
}

// ---- Time zones ----------------------------------------------------------------------------------------------

function zoneCorpus() {
  const inputs = [
    "Europe/Paris",
    "europe/paris",
    "Europe/Pariss",
    "Paris",
    "UTC",
    "UT",
    "GMT",
    "Z",
    "z",
    "",
    " ",
    "+1",
    "+01",
    "+0100",
    "+01:00",
    "+01:00:00",
    "+010000",
    "+18",
    "+18:00",
    "+18:00:01",
    "+19",
    "-1:00",
    "+1:00",
    "+01:0",
    "+01:60",
    "+01:00:60",
    "+0:00",
    "UTC+1",
    "UTC+01:00",
    "UTC+1:00",
    "GMT-5",
    "GMT+14",
    "GMT+19",
    "UT+1",
    "UT-01:30",
    "UTC-",
    "UTC+",
    "GMT0",
    "GMT+0",
    "UTC0",
    "UTCX",
    "Etc/GMT+1",
    "Etc/GMT+13",
    "Etc/GMT-14",
    "EST",
    "PST",
    "CET",
    "CEST",
    "MET",
    "WET",
    "ECT",
    "Asia/Calcutta",
    "Asia/Kolkata",
    "US/Eastern",
    "Europe/Kyiv",
    "Europe/Kiev",
    " Europe/Paris",
    "Europe/Paris ",
    "Europe/ Paris",
    "+01:00 ",
    "-18:00",
    "-18",
    "-00",
    "+00",
    "-0",
    "A",
    "1",
    "+",
    "-",
    "UTC-0",
    "Z+01",
    "SystemV/EST5",
    "Etc/Unknown",
    "GMT+01:00:00",
    "UTC+010000",
    "UT+",
    "UTC+01:00:00.0",
    "+1:0",
    "Europe/London",
    "London",
    "Etc/UTC",
    "Universal",
    "Zulu",
    "Greenwich",
    "GB",
    "PRC",
    "ROK",
    "Navajo",
    "Japan",
    "UCT",
    "Etc/GMT+12",
    "Etc/GMT-12",
    "America/Argentina/Buenos_Aires",
    "America/Buenos_Aires",
    "Antarctica/Troll",
  ];
  writeAccepted("zone", "zone.json", "ZoneId.of: accepted, or the exception thrown.", inputs, "id");
}

// ---- Locales -------------------------------------------------------------------------------------------------

function localeCorpus() {
  const inputs = [
    "fr-FR",
    "fr_FR",
    "fr",
    "FR-fr",
    "en-US-u-ca-gregory",
    "en-US-POSIX",
    "en_US_POSIX",
    "zh-Hans-CN",
    "zh_Hans_CN",
    "zh-cmn-Hans-CN",
    "i-klingon",
    "x-private",
    "en-x-foo",
    "de-1996-1996",
    "en-a-bbb-a-ccc",
    "und",
    "fr-FR-",
    "-fr",
    "fr--FR",
    "french",
    "fr-FRA",
    "fr-250",
    "en-US-u-nu",
    "ja-JP-u-ca-japanese-x-lvariant-JP",
    "ja_JP_JP_#u-ca-japanese",
    "sr-Latn-RS",
    "en-GB-oed",
    "qaa",
    "abcdefghi",
    "es-419",
    "es_419",
    "EN_us",
    "fr FR",
    "fr.FR",
    "fr-FR.UTF-8",
    "fr_FR.UTF-8",
    "C",
    "POSIX",
    "de-CH-1901",
    "en-u-co",
    "en-u",
    "en-x",
    "x",
    "a-b",
    "en-1",
    "en-12",
    "en-123",
    "en-1234",
    "en-a-b",
    "de_DE@euro",
  ];
  const rnd = random(11);
  const parts = [
    "fr",
    "FR",
    "en",
    "us",
    "Latn",
    "419",
    "1996",
    "posix",
    "u",
    "ca",
    "gregory",
    "x",
    "a",
    "bb",
    "i",
    "klingon",
    "",
    "abcdefghi",
    "1",
    "12",
    "123",
    "zh",
    "cmn",
    "Hans",
    "sgn",
    "BE",
    "t",
    "de",
  ];
  for (let k = 0; k < 600; k++) {
    const n = 1 + rnd(5);
    const subtags = [];
    for (let j = 0; j < n; j++) subtags.push(parts[rnd(parts.length)]);
    inputs.push(subtags.join(rnd(8) === 0 ? "_" : "-"));
  }
  const list = unique(inputs);
  const verdicts = java("locale", list);
  write(
    "locale.json",
    "new Locale.Builder().setLanguageTag: accepted (with the tag Java makes of it), or IllformedLocaleException.",
    list.map((tag, i) => ({ tag, ok: verdicts[i].ok, ...(verdicts[i].ok ? { java: verdicts[i].detail } : {}) })),
  );
}

regexCorpus();
replacementCorpus();
dateCorpus();
zoneCorpus();
localeCorpus();
// The repository's formatter has the last word on the layout of the JSON.
execFileSync("npx", ["biome", "format", "--write", here], { stdio: "inherit" });
