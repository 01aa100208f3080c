import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readAnnotations } from "../../../test/annotations.js";
import { repoRoot, serverForAll, uriOf } from "./client.js";

/*
 * Request files over stdio: each request rule's fixture (test/fixtures/requests, checked against the examples'
 * services) opened in the real server, which publishes what its annotations mark, as `mailroom lint` reports it.
 */

const FIXTURES = join(repoRoot, "test/fixtures/requests");
const fixtures = readdirSync(FIXTURES).filter((name) => /\.(job|delivery)\.yaml$|\.ou\.json$/.test(name));

/** `line:column-endColumn code`, 1-based, end exclusive, as the annotations and the expected outputs write places. */
const place = (line: number, column: number, end: number, code: unknown) => `${line}:${column}-${end} ${code}`;

describe("request files over stdio", () => {
  const server = serverForAll({ initializationOptions: { diagnosticsDelay: 0 } });

  it.each(fixtures)("%s: the server publishes what the fixture expects", async (name) => {
    const file = join(FIXTURES, name);
    const text = readFileSync(file, "utf8");
    const published = await server.client.diagnostics(
      server.client.open(file, text, name.endsWith(".json") ? "json" : "yaml"),
    );
    const got = published.diagnostics
      .map((d) => place(d.range.start.line + 1, d.range.start.character + 1, d.range.end.character + 1, d.code))
      .sort();
    if (name.endsWith(".json")) {
      const expected = readFileSync(file.replace(".ou.json", ".expected.txt"), "utf8");
      const codes = [...expected.matchAll(/^(\d+):(\d+) .* {2}([a-z-]+)$/gm)].map((m) => `${m[1]}:${m[2]} ${m[3]}`);
      expect(
        got.map((g) => g.replace(/-\d+ /, " ")),
        server.client.stderr(),
      ).toEqual(codes.sort());
      return;
    }
    const expected = readAnnotations(text).map((a) => place(a.line, a.column, a.endColumn, a.code));
    expect(got, server.client.stderr()).toEqual(expected.sort());
  });

  it("points a channel named by its name at the channel's label, in the service's file", async () => {
    const file = join(FIXTURES, "channel-label.delivery.yaml");
    const published = await server.client.diagnostics(server.client.open(file, readFileSync(file, "utf8")));
    const [finding] = published.diagnostics;
    expect(finding?.message).toBe(
      '"MAIL" is the name of channel "Courrier – lettre verte", not its label; did you mean "Courrier – lettre verte"?',
    );
    expect(finding?.relatedInformation?.[0]?.location.uri).toBe(
      uriOf(join(repoRoot, "examples/payslips.service.yaml")),
    );
  });
});
