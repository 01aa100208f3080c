import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DSL_SERVICE_FILE, findServiceFiles } from "../src/service-files.js";

/** The one search of service files, as the CLI (links, unreadable folders) and the server (bounds) use it. */
describe("findServiceFiles", () => {
  let root: string;
  const at = (...names: string[]) => join(root, ...names);

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "mailroom-search-"));
    for (const folder of ["b/deep", "node_modules/pkg", ".git"]) mkdirSync(at(folder), { recursive: true });
    for (const file of ["a.service.yaml", "b/c.service.json", "b/deep/d.service.yml", "b/notes.yaml"])
      writeFileSync(at(file), "");
    for (const file of ["node_modules/pkg/x.service.yaml", ".git/y.service.yaml"]) writeFileSync(at(file), "");
    symlinkSync("a.service.yaml", at("link.service.yaml"));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("finds service files sorted, skipping node_modules and hidden folders, regular files only by default", async () => {
    expect(await findServiceFiles([root])).toEqual([
      at("a.service.yaml"),
      at("b/c.service.json"),
      at("b/deep/d.service.yml"),
    ]);
  });

  it("finds the names asked for, and symbolic links when asked", async () => {
    expect(await findServiceFiles([root], { names: DSL_SERVICE_FILE, links: true })).toEqual([
      at("a.service.yaml"),
      at("b/deep/d.service.yml"),
      at("link.service.yaml"),
    ]);
  });

  it("keeps to its bounds: the deepest folder, the most files", async () => {
    expect(await findServiceFiles([root], { maxDepth: 1 })).toEqual([at("a.service.yaml"), at("b/c.service.json")]);
    expect(await findServiceFiles([root, root], { maxFiles: 4 })).toEqual([
      at("a.service.yaml"),
      at("b/c.service.json"),
      at("b/deep/d.service.yml"),
      at("a.service.yaml"),
    ]);
  });

  it("skips a folder it cannot read, or lists it when asked, so that reading it says why", async () => {
    const missing = at("gone");
    expect(await findServiceFiles([missing])).toEqual([]);
    expect(await findServiceFiles([missing], { unreadableDirectories: true })).toEqual([missing]);
  });
});
