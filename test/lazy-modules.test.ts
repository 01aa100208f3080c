import { execFile } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers.js";

/**
 * Every module a package loads on first use (`import("...")`, `createRequire(...)("...")`) is loaded here from the
 * built `dist/` by a plain Node process, as users run it: vitest converts CommonJS modules and would hide a module
 * that Node cannot load (a named export Node cannot find in a CommonJS package, a file missing from `dist/`).
 */

const LAZY = [
  /\bimport\(\s*(["'])([^"'`]+)\1\s*\)/g,
  /\bcreateRequire\([^)]*\)\(\s*(["'])([^"'`]+)\1\s*\)/g,
  /\bcreateRequire\([^)]*\)\.resolve\(\s*(["'])([^"'`]+)\1\s*\)/g,
];

function jsFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return jsFiles(path);
    return name.endsWith(".js") ? [path] : [];
  });
}

/** Each lazily loaded module: the file that loads it, how (import or require), and the specifier. */
function lazyModules(): { from: string; how: "import" | "require" | "resolve"; specifier: string }[] {
  const packages = join(repoRoot, "packages");
  const found: { from: string; how: "import" | "require" | "resolve"; specifier: string }[] = [];
  for (const name of readdirSync(packages).sort()) {
    const dist = join(packages, name, "dist");
    const manifest = JSON.parse(readFileSync(join(packages, name, "package.json"), "utf8")) as { type?: string };
    // The VS Code extension's dist is one CommonJS bundle with nothing loaded lazily; its own test runs it.
    if (manifest.type !== "module") continue;
    // The playground's dist is a site, bundled for browsers; its own test loads it in Chromium.
    if (name === "playground") continue;
    for (const file of jsFiles(dist).sort()) {
      const text = readFileSync(file, "utf8");
      for (const [index, pattern] of LAZY.entries()) {
        for (const match of text.matchAll(pattern)) {
          const how = (["import", "require", "resolve"] as const)[index] ?? "import";
          found.push({ from: file, how, specifier: match[2] ?? "" });
        }
      }
    }
  }
  return found;
}

/** A plain Node process (no loader, no transform) that loads each module as its importer would. */
const PROGRAM = `
import { createRequire } from "node:module";
const failures = [];
for (const { from, how, specifier } of JSON.parse(process.argv[1])) {
  try {
    const url = new URL(from);
    if (how === "import") {
      await import(specifier.startsWith(".") ? new URL(specifier, url).href : import.meta.resolve(specifier));
    } else if (how === "require") createRequire(url)(specifier);
    else createRequire(url).resolve(specifier);
  } catch (error) {
    failures.push(from + ": " + specifier + ": " + String(error?.message ?? error).split("\\n")[0]);
  }
}
process.stdout.write(JSON.stringify(failures));
`;

describe("modules loaded on first use, from dist/ in plain Node", () => {
  const modules = lazyModules();

  it("finds the lazily loaded modules of every package", () => {
    const names = modules.map(({ from, specifier }) => `${relative(repoRoot, dirname(from))}: ${specifier}`);
    // A scan that found nothing would prove nothing: the modules known to be loaded lazily must be among them.
    expect(names).toEqual(
      expect.arrayContaining([
        "packages/java/dist/eval: ./date-locale-de.js",
        "packages/java/dist/eval: ./date-locale-en.js",
        "packages/java/dist/eval: ./date-locale-es.js",
        "packages/java/dist/eval: ./date-locale-fr.js",
        "packages/java/dist: ./eval/dates.js",
        "packages/cli/dist/commands: ../evaluate.js",
        "packages/runtime/dist/pdf: pdfjs-dist/legacy/build/pdf.mjs",
        "packages/checker/dist: ./model-validator.cjs",
      ]),
    );
  });

  it("loads every one of them in a plain Node process", async () => {
    const list = modules.map((m) => ({ ...m, from: pathToFileURL(m.from).href }));
    const failures = await new Promise<string>((done, fail) => {
      execFile(
        process.execPath,
        ["--input-type=module", "-e", PROGRAM, JSON.stringify(list)],
        { cwd: repoRoot, maxBuffer: 1 << 24 },
        (error, stdout, stderr) => (error ? fail(new Error(`${error.message}\n${stderr}`)) : done(stdout)),
      );
    });
    expect(JSON.parse(failures)).toEqual([]);
  });
});
