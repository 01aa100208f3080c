import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { compileDsl, indexSymbols, readDocument } from "@mailroom/compiler";
import type { Service } from "@mailroom/model";
import { describe, expect, it } from "vitest";
import { indexExpressions } from "../src/engine/expressions.js";
import { MetadataScope } from "../src/engine/metadata-scope.js";
import { defineRule, type Json, type Path } from "../src/engine/rule.js";
import { runRules } from "../src/engine/run.js";

const repoRoot = resolve(import.meta.dirname, "../../..");
const valueAt = (root: unknown, path: Path): unknown =>
  path.reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], root);

/** The basis of the rules these tests define: implied, so each reports a warning. */
const PROBE = { kind: "implies", section: "Box", quote: "Test rules quote nothing." } as const;

const text = "id: 1\nname: S\ntype: SIMPLE_UNIQUE\nboxes:\n  a: { type: pdf, main: true, elements: 1 }\n";

describe("runRules", () => {
  it("turns a rule that throws into an internal-error diagnostic and still runs the other rules", () => {
    const document = compileDsl("t.service.yaml", text);
    const service = document.services[0];
    if (!service) throw new Error("no service");
    const broken = defineRule({
      meta: { id: "broken", basis: PROBE, description: "Throws.", messages: {} },
      check() {
        throw new TypeError("boom");
      },
    });
    const working = defineRule({
      meta: { id: "working", basis: PROBE, description: "Reports the first box.", messages: { found: "Found box." } },
      check(context) {
        context.report({ path: ["properties", "boxes", 0, "name"], messageId: "found" });
      },
    });
    const found = runRules(document, service, [broken, working]);
    expect(found.map((d) => [d.code, d.severity])).toEqual([
      ["internal-error", "error"],
      ["working", "warning"],
    ]);
    expect(found[0]?.message).toContain('Rule "broken" failed on this service (boom)');
  });
});

describe("rules on names that are Object.prototype keys", () => {
  it("report them like any unknown name instead of failing", async () => {
    const { checkDocument } = await import("../src/check.js");
    const expression = (zone: string) => `'formatDate(now, "yyyy", "${zone}")'`;
    const source = `${text}    metadata:\n${["valueOf", "constructor", "__proto__", "toString"]
      .map((zone, i) => `      d${i}: { value: ${expression(zone)}, persist: true }\n`)
      .join("")}`.replace(
      "  a: { type: pdf, main: true, elements: 1 }\n",
      "  a:\n    type: pdf\n    main: true\n    elements: 1\n",
    );
    const codes = checkDocument(compileDsl("t.service.yaml", source)).map((d) => d.code);
    expect(codes).toEqual(["time-zone", "time-zone", "time-zone", "time-zone"]);
  });
});

