// What the corpus recorders share (packages/*/test/corpus/record-*.mjs): a seeded generator, so that a recording
// can be repeated byte for byte, the JDK's version line, and a run of a single-file Java program over inputs.
import { execFileSync, spawnSync } from "node:child_process";

/** A small deterministic generator (mulberry32): `randomFraction(seed)()` is a number from 0 to 1 (excluded). */
export function randomFraction(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The same generator: `random(seed)(n)` is an integer from 0 to n - 1. */
export function random(seed) {
  const next = randomFraction(seed);
  return (n) => Math.floor(next() * n);
}

/** The first line of `java -version`: what a corpus was recorded with. */
export const javaVersion = () => spawnSync("java", ["-version"], { encoding: "utf8" }).stderr.split("\n")[0];

/** The output lines of `java <args>` given one JSON-encoded input per line, one line per input. */
export function runJava(args, inputs) {
  const out = execFileSync("java", args, {
    input: `${inputs.map((input) => JSON.stringify(input)).join("\n")}\n`,
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  return out.split("\n").slice(0, inputs.length);
}

/** A field of a tab-separated line, with the escapes `\\`, `\t`, `\n` and `\r` the Java programs write read back. */
export const unescapeTabs = (s) => s.replace(/\\([\\tnr])/g, (_, c) => ({ "\\": "\\", t: "\t", n: "\n", r: "\r" })[c]);
