import { describe, expect, it } from "vitest";
import { AffineMatrix } from "../src/dom-matrix.js";

const values = (m: AffineMatrix) => [m.a, m.b, m.c, m.d, m.e, m.f];

/** The DOMMatrix the bundled server gives pdf.js: DOMMatrix's 2D semantics, each operation on the right. */
describe("the 2D DOMMatrix of the bundled server", () => {
  it("starts as the identity, or from its six values", () => {
    expect(values(new AffineMatrix())).toEqual([1, 0, 0, 1, 0, 0]);
    expect(values(new AffineMatrix([1, 2, 3, 4, 5, 6]))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("translates and scales in the matrix's own space, as DOMMatrix's translateSelf and scaleSelf do", () => {
    // (1, 1) moved in the space of [2 0 5; 0 3 7]: to (2 + 5, 3 + 7).
    expect(values(new AffineMatrix([2, 0, 0, 3, 5, 7]).translateSelf(1, 1))).toEqual([2, 0, 0, 3, 7, 10]);
    expect(values(new AffineMatrix([1, 2, 3, 4, 5, 6]).scaleSelf(2, 10))).toEqual([2, 4, 30, 40, 5, 6]);
    expect(values(new AffineMatrix().scaleSelf(3))).toEqual([3, 0, 0, 3, 0, 0]);
  });

  it("maps a Type 3 glyph's mask to its unit square, as pdf.js builds the matrix", () => {
    const [width, height] = [8, 4];
    const { a, b, c, d, e, f } = new AffineMatrix().scaleSelf(1 / width, -1 / height).translateSelf(0, -height);
    // The mask's top-left pixel corner (0, 0) goes to (0, 1), its bottom-right (8, 4) to (1, 0).
    const at = (x: number, y: number) => [a * x + c * y + e, b * x + d * y + f];
    expect(at(0, 0)).toEqual([0, 1]);
    expect(at(width, height)).toEqual([1, 0]);
  });
});
