import { describe, expect, it } from "vitest";
import { byteString } from "../src/pdf/byte-string.js";

describe("byteString", () => {
  it("gives each byte the character of its value, 0x80 to 0x9F too, past the chunk it converts at once", () => {
    const bytes = Uint8Array.from({ length: 3 * 0x2000 + 7 }, (_, i) => (i * 7) % 256);
    const text = byteString(bytes);
    expect(text.length).toBe(bytes.length);
    expect([...text].every((c, i) => c.charCodeAt(0) === bytes[i])).toBe(true);
    expect(byteString(Uint8Array.of(0x80, 0x9f, 0xe9))).toBe("\u0080\u009f\u00e9");
    expect(byteString(new Uint8Array(0))).toBe("");
  });
});
