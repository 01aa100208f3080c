import type { Diagnostic, Severity } from "@mailroom/syntax";
import { describe, expect, it } from "vitest";
import { FindingCap } from "../src/finding-cap.js";

/** A finding of `code` at `offset`, its message naming its place. */
const finding = (code: string, offset: number, severity: Severity = "warning"): Diagnostic => ({
  code,
  severity,
  message: `at ${offset}`,
  span: { offset, length: 1 },
});

/** The offsets 0..n-1 in an order of their own, the same on every run. */
function shuffled(n: number, seed: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  let state = seed;
  for (let i = n - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order;
}

/** Feeds `offsets` to a cap as a source would, building only what it takes; returns what is built and the result. */
function run(max: number, offsets: readonly number[]) {
  const cap = new FindingCap(max);
  const built = offsets.filter((offset) => cap.take("x", "warning", { offset, length: 1 })).map((o) => finding("x", o));
  const sorted = [...built].sort((a, b) => a.span.offset - b.span.offset);
  return { built, capped: cap.apply(sorted, (_, severity) => severity) };
}

describe("the cap on the findings of one code", () => {
  it("builds only the first max + 1 when the findings come in text order", () => {
    const { built, capped } = run(
      100,
      Array.from({ length: 700_000 }, (_, i) => i),
    );
    expect(built).toHaveLength(101);
    expect(capped.slice(0, 100).map((d) => d.span.offset)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(capped[100]).toMatchObject({
      code: "more-findings",
      span: { offset: 100 },
      message: 'Found 699,900 more "x" findings in this file, not listed; at most 100 of one code are listed per file.',
      unlisted: { error: 0, warning: 699_900, info: 0 },
    });
    expect(capped).toHaveLength(101);
  });

  it("lists the first in text order whatever order they come in, building few more", () => {
    const { built, capped } = run(10, shuffled(5_000, 7));
    expect(built.length).toBeLessThan(200);
    expect(capped.map((d) => d.span.offset)).toEqual([...Array.from({ length: 10 }, (_, i) => i), 10]);
    expect(capped.at(-1)).toMatchObject({ code: "more-findings", unlisted: { warning: 4_990 } });
  });

  it("counts each finding left out with its severity, as the settings give it", () => {
    const cap = new FindingCap(1);
    for (let offset = 0; offset < 5; offset++) cap.take("x", "warning", { offset, length: 1 });
    const capped = cap.apply([finding("x", 0), finding("x", 1)], () => "error");
    expect(capped[1]?.unlisted).toEqual({ error: 3, warning: 1, info: 0 });
  });

  it("keeps codes apart, and a code within the cap as it is", () => {
    const cap = new FindingCap(2);
    const built = [
      ...[0, 1, 2, 3]
        .filter((o) => cap.take("a", "info", { offset: o, length: 1 }))
        .map((o) => finding("a", o, "info")),
      ...[4, 5].filter((o) => cap.take("b", "error", { offset: o, length: 1 })).map((o) => finding("b", o, "error")),
    ];
    const capped = cap.apply(built, (_, severity) => severity);
    expect(capped.map((d) => [d.code, d.span.offset])).toEqual([
      ["a", 0],
      ["a", 1],
      ["more-findings", 2],
      ["b", 4],
      ["b", 5],
    ]);
    expect(capped[2]?.unlisted).toEqual({ error: 0, warning: 0, info: 2 });
  });
});