describe("what the engine shares between rules", () => {
  const examples = readdirSync(join(repoRoot, "examples"))
    .filter((name) => name.endsWith(".service.yaml") || name.endsWith(".service.json"))
    .sort()
    .map((name) => readDocument(name, readFileSync(join(repoRoot, "examples", name), "utf8")));
  const services = examples.flatMap((document) => document.services.map((service) => ({ document, service })));

  /** Every expression object under the places expressions sit, found by plain recursion (the reference). */
  function expressionObjects(service: Service): unknown[] {
    const found: unknown[] = [];
    const visit = (value: unknown) => {
      if (typeof value !== "object" || value === null) return;
      const type = (value as Json)["@type"];
      if (typeof type === "string" && /^ex[vb]\./.test(type)) found.push(value);
      for (const child of Object.values(value)) visit(child);
    };
    for (const box of service.properties.boxes as Json[]) {
      if (box["@type"] === "box.ARCHIVE") continue;
      for (const metadata of box.metadatas as Json[]) visit(metadata.content);
      visit((box.reconcile as Json | undefined)?.condition);
      visit((box.parent as Json | null | undefined)?.fileMatcher);
    }
    for (const channel of service.properties.channels) visit(channel);
    return found;
  }

  it("indexes every expression once, in document order, each with the path that leads to it", () => {
    expect(services.length).toBeGreaterThan(4);
    for (const { service } of services) {
      const model = service.json as Service;
      const expressions = indexExpressions(model);
      expect(expressions.map((e) => e.node)).toEqual(expressionObjects(model));
      for (const { node, path, site } of expressions) {
        expect(valueAt(model, path)).toBe(node);
        expect(path.slice(0, site.path.length)).toEqual(site.path);
      }
    }
  });

  it("indexes an expression nested 5,000 deep, five times the deepest JSON a reader accepts", () => {
    let content: Json = { "@type": "exv.Value", value: "x" };
    for (let i = 0; i < 5_000; i++) content = { "@type": "exv.StrUpper", expr: content };
    const box = { "@type": "box.PDF", name: "a", main: true, metadatas: [{ name: "m", content }] };
    const expressions = indexExpressions({ properties: { boxes: [box], channels: [] } } as unknown as Service);
    expect(expressions).toHaveLength(5_001);
    const deepest = expressions[5_000];
    expect(deepest?.node).toEqual({ "@type": "exv.Value", value: "x" });
    expect(deepest?.path).toHaveLength(6 + 5_000);
  });

  it("gives each rule the expressions of some types, type by type, each in document order", () => {
    const seen: string[][] = [];
    const types = [["exv.StrReplace"], ["exb.StrMatches", "exv.StrReplace"], ["exv.Reference", "exv.Value"], ["none"]];
    const rule = defineRule({
      meta: { id: "by-type", basis: PROBE, description: "Compares ofType with a filter.", messages: {} },
      check(context) {
        for (const wanted of types) {
          const expected = wanted.flatMap((type) => context.expressions.filter((e) => e.node["@type"] === type));
          expect(context.ofType(wanted)).toEqual(expected);
          seen.push(expected.map((e) => e.node["@type"]));
        }
      },
    });
    for (const { document, service } of services) expect(runRules(document, service, [rule])).toEqual([]);
    expect(seen.flat().filter((type) => type === "exv.StrReplace").length).toBeGreaterThan(0);
  });

  it("computes a memo once per service, for every rule that asks", () => {
    const calls: string[] = [];
    const compute = (key: string) => {
      calls.push(key);
      return { length: key.length };
    };
    const results: unknown[] = [];
    const asking = (id: string) =>
      defineRule({
        meta: { id, basis: PROBE, description: "Asks for a memo.", messages: {} },
        check(context) {
          results.push(context.memo(compute, "abc"), context.memo(compute, "de"));
        },
      });
    const [{ document, service }] = services as [(typeof services)[number]];
    runRules(document, service, [asking("one"), asking("two")]);
    expect(calls).toEqual(["abc", "de"]);
    expect(results[0]).toBe(results[2]);
    expect(results[1]).toEqual({ length: 2 });
    // Another check starts afresh: nothing is kept between services.
    runRules(document, service, [asking("three")]);
    expect(calls).toEqual(["abc", "de", "abc", "de"]);
  });

  it("turns a memo that throws into an internal error of each rule that asks", () => {
    const failing = (key: string): never => {
      throw new Error(`cannot read ${key}`);
    };
    const asking = (id: string) =>
      defineRule({
        meta: { id, basis: PROBE, description: "Asks for a failing memo.", messages: {} },
        check(context) {
          context.memo(failing, "x");
        },
      });
    const [{ document, service }] = services as [(typeof services)[number]];
    const found = runRules(document, service, [asking("one"), asking("two")]);
    expect(found.map((d) => [d.code, d.message.includes("(cannot read x)")])).toEqual([
      ["internal-error", true],
      ["internal-error", true],
    ]);
  });

  it("shares one metadata scope between the rules of a service", () => {
    const scopes: MetadataScope[] = [];
    const reading = (id: string) =>
      defineRule({
        meta: { id, basis: PROBE, description: "Reads the metadata scope.", messages: {} },
        check(context) {
          scopes.push(context.metadata);
        },
      });
    for (const { document, service } of services) {
      scopes.length = 0;
      runRules(document, service, [reading("one"), reading("two")]);
      expect(scopes[0]).toBe(scopes[1]);
      expect(scopes[0]?.definitions).toEqual(new MetadataScope(service.json as Service).definitions);
    }
  });

  it("gives the symbols of the service to a rule that reads them", () => {
    let read: unknown;
    const rule = defineRule({
      meta: { id: "symbols", basis: PROBE, description: "Reads the symbols.", messages: {} },
      check(context) {
        read = context.symbols;
      },
    });
    for (const { document, service } of services) {
      runRules(document, service, [rule]);
      expect(read).toEqual(indexSymbols(service));
    }
  });
});
