// Draws the extension's icon, images/icon.png (128 x 128, the size the Marketplace shows): an envelope on a
// rounded square. Run once and the PNG committed; the same script always writes the same bytes.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const SIZE = 128;
/** Samples per pixel side: edges are antialiased by coverage. */
const SAMPLES = 4;
const BACKGROUND = [0x1f, 0x4e, 0x79];
const PAPER = [0xf4, 0xf1, 0xe8];
const FOLD = [0xc9, 0xc2, 0xae];

/** Inside a rounded square of side `size` at (x0, y0), corner radius r. */
function inRoundedSquare(x, y, x0, y0, size, r) {
  const cx = Math.min(Math.max(x, x0 + r), x0 + size - r);
  const cy = Math.min(Math.max(y, y0 + r), y0 + size - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r && x >= x0 && x <= x0 + size && y >= y0 && y <= y0 + size;
}

/** Distance from (x, y) to the segment (ax, ay)-(bx, by). */
function toSegment(x, y, ax, ay, bx, by) {
  const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  return Math.hypot(x - ax - t * (bx - ax), y - ay - t * (by - ay));
}

/** The colour at a point, or none outside the icon. */
function colourAt(x, y) {
  if (!inRoundedSquare(x, y, 4, 4, 120, 22)) return undefined;
  const [left, top, right, bottom] = [24, 36, 104, 92];
  if (x < left || x > right || y < top || y > bottom) return BACKGROUND;
  // The flap: two lines from the top corners to the middle.
  const middle = [64, 68];
  if (toSegment(x, y, left, top, ...middle) <= 2.5 || toSegment(x, y, right, top, ...middle) <= 2.5) return FOLD;
  return PAPER;
}

const rows = [];
for (let py = 0; py < SIZE; py++) {
  const row = Buffer.alloc(1 + SIZE * 4);
  for (let px = 0; px < SIZE; px++) {
    const sum = [0, 0, 0, 0];
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const colour = colourAt(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES);
        if (!colour) continue;
        for (let c = 0; c < 3; c++) sum[c] += colour[c];
        sum[3] += 1;
      }
    }
    // Colour averaged over the covered samples, alpha the coverage (non-premultiplied, as PNG stores it).
    const pixel = sum[3] === 0 ? [0, 0, 0, 0] : [...sum.slice(0, 3).map((v) => Math.round(v / sum[3])), 0];
    pixel[3] = Math.round((255 * sum[3]) / SAMPLES ** 2);
    row.set(pixel, 1 + px * 4);
  }
  rows.push(row);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}
const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, no interlace
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk("IHDR", header),
  chunk("IDAT", deflateSync(Buffer.concat(rows), { level: 9 })),
  chunk("IEND", Buffer.alloc(0)),
]);
writeFileSync(fileURLToPath(new URL("../images/icon.png", import.meta.url)), png);
