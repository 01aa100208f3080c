import { renderHtmlPage, renderMarkdownPage } from "@mailroom/docs";
import { describe, expect, it } from "vitest";
import { documented } from "./documented.js";

const condition = (name: string) => ({
  "@type": "exb.StrEndsWith",
  expr1: { "@type": "exv.ArchiveFileRelativePathname" },
  expr2: { "@type": "exv.Value", value: name },
});
const pdf = (name: string, fields: Record<string, unknown>) => ({
  "@type": "box.PDF",
  ...{ name, hidden: false, minElements: 0, maxElements: 1, main: false, parent: null, metadatas: [] },
  ...{ reconcile: null, configuredFiles: [] },
  ...fields,
});

// Two MAIN boxes, an archive two boxes extract from (the later one in the service tried first), an attachment
// of at most one file that a split may cut into many documents, and two channels.
const SERVICE = {
  id: 3,
  type: "PREPROCESSING",
  name: "Flows",
  properties: {
    boxes: [
      pdf("LETTERS", { main: true, maxElements: 10 }),
      pdf("NOTICES", { main: true, maxElements: 10 }),
      { "@type": "box.ARCHIVE", name: "BUNDLE", hidden: false, minElements: 0, maxElements: 1 },
      pdf("TERMS", { parent: { boxName: "BUNDLE", fileMatcher: condition(".pdf"), rank: 2 } }),
      pdf("FORMS", { parent: { boxName: "BUNDLE", fileMatcher: condition("form.pdf"), rank: 1 } }),
      pdf("ANNEX", {
        splitConfig: { "@type": "bsc.PAGE", editable: false, pages: 1 },
        reconcile: { condition: { "@type": "exb.Boolean", value: true }, maxMatches: 2 },
      }),
    ],
    channels: [
      { label: "Mail", outputFilesConfig: [{ name: "MAIN" }] },
      { label: "E-mail", outputFilesConfig: [{ name: "MAIN" }] },
    ],
  },
};

describe("how files flow, as the simulation has it", () => {
  const docs = documented(JSON.stringify(SERVICE), "flows.service.json");
  const box = (name: string) => docs.boxes.find((b) => b.name === name);

  it("counts an attachment's documents, not its files, and says which MAIN boxes it is paired with", () => {
    const annex = box("ANNEX");
    expect(annex?.elements.words).toBe("up to 1 file");
    expect(annex?.reconcile?.expected.words).toBe("any number of documents");
    expect(annex?.reconcile?.matches.words).toBe("up to 2 documents");
    expect(annex?.reconcile?.mains).toEqual(["LETTERS", "NOTICES"]);
    expect(annex?.reconcile?.words).toBe(
      "each document of ANNEX is attached to every MAIN document; the MAIN documents are those of every MAIN box " +
        "(LETTERS, NOTICES), each tried; the job holds any number of documents of ANNEX (counted after the split), " +
        "and each MAIN document gets up to 2 documents of them",
    );
    const markdown = renderMarkdownPage(docs);
    expect(markdown).toContain("**Documents of this box in a job:** any number of documents");
    expect(markdown).not.toMatch(/any number of files|up to 2 files/);
    expect(docs.diagrams.files.mermaid).toContain('|"up to 2 documents per MAIN document"|');
  });

  it("says where an archive's entries go: the first matcher by rank takes one, none takes the rest", () => {
    const entries = box("BUNDLE")?.entries;
    expect(entries?.takers.map((t) => [t.box, t.rank])).toEqual([
      ["FORMS", 1],
      ["TERMS", 2],
    ]);
    expect(entries?.words).toBe(
      "each entry of BUNDLE goes to the first box whose file matcher takes it, tried in this order: FORMS (rank 1), " +
        "TERMS (rank 2); an entry no matcher takes goes to no box (the API does not say more; mailroom's " +
        "simulation lists it as unmatched)",
    );
    expect(box("LETTERS")?.entries).toBeNull();
    expect(renderMarkdownPage(docs)).toContain("an entry no matcher takes goes to no box");
    expect(docs.diagrams.files.mermaid).toMatch(/n\d+ -->\|"no matcher takes it"\| n\d+/);
  });

  it("draws a pack group going to one channel, not to every channel", async () => {
    const { mermaid, dot } = docs.diagrams.files;
    const ids = (pattern: RegExp) => [...mermaid.matchAll(pattern)].map((m) => m[1]);
    const [choice] = ids(/^ {2}(n\d+)\{"each pack group:<br>one channel"\}$/gm);
    const channels = ids(/^ {2}(n\d+)\(\["(?:Mail|E-mail)<br>MAIN"\]\)$/gm);
    const mains = ids(/^ {2}(n\d+)\["(?:LETTERS|NOTICES)<br>/gm);
    expect(choice).toBeDefined();
    expect(channels).toHaveLength(2);
    for (const main of mains) {
      expect(mermaid).toContain(`  ${main} --> ${choice}`);
      for (const channel of channels) expect(mermaid).not.toContain(`  ${main} --> ${channel}`);
    }
    for (const channel of channels) expect(mermaid).toContain(`  ${choice} -->|"one of"| ${channel}`);
    expect(dot).toContain("shape=diamond");
    expect(renderMarkdownPage(docs)).toContain(
      "Each pack group (the API's unit of sending) goes to one of the channels",
    );
    expect(await renderHtmlPage(docs)).toContain("goes to one of the channels, not to each");
  });

  it("says what the API says of the service's type, and that it says no more", () => {
    expect(docs.typeWords).toBe(
      "the API lists this type among SIMPLE_UNIQUE, SIMPLE_MULTIPLE, PREPROCESSING_UNIQUE, PREPROCESSING, " +
        "ADVANCED, and does not say what each means",
    );
    expect(renderMarkdownPage(docs)).toContain("- **Type:** PREPROCESSING (the API lists this type among");
  });
});
