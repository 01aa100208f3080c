import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, serverForAll } from "./client.js";

/**
 * Over stdio: an editor shows every mistake of a file at once, the rules' findings on the
 * sound parts with the errors that hold other parts back, as `mailroom lint` does (test/all-findings.test.ts).
 */
describe("every mistake of a file at once, in the editor", () => {
  const server = serverForAll({ initializationOptions: { diagnosticsDelay: 50 } });

  for (const fixture of ["dsl/err/all-findings.service.yaml", "json/err/all-findings.service.json"]) {
    it(`publishes the rule findings with the errors: ${fixture}`, async () => {
      const file = join(server.dir, fixture.replace(/\//g, "-"));
      copyFileSync(join(repoRoot, "test/fixtures", fixture), file);
      const published = await server.client.diagnostics(server.client.open(file, readFileSync(file, "utf8")));
      const found = published.diagnostics.map(
        (d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code}`,
      );
      expect(found).toEqual(
        fixture.endsWith(".yaml")
          ? [
              "14:36 expression-syntax",
              "17:7 unused-metadata",
              "20:11 unknown-type",
              "28:21 undefined-metadata",
              "32:16 reconcile-counts",
            ]
          : [
              "32:24 unknown-type",
              "47:21 unused-metadata",
              "62:18 unknown-type",
              "102:29 undefined-metadata",
              "129:9 duplicate-box-name",
            ],
      );
    });
  }
});
