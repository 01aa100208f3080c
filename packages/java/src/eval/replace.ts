import { quote } from "../quote.js";
import { readJavaReplacement } from "../replacement.js";
import type { Evaluated } from "./evaluated.js";
import { JavaMatcher } from "./java-matcher.js";
import { type JavaRegExpSource, translateJavaRegex } from "./regex-js.js";

/**
 * `StrReplace` and `StrMatches` the Java way: `Matcher.replaceAll`/`replaceFirst` with appendReplacement's
 * replacement syntax (`$1`, `${name}`, `\$`), `Matcher.find`/`matches`. A pattern JavaScript cannot run with
 * Java's meaning, or a text it cannot scan as Java does, gives a problem rather than a value that may be wrong.
 */

/**
 * A Java regex as a JavaScript RegExp (`u` flag), only when it means the same; else the construct refused. Its
 * groups may include some of the translation's own (for atomic groups and possessive quantifiers), and Java's
 * scan of a text differs around surrogate pairs: evaluate with javaReplace and javaMatches.
 */
export function javaRegExp(
  pattern: string,
): { ok: true; regexp: RegExp } | { ok: false; problem: string; span: { offset: number; length: number } } {
  const translation = translateJavaRegex(pattern);
  if (!translation.ok) return translation;
  return { ok: true, regexp: new RegExp(translation.translated.source, "u") };
}

function matcher(text: string, pattern: string): { matcher: JavaMatcher; regex: JavaRegExpSource } | string {
  const translation = translateJavaRegex(pattern);
  if (!translation.ok) {
    const { offset, length } = translation.span;
    return `The pattern ${quote(pattern)} cannot be evaluated: ${translation.problem} (at ${quote(pattern.slice(offset, offset + length))})`;
  }
  const result = new JavaMatcher(translation.translated, text);
  return result.problem ?? { matcher: result, regex: translation.translated };
}

export function javaReplace(text: string, pattern: string, replacement: string, firstOnly: boolean): Evaluated<string> {
  const prepared = matcher(text, pattern);
  if (typeof prepared === "string") return { ok: false, problem: prepared };
  const { matcher: m, regex } = prepared;
  let match = m.find();
  if (!match) return { ok: true, value: text };
  const read = readJavaReplacement(replacement, regex.groupCount, regex.groupNames);
  if ("problem" in read) {
    return { ok: false, problem: `Java throws on the replacement ${quote(replacement)}: ${read.problem.message}` };
  }
  let out = "";
  let appended = 0;
  while (match) {
    out += text.slice(appended, match.start);
    for (const part of read.parts) out += typeof part === "string" ? part : (match.groups[part] ?? "");
    appended = match.end;
    match = firstOnly ? null : m.find();
  }
  return { ok: true, value: out + text.slice(appended) };
}

export function javaMatches(text: string, pattern: string, whole: boolean): Evaluated<boolean> {
  const prepared = matcher(text, pattern);
  if (typeof prepared === "string") return { ok: false, problem: prepared };
  return { ok: true, value: whole ? prepared.matcher.matches() : prepared.matcher.find() !== null };
}
