import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readJson, runCli } from "./helpers.js";

/*
 * The formatter's and the decompiler's part, through the real CLI: `fmt` formats
 * every file that parses, once and for all (`fmt --write` then `fmt --check` exits 0), keeping tags, lone CRs
 * and big integers; `decompile` says first that it wrote nothing, and why; keys named like Object's members
 * survive `decompile` then `build`, and `fmt`.
 */

const scratch = () => mkdtempSync(join(tmpdir(), "mailroom-format-"));

const TIMEOUT = { timeout: 20_000 };

/** A small valid service, with the lines given in its box. */
const service = (...box: string[]) =>
  [
    "id: 1",
    "name: Reproducer",
    "type: SIMPLE_UNIQUE",
    "boxes:",
    "  letters:",
    "    type: pdf",
    "    main: true",
    "    elements: 1",
    ...box.map((line) => `    ${line}`),
    "",
  ].join("\n");

/** Runs `fmt --write`, then `fmt --check`, on one file; returns the file's text after the first. */
async function writeThenCheck(name: string, text: string): Promise<string> {
  const file = join(scratch(), `${name}.service.yaml`);
  writeFileSync(file, text);
  const write = await runCli(["fmt", "--write", file], TIMEOUT);
  expect(write.stderr, name).not.toContain("cannot-format");
  expect(write.code, `${name}: ${write.stderr}`).toBe(0);
  const formatted = readFileSync(file, "utf8");
  const check = await runCli(["fmt", "--check", file], TIMEOUT);
  expect(check.code, `${name}: ${check.stdout}${check.stderr}\n${formatted}`).toBe(0);
  return formatted;
}

describe("fmt formats every file that parses, once and for all: fmt --write, then fmt --check exits 0", () => {
  it("a blank line between a key and its list: the first item stays on its dash line", async () => {
    const text = service(
      "appositions:",
      "",
      "  - type: overlay  # x",
      "    target: DOCUMENT",
      '    pageFilter: "1"',
      "    file: 9b2e4f70-1c3d-4a8e-b5f6-0d7c8e9a1b23",
    );
    expect(await writeThenCheck("blank-before-list", text)).toContain("    appositions:\n      - type: overlay # x\n");
  });

  it("tags on keys are kept, as docs/language.md says", async () => {
    const text = "!custom invoices: 1\n!!str 123: 2\n";
    expect(await writeThenCheck("key-tags", text)).toBe(text);
  });

  it("a lone CR, content to YAML, is kept where it is", async () => {
    expect(await writeThenCheck("lone-cr", "p:\ru")).toBe('p: "\\ru"\n');
    // In an expression with an error, kept as written.
    const broken = service("metadata:", "  ref: upper(file\rName)");
    expect(await writeThenCheck("lone-cr-in-expression", broken)).toBe(broken);
  });

  it("comments around a document that is one value are kept", async () => {
    expect(await writeThenCheck("comment-after-value", "p\n#")).toBe("p\n#\n");
  });

  it("an integer beyond 2^53 in an expression is kept as written", async () => {
    const text = service("metadata:", "  ref: substring(fileName, 0, 9007199254740993)");
    expect(await writeThenCheck("big-integer", text)).toBe(text);
  });

  it("a flow sequence of 150,000 items, under the size limit", async () => {
    const items = Array.from({ length: 150_000 }, (_, i) => i % 10);
    const text = service(`extra: [${items.join(", ")}]`);
    expect(text.length).toBeLessThan(1024 * 1024);
    const file = join(scratch(), "long-sequence.service.yaml");
    writeFileSync(file, text);
    const printed = await runCli(["fmt", file], { timeout: 60_000 });
    expect(printed.stderr).toBe("");
    expect(printed.code).toBe(0);
    // Too long for one line: one item per line, every item kept in its order.
    const lines = printed.stdout.split("\n").filter((line) => line.startsWith("      - "));
    expect(lines.map((line) => Number(line.slice(8)))).toEqual(items);
  });
});

describe("decompile onto a file that exists, without --force", () => {
  it("says first that nothing was written and why, and counts no problem as kept", async () => {
    const out = scratch();
    const json = "test/fixtures/json/err/parent-rank-zero.service.json";
    const first = await runCli(["decompile", json, "-o", out], TIMEOUT);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain("kept as it is, each with a comment in the DSL");
    const written = readdirSync(out);
    const again = await runCli(["decompile", json, "-o", out], TIMEOUT);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("file-exists");
    expect(again.stderr.trimEnd().split("\n").at(-1)).toBe(
      "nothing written: 1 DSL file already there (--force overwrites it); decompiled 0 of 1 service",
    );
    expect(again.stderr).not.toContain("kept as it is");
    expect(readdirSync(out)).toEqual(written);
  });
});

/** JSON text with sorted keys, own keys only: `__proto__` is a key like any other. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const object = value as Record<string, unknown>;
    return `{${Object.keys(object)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(object[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

describe("keys named like Object's members, through decompile, build and fmt", () => {
  it("keeps __proto__, constructor, prototype and hasOwnProperty at the top, in properties, a box, an expression", async () => {
    const letter = readJson("examples/registered-letter.service.json") as Record<string, unknown>;
    // Defined, as JSON.parse defines them: data, not the object's prototype.
    const add = (object: unknown, key: string, value: unknown) =>
      Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
    const properties = letter.properties as { boxes: Record<string, unknown>[] };
    const box = properties.boxes[0] as { metadatas: { content: Record<string, unknown> }[] };
    add(letter, "__proto__", { polluted: true });
    add(letter, "constructor", "c");
    add(properties, "__proto__", 5);
    add(properties, "hasOwnProperty", [1]);
    add(box, "__proto__", 5);
    add(box, "prototype", { hasOwnProperty: 1 });
    add(box.metadatas[0]?.content, "__proto__", { polluted: true });
    const text = JSON.stringify(letter, null, 2);
    expect(text).toContain('"__proto__": {\n    "polluted": true');

    const dir = scratch();
    writeFileSync(join(dir, "letter.service.json"), text);
    const decompile = await runCli(["decompile", join(dir, "letter.service.json"), "-o", join(dir, "dsl")], TIMEOUT);
    expect(decompile.code, decompile.stderr).toBe(0);
    const [dsl] = readdirSync(join(dir, "dsl"));
    const file = join(dir, "dsl", dsl as string);

    const built = async (out: string) => {
      const build = await runCli(["build", file, "-o", join(dir, out)], TIMEOUT);
      expect(build.code, build.stderr).toBe(0);
      const [name] = readdirSync(join(dir, out));
      return canonical(JSON.parse(readFileSync(join(dir, out, name as string), "utf8")));
    };
    expect(await built("built")).toBe(canonical(JSON.parse(text)));
    const fmt = await runCli(["fmt", "--write", file], TIMEOUT);
    expect(fmt.code, fmt.stderr).toBe(0);
    expect(await built("formatted")).toBe(canonical(JSON.parse(text)));
  });
});
