import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { diagnoseAgainst, readDocument, type ServiceSource } from "@mailroom/compiler";
import { Service } from "@mailroom/model";
import { describe, expect, it } from "vitest";
import { conformsToModel, validateService } from "../src/validate.js";

const repoRoot = resolve(import.meta.dirname, "../../..");

/** Every service file under a directory of the repository, recursively, sorted (request files and listings aside). */
function serviceFiles(directory: string): string[] {
  return readdirSync(join(repoRoot, directory), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.json$|\.ya?ml$/.test(name) && !/expected|config/.test(name))
    .filter((name) => !/\.(job|delivery)\.(json|ya?ml)$|(^|\/)options\//.test(name))
    .sort()
    .map((name) => join(repoRoot, directory, name));
}

const sources = ["examples", "test/fixtures/json", "test/fixtures/dsl", "test/fixtures/rules"]
  .flatMap(serviceFiles)
  .flatMap((file) => readDocument(file, readFileSync(file, "utf8")).services.map((service) => ({ file, service })));

/** What zod alone reports: the messages the fast path must leave unchanged. */
const byZod = (service: ServiceSource) =>
  diagnoseAgainst(Service, service.json, (path) => service.locate(path), { wording: service.wording });

type Json = Record<string, unknown>;

/** Every path to a value inside `value` (objects and arrays), in document order. */
function pathsOf(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []) {
  if (typeof value !== "object" || value === null) return out;
  for (const [key, child] of Object.entries(value)) {
    const at = [...path, Array.isArray(value) ? Number(key) : key];
    out.push(at);
    pathsOf(child, at, out);
  }
  return out;
}

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const valueAt = (root: unknown, path: readonly (string | number)[]): unknown =>
  path.reduce<unknown>((at, key) => (at as Json)[key], root);

/** A deep copy of `root` with the value at `path` replaced (`undefined` deletes an object key). */
function mutate(root: unknown, path: readonly (string | number)[], value: unknown): unknown {
  const copy = structuredClone(root) as Json;
  const owner = valueAt(copy, path.slice(0, -1)) as Json;
  const last = path[path.length - 1] as string | number;
  if (value === undefined && !Array.isArray(owner)) delete owner[last];
  else owner[last] = value;
  return copy;
}

/** Values that break (or happen to keep) what a field of the model allows. */
const REPLACEMENTS: readonly unknown[] = [undefined, null, "x", "", 1.5, -1, 0, 2 ** 53, true, [], {}];
const TAGS = ["box.PDF", "box.ARCHIVE", "exv.Value", "exv.StrReplace", "exb.And", "exb.StrMatches", "bsc.NONE"];

describe("validateService", () => {
  it("reports exactly what zod reports on every fixture and example, valid or not", () => {
    expect(sources.length).toBeGreaterThan(100);
    let invalid = 0;
    // Several rounds: ajv recognises a valid box once and keeps it as valid (what an editor's next version hands on).
    for (let round = 0; round < 4; round++) {
      for (const { file, service } of sources) {
        const expected = byZod(service);
        if (expected.length > 0) invalid++;
        expect(validateService(service), file).toEqual(expected);
      }
    }
    // Both verdicts are exercised: broken fixtures reach zod's messages.
    expect(invalid).toBeGreaterThan(40);
  });

  it("gives zod's verdict on thousands of services changed one field at a time", () => {
    const valid = sources.filter(({ file }) => file.includes("/examples/")).map(({ service }) => service.json);
    expect(valid.length).toBeGreaterThan(4);
    let checked = 0;
    let accepted = 0;
    for (const service of valid) {
      const paths = pathsOf(service);
      // Every path of a small service; an even sample of a big one, so the test stays quick.
      const step = Math.max(1, Math.floor(paths.length / 20));
      for (let i = 0; i < paths.length; i += step) {
        const path = paths[i] as (string | number)[];
        const variants = [
          ...REPLACEMENTS.map((value) => mutate(service, path, value)),
          ...(path.at(-1) === "@type" ? TAGS.map((tag) => mutate(service, path, tag)) : []),
          ...(isObject(valueAt(service, path)) ? [mutate(service, [...path, "unexpected"], 1)] : []),
        ];
        for (const variant of variants) {
          const zodAccepts = Service.safeParse(variant).success;
          expect(conformsToModel(variant), `${JSON.stringify(path)} in ${JSON.stringify(variant).slice(0, 80)}`).toBe(
            zodAccepts,
          );
          checked++;
          if (zodAccepts) accepted++;
        }
      }
    }
    expect(checked).toBeGreaterThan(2500);
    // Some changes keep a service valid (a label, a number within bounds): both verdicts are compared.
    expect(accepted).toBeGreaterThan(200);
  });

  it("rejects what JSON cannot hold but a compiled value might", () => {
    const [first] = sources.filter(({ file }) => file.includes("/examples/"));
    if (!first) throw new Error("no example");
    const paths = pathsOf(first.service.json).filter((path) => path.at(-1) === "minElements");
    expect(paths.length).toBeGreaterThan(0);
    for (const value of [Number.POSITIVE_INFINITY, Number.NaN]) {
      const variant = mutate(first.service.json, paths[0] as (string | number)[], value);
      expect(Service.safeParse(variant).success).toBe(false);
      expect(conformsToModel(variant)).toBe(false);
    }
  });
});
