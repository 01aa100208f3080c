import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runCli } from "./helpers.js";

/**
 * Through the real CLI: every key is data. Services hold the names of Object's own members
 * (`__proto__`, `constructor`...) as keys passed through in every kind of object and as the names of boxes,
 * metadata and channels; `lint` finds no error in them, `build` keeps each key at its place, and `fmt` then
 * `build`, or `decompile` then `build`, gives back the same JSON, byte for byte.
 */

const KEYS = ["__proto__", "constructor", "prototype", "hasOwnProperty"] as const;
type Path = readonly (string | number)[];
/** Keys passed through, with their values, in the order written. */
type Extras = readonly (readonly [string, unknown])[];

const key = fc.constantFrom(...KEYS);
const value: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: 0, max: 9 }),
  fc.constantFrom("a", "b c"),
  // A computed key defines a property: `{ ["__proto__"]: 1 }` is data, as JSON.parse makes it.
  key.map((k) => ({ [k]: 1 })),
);
const extras: fc.Arbitrary<Extras> = fc
  .subarray([...KEYS])
  .chain((keys) => fc.tuple(...keys.map((k) => value.map((v) => [k, v] as const))));

interface BoxSpec {
  readonly type: "pdf" | "data-file" | "archive";
  readonly extras: Extras;
  readonly split: Extras | undefined;
  readonly apposition: Extras | undefined;
  readonly metadata: readonly Extras[];
  readonly from: Extras | undefined;
  readonly reconcile: Extras | undefined;
  readonly file: Extras | undefined;
}

interface ServiceSpec {
  readonly top: Extras;
  readonly icon: Extras;
  readonly properties: Extras;
  readonly boxes: readonly BoxSpec[];
  readonly channels: readonly { readonly extras: Extras; readonly output: Extras }[];
}

const maybe = (arbitrary: fc.Arbitrary<Extras>) => fc.option(arbitrary, { nil: undefined });
const box = (type: BoxSpec["type"]): fc.Arbitrary<BoxSpec> =>
  fc.record({
    type: fc.constant(type),
    extras,
    split: type === "pdf" ? maybe(extras) : fc.constant(undefined),
    apposition: type === "pdf" ? maybe(extras) : fc.constant(undefined),
    metadata: type === "archive" ? fc.constant([]) : fc.array(extras, { maxLength: KEYS.length }),
    from: type === "archive" ? fc.constant(undefined) : maybe(extras),
    reconcile: type === "archive" ? fc.constant(undefined) : maybe(extras),
    file: type === "archive" ? fc.constant(undefined) : maybe(extras),
  });
const service: fc.Arbitrary<ServiceSpec> = fc
  .record({
    top: extras,
    icon: extras,
    properties: extras,
    boxes: fc.tuple(box("pdf"), fc.array(fc.constantFrom("pdf", "data-file").chain(box), { maxLength: 2 })),
    channels: fc.array(fc.record({ extras, output: extras }), { maxLength: 2 }),
  })
  .map((spec) => ({
    ...spec,
    boxes: spec.boxes.flat(),
    // The icon's keys the DSL does not know go into `properties` too: one key cannot be written in both.
    properties: spec.properties.filter(([k]) => !spec.icon.some(([i]) => i === k)),
  }));

/** The boxes' names: Object's members first; the archive every `from` extracts from comes last. */
const BOX_NAMES = [...KEYS, "letters"];
const ARCHIVE = "bundle";

const flow = (entries: Extras) => entries.map(([k, v]) => `, ${k}: ${JSON.stringify(v)}`).join("");

