import { quote } from "../quote.js";
import { Matcher, MatchStopped } from "../regex/machine.js";
import { parseJavaRegex } from "../regex/parse.js";
import { compileProgram } from "../regex/program.js";
import { readJavaReplacement } from "../replacement.js";
import type { Evaluated } from "./evaluated.js";

/**
 * `StrReplace` and `StrMatches` the Java way: `Matcher.replaceAll`/`replaceFirst` with appendReplacement's
 * replacement syntax (`$1`, `${name}`, `\$`), `Matcher.find`/`matches`, run by mailroom's own java.util.regex
 * engine (regex/machine.ts). What Java would not finish, or would fail on, gives a problem instead of a value.
 */

/**
 * The steps one evaluation may take (every search of a replaceAll together). A step is one call of a Pattern
 * node's `match`, as Java makes it: a pattern that takes this many on a metadata text backtracks out of control
 * (its steps grow exponentially with the text), which is where Java hangs.
 */
export const STEP_BUDGET = 20_000_000;

/**
 * How deep Java's recursive matcher may go before it can overflow a thread's default stack (512 KiB to 1 MiB):
 * measured on OpenJDK 17, `(a|b)*` overflows around 2,400 to 3,900 repetitions, some 15,000 to 23,000 nested
 * `match` calls. Below this depth Java finishes; beyond it, it may throw StackOverflowError, so no value is given.
 */
export const DEPTH_LIMIT = 10_000;

const matchers = new Map<string, Matcher | string>();
/** The pattern of the last evaluation and its matcher: evaluations of one pattern often follow each other. */
let lastPattern = "";
let lastMatcher: Matcher | string | undefined;

/** The matcher of a pattern (its program compiled once, cached by its text) reset on `text`, or why it has none. */
function matcherOf(pattern: string, text: string): Matcher | string {
  let known = pattern === lastPattern ? lastMatcher : matchers.get(pattern);
  if (known === undefined) {
    const parsed = parseJavaRegex(pattern);
    known =
      parsed.root && parsed.compiles
        ? new Matcher(compileProgram({ ...parsed, root: parsed.root }), DEPTH_LIMIT)
        : `Java throws PatternSyntaxException on the pattern ${quote(pattern)}: ${parsed.error?.message ?? "it does not compile."}`;
    if (matchers.size >= 500) matchers.clear();
    matchers.set(pattern, known);
  }
  lastPattern = pattern;
  lastMatcher = known;
  return typeof known === "string" ? known : known.reset(text, STEP_BUDGET);
}

function stopped(error: unknown, pattern: string, text: string): string {
  if (!(error instanceof MatchStopped)) throw error;
  const on = `on this text (${text.length} characters)`;
  switch (error.reason) {
    case "budget":
      return `The pattern ${quote(pattern)} backtracks more than ${STEP_BUDGET.toLocaleString("en")} steps ${on}, out of control: Java would run for a very long time (hang) on it.`;
    case "depth":
      return `The pattern ${quote(pattern)} makes Java's recursive matcher nest more than ${DEPTH_LIMIT.toLocaleString("en")} calls ${on}: Java may overflow its stack (StackOverflowError) here, depending on the thread's stack size.`;
    case "java-exception":
      return `Java throws ${error.message} matching the pattern ${quote(pattern)} ${on}.`;
    case "unsupported":
      return `The pattern ${quote(pattern)} cannot be evaluated ${on}: ${error.message}.`;
  }
}

type Replacement = ReturnType<typeof readJavaReplacement>;
const replacements = new WeakMap<Matcher, Map<string, Replacement>>();
/** The replacement of the last evaluation, read for its matcher. */
let lastReplacement: { readonly matcher: Matcher; readonly text: string; readonly read: Replacement } | undefined;

/** A replacement as appendReplacement reads it for the pattern of `m`, read once per pattern and replacement. */
function replacementOf(m: Matcher, replacement: string): Replacement {
  if (lastReplacement?.matcher === m && lastReplacement.text === replacement) return lastReplacement.read;
  let known = replacements.get(m);
  if (!known) {
    known = new Map();
    replacements.set(m, known);
  }
  let read = known.get(replacement);
  if (!read) {
    read = readJavaReplacement(replacement, m.program.groupCount, m.program.groupNames);
    if (known.size >= 50) known.clear();
    known.set(replacement, read);
  }
  lastReplacement = { matcher: m, text: replacement, read };
  return read;
}

export function javaReplace(text: string, pattern: string, replacement: string, firstOnly: boolean): Evaluated<string> {
  const m = matcherOf(pattern, text);
  if (typeof m === "string") return { ok: false, problem: m };
  try {
    if (!m.find()) return { ok: true, value: text };
    const read = replacementOf(m, replacement);
    if ("problem" in read) {
      return { ok: false, problem: `Java throws on the replacement ${quote(replacement)}: ${read.problem.message}` };
    }
    let out = "";
    let appended = 0;
    do {
      out += text.slice(appended, m.start);
      for (const part of read.parts) out += typeof part === "string" ? part : (m.group(part) ?? "");
      appended = m.end;
    } while (!firstOnly && m.find());
    return { ok: true, value: out + text.slice(appended) };
  } catch (error) {
    return { ok: false, problem: stopped(error, pattern, text) };
  } finally {
    m.release();
  }
}

export function javaMatches(text: string, pattern: string, whole: boolean): Evaluated<boolean> {
  const m = matcherOf(pattern, text);
  if (typeof m === "string") return { ok: false, problem: m };
  try {
    return { ok: true, value: whole ? m.matches() : m.find() };
  } catch (error) {
    return { ok: false, problem: stopped(error, pattern, text) };
  } finally {
    m.release();
  }
}
