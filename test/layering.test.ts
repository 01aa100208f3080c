import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers.js";

/** The pipeline, bottom first (DESIGN.md): a package may depend only on packages listed before it. */
const LAYERS = [
  "model",
  "syntax",
  "java",
  "compiler",
  "checker",
  "runtime",
  "docs",
  "format",
  "language",
  "language-server",
  "cli",
  "vscode",
  "playground",
];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe("package layering", () => {
  it("lists every package in the layer order", () => {
    const packages = readdirSync(join(repoRoot, "packages")).sort();
    expect(packages).toEqual([...LAYERS].sort());
  });

  it("leaves only the CLI publishable to npm: it bundles the packages below it (the extension ships as a .vsix)", () => {
    const publishable = LAYERS.filter((name) => {
      const manifest = JSON.parse(readFileSync(join(repoRoot, "packages", name, "package.json"), "utf8"));
      return manifest.private !== true;
    });
    expect(publishable).toEqual(["cli"]);
  });

  for (const [level, name] of LAYERS.entries()) {
    it(`${name} imports and depends only on packages below it`, () => {
      const below = new Set(LAYERS.slice(0, level));
      const manifest = JSON.parse(readFileSync(join(repoRoot, "packages", name, "package.json"), "utf8"));
      for (const dependency of Object.keys(manifest.dependencies ?? {})) {
        if (dependency.startsWith("@mailroom/"))
          expect(below, `${name} -> ${dependency}`).toContain(dependency.slice(10));
      }
      for (const file of sourceFiles(join(repoRoot, "packages", name, "src"))) {
        const text = readFileSync(file, "utf8");
        for (const match of text.matchAll(/from\s+"@mailroom\/([a-z-]+)"/g)) {
          expect(below, `${file} imports @mailroom/${match[1]}`).toContain(match[1]);
        }
        // Reaching into another package by relative path would bypass the check above.
        expect(text, file).not.toMatch(/from\s+"\.\.\/\.\.\/\.\.\//);
      }
    });
  }
});
