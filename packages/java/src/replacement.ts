import { nearest, type Span } from "@mailroom/syntax";
import { quote } from "./quote.js";

/**
 * Replacement strings as `java.util.regex.Matcher.appendReplacement` reads them (OpenJDK 17): `\x` is the
 * character `x`, `$n` a group number (Java takes the longest run of digits that is still a group of the pattern,
 * the first digit always), `${name}` a named group; anything else after `$`, or a lone `\` or `$` at the end, is
 * an error Java throws at the first match.
 */

export interface ReplacementProblem {
  /** One sentence: what was found and what Java expects. */
  readonly message: string;
  /** The offending token in the replacement. */
  readonly span: Span;
}

const isDigit = (ch: string | undefined) => ch !== undefined && ch >= "0" && ch <= "9";
const isNameChar = (ch: string | undefined) => ch !== undefined && /^[A-Za-z0-9]$/.test(ch);

function groups(count: number): string {
  if (count === 0) return "no groups";
  return count === 1 ? "one group" : `${count} groups`;
}

/** JavaScript's replacement patterns, which Java reads differently. */
function javascript(next: string, rest: string): string | undefined {
  if (next === "&") return '"$&" is JavaScript\'s whole match; Java writes "$0".';
  if (next === "$") return '"$$" is JavaScript\'s literal dollar; Java writes "\\$".';
  if (next === "`" || next === "'") {
    return `${quote(`$${next}`)} is JavaScript's text ${next === "`" ? "before" : "after"} the match, which Java has no way to write; write ${quote(`\\$${next}`)} for the literal text.`;
  }
  const named = /^<([^>]*)>/.exec(rest);
  if (next === "<" && named)
    return `${quote(`$${named[0]}`)} is JavaScript syntax; Java writes ${quote(`\${${named[1]}}`)}.`;
  return undefined;
}

/** A replacement read: literal texts and the numbers of the groups whose text goes between them. */
export type ReplacementParts = readonly (string | number)[];

/**
 * The first problem of a replacement for a pattern with `groupCount` groups and these named groups, or
 * undefined when Java accepts it.
 */
export function checkJavaReplacement(
  replacement: string,
  groupCount: number,
  groupNames: ReadonlyMap<string, number>,
): ReplacementProblem | undefined {
  const read = readJavaReplacement(replacement, groupCount, groupNames);
  return "problem" in read ? read.problem : undefined;
}

/** A replacement as appendReplacement reads it: its parts, or its first problem. */
export function readJavaReplacement(
  replacement: string,
  groupCount: number,
  groupNames: ReadonlyMap<string, number>,
): { readonly parts: ReplacementParts } | { readonly problem: ReplacementProblem } {
  const parts: (string | number)[] = [];
  let text = "";
  const group = (index: number) => {
    if (text !== "") parts.push(text);
    text = "";
    parts.push(index);
  };
  let cursor = 0;
  while (cursor < replacement.length) {
    const ch = replacement[cursor] as string;
    if (ch === "\\") {
      if (cursor + 1 === replacement.length) {
        return {
          problem: {
            message: 'The replacement ends with a lone "\\"; write "\\\\" for a literal backslash.',
            span: { offset: cursor, length: 1 },
          },
        };
      }
      text += replacement[cursor + 1];
      cursor += 2;
      continue;
    }
    if (ch !== "$") {
      text += ch;
      cursor++;
      continue;
    }
    const start = cursor++;
    if (cursor === replacement.length) {
      return {
        problem: {
          message: 'The replacement ends with a lone "$"; write "\\$" for a literal dollar.',
          span: { offset: start, length: 1 },
        },
      };
    }
    const next = replacement[cursor] as string;
    if (next === "{") {
      cursor++;
      const begin = cursor;
      while (isNameChar(replacement[cursor])) cursor++;
      const name = replacement.slice(begin, cursor);
      const after = replacement[cursor];
      if (name === "") {
        return {
          problem: {
            message: `Expected a group name after "\${" but found ${after === undefined ? "the end of the replacement" : quote(after)}.`,
            span: { offset: start, length: Math.min(cursor + 1, replacement.length) - start },
          },
        };
      }
      if (after !== "}") {
        const identifier = after === "_" || (after !== undefined && /\p{L}/u.test(after));
        return {
          problem: {
            message: identifier
              ? `Java group names contain only Latin letters and digits; found ${quote(after)} after "\${${name}".`
              : `Expected "}" to close "\${${name}" but found ${after === undefined ? "the end of the replacement" : quote(after)}.`,
            span: { offset: start, length: cursor - start },
          },
        };
      }
      cursor++;
      const span = { offset: start, length: cursor - start };
      if (isDigit(name[0])) {
        return {
          problem: {
            message: `The group name ${quote(name)} starts with a digit; write ${quote(`$${name}`)} for a group number, or a name that starts with a letter.`,
            span,
          },
        };
      }
      if (!groupNames.has(name)) {
        const suggestion = nearest(name, groupNames.keys());
        return {
          problem: {
            message: suggestion
              ? `No group of the pattern is named ${quote(name)}; did you mean ${quote(`\${${suggestion}}`)}?`
              : groupNames.size === 0
                ? `No group of the pattern is named ${quote(name)}; it has no named groups (write "(?<${name}>...)" in the pattern).`
                : `No group of the pattern is named ${quote(name)}; expected one of ${[...groupNames.keys()].map((n) => quote(n)).join(", ")}.`,
            span,
          },
        };
      }
      group(groupNames.get(name) as number);
      continue;
    }
    if (!isDigit(next)) {
      return {
        problem: {
          message:
            javascript(next, replacement.slice(cursor)) ??
            `Found ${quote(`$${next}`)}, which is not a group reference; write "\\$" for a literal dollar, "$1" or "\${name}" for a group.`,
          span: { offset: start, length: next === "<" ? Math.max(2, replacement.indexOf(">", cursor) + 1 - start) : 2 },
        },
      };
    }
    let index = Number(next);
    cursor++;
    while (isDigit(replacement[cursor])) {
      const longer = index * 10 + Number(replacement[cursor]);
      if (longer > groupCount) break;
      index = longer;
      cursor++;
    }
    if (index > groupCount) {
      return {
        problem: {
          message: `The replacement refers to group ${index} with ${quote(`$${index}`)} but the pattern has ${groups(groupCount)}; write "\\$" for a literal dollar.`,
          span: { offset: start, length: cursor - start },
        },
      };
    }
    group(index);
  }
  if (text !== "") parts.push(text);
  return { parts };
}
