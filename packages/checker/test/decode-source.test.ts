import { decodeSource } from "@mailroom/checker";
import { describe, expect, it } from "vitest";

/** The text strict UTF-8 decoding gives, a leading byte order mark dropped: what decodeSource must give. */
const decoded = (bytes: Uint8Array) => new TextDecoder("utf-8", { fatal: true }).decode(bytes);

describe("decodeSource", () => {
  it.each([
    ["ASCII", "id: 1\n"],
    ["beyond ASCII", "name: Relevé – n°1\n"],
    ["a byte order mark, then ASCII", "\ufeffid: 1\n"],
    ["a byte order mark, then beyond ASCII", "\ufeffname: été\n"],
    ["a byte order mark, then U+FEFF, which is the user's", "\ufeff\ufeffname: été\n"],
    ["U+FEFF inside a line", "name: a\ufeffé\n"],
  ])("gives the text of %s, and says whether it began with a byte order mark", (_, text) => {
    const bytes = new TextEncoder().encode(text);
    const source = decodeSource(bytes);
    expect(source.ok).toBe(true);
    expect(source.text).toBe(decoded(bytes));
    expect(source.ok && source.bom).toBe(text.startsWith("\ufeff"));
  });
});
