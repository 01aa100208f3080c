import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { allSchemas } from "@mailroom/cli";
import { formatJsonSchema } from "@mailroom/model";
import { describe, expect, it } from "vitest";
import { filesIn, repoRoot, runCli } from "./helpers.js";

const scratch = () => mkdtempSync(join(tmpdir(), "mailroom-cli-"));

describe("mailroom lint on JSON services", () => {
  it("passes the examples and the valid fixtures with one summary line and exit 0", async () => {
    const result = await runCli(["lint", "examples", "test/fixtures/json/ok"]);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^\d+ files checked, no problems\n$/);
    expect(result.code).toBe(0);
  });

  it("reports exactly the expected located problems for every broken fixture", async () => {
    const fixtures = filesIn("test/fixtures/json/err", /\.service\.json$/);
    const result = await runCli(["lint", "--format", "plain", "test/fixtures/json/err"]);
    expect(result.code).toBe(1);
    const byFile = new Map<string, string>();
    for (const line of result.stdout.split("\n").filter(Boolean)) {
      const file = line.slice(0, line.indexOf(":"));
      byFile.set(file, `${byFile.get(file) ?? ""}${line.slice(file.length + 1)}\n`);
    }
    expect([...byFile.keys()].sort()).toEqual(fixtures);
    for (const fixture of fixtures) {
      const expected = readFileSync(join(repoRoot, fixture.replace(/\.service\.json$/, ".expected.txt")), "utf8");
      expect(byFile.get(fixture), fixture).toBe(expected);
    }
  });

  it("prints file:line:col  severity  message  code", async () => {
    const result = await runCli(["lint", "--format", "plain", "test/fixtures/json/err/box-type-unknown.service.json"]);
    expect(result.stdout).toBe(
      'test/fixtures/json/err/box-type-unknown.service.json:20:18  error  Unknown "@type" "box.PFD" in "boxes[0]"; expected one of "box.PDF", "box.DATA_FILE" or "box.ARCHIVE". Did you mean "box.PDF"?  unknown-type\n',
    );
    expect(result.stderr).toBe("1 problem (1 error, 0 warnings) in 1 of 1 file checked\n");
  });

  it("exits 0 when there are only warnings", async () => {
    const result = await runCli(["lint", "test/fixtures/json/err/unknown-key-suggestion.service.json"]);
    expect(result.stdout).toContain("warning");
    expect(result.code).toBe(0);
  });

  it("lints an explicit file of any name but searches directories for *.service.json only", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "notes.json"), "[1,");
    writeFileSync(join(dir, "broken.service.json"), "{");
    const viaDirectory = await runCli(["lint", "--format", "plain", dir]);
    expect(viaDirectory.stdout).toContain("broken.service.json:1:2");
    expect(viaDirectory.stdout).not.toContain("notes.json");
    const explicit = await runCli(["lint", "--format", "plain", join(dir, "notes.json")]);
    expect(explicit.stdout).toContain("notes.json:1:4");
    expect(explicit.code).toBe(1);
  });

  it("reads a file beyond ASCII as its text: messages in its words, positions in its characters", async () => {
    const dir = scratch();
    const text = readFileSync(join(repoRoot, "examples/customer-notices.service.json"), "utf8").replaceAll(
      '"identifier": "dueDate"',
      '"identifier": "dueDaté"',
    );
    expect(text).toMatch(/[^\0-\x7f]/);
    // With a byte-order mark, and the same service with every character beyond ASCII written as an escape.
    writeFileSync(join(dir, "raw.service.json"), `\ufeff${text}`);
    const escaped = text.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
    writeFileSync(join(dir, "escaped.service.json"), escaped);
    const raw = await runCli(["lint", "--format", "plain", join(dir, "raw.service.json")]);
    expect(raw.stdout).toContain(
      'raw.service.json:165:35  error  No metadata named "dueDaté" in box "NOTICES" or in a MAIN box; did you mean "dueDate"?  undefined-metadata\n',
    );
    expect(raw.stdout.split("\n").filter(Boolean)).toHaveLength(3);
    // Each reported line has no character beyond ASCII before the place reported: the same columns either way.
    const asEscaped = await runCli(["lint", "--format", "plain", join(dir, "escaped.service.json")]);
    expect(asEscaped.stdout.replaceAll("escaped.service.json", "raw.service.json")).toBe(raw.stdout);
    // A code frame shows the line as written.
    const framed = await runCli(["lint", join(dir, "raw.service.json")]);
    expect(framed.stdout).toContain('"identifier": "dueDaté"');
  });

  it("gives deterministic output", async () => {
    const first = await runCli(["lint", "test/fixtures/json/err"]);
    const second = await runCli(["lint", "test/fixtures/json/err"]);
    expect(first.stdout).not.toBe("");
    expect(second.stdout).toBe(first.stdout);
  });
});

describe("bad input ends in a diagnostic, never a crash", () => {
  const lintText = async (content: string | Buffer) => {
    const file = join(scratch(), "input.service.json");
    writeFileSync(file, content);
    return runCli(["lint", "--format", "plain", file]);
  };

  it("nesting 10,000 deep", async () => {
    const result = await lintText(`${"[".repeat(10_000)}${"]".repeat(10_000)}`);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /input\.service\.json:1:1001 {2}error {2}Found objects and arrays nested more than 1000 deep; expected at most 1000 levels\. {2}too-deep/,
    );
    expect(result.stderr).not.toMatch(/at .*\.js/);
  });

  it("invalid UTF-8, located at the first bad byte", async () => {
    const result = await lintText(
      Buffer.concat([Buffer.from('{\n  "name": "caf'), Buffer.from([0xc3, 0x28]), Buffer.from('"\n}')]),
    );
    expect(result.stdout).toMatch(
      /:2:15 {2}error {2}Found a byte sequence that is not UTF-8 at byte 16; expected UTF-8 text\. {2}invalid-encoding/,
    );
    expect(result.code).toBe(1);
  });

  it("a file larger than the limit", async () => {
    const result = await lintText(`[${" ".repeat(9 * 1024 * 1024)}]`);
    expect(result.stdout).toMatch(/:1:1 {2}error {2}Found a file of \d+ bytes; expected at most 8388608 bytes/);
    expect(result.code).toBe(1);
  });

  it("binary garbage", async () => {
    const result = await lintText(Buffer.from([0x7b, 0x00, 0x01, 0x02, 0x7d]));
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("syntax-error");
  });
});

describe("usage", () => {
  it("--version prints the version", async () => {
    const result = await runCli(["--version"]);
    const { version } = JSON.parse(readFileSync(join(repoRoot, "packages/cli/package.json"), "utf8"));
    expect(result).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  });

  it("--help lists the commands", async () => {
    const result = await runCli(["--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/lint \[options\] <paths\.\.\.>/);
    expect(result.stdout).toMatch(/build \[options\] <paths\.\.\.>/);
    expect(result.stdout).toMatch(/schema/);
  });

  it("an unknown command, a missing argument or a missing path exits 2 with one line, no stack", async () => {
    for (const args of [["bogus"], ["lint"], ["lint", "no/such/path"]]) {
      const result = await runCli(args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
    expect((await runCli(["lint", "no/such/path"])).stderr).toBe('mailroom: Path "no/such/path" does not exist.\n');
  });

  it("schema --out writes every generated schema", async () => {
    const out = scratch();
    const result = await runCli(["schema", "--out", out]);
    expect(result.code).toBe(0);
    for (const [name, schema] of Object.entries(allSchemas())) {
      expect(readFileSync(join(out, name), "utf8")).toBe(formatJsonSchema(schema));
    }
  });
});
