import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers.js";

/*
 * The repository needs nothing beside it: users clone it alone. No test, benchmark or tool
 * names a path that climbs out of the repository from where it is written, or an absolute path of this machine.
 */

const SOURCES = /\.(ts|js|mjs|sh)$/;
const SKIP = new Set(["node_modules", "dist", ".git", "vendor", "fixtures"]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return SOURCES.test(entry.name) ? [path] : [];
  });
}

const roots = [
  "test",
  "bench",
  "fuzz",
  "scripts",
  "integrations",
  ...readdirSync(join(repoRoot, "packages")).map((name) => `packages/${name}`),
];
const files = roots.flatMap((root) => {
  try {
    return sources(join(repoRoot, root));
  } catch {
    return [];
  }
});

describe("the repository is self-contained", () => {
  it("reads its sources from enough places for the check to mean something", () => {
    expect(files.length).toBeGreaterThan(200);
  });

  it("names no relative path that leaves the repository, from the file that names it", () => {
    const escaping: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/["'`]((?:\.\.\/)+[^"'`$]*)["'`]/g)) {
        const target = resolve(file, "..", match[1] as string);
        // Resolved from the file that names it, as `new URL(path, import.meta.url)` is.
        if (relative(repoRoot, target).startsWith("..")) escaping.push(`${relative(repoRoot, file)}: ${match[1]}`);
      }
    }
    expect(escaping).toEqual([]);
  });

  it("names no absolute path of the machine it was written on", () => {
    const absolute = files.filter((file) => /["'`](\/work\/|\/home\/|\/root\/)/.test(readFileSync(file, "utf8")));
    expect(absolute.map((file) => relative(repoRoot, file))).toEqual([]);
  });
});
