import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compileDsl } from "../src/index.js";

/**
 * Every YAML example of the documentation compiles: no syntax error, no expression cut short by a flow mapping,
 * no expression error, except the errors an example is there to show, which the block after it lists. An example
 * is a whole service or a piece of one (a box, its metadata, a reconcile...): each piece is compiled inside the
 * smallest service that gives it its place, the first of the wrappings below that takes it without a complaint
 * about its shape.
 */

const docs = new URL("../../../docs/", import.meta.url);
const files = [
  ...readdirSync(docs)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => new URL(name, docs)),
  new URL("../../../README.md", import.meta.url),
];

interface Example {
  readonly where: string;
  readonly yaml: string;
  /** The text after the example up to the end of the next code block: where the errors it shows are listed. */
  readonly after: string;
}

function examples(): Example[] {
  return files.flatMap((file) => {
    const text = readFileSync(file, "utf8");
    return [...text.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => {
      const end = (match.index ?? 0) + match[0].length;
      const next = text.indexOf("```", text.indexOf("```", end) + 3);
      const line = text.slice(0, match.index).split("\n").length;
      return {
        where: `${file.pathname.replace(/^.*\/(docs\/)?/, "$1")}:${line}`,
        yaml: match[1] as string,
        after: text.slice(end, next < 0 ? undefined : next),
      };
    });
  });
}

const dedent = (yaml: string): string => {
  const lines = yaml.split("\n");
  const indent = Math.min(...lines.filter((l) => l.trim() !== "").map((l) => /^ */.exec(l)?.[0].length ?? 0));
  return lines.map((l) => l.slice(indent)).join("\n");
};
const indent = (yaml: string, by: number): string =>
  yaml
    .split("\n")
    .map((l) => (l.trim() === "" ? l : `${" ".repeat(by)}${l}`))
    .join("\n");
const topKeys = (yaml: string) => [...yaml.matchAll(/^([A-Za-z_][\w-]*):/gm)].map((m) => m[1] as string);

const HEAD = "id: 1\nname: Docs\ntype: SIMPLE_MULTIPLE\n";
const BOX = `${HEAD}boxes:\n  doc:\n    type: pdf\n    main: true\n    elements: 1\n`;

/** The places a piece of a service may have, as the service holding it. */
const WRAPPINGS: readonly ((yaml: string) => string | undefined)[] = [
  (yaml) =>
    /^id:/m.test(yaml) ? yaml : topKeys(yaml).some((k) => k === "boxes" || k === "channels") ? HEAD + yaml : undefined,
  (yaml) => `${BOX}${indent(yaml, 4)}`,
  (yaml) => `${BOX}    reconcile:\n${indent(yaml, 6)}`,
  (yaml) => `${BOX}    metadata:\n${indent(yaml, 6)}`,
  // Boxes by name, each given the keys a box requires when the example leaves them out.
  (yaml) =>
    `${HEAD}boxes:\n${indent(yaml.replace(/^([A-Za-z_]\w*):\n(?! {2}type:)/gm, "$1:\n  type: pdf\n  elements: 1\n"), 2)}`,
  (yaml) => `${BOX}channels:\n  Doc:\n${indent(yaml, 4)}`,
];

/** Problems with the example's shape: a wrapping that gets one is not the example's place. */
const SHAPE = new Set([
  "syntax-error",
  "missing-field",
  "wrong-type",
  "unknown-type",
  "misplaced-key",
  "unknown-key",
  "misspelt-key",
]);

/** Examples of other files than services: the configuration, a CI workflow, a schema comment. */
const isOtherFile = (yaml: string) =>
  topKeys(yaml).some((k) => k === "rules" || k === "overrides" || k === "ignore") ||
  /^- (run|uses):/m.test(yaml) ||
  yaml.split("\n").every((l) => l.trim() === "" || l.trim().startsWith("#"));

describe("the YAML examples of the documentation", () => {
  const all = examples();

  it("are found", () => {
    expect(all.length).toBeGreaterThan(10);
  });

  for (const example of all) {
    it(`${example.where} compiles, with no error but those it shows`, () => {
      const yaml = dedent(example.yaml);
      if (isOtherFile(yaml)) return;
      const compiled = WRAPPINGS.flatMap((wrap) => {
        const text = wrap(yaml);
        if (text === undefined) return [];
        const diagnostics = compileDsl("doc.service.yaml", text).diagnostics;
        return diagnostics.some((d) => SHAPE.has(d.code)) ? [] : [diagnostics];
      });
      expect(compiled.length, "no place in a service takes this example").toBeGreaterThan(0);
      const errors = (compiled[0] ?? []).filter((d) => d.severity === "error").map((d) => d.code);
      for (const code of errors) expect(example.after, `an error the example does not show: ${code}`).toContain(code);
    });
  }
});
