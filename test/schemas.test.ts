import { readFileSync } from "node:fs";
import { join } from "node:path";
import { allSchemas } from "@mailroom/cli";
import { DeliveryCommand, formatJsonSchema, JobCreationParameters, OrganizationalUnit, Service } from "@mailroom/model";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import type * as z from "zod";
import { filesIn, readJson, repoRoot } from "./helpers.js";

const generated = allSchemas();

describe("committed schemas", () => {
  for (const [name, schema] of Object.entries(generated)) {
    it(`schemas/${name} is up to date (run npm run gen:schemas)`, () => {
      expect(readFileSync(join(repoRoot, "schemas", name), "utf8")).toBe(formatJsonSchema(schema));
    });
  }

  it("are draft-07 with a description on every property", () => {
    const missing: string[] = [];
    // Walks schema nodes only (never into a `properties` map as if it were a schema).
    const visit = (node: unknown, where: string) => {
      if (typeof node !== "object" || node === null) return;
      const schema = node as Record<string, unknown>;
      for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, unknown>)) {
        if (key !== "@type" && typeof (property as { description?: unknown }).description !== "string") {
          missing.push(`${where}.${key}`);
        }
        visit(property, `${where}.${key}`);
      }
      for (const [key, child] of Object.entries((schema.definitions ?? {}) as Record<string, unknown>)) {
        visit(child, key);
      }
      // `if` holds only the `@type` test of a dispatch, not documentation.
      for (const key of ["items", "additionalProperties", "then", "else"]) visit(schema[key], where);
      for (const key of ["allOf", "anyOf", "oneOf"]) {
        for (const child of (schema[key] ?? []) as unknown[]) visit(child, where);
      }
    };
    for (const [name, schema] of Object.entries(generated)) {
      expect(schema.$schema).toBe("http://json-schema.org/draft-07/schema#");
      visit(schema, name);
    }
    expect(missing).toEqual([]);
  });
});

/** Services inside a fixture file, whichever of the three forms it has. */
function servicesOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  const result = (value as { result?: { services?: unknown } } | null)?.result;
  if (result) return Array.isArray(result.services) ? result.services : [];
  return [value];
}

describe("the schemas mean what the zod model means", () => {
  const ajv = new Ajv({ allErrors: true, strict: true });
  const cases: { schema: string; model: z.ZodType; ok: string[]; err: string[] }[] = [
    {
      schema: "service.schema.json",
      model: Service,
      ok: [...filesIn("examples", /\.service\.json$/), ...filesIn("test/fixtures/json/ok", /\.json$/)],
      err: filesIn("test/fixtures/json/err", /\.service\.json$/),
    },
    ...(
      [
        ["organizational-unit", OrganizationalUnit],
        ["job-creation-parameters", JobCreationParameters],
        ["delivery-command", DeliveryCommand],
      ] as const
    ).map(([name, model]) => ({
      schema: `${name}.schema.json`,
      model: model as z.ZodType,
      ok: filesIn(`test/fixtures/model/${name}/ok`, /\.json$/),
      err: filesIn(`test/fixtures/model/${name}/err`, /\.json$/),
    })),
  ];

  for (const { schema, model, ok, err } of cases) {
    const validate = ajv.compile(generated[schema] as object);
    it(`${schema}: ajv and zod accept every valid fixture`, () => {
      expect(ok.length).toBeGreaterThan(0);
      for (const file of ok) {
        for (const value of servicesOf(readJson(file))) {
          expect(model.safeParse(value).success, `zod on ${file}`).toBe(true);
          expect(validate(value), `ajv on ${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
        }
      }
    });
    it(`${schema}: ajv and zod agree on every broken fixture, and at least one service in each is rejected`, () => {
      expect(err.length).toBeGreaterThan(0);
      for (const file of err) {
        // Syntax fixtures (named syntax-*) break the text, not the model: there is no value to judge.
        if (/\/syntax-[^/]*$/.test(file)) continue;
        const parsed = readJson(file);
        const verdicts = servicesOf(parsed).map((value) => {
          const byZod = model.safeParse(value).success;
          expect(validate(value), `ajv vs zod on ${file}`).toBe(byZod);
          return byZod;
        });
        if (verdicts.length > 0) expect(verdicts, file).toContain(false);
      }
    });
  }
});
