/**
 * Text in double quotes for a message, as written (a backslash stays one backslash, unlike JSON), with control
 * characters escaped, and cut with "…" beyond `max` characters.
 */
export function quote(text: string, max = Number.POSITIVE_INFINITY): string {
  const shown = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  let out = "";
  for (const ch of shown) {
    const code = ch.charCodeAt(0);
    out += code < 0x20 || code === 0x2028 || code === 0x2029 ? JSON.stringify(ch).slice(1, -1) : ch;
  }
  return `"${out}"`;
}
