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
import { deflateRawSync } from "node:zlib";
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

/**
 * Patterns of the kinds service authors write, one family per construct, each run on texts chosen for it: every
 * entry is [pattern, replacement, ...texts], each text giving a replaceAll, a find and a whole match.
 */
const CONSTRUCTS = [
  // (?i) and (?iu), accented literals, and the characters whose cases leave ASCII or Latin-1.
  ["(?iu)café", "[$0]", "CAFÉ crème", "Café", "cafe", "caFé CAFÉ"],
  ["(?i)café", "[$0]", "CAFÉ crème", "CAFé", "Café"],
  ["(?iu)straße", "[$0]", "STRASSE", "Straße", "STRAẞE", "strasse"],
  ["(?iu)ß", "[$0]", "ẞ ß SS", "Straße STRAẞE"],
  ["(?iu)[ß]", "[$0]", "ẞ ß SS"],
  ["(?iu)[à-ÿ]+", "[$0]", "ÀÉÎÕÜ àéîõü", "Ÿÿ ß"],
  ["(?i)[à-ÿ]+", "[$0]", "ÀÉÎÕÜ àéîõü", "Ÿÿ ß"],
  ["(?iu)\\bé\\w+", "[$0]", "École élève ÉTÉ", "été"],
  ["(?iu)ǅ", "[$0]", "Ǆǅǆ", "DŽ"],
  ["(?iu)[ǅ]+", "[$0]", "Ǆǅǆ"],
  ["(?iu)σ+", "[$0]", "ΣσςΣ", "ΌΣΟΣ"],
  ["(?iu)[σ]", "[$0]", "ΣσςΣ"],
  ["(?iu)ς", "[$0]", "ΣσςΣ"],
  ["(?iu)[α-ω]+", "[$0]", "ΑΒΓ αβγ ΣΩ ς"],
  ["(?iu)k", "[$0]", "K k K", "Kelvin"],
  ["(?iu)[k]", "[$0]", "K k K"],
  ["(?i)k", "[$0]", "K k K"],
  ["(?iu)[j-l]+", "[$0]", "K k K ſ"],
  ["(?iu)[a-z]+", "[$0]", "ſK ßİı", "Straße"],
  ["(?i)[a-z]+", "[$0]", "ſK ßİı", "Straße"],
  ["(?iu)i", "[$0]", "İ ı i I", "İstanbul"],
  ["(?iu)[i]", "[$0]", "İ ı i I"],
  ["(?iu)[h-j]", "[$0]", "İ ı i I"],
  ["(?iu)istanbul", "[$0]", "İSTANBUL", "ISTANBUL", "ıstanbul"],
  ["(?iu)µ", "[$0]", "µ μ Μ"],
  ["(?iu)[µ]", "[$0]", "µ μ Μ"],
  ["(?iu)ÿ", "[$0]", "ÿ Ÿ"],
  ["(?iu)[ÿ]", "[$0]", "ÿ Ÿ"],
  ["(?iu)å", "[$0]", "å Å Å"],
  ["(?iu)[å]+", "[$0]", "å Å Å"],
  ["(?iu)[^a-z]+", "[$0]", "ſK ßİı 1"],
  ["(?iu)ǰ", "[$0]", "ǰ J̌"],
  ["(?iu)ﬀ", "[$0]", "ﬀ FF ff"],
  ["(?iu)𐐨", "[$0]", "𐐀 𐐨"],
  ["(?iu)[𐐀-𐐏]+", "[$0]", "𐐀 𐐨𐐩"],
  ["(?iu)ᾀ", "[$0]", "ᾀ ᾈ"],
  ["(?i:É)t(?-i)é", "[$0]", "été ÉTÉ Été"],
  ["(?iu:É)t(?-iu)é", "[$0]", "été ÉTÉ Été étÉ"],
  // (?x): white space and # comments, also inside classes.
  ["(?x) ^ (\\d{4}) - (\\d{2})  # year and month\n - \\d{2} $", "$2/$1", "2024-02-05", "2024 - 02 - 05"],
  ["(?x)[a-z] # a letter\n +", "<$0>", "abc def", "ABC"],
  ["(?x) a b # not c\n c", "-", "abc a b c", "ab c"],
  ["(?x)[ a-c ]+", "-", "a b c", "abc  "],
  ["(?x)a\\ b", "-", "a b ab"],
  ["(?x)\\#\\d+", "-", "#12 # 12"],
  ["(?x)a#comment", "-", "a#comment a"],
  ["(?x)(?<y> \\d{4} ) # the year\n", "${y}", "in 2024."],
  ["(?x)a{1, 2}", "-", "a{1, 2} aa"],
  ["(?x)a{1,2}", "-", "aaa"],
  // Class intersections, subtractions, unions and nested classes.
  ["[a-z&&[^aeiou]]+", "-", "consonants only", "AEIOU xyz"],
  ["[\\p{L}&&[^\\p{IsLatin}]]+", "-", "abc αβγ где", "ΑΣ"],
  ["[\\w&&\\D]+", "-", "abc123_x", "٣٤"],
  ["[^a-z&&[def]]", "-", "abcdefg"],
  ["[a-z&&d-f&&e]", "-", "abcdefg"],
  ["[0-9&&[^5]]+", "-", "0123456789"],
  ["[[a-c][x-z]]+", "-", "abcmxyz"],
  ["[a-c[x-z]]+", "-", "abcmxyz"],
  ["[^a-c[x-z]]+", "-", "abcmxyz"],
  ["[\\p{Lu}&&[A-M]]+", "-", "ABCNOP abc ÀÉ"],
  ["[a-z&&[^b-y]&&[^z]]", "-", "abcz"],
  ["[a&&]", "-", "a&"],
  ["[&&a]", "-", "a&"],
  ["[a-f&&b&&c]", "-", "abcdef"],
  ["[[^a]&&[^b]]+", "-", "abcd"],
  ["[\\d&&[^\\x{1F600}]]", "-", "1😀2"],
  // POSIX classes: nested classes in [...], \p{...} names.
  ["[[:alpha:]]+", "-", "alpha: 123 [x]", "beta"],
  ["[:digit:]+", "-", "12 :digit: dig"],
  ["\\p{Alpha}+", "-", "abc ÀÉ 123", "αβγ"],
  ["(?U)\\p{Alpha}+", "-", "abc ÀÉ 123", "αβγ"],
  ["\\p{IsAlphabetic}+", "-", "abc ÀÉ Ⅻ 123"],
  ["\\p{Lower}+", "-", "abc DEF àé"],
  ["(?i)\\p{Lower}+", "-", "abc DEF àé"],
  ["(?U)\\p{Lower}+", "-", "abc DEF àé ª"],
  ["(?iU)\\p{Lower}+", "-", "abc DEF àé ǅ"],
  ["\\p{Upper}+", "-", "abc DEF ÀÉ"],
  ["\\p{XDigit}+", "-", "0x1F 0xGG ０１"],
  ["(?U)\\p{XDigit}+", "-", "0x1F ０１ＦＧ"],
  ["\\p{Punct}+", "-", "a.b,c!d¡e«f»"],
  ["(?U)\\p{Punct}+", "-", "a.b,c!d¡e«f»$+"],
  ["\\p{Space}+", "-", "a b\tc\u00a0d\u2028e"],
  ["(?U)\\p{Space}+", "-", "a b\tc\u00a0d\u2028e\u0085"],
  ["\\p{Blank}+", "-", "a b\tc\u00a0d"],
  ["(?U)\\p{Blank}", "-", "a b\tc\u00a0d\u3000"],
  ["\\p{Graph}+", "-", "ab cd\u00a0é"],
  ["(?U)\\p{Graph}+", "-", "ab cd\u00a0é\u0085"],
  ["\\p{Print}+", "-", "ab cd\té"],
  ["(?U)\\p{Print}+", "-", "ab cd\té\u0085"],
  ["\\p{Cntrl}", "-", "a\u0001b\u007fc\u0085"],
  ["(?U)\\p{Cntrl}", "-", "a\u0001b\u007fc\u0085"],
  ["(?U)\\p{Alnum}+", "-", "a1 ٣ Ⅻ _"],
  ["\\p{ASCII}+", "-", "abc é 😀"],
  ["\\p{L1}+", "-", "abc é ā"],
  ["\\p{all}", "-", "a😀"],
  ["\\p{IsWhite_Space}+", "-", "a b\u0085c\u2029"],
  ["\\p{IsPunctuation}+", "-", "a.b«»$"],
  ["\\p{IsHex_Digit}+", "-", "0x1F ０１"],
  ["\\p{IsIdeographic}+", "-", "漢字 かな"],
  ["\\p{IsLetter}+", "-", "abc ǅ 123"],
  ["\\p{IsTitlecase}", "-", "ǅ ǈ Ab"],
  ["(?i)\\p{IsTitlecase}+", "-", "ǅ ǈ Ab"],
  ["\\p{IsUppercase}+", "-", "ABC abc Ⓐ"],
  ["(?i)\\p{IsUppercase}+", "-", "ABC abc Ⓐ"],
  ["\\p{IsNoncharacterCodePoint}", "-", "a\ufffe\ufdd0b"],
  ["\\p{IsJoin_Control}", "-", "a\u200cb\u200dc"],
  ["\\p{IsAssigned}+", "-", "ab\u0378c"],
  ["\\p{IsControl}", "-", "a\u0001b"],
  ["\\p{IsWord}+", "-", "a_b·c٣ d"],
  ["\\p{IsLu}+", "-", "ABC abc"],
  ["\\p{gc=Lu}+", "-", "ABC abc"],
  ["(?i)\\p{Lu}+", "-", "ABC abc ǅ"],
  ["(?i)\\p{Lt}+", "-", "ABC abc ǅ"],
  ["\\p{LC}+", "-", "ABC abc ǅ ª"],
  ["\\p{LD}+", "-", "ABC abc 123 ǅ"],
  ["\\p{Sc}", "-", "5 € $ ¢"],
  ["\\p{Sm}+", "-", "a+b<c=d"],
  ["\\p{Zs}", "-", "a b\u00a0c\u3000d"],
  ["\\p{Pd}", "-", "a-b–c—d"],
  ["\\p{Pi}\\p{L}+\\p{Pf}", "-", "«mot» “word” ‹x›"],
  ["\\p{Cf}", "-", "a\u200bb\u00adc\ufeff"],
  ["\\P{L}+", "-", "abc 123 😀 é"],
  ["\\P{InBasic_Latin}+", "-", "abc é 😀"],
  // Blocks and scripts.
  ["\\p{InGreek}+", "-", "abc αβγ ΑΣ", "ἀ"],
  ["\\p{InGreek and Coptic}+", "-", "αβγ ϣ"],
  ["\\p{InGREEK_AND_COPTIC}+", "-", "αβγ ϣ"],
  ["\\p{InBasic_Latin}+", "-", "abc é"],
  ["\\p{InLatin-1 Supplement}+", "-", "abc éàü"],
  ["\\p{blk=Cyrillic}+", "-", "где abc"],
  ["\\p{block=CJK Unified Ideographs}+", "-", "漢字 かな"],
  ["\\p{InCombiningDiacriticalMarks}+", "", "e\u0301te\u0301", "cafe\u0301"],
  ["\\p{InEmoticons}", "-", "a😀b☺"],
  ["\\p{IsGreek}+", "-", "αβγ ἀ ϣ"],
  ["\\p{IsLatin}+", "-", "abc é ª ﬀ"],
  ["\\p{IsCyrillic}+", "-", "где abc"],
  ["\\p{IsHan}+", "-", "漢字 かな"],
  ["\\p{IsCommon}+", "-", "a 1 . € 😀"],
  ["\\p{IsInherited}+", "-", "e\u0301\u0308"],
  ["\\p{sc=Latn}+", "-", "abc é"],
  ["\\p{script=Cyrillic}+", "-", "где abc"],
  ["\\p{Isgreek}+", "-", "αβγ"],
  ["\\p{IsArabic}+", "-", "abc عربي ٣"],
  // java.lang.Character's properties.
  ["\\p{javaLowerCase}+", "-", "abc DEF ª ǅ ß"],
  ["(?i)\\p{javaLowerCase}+", "-", "abc DEF ª ǅ"],
  ["\\p{javaUpperCase}+", "-", "abc DEF Ⓐ"],
  ["\\p{javaTitleCase}+", "-", "ǅ ǈ"],
  ["\\p{javaWhitespace}+", "-", "a b\u00a0c\u2007d\u2028e\u001f"],
  ["\\p{javaSpaceChar}+", "-", "a b\u00a0c\u2007d\u2028e"],
  ["\\p{javaLetterOrDigit}+", "-", "abc123 ٣ _"],
  ["\\p{javaLetter}+", "-", "abc123 ǅ"],
  ["\\p{javaDigit}+", "-", "123 ٣ ①"],
  ["\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*", "<$0>", "a1 $b _c 1d €e"],
  ["\\p{javaUnicodeIdentifierStart}\\p{javaUnicodeIdentifierPart}*", "<$0>", "a1 $b _c"],
  ["\\p{javaIdentifierIgnorable}", "-", "a\u0000b\u200bc\u00ad"],
  ["\\p{javaMirrored}", "-", "(a)[b]<c>«d»"],
  ["\\p{javaDefined}+", "-", "ab\u0378c"],
  ["\\p{javaISOControl}", "-", "a\u0001b\u0085c"],
  ["\\p{javaAlphabetic}+", "-", "abc Ⅻ ª"],
  ["\\p{javaIdeographic}+", "-", "漢字 〇"],
  // (?U): \w, \d, \s, \b and POSIX names in Unicode.
  ["(?U)\\w+", "-", "été naïve ٣٤ a_b e\u0301"],
  ["(?U)\\b\\w+\\b", "<$0>", "été naïve ٣٤"],
  ["(?U)\\d+", "-", "12 ٣٤ ①"],
  ["(?U)\\s+", "-", "a b\u00a0c\u2028d"],
  ["(?U)\\W+", "-", "été, naïve!"],
  ["(?U)[\\w&&\\D]+", "-", "abc٣4"],
  ["(?U)\\B", "|", "ab été"],
  ["\\w+", "-", "été naïve"],
  ["\\b\\w+\\b", "<$0>", "été naïve"],
  // Back-references, under (?i) and (?iu) too.
  ["(?i)(\\w)\\1", "<$0>", "aA bb Cc", "ß ẞ"],
  ["(?iu)(\\w)\\1", "<$0>", "aA bb", "ßẞ", "İi", "ſS", "Kk"],
  ["(?iu)(.)\\1", "<$0>", "ßẞ İi ſS Kk σς ǅǆ"],
  ["(?i)(.)\\1", "<$0>", "ßẞ İi ſS Kk σς"],
  ["(\\w+) \\1", "<$1>", "the the end", "to to tot"],
  ["(?i)(ab)\\1", "<$0>", "abAB abab aBAb"],
  ["(?iu)(é)\\1", "<$0>", "éÉ ée"],
  ["(a)?b\\1", "<$0>", "aba b ab"],
  ["(a)|b\\1", "<$0>", "ab b"],
  ["(?<w>\\w+)\\s\\k<w>", "${w}", "was was here"],
  ["(?i)(?<w>\\w+)\\s\\k<w>", "${w}", "Was was here"],
  ["(?i)(😀)\\1", "<$0>", "😀😀", "😀😀x"],
  ["(?iu)(a😀)\\1", "<$0>", "a😀A😀", "a😀A😀b"],
  ["(😀)\\1", "<$0>", "😀😀"],
  ["(?:(a)|b)+\\1", "<$0>", "aba", "abba"],
  ["(a*)+\\1", "<$0>", "aaa"],
  // Nested quantifiers and captures in repeated groups.
  ["(a*)*", "<$1>", "aaa", "baab"],
  ["(a|b?)+", "<$1>", "aab", "ba"],
  ["(a|ab)*c", "<$1>", "abac", "aabc"],
  ["(a*)+b", "<$1>", "aaab"],
  ["(a?)*", "<$1>", "aa"],
  ["(?:a|b)*?c", "<$0>", "abc"],
  ["(a|b)*+", "<$1>", "abab"],
  ["(a+?)+", "<$1>", "aaa"],
  ["(\\d+,?)*", "<$1>", "1,22,333", "1,"],
  ["((a)|b)+", "<$1$2>", "ab", "ba"],
  ["(a|(b))+", "<$1$2>", "ab", "ba"],
  ["(?:(a)|(b))*", "<$1$2>", "ab", "ba"],
  ["(a)*?", "<$1>", "aa"],
  ["(?:(a)b?)*", "<$1>", "abab"],
  ["((a)b)*", "<$1$2>", "abab"],
  ["(a(b)?)+", "<$1|$2>", "aba", "abab"],
  ["(?:x(\\d))*", "<$1>", "x1x2"],
  ["(a{2})*", "<$1>", "aaaaa"],
  ["(?:(\\w)\\s?)+", "<$1>", "a b c"],
  ["(a|b){2,3}", "<$1>", "ababa"],
  ["(a|b){2,3}?", "<$1>", "ababa"],
  ["(ab|a){0,}+c", "<$1>", "abac"],
  ["((?:a|b)c)+", "<$1>", "acbcx"],
  ["(?:(?:a)+)+", "<$0>", "aaa"],
  ["(\\w+?)(\\d*)$", "$1|$2", "abc123"],
  ["(?:(\\d)|x)+", "<$1>", "1x2x", "x1x"],
  ["^(?:(a)|(b)|(c))+$", "$1$2$3", "abc", "cba"],
  ["(?=(a+))a*b\\1", "<$1>", "baaabac"],
  // Look-behinds, bounded as Java requires, some with supplementary characters.
  ["(?<=€\\s?)\\d+", "<$0>", "€ 12 €34 56"],
  ["(?<!\\d)\\d{3}(?!\\d)", "<$0>", "12 123 1234"],
  ["(?<=^|,)\\s*", "|", "a, b,c"],
  ["(?<=\\bBC-)\\d+", "<$0>", "BC-123 ABC-45"],
  ["(?<=[A-Z]{2,3})\\d", "<$0>", "AB1 ABCD2 A3"],
  ["(?<=a|bc)x", "<$0>", "ax bcx cx"],
  ["(?<=😀)a", "<$0>", "😀a a"],
  ["(?<!😀)a", "<$0>", "😀a a"],
  ["(?<=\\uD83D)\\uDE00", "<$0>", "😀"],
  ["(?<=a*)b", "<$0>", "aab b"],
  ["(?<=a+)b", "<$0>", "aab b"],
  ["(?<=a*b*)c", "<$0>", "abc c"],
  ["(?<=ab?)c", "<$0>", "ac abc bc"],
  ["(?<=\\R)x", "<$0>", "\r\nx \nx x"],
  ["(?<=a{1,3})b", "<$0>", "aaab b"],
  ["(?<=(a))b", "<$1>", "ab b"],
  ["(?<=(?:a|😀){2})b", "<$0>", "a😀b aab"],
  ["(?<=\\X)b", "<$0>", "ab"],
  ["(?<!^)\\s", "_", " a b"],
  ["(?<=é)t", "<$0>", "été ete"],
  ["(?<=(?i)É)t", "<$0>", "été"],
  // \G with replaceAll.
  ["\\G\\d", "#", "123a45", "a12"],
  ["\\G(\\w)", "<$1>", "ab cd"],
  ["\\G ", "_", "   abc  "],
  ["\\G0", "", "000123", "0100"],
  ["(?<=\\G..)", "|", "abcdefg"],
  ["\\G(?:(\\d)|x)", "<$1>", "1x2 3"],
  ["\\Ga|b", "-", "aab ab"],
  ["x*\\G", "-", "xx"],
  // \R, \X, \b{g}.
  ["\\R", "|", "a\r\nb\nc\rd\u2028e\u0085f\u000bg\u000ch"],
  ["\\R+", "|", "a\r\n\r\nb\n\rc"],
  ["\\R{2}", "|", "a\r\n\nb\r\r\n"],
  ["a\\R?b", "<$0>", "a\r\nb ab a\nb"],
  ["\\R\\n", "<$0>", "\r\n \r\n\n"],
  ["\\X", "[$0]", "e\u0301x", "🇫🇷🇩🇪", "👨‍👩‍👧", "한", "\r\n", "a\u0308\u0301b"],
  ["\\X{2}", "[$0]", "e\u0301xyz"],
  ["(?:\\X)+?", "[$0]", "e\u0301x"],
  ["\\b{g}", "|", "e\u0301x", "🇫🇷🇩🇪", "ab\r\nc", "👍🏽!"],
  ["a\\b{g}", "<$0>", "a\u0301 a ab"],
  ["\\X\\b{g}", "[$0]", "e\u0301x"],
  // \h, \v, \z, \Z, \A, ^ and $ with line terminators.
  ["\\h+", " ", "a \t\u00a0\u2007b\u3000c"],
  ["\\H+", "-", "a \t\u00a0b"],
  ["\\v", "|", "a\nb\u000bc\u0085d\u2029"],
  ["\\V+", "-", "a\nb"],
  ["a\\Z", "<$0>", "a\n", "a\r\n", "a\n\n", "a\u2028"],
  ["a\\z", "<$0>", "a\n", "a"],
  ["\\A\\s+|\\s+\\z", "", "  a b  ", "\n"],
  ["a$", "<$0>", "a\r\n", "a\n\n", "a\u0085"],
  ["(?m)^", "|", "a\r\nb\rc\u2028d\n"],
  ["(?m)$", "|", "a\r\nb\rc\u2028d\n"],
  ["(?m)^\\s*$", "<$0>", "a\n\n  \nb"],
  ["(?d)^.$", "<$0>", "a\rb\n", "a\r"],
  ["(?dm)$", "|", "a\r\nb\n"],
  ["(?dm)^", "|", "a\r\nb\n"],
  ["(?d)a$", "<$0>", "a\n", "a\r\n"],
  ["(?s).+", "<$0>", "a\nb\r\n"],
  ["(?-s).+", "<$0>", "a\nb\u2029c"],
  ["(?m)^.+$", "<$0>", "a\nbc\r\nd"],
  // \Q...\E, in and out of classes.
  ["\\Q(1+1)\\E", "-", "(1+1)=2"],
  ["[\\Q]-\\E]+", "-", "a]-b"],
  ["\\Qa\\E*", "-", "aaa"],
  ["\\Q\\E", "-", "ab"],
  ["\\Q1.5\\E", "-", "1.5 125"],
  ["[\\Q^a\\E]", "-", "^ab"],
  ["\\Qa\\Eb+", "-", "abbb"],
  ["\\Q\\d\\E", "-", "\\d 1"],
  // Octal, hexadecimal, names, control characters, code points.
  ["\\0101", "-", "ABA"],
  ["\\011", "-", "a\tb"],
  ["\\0377", "-", "ÿ"],
  ["\\0400", "-", " 0"],
  ["\\x{1F600}", "-", "a😀b"],
  ["\\x41", "-", "ABA"],
  ["\\x{e9}+", "-", "ééé"],
  ["\\N{LATIN SMALL LETTER E WITH ACUTE}", "-", "été"],
  ["\\N{grinning face}", "-", "a😀b"],
  ["\\N{ LATIN CAPITAL LETTER A }", "-", "ABA"],
  ["[\\N{DIGIT ZERO}-\\N{DIGIT FIVE}]+", "-", "0123456789"],
  ["\\N{CJK UNIFIED IDEOGRAPHS 4E00}", "-", "一二"],
  ["\\cJ", "-", "a\nb"],
  ["\\c@", "-", "a\u0000b"],
  ["\\u00e9", "-", "été"],
  ["\\uD83D\\uDE00", "-", "a😀b"],
  ["\\t\\e\\a\\f", "-", "\t\u001b\u0007\f"],
  // Supplementary characters and how Java scans past (or into) surrogate pairs.
  [".", "-", "😀", "a😀b"],
  ["[^a]", "-", "😀a"],
  ["[a-z]", "-", "😀a"],
  ["\\P{L}", "-", "😀a"],
  ["\\uDE00", "-", "😀"],
  ["[\\uD800-\\uDFFF]", "-", "😀\ud800"],
  ["\\x{DE00}", "-", "😀"],
  ["^.$", "<$0>", "😀"],
  ["\\uD83D", "-", "😀"],
  ["[\\uD83D]", "-", "😀"],
  ["a*", "-", "😀😀"],
  ["\\b", "|", "😀a😀", "a😀b"],
  ["(?m)^", "|", "😀\n😀"],
  ["😀|", "-", "😀a"],
  ["\\x{1F600}?", "-", "😀a"],
  ["[😀-😂]+", "-", "😀😁😂😃"],
  ["\\p{So}", "-", "😀a©"],
  // (?c): canonical equivalence of classes and properties.
  ["(?c)[é]", "-", "e\u0301 é"],
  ["(?c)\\p{L}+", "-", "e\u0301te\u0301"],
  ["(?c)[^a]", "-", "e\u0301a"],
  ["(?c)\\p{InLatin-1 Supplement}", "-", "e\u0301 é"],
  ["(?c)[é]+", "-", "e\u0301é"],
  // Possessive quantifiers and atomic groups.
  ["\\d++\\d", "-", "123"],
  ["(?>\\d+)\\d", "-", "123"],
  ["[a-z]*+z", "-", "abz"],
  ["(?>a|ab)c", "-", "abc ac"],
  [".*+", "-", "abc"],
  ["(a|ab)++c", "-", "abc aabc"],
  ["(?>a+)b", "-", "aab"],
  ["(?>(a))+", "<$1>", "aa"],
  ["(?=a)*b", "-", "ab"],
  ["(?!a){2}b", "-", "ab b"],
  ["(?>x?)?y", "-", "xy y"],
  ["a{2,3}+a", "-", "aaaa"],
  ["a{0,1}+b", "-", "ab"],
  ["\\b+", "|", "ab cd"],
  // Metadata the way services write it.
  ["^(?<lot>[A-Z]{2})-(?<num>\\d{4,6})$", "${num}/${lot}", "BC-123456", "bc-1234", "BC-12"],
  ["(?i)^invoice\\s+no\\.?\\s*(\\d+)", "$1", "Invoice No. 4711", "INVOICE NO 12", "invoice no.x"],
  ["[^\\p{L}\\p{N}]+", "_", "Prénom Nom-Dupont (2024).pdf"],
  ["\\s{2,}", " ", "a  b   c\t\td"],
  ["^\\s+|\\s+$", "", "  text  ", "\u00a0text\u00a0"],
  ["(?m)^\\s+", "", "  a\n  b"],
  ["(\\d{2})/(\\d{2})/(\\d{4})", "$3-$2-$1", "05/02/2024 and 31/12/1999"],
  ["\\b\\d{5}\\b", "<$0>", "75001 Paris 123456"],
  ["(?i)\\bcedex\\b\\s*\\d*", "", "75001 PARIS CEDEX 01", "cedex"],
  ['[\\\\/:*?"<>|]', "_", 'a/b\\c:d*e?f"g<h>i|j'],
  ["\\.(?i:pdf|docx?)$", "", "Scan.PDF", "letter.Docx", "x.pdfa"],
  ["(?U)[^\\w.-]+", "_", "Prénom Nom (copie).pdf"],
  ["^(?:M\\.|Mme|Mlle)\\s+", "", "M. Dupont", "Mme Durand", "Mlle X"],
  ["(?i)(?:rue|avenue|bd)\\s+(.+)", "$1", "12 Rue de la Paix", "avenue Foch"],
  ["^0(\\d)(?:[ .]?(\\d{2})){4}$", "+33 $1", "01 23 45 67 89", "0123456789"],
  ["(?<=\\d)(?=(\\d{3})+(?!\\d))", " ", "1234567", "12345,6789"],
  ["\\p{M}+", "", "Crème brûlée", "Cre\u0300me"],
  ["(?iu)^(?:m(?:onsieur)?|mme|madame)\\.?\\s+", "", "MONSIEUR Dupont", "Madame Durand", "mme. X"],
  ["(?iu)\\b(?:é|e)tage\\s*(\\d+)", "É$1", "ÉTAGE 3", "etage 4", "Étage5"],
  [
    "^[A-Z]{2}\\d{2}(?:\\s?[A-Z0-9]{4}){2,7}\\s?[A-Z0-9]{1,4}$",
    "IBAN",
    "FR76 3000 6000 0112 3456 7890 189",
    "FR7630006000011234567890189",
  ],
  ["(?i)^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$", "@", "jean.dupont@example.fr", "x@y", "été@x.fr"],
  ["([A-Z])\\.\\s*([A-Z])\\.", "$1$2", "J. P. Sartre", "A.B."],
  ["(\\p{Lu})(\\p{Ll}+)", "$1.$2", "Élodie Martin"],
  ["(?<!\\p{L})(\\p{Ll})", "<$1>", "élodie martin-durand"],
  ["\\s*[,;]\\s*", ", ", "a ,b;  c"],
  ["\\.{3}|…", "…", "wait... what…"],
];

