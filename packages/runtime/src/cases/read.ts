import { diagnoseAgainst, type Location, locatorOf } from "@mailroom/compiler";
import {
  type Diagnostic,
  diagnostic,
  message,
  type PathSegment,
  parseYaml,
  type SyntaxNode,
  toJson,
} from "@mailroom/syntax";
import * as z from "zod";
import { ServiceTestFile } from "./schema.js";

/** Where a path into a test file is written: its value, and its key when it is an object's property. */
export type LocateInTest = (path: readonly PathSegment[]) => Location;

/** A `*.service.test.yaml` read: its value when it has no problem, every problem located, and a locator. */
export interface ReadTestFile {
  /** Undefined when the file has any error: a test file is run whole or not at all. */
  readonly value?: ServiceTestFile;
  /** Every problem, in text order; all are errors. */
  readonly diagnostics: Diagnostic[];
  /** The parsed tree, when the YAML reads. */
  readonly root?: SyntaxNode;
  /** Where a path is written (the nearest written ancestor when the path is missing). */
  readonly locate: LocateInTest;
}

const nowhere: LocateInTest = () => ({ span: { offset: 0, length: 0 }, depth: 0 });

/**
 * Reads the text of a test file: its YAML, then its shape (the `ServiceTestFile` schema, from which
 * `schemas/service-test.schema.json` is generated), then what the schema cannot say: each case's name once.
 * What needs the service (box and metadata names) is `checkAgainstService`'s. Pure: no file is read.
 */
export function readTestFile(file: string, text: string): ReadTestFile {
  const parsed = parseYaml(text);
  if (!parsed.root || parsed.diagnostics.some((d) => d.severity === "error")) {
    return { diagnostics: parsed.diagnostics.map(asError), locate: nowhere };
  }
  const root = parsed.root;
  const locate = locatorOf(root);
  const json = toJson(root);
  // Under a key named after the file, so that messages name it rather than a service.
  const name = file.split(/[\\/]/).at(-1) ?? file;
  const wrapped = z.strictObject({ [name]: ServiceTestFile });
  const diagnostics = [
    ...parsed.diagnostics,
    ...diagnoseAgainst(wrapped, { [name]: json }, (path) => locate(path.slice(1))),
    ...duplicateCases(json, locate),
  ]
    .map(asError)
    .sort((a, b) => a.span.offset - b.span.offset);
  if (diagnostics.length > 0) return { diagnostics, root, locate };
  return { value: ServiceTestFile.parse(json), diagnostics, root, locate };
}

const asError = (d: Diagnostic): Diagnostic => (d.severity === "error" ? d : { ...d, severity: "error" });

/** Every case named like one before it, at its name: reports name cases by their names. */
function duplicateCases(json: unknown, locate: LocateInTest): Diagnostic[] {
  const cases = (json as { cases?: unknown } | null)?.cases;
  if (!Array.isArray(cases)) return [];
  const first = new Map<string, number>();
  const problems: Diagnostic[] = [];
  cases.forEach((item: unknown, i) => {
    const name = (item as { name?: unknown } | null)?.name;
    if (typeof name !== "string") return;
    const before = first.get(name);
    if (before === undefined) {
      first.set(name, i);
      return;
    }
    const problem = diagnostic("duplicate-case", "duplicate", { name }, locate(["cases", i, "name"]).span);
    const related = [
      { message: message("duplicate-case", "firstHere", { name }), span: locate(["cases", before, "name"]).span },
    ];
    problems.push({ ...problem, related });
  });
  return problems;
}
