/**
 * Text with its control characters made visible, one UTF-16 unit for one (columns still line up): a C0 control as
 * its Unicode picture (NUL as U+2400 "␀"), DEL as U+2421 "␡", a C1 control, which has none, as U+FFFD. A terminal
 * acts on them (an escape sequence hidden in a service could restyle or rewrite the screen), HTML and Markdown drop
 * NUL and show the others as nothing, SVG forbids them: a name holding one would read as another name, or as none.
 * `kept`: the characters left as they are (a tab, line breaks), which each output handles in its own way.
 */
export function showControls(text: string, kept = ""): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => {
    if (kept.includes(c)) return c;
    const code = c.charCodeAt(0);
    if (code < 0x20) return String.fromCharCode(0x2400 + code);
    return code === 0x7f ? "\u2421" : "\ufffd";
  });
}
