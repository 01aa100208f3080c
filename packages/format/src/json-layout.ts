/**
 * JSON in the layout `mailroom compile` writes (`JSON.stringify(value, null, 2)` and a final newline), for the
 * editor's Format Document on a JSON service. Only the blanks between tokens change: every string, number and
 * literal is kept as written (`1.0` stays `1.0`, a duplicate key stays), so the service means what it meant.
 * Expects well-formed JSON; the caller leaves a file with syntax errors as it is.
 */
export function layoutJson(text: string): string {
  let out = "";
  let depth = 0;
  const newline = () => `\n${"  ".repeat(depth)}`;
  for (let at = 0; at < text.length; ) {
    const char = text[at] as string;
    if (char === " " || char === "\t" || char === "\n" || char === "\r") {
      at++;
    } else if (char === "{" || char === "[") {
      const close = char === "{" ? "}" : "]";
      const next = nextToken(text, at + 1);
      if (text[next] === close) {
        out += `${char}${close}`;
        at = next + 1;
      } else {
        depth++;
        out += char + newline();
        at++;
      }
    } else if (char === "}" || char === "]") {
      depth--;
      out += newline() + char;
      at++;
    } else if (char === ",") {
      out += `,${newline()}`;
      at++;
    } else if (char === ":") {
      out += ": ";
      at++;
    } else if (char === '"') {
      let end = at + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      out += text.slice(at, end + 1);
      at = end + 1;
    } else {
      // A number or a literal: up to the next blank or punctuation.
      let end = at + 1;
      while (end < text.length && !/[\s,:{}[\]"]/.test(text[end] as string)) end++;
      out += text.slice(at, end);
      at = end;
    }
  }
  return `${out}\n`;
}

/** Offset of the first character at or after `at` that is not a blank. */
function nextToken(text: string, at: number): number {
  let next = at;
  while (next < text.length && /\s/.test(text[next] as string)) next++;
  return next;
}