/** Patterns on which Java's backtracking goes exponential (a back-reference or a bounded or lazy loop takes
 * away Pattern's memory of failed positions), on texts short enough for Java to finish and long enough not to. */
const CATASTROPHIC = [
  ["(a+)+b\\1?", 10, 40],
  ["(a|aa)+\\1?c", 12, 60],
  ["(\\w+\\s?)*\\1?$", 8, 40],
  ["(?:a+){1,100}b", 10, 40],
  ["(a|a)*?b", 10, 40],
  ["^(\\w+\\s?)*?$", 10, 40],
  ["(x+x+)+y\\1?", 10, 40],
  ["((a*)*)*b\\2?", 6, 30],
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
    "[a-z&&[^e]]",
    "[\\w&&[^\\d]]",
    "[[:alpha:]]",
    "[ß-ÿ]",
    "[k-s]",
    "\\p{L}",
    "\\p{Lu}",
    "\\p{Ll}",
    "\\P{L}",
    "\\pN",
    "\\p{Mn}",
    "\\p{So}",
    "\\p{Alpha}",
    "\\p{Punct}",
    "\\p{Lower}",
    "\\p{IsLatin}",
    "\\p{IsGreek}",
    "\\p{InGreek}",
    "\\p{IsAlphabetic}",
    "\\p{javaLowerCase}",
    "\\p{javaWhitespace}",
    "é",
    "É",
    "😀",
    "\\x{1F600}",
    "ß",
    "ſ",
    "K",
    "σ",
    "İ",
    "\\u00E9",
    "\\t",
    "\\n",
    "\\r",
    "\\R",
    "\\X",
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
  const anchors = ["^", "$", "^", "$", "\\A", "\\z", "\\Z", "\\b", "\\b", "\\B", "\\G", "\\b{g}", "\\1", "\\k<n1>"];
  const atom = (depth) => {
    const r = rnd(24);
    if (r < 2) return { text: pick(anchors), zeroWidth: true };
    if (depth > 1 || r < 16) return { text: pick(atoms), zeroWidth: false };
    if (r < 18) {
      const look = pick(["(?=", "(?!", "(?<=", "(?<!"]);
      // Look-behinds are written with a bounded length, as Java requires of most.
      const body = look.startsWith("(?<") ? fixed(depth + 1) : alternation(depth + 1);
      return { text: `${look}${body})`, zeroWidth: true };
    }
    const opener = pick(["(", "(", "(", "(?:", "(?:", "(?:", "(?<n>", "(?i:", "(?-i:", "(?>", "(?iu:"]);
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
      "*+",
      "{0,2}+",
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
  const flagSets = ["", "", "", "", "", "", "", "(?i)", "(?i)", "(?iu)", "(?iu)", "(?m)", "(?s)", "(?ims)"];
  const candidates = [];
  for (let i = 0; i < 2600; i++) {
    named = 0;
    const flags = pick([...flagSets, "(?x)", "(?u)", "(?U)", "(?d)", "(?dm)", "(?c)", "(?iU)"]);
    const middle = rnd(10) === 0 ? pick(["(?i)", "(?-i)", "(?m)", "(?s)", "(?iu)", "(?U)"]) : "";
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
    "ẞ",
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
    "Kk",
    "Σσς",
    "\u00a0a\u3000",
    "a-b-c",
    "$1",
    "A1b2",
    "\t\u000b\f",
    "aaaa",
    "abab",
    "\ud800a",
    "a\udc00",
    "🇫🇷a",
  ];
  const textFor = () => (rnd(3) === 0 ? texts(rnd, 11, 5)[10] : pick(regexTexts));
  const replaceInputs = [...REGEX_HANDPICKED];
  const matchInputs = REGEX_HANDPICKED.map(([text, pattern]) => [text, pattern, false]);
  CONSTRUCTS.forEach(([pattern, replacement, ...constructTexts], n) => {
    for (const text of constructTexts) {
      replaceInputs.push([text, pattern, replacement, n % 5 === 0]);
      matchInputs.push([text, pattern, false], [text, pattern, true]);
    }
  });
  for (const [pattern, short, long] of CATASTROPHIC) {
    replaceInputs.push([`${"a".repeat(short)}!`, pattern, "-", false], [`${"a".repeat(long)}!`, pattern, "-", false]);
    matchInputs.push([`${"a".repeat(short)}!`, pattern, false]);
  }
  for (const pattern of patterns) {
    for (let k = 0; k < 2; k++) replaceInputs.push([textFor(), pattern, pick(replacements), rnd(4) === 0]);
    matchInputs.push([textFor(), pattern, rnd(2) === 0]);
  }
  // Java's answer, its exception, or a match that read the text more than JavaEval.Counted.LIMIT times.
  const outcome = (r, value) => {
    if (r.ok) return { java: value };
    return r.error.startsWith("Timeout") ? { timeout: true } : { error: r.error };
  };
  const entries = [];
  java("replace", replaceInputs).forEach((r, i) => {
    const [text, pattern, replacement, firstOnly] = replaceInputs[i];
    entries.push({ mode: "replace", text, pattern, replacement, firstOnly, ...outcome(r, r.values?.[0]) });
  });
  java("matches", matchInputs).forEach((r, i) => {
    const [text, pattern, whole] = matchInputs[i];
    entries.push({ mode: "matches", text, pattern, whole, ...outcome(r, r.values?.[0]) });
  });
  write(
    "eval-regex.json",
    "Matcher.replaceAll/replaceFirst and Matcher.find/matches on Pattern.compile(pattern): the result, the exception thrown, or timeout: the match read the text more than 200,000,000 times.",
    entries,
  );
}

/**
 * Patterns of one character node (classes, properties, escapes, literals under the case flags), and the code
 * points Java's predicate for each accepts (read from the compiled Pattern by reflection), with whether it reads a
 * UTF-16 unit or a code point.
 */
function classCorpus() {
  const categories =
    "Cn Lu Ll Lt Lm Lo Mn Me Mc Nd Nl No Zs Zl Zp Cc Cf Co Cs Pd Ps Pe Pc Po Sm Sc Sk So Pi Pf L M N Z C P S LC LD".split(
      " ",
    );
  const posix = "Alnum Alpha Blank Cntrl Digit Graph Lower Print Punct Space Upper XDigit ASCII L1 all".split(" ");
  const methods = (
    "javaLowerCase javaUpperCase javaAlphabetic javaIdeographic javaTitleCase javaDigit javaDefined javaLetter " +
    "javaLetterOrDigit javaJavaIdentifierStart javaJavaIdentifierPart javaUnicodeIdentifierStart " +
    "javaUnicodeIdentifierPart javaIdentifierIgnorable javaSpaceChar javaWhitespace javaISOControl javaMirrored"
  ).split(" ");
  const binary = (
    "Alphabetic Assigned Control HexDigit Hex_Digit Ideographic JoinControl Letter Lowercase " +
    "NoncharacterCodePoint Titlecase Punctuation Uppercase WhiteSpace White_Space Word"
  ).split(" ");
  const patterns = [];
  for (const name of categories) patterns.push(`\\p{${name}}`, `(?i)\\p{Is${name}}`, `\\P{gc=${name}}`);
  for (const name of posix)
    patterns.push(`\\p{${name}}`, `(?i)\\p{${name}}`, `(?U)\\p{${name}}`, `(?iU)\\p{Is${name}}`);
  for (const name of methods) patterns.push(`\\p{${name}}`, `(?i)\\p{${name}}`);
  for (const name of binary) patterns.push(`\\p{Is${name}}`, `(?i)\\p{Is${name.toLowerCase()}}`);
  for (const name of ["Latin", "Greek", "Cyrillic", "Han", "Arabic", "Common", "Inherited", "Hiragana", "Unknown"]) {
    patterns.push(`\\p{Is${name}}`, `\\p{sc=${name}}`);
  }
  for (const name of ["Latn", "Grek", "Zyyy", "Zinh", "Hira", "Deva", "Hebr"]) patterns.push(`\\p{script=${name}}`);
  for (const name of [
    "BasicLatin",
    "Latin-1 Supplement",
    "Greek",
    "GREEKANDCOPTIC",
    "Cyrillic",
    "CombiningDiacriticalMarks",
    "General Punctuation",
    "Emoticons",
    "CJK Unified Ideographs",
    "Private Use Area",
    "Specials",
    "High Surrogates",
    "SURROGATES_AREA",
    "Supplementary Private Use Area-B",
  ]) {
    patterns.push(`\\p{In${name}}`, `\\p{blk=${name}}`);
  }
  patterns.push(
    ...["\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "\\h", "\\H", "\\v", "\\V", "."].flatMap((e) => [e, `(?U)${e}`]),
    "(?s).",
    "(?d).",
    "[a-z]",
    "(?i)[a-z]",
    "(?iu)[a-z]",
    "(?i)[k-s]",
    "(?iu)[k-s]",
    "(?iu)[à-þ]",
    "(?iu)[ß]",
    "(?iu)[Kk]",
    "(?iu)[iI]",
    "(?iu)[sS]",
    "(?iu)[µÿåÅ]",
    "(?i)[µÿåÅ]",
    "(?iu)[Σ]",
    "(?iu)[α-ω]",
    "(?iu)[ǅ]",
    "(?iu)[Ω]",
    "(?iu)[𐐀-𐐧]",
    "(?iu)é",
    "(?iu)ß",
    "(?iu)k",
    "(?iu)σ",
    "(?i)k",
    "(?i)é",
    "[^a]",
    "[\\uD800-\\uDFFF]",
    "[\\uD800-\\uDBFF]",
    "[\\x{E000}-\\x{FFFF}]",
    "[\\x{10000}-\\x{10FFFF}]",
    "[\\uD83D]",
    "\\uD83D",
    "\\x{1F600}",
    "[😀]",
    "[a-z&&[^aeiou]]",
    "[\\p{L}&&[^\\p{IsLatin}]]",
    "[\\w&&\\D]",
    "[^a-z&&[def]]",
    "[a-z&&d-f&&e]",
    "[[a-c][x-z]]",
    "[^a-c[x-z]]",
    "[[^a]&&[^b]]",
    "[[:alpha:]]",
    "[\\p{Lu}\\d_]",
    "(?i)[\\p{Lu}\\d_]",
    "[^\\p{L}\\p{N}]",
    "(?U)[\\w&&\\D]",
  );
  const results = java(
    "predicate",
    patterns.map((pattern) => [pattern]),
  );
  const entries = patterns.map((pattern, i) => {
    if (!results[i].ok) throw new Error(`${pattern}: ${results[i].error}`);
    const [kind, ...ranges] = results[i].values[0].split(",");
    return { pattern, bmp: kind === "bmp", ranges: ranges.join(",") };
  });
  write(
    "eval-regex-classes.json",
    "The code points Java's predicate for each one-character pattern accepts (hexadecimal ranges), read from the compiled Pattern, and whether it reads a UTF-16 unit (bmp) or a code point.",
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
  const names = ["props", "scripts", "script-names", "blocks", "block-names", "upper", "lower", "names"];
  const tables = java(
    "unicode",
    names.map((name) => [name]),
  ).map((r) => r.values[0]);
  const [props, scripts, scriptNames, blocks, blockNames, upper, lower, characterNames] = tables;
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
  // Character names take 1 MB as text: deflated, and inflated only for a pattern that writes \N{...}.
  const namesFile = join(here, "../../src/regex/unicode-names.ts");
  writeFileSync(
    namesFile,
    `// Generated by test/corpus/record-eval.mjs from ${recordedWith}: do not edit.\n\n` +
      '/** Character.getName\'s own names (not made of a block and a code point): lines "delta:NAME" (base 36), deflated. */\n' +
      `export const CHARACTER_NAMES = ${JSON.stringify(deflateRawSync(characterNames, { level: 9 }).toString("base64"))};\n`,
  );
  console.log("unicode-names.ts");
  return [file, namesFile];
}

const wanted = process.argv.length > 2 ? new Set(process.argv.slice(2)) : new Set(["strings", "regex", "unicode"]);
const written = [];
if (wanted.has("strings")) {
  stringsCorpus(...caseTable());
  written.push(join(here, "eval-strings.json"), join(here, "../../src/eval/java-case-table.ts"));
}
if (wanted.has("regex")) {
  regexCorpus();
  classCorpus();
  written.push(join(here, "eval-regex.json"), join(here, "eval-regex-classes.json"));
}
if (wanted.has("unicode")) written.push(...unicodeTables());
// The repository's formatter has the last word on the layout of the JSON.
execFileSync("npx", ["biome", "format", "--write", ...written], { stdio: "inherit" });
