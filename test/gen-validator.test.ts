import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { validatorSchemas } from "@mailroom/checker";
import { readDocument } from "@mailroom/compiler";
import { isJsonObject } from "@mailroom/syntax";
import { Ajv, type ValidateFunction } from "ajv";
import { describe, expect, it } from "vitest";
import { applyMutation, prng, randomMutation, tokens } from "../fuzz/mutate.js";
import { AJV_OPTIONS, VALIDATOR_FILE, validatorCode } from "../scripts/gen-validator.js";
import { repoRoot } from "./helpers.js";

type Validators = Record<"service" | "box", ValidateFunction>;

/** The committed validators, as the checker loads them. */
const generated = createRequire(import.meta.url)(VALIDATOR_FILE) as Validators;

/** The same schemas compiled now, with the same options: what the checker did before they were generated. */
function compiledNow(): Validators {
  const ajv = new Ajv(AJV_OPTIONS);
  const { service, box } = validatorSchemas();
  return { service: ajv.compile(service), box: ajv.compile(box) };
}

/** Every service file of the examples and the fixtures, with its text. */
function serviceTexts(): { file: string; text: string }[] {
  return ["examples", "test/fixtures"]
    .flatMap((dir) =>
      readdirSync(join(repoRoot, dir), { recursive: true, encoding: "utf8" }).map((name) => join(repoRoot, dir, name)),
    )
    .filter((file) => /\.(json|ya?ml)$/.test(file) && statSync(file).isFile())
    .sort()
    .map((file) => ({ file, text: readFileSync(file, "utf8") }));
}

/** The JSON values of the services a text holds (none when it is not a service file, or does not parse). */
function servicesOf(file: string, text: string): unknown[] {
  try {
    return readDocument(file, text).services.map((service) => service.json);
  } catch {
    return [];
  }
}

describe("the generated validators (packages/checker/src/model-validator.cjs)", () => {
  it("are what scripts/gen-validator.js writes now (npm run gen:validator), under 2 MB", () => {
    const committed = readFileSync(VALIDATOR_FILE, "utf8");
    expect(committed === validatorCode(), "stale: run npm run gen:validator").toBe(true);
    expect(Buffer.byteLength(committed)).toBeLessThan(2 * 1024 * 1024);
  });

  it("give the verdicts of the validators compiled at run time on examples, fixtures and mutated services", () => {
    const now = compiledNow();
    const texts = serviceTexts();
    const services = texts.flatMap(({ file, text }) => servicesOf(file, text));
    // Mutants drawn by the fuzzer's mutators, a few edits each, from a seeded generator: the same ones every run.
    const vocabulary = [...new Set(texts.flatMap(({ text }) => tokens(text).map(([, token]) => token)))].sort();
    const rng = prng(27);
    const mutants: unknown[] = [];
    for (let tries = 0; mutants.length < 400 && tries < 20_000; tries++) {
      const { file, text } = texts[rng.int(texts.length)] as { file: string; text: string };
      let mutated = text;
      for (let edits = 1 + rng.int(3); edits > 0; edits--)
        mutated = applyMutation(mutated, randomMutation(rng, vocabulary));
      mutants.push(...servicesOf(file, mutated));
    }
    expect(services.length).toBeGreaterThan(100);
    expect(mutants.length).toBeGreaterThanOrEqual(400);
    const verdicts = { service: [0, 0], box: [0, 0] };
    for (const value of [...services, ...mutants]) {
      const boxes = isJsonObject(value) && isJsonObject(value.properties) ? value.properties.boxes : undefined;
      const cases: ["service" | "box", unknown][] = [
        ["service", value],
        ...(Array.isArray(boxes) ? boxes.map((box): ["box", unknown] => ["box", box]) : []),
      ];
      for (const [kind, tested] of cases) {
        const verdict = generated[kind](tested);
        expect(verdict, JSON.stringify(tested)).toBe(now[kind](tested));
        (verdicts[kind][verdict ? 0 : 1] as number)++;
      }
    }
    // Not vacuous: both verdicts, many times over, for services and for boxes.
    for (const [valid, invalid] of Object.values(verdicts)) {
      expect(valid).toBeGreaterThan(50);
      expect(invalid).toBeGreaterThan(50);
    }
  });
});
