import { describe, expect, it } from "vitest";
import { parseDocument } from "../src/document.js";
import { Workspace, type WorkspaceHost } from "../src/workspace.js";

const service = (boxes: string[]) =>
  `id: 1\nname: S\ntype: ADVANCED\nboxes:\n${boxes.map((b) => `  ${b}:\n    type: pdf\n    elements: 1\n    metadata:\n      ${b}Ref: fileName[0:8]\n`).join("")}`;

/** A host over an in-memory disk, counting reads. */
function host(files: Record<string, string>): WorkspaceHost & { reads: number } {
  const disk = {
    reads: 0,
    readFile: async (path: string) => {
      disk.reads++;
      return files[path];
    },
  };
  return disk;
}

describe("Workspace", () => {
  it("finds symbols across files by a fuzzy query, with their positions", async () => {
    const disk = host({
      "/w/a.service.yaml": service(["invoices", "annexes"]),
      "/w/b.service.json": '{"name": "J", "properties": {"boxes": [{"name": "invoiceCopies"}]}}',
    });
    const workspace = new Workspace(disk);
    await workspace.add(["/w/a.service.yaml", "/w/b.service.json"]);
    const found = workspace.symbols("invc");
    expect(found.map((s) => [s.file, s.name, s.kind, s.container])).toEqual([
      ["/w/a.service.yaml", "invoices", "box", "S"],
      ["/w/a.service.yaml", "invoicesRef", "metadata", "invoices"],
      ["/w/b.service.json", "invoiceCopies", "box", "J"],
    ]);
    expect(found[0]?.start).toEqual({ line: 5, column: 3 });
    expect(found[0]?.end).toEqual({ line: 5, column: 11 });
    expect(workspace.symbols("").length).toBe(7);
  });

  it("lets an open document override the disk until it is closed", async () => {
    const files: Record<string, string> = { "/w/a.service.yaml": service(["invoices"]) };
    const disk = host(files);
    const workspace = new Workspace(disk);
    await workspace.add(["/w/a.service.yaml"]);
    const letters = parseDocument("/w/a.service.yaml", service(["letters"]), 2);
    workspace.open(letters.file, letters.version, () => letters);
    expect(workspace.symbols("inv")).toEqual([]);
    expect(workspace.symbols("letters").map((s) => s.name)).toEqual(["letters", "lettersRef"]);
    expect(workspace.document("/w/a.service.yaml")?.version).toBe(2);
    await workspace.close("/w/a.service.yaml");
    expect(workspace.symbols("inv").map((s) => s.name)).toEqual(["invoices", "invoicesRef"]);
    // Deleted on disk: gone after a refresh.
    delete files["/w/a.service.yaml"];
    await workspace.refresh("/w/a.service.yaml");
    expect(workspace.files()).toEqual([]);
  });

  it("never reads a file the editor holds open, and reads it once closed if it is part of the index", async () => {
    const files: Record<string, string> = {
      "/w/a.service.yaml": service(["invoices"]),
      "/w/b.service.yaml": service(["bills"]),
    };
    const disk = host(files);
    const open = new Set(["/w/a.service.yaml"]);
    const workspace = new Workspace({ ...disk, isOpen: (path) => open.has(path) });
    // Open before its first parse (the index is built as the editor opens files): not read.
    await workspace.add(["/w/a.service.yaml", "/w/b.service.yaml"]);
    expect(disk.reads).toBe(1);
    const letters = parseDocument("/w/a.service.yaml", service(["letters"]), 1);
    workspace.open(letters.file, letters.version, () => letters);
    await workspace.refresh("/w/a.service.yaml");
    expect(disk.reads).toBe(1);
    expect(workspace.symbols("").map((s) => s.name)).toEqual(["S", "letters", "lettersRef", "S", "bills", "billsRef"]);
    open.delete("/w/a.service.yaml");
    await workspace.close("/w/a.service.yaml");
    expect(disk.reads).toBe(2);
    expect(workspace.symbols("inv").map((s) => s.name)).toEqual(["invoices", "invoicesRef"]);
    // A file outside the index, opened and closed, leaves nothing behind and is not read.
    const cards = parseDocument("/elsewhere/c.service.yaml", service(["cards"]), 1);
    workspace.open(cards.file, cards.version, () => cards);
    await workspace.close("/elsewhere/c.service.yaml");
    expect(disk.reads).toBe(2);
    expect(workspace.files()).toEqual(["/w/a.service.yaml", "/w/b.service.yaml"]);
  });

  it("indexes broken files for what they hold, and never throws", async () => {
    const workspace = new Workspace(host({ "/w/x.service.yaml": "boxes:\n  half: [\n", "/w/y.service.json": "{" }));
    await workspace.add(["/w/x.service.yaml", "/w/y.service.json", "/w/missing.service.yaml"]);
    expect(workspace.files()).toEqual(["/w/x.service.yaml", "/w/y.service.json"]);
    expect(() => workspace.symbols("h")).not.toThrow();
  });
});
