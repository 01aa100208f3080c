/**
 * PDFBox's `Matrix` for what text extraction needs: an affine matrix `[a b c d e f]` whose arithmetic is done in
 * 32-bit floats, in the order of Java's float expressions, so that glyph positions equal PDFBox's to the bit.
 */
export type Matrix = readonly [number, number, number, number, number, number];

/** Rounds to a Java `float`. */
export const f32 = Math.fround;

export const identity: Matrix = [1, 0, 0, 1, 0, 0];

export function matrix(a: number, b: number, c: number, d: number, e: number, f: number): Matrix {
  return [f32(a), f32(b), f32(c), f32(d), f32(e), f32(f)];
}

export const translation = (x: number, y: number): Matrix => matrix(1, 0, 0, 1, x, y);

/** `m × n` (apply m, then n), as PDFBox's `m.multiply(n)` over its 3×3 float arrays. */
export function multiply(m: Matrix, n: Matrix): Matrix {
  const [a0, a1, a3, a4, a6, a7] = m;
  const [b0, b1, b3, b4, b6, b7] = n;
  const sum2 = (p: number, q: number) => f32(f32(p) + f32(q));
  return [
    sum2(a0 * b0, a1 * b3),
    sum2(a0 * b1, a1 * b4),
    sum2(a3 * b0, a4 * b3),
    sum2(a3 * b1, a4 * b4),
    f32(sum2(a6 * b0, a7 * b3) + b6),
    f32(sum2(a6 * b1, a7 * b4) + b7),
  ];
}

/** PDFBox's `getScalingFactorX`: the x scale, allowing for a rotation. */
export function scalingFactorX([a, b]: Matrix): number {
  return b === 0 ? a : f32(Math.sqrt(a * a + b * b));
}

/** PDFBox's `getScalingFactorY`. */
export function scalingFactorY([, , c, d]: Matrix): number {
  return c === 0 ? d : f32(Math.sqrt(c * c + d * d));
}
