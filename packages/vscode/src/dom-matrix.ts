// Injected into the bundled language server (scripts/bundle.js), before pdf.js loads. pdf.js's legacy build
// takes DOMMatrix from @napi-rs/canvas, a native module a bundle cannot carry, and builds one as it loads: without
// it, no PDF sample can be read. Reading text needs only 2D affine matrices (no rendering), which this gives.

type Init = readonly [number, number, number, number, number, number];

/**
 * A 2D DOMMatrix, [a c e; b d f; 0 0 1], with what pdf.js calls when it reads a page's operators: the
 * constructor, scaleSelf and translateSelf (for Type 3 glyphs drawn as image masks).
 */
export class AffineMatrix {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;

  constructor(init: Init = [1, 0, 0, 1, 0, 0]) {
    [this.a, this.b, this.c, this.d, this.e, this.f] = init;
  }

  /** this = this x other. */
  multiplySelf(other: AffineMatrix): this {
    return this.#set(product(this, other));
  }

  translateSelf(tx = 0, ty = 0): this {
    return this.multiplySelf(new AffineMatrix([1, 0, 0, 1, tx, ty]));
  }

  scaleSelf(sx = 1, sy = sx): this {
    return this.multiplySelf(new AffineMatrix([sx, 0, 0, sy, 0, 0]));
  }

  #set(values: Init): this {
    [this.a, this.b, this.c, this.d, this.e, this.f] = values;
    return this;
  }
}

function product(m: AffineMatrix, n: AffineMatrix): Init {
  return [
    m.a * n.a + m.c * n.b,
    m.b * n.a + m.d * n.b,
    m.a * n.c + m.c * n.d,
    m.b * n.c + m.d * n.d,
    m.a * n.e + m.c * n.f + m.e,
    m.b * n.e + m.d * n.f + m.f,
  ];
}

// A DOMMatrix the runtime has of its own is kept.
(globalThis as { DOMMatrix?: unknown }).DOMMatrix ??= AffineMatrix;
