import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { checkDocument } from "@mailroom/checker";
import { readDocument } from "@mailroom/compiler";
import { type CheckedFile, documentServices, type ServiceDocs } from "@mailroom/docs";
import { repoRoot } from "../../../test/helpers.js";

/** A file's text read and checked as `mailroom docs` does, under the path given. */
export function checked(file: string, text: string): CheckedFile {
  const document = readDocument(file, text);
  return { file, text, document, diagnostics: checkDocument(document) };
}

/** The docs of one service written as `text` (DSL unless the name says JSON). */
export function documented(text: string, file = "test.service.yaml"): ServiceDocs {
  const [service] = documentServices([checked(file, text)]).services;
  if (!service) throw new Error("no page");
  return service;
}

/** The DSL examples, as `mailroom docs examples` reads them. */
export const exampleFiles = (): CheckedFile[] =>
  readdirSync(join(repoRoot, "examples"))
    .filter((name) => name.endsWith(".service.yaml"))
    .sort()
    .map((name) => checked(`examples/${name}`, readFileSync(join(repoRoot, "examples", name), "utf8")));

export const example = (slug: string): ServiceDocs => {
  const found = documentServices(exampleFiles()).services.find((s) => s.slug === slug);
  if (!found) throw new Error(`no example ${slug}`);
  return found;
};
