import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GENERATED, splice } from "../scripts/generated-docs.js";
import { repoRoot } from "./helpers.js";

describe("generated documentation", () => {
  it("has parts to check", () => {
    expect(GENERATED.length).toBeGreaterThan(0);
  });
  for (const { file, name, render } of GENERATED) {
    it(`${file} (${name}) matches its source; run npm run gen:docs`, async () => {
      const text = readFileSync(join(repoRoot, file), "utf8");
      expect(splice(text, name, await render())).toBe(text);
    });
  }
});
