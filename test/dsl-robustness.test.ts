import { checkDocument } from "@mailroom/checker";
import { compileDsl } from "@mailroom/compiler";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

// Mutations of the examples and fixtures go through every command in the fuzzer's seeded run (test/fuzz.test.ts).
describe("parse and compile never throw", () => {
  it("on arbitrary text, and every span stays inside the text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 400 }), (text) => {
        for (const d of checkDocument(compileDsl("fuzz.service.yaml", text))) {
          expect(d.span.offset).toBeGreaterThanOrEqual(0);
          expect(d.span.offset + d.span.length).toBeLessThanOrEqual(text.length);
        }
      }),
      { numRuns: 500 },
    );
  });
});