/** The service as DSL text, and where each key passed through must land in its JSON. */
function write(spec: ServiceSpec, id: number): { text: string; expected: [Path, unknown][] } {
  const expected: [Path, unknown][] = [];
  const expect = (path: Path, entries: Extras) => {
    for (const [k, v] of entries) expected.push([[...path, k], v]);
  };
  const lines = [`id: ${id}`, `name: S${id}`, "type: SIMPLE_MULTIPLE"];
  for (const [k, v] of spec.top) lines.push(`${k}: ${JSON.stringify(v)}`);
  expect([], spec.top);
  lines.push(`icon: { name: mail${flow(spec.icon)} }`, `properties: { x: 1${flow(spec.properties)} }`);
  expect(["properties"], [...spec.icon, ...spec.properties]);
  lines.push("boxes:");
  let rank = 0;
  spec.boxes.forEach((b, i) => {
    const path = ["properties", "boxes", i];
    lines.push(`  ${BOX_NAMES[i]}:`, `    type: ${b.type}`, "    elements: 0..1");
    if (i === 0) lines.push("    main: true");
    for (const [k, v] of b.extras) lines.push(`    ${k}: ${JSON.stringify(v)}`);
    expect(path, b.extras);
    if (b.split) {
      lines.push(`    split: { pages: 2${flow(b.split)} }`);
      expect([...path, "splitConfig"], b.split);
    }
    if (b.apposition) {
      lines.push(`    appositions: [{ type: image, target: DOCUMENT, pageFilter: "1"${flow(b.apposition)} }]`);
      expect([...path, "appositions", 0], b.apposition);
    }
    if (b.metadata.length > 0) lines.push("    metadata:");
    b.metadata.forEach((entries, j) => {
      lines.push(`      ${KEYS[j]}: { value: fileName, persist: true${flow(entries)} }`);
      expect([...path, "metadatas", j], entries);
    });
    if (b.from) {
      lines.push(`    from: { archive: ${ARCHIVE}, rank: ${++rank}, match: "true"${flow(b.from)} }`);
      expect([...path, "parent"], b.from);
    }
    if (b.reconcile) {
      lines.push(`    reconcile: { when: "true"${flow(b.reconcile)} }`);
      expect([...path, "reconcile"], b.reconcile);
    }
    if (b.file) {
      lines.push(`    files: [{ removable: true${flow(b.file)} }]`);
      expect([...path, "configuredFiles", 0], b.file);
    }
  });
  lines.push(`  ${ARCHIVE}: { type: archive, elements: 0..1 }`);
  if (spec.channels.length > 0) lines.push("channels:");
  spec.channels.forEach((channel, c) => {
    const path = ["properties", "channels", c];
    lines.push(`  ${KEYS[c]}:`, `    outputFiles: [MAIN, { name: COPY${flow(channel.output)} }]`);
    for (const [k, v] of channel.extras) lines.push(`    ${k}: ${JSON.stringify(v)}`);
    expect([...path, "outputFilesConfig", 1], channel.output);
    expect(path, channel.extras);
  });
  return { text: `${lines.join("\n")}\n`, expected };
}

/** The value at a path, own members only. */
const at = (json: unknown, path: Path): unknown =>
  path.reduce<unknown>(
    (v, segment) =>
      typeof v === "object" && v !== null && Object.hasOwn(v, segment) ? (v as never)[segment] : undefined,
    json,
  );

/** The built JSON of every file of a directory, by file name. */
const builtIn = (dir: string): Map<string, string> =>
  new Map(
    readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .sort()
      .map((name) => [name, readFileSync(join(dir, name), "utf8")]),
  );

describe("keys named like Object's members, through every command", () => {
  it("are kept at their place by build, and survive fmt and decompile", { timeout: 120_000 }, async () => {
    const specs = fc.sample(service, { numRuns: 24, seed: 20241010 });
    const root = mkdtempSync(join(tmpdir(), "mailroom-keys-"));
    const [dsl, built, formatted, rebuilt, decompiled, roundTrip] = [
      "dsl",
      "built",
      "fmt",
      "fmt-built",
      "dec",
      "dec-built",
    ].map((name) => join(root, name)) as [string, string, string, string, string, string];
    for (const dir of [dsl, built, rebuilt, decompiled, roundTrip]) mkdirSync(dir);
    const services = specs.map((spec, i) => ({ name: `s${i + 1}-${i + 1}.service.yaml`, ...write(spec, i + 1) }));
    for (const { name, text } of services) writeFileSync(join(dsl, name), text);

    const lint = await runCli(["lint", "--format", "json", dsl]);
    const found = JSON.parse(lint.stdout) as { file: string; severity: string; code: string; message: string }[];
    expect(found.filter((d) => d.severity === "error")).toEqual([]);
    expect(lint.code).toBe(0);

    expect((await runCli(["build", dsl, "--out", built])).code).toBe(0);
    const json = builtIn(built);
    for (const { name, expected, text } of services) {
      const output = json.get(name.replace(/\.yaml$/, ".json"));
      expect(output, name).toBeDefined();
      const parsed = JSON.parse(output as string);
      for (const [path, v] of expected) expect(at(parsed, path), `${path.join("/")} in\n${text}`).toEqual(v);
    }

    cpSync(dsl, formatted, { recursive: true });
    expect((await runCli(["fmt", "--write", formatted])).code).toBe(0);
    expect((await runCli(["build", formatted, "--out", rebuilt])).code).toBe(0);
    expect(builtIn(rebuilt)).toEqual(json);

    const decompile = await runCli(["decompile", "--out", decompiled, ...[...json.keys()].map((n) => join(built, n))]);
    expect(decompile.code, decompile.stderr).toBe(0);
    expect((await runCli(["build", decompiled, "--out", roundTrip])).code).toBe(0);
    expect(builtIn(roundTrip)).toEqual(json);
  });
});
