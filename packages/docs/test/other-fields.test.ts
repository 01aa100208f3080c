import { renderHtmlPage, renderJson, renderMarkdownPage } from "@mailroom/docs";
import { describe, expect, it } from "vitest";
import { documented } from "./documented.js";

// A service carrying fields the API's documentation does not show, on each kind of box and on a channel, its
// output files and its options (written as a map rather than a list), and one nobody knows.
const SERVICE = {
  id: 9,
  type: "SIMPLE_UNIQUE",
  name: "Carries more",
  properties: {
    boxes: [
      {
        "@type": "box.PDF",
        ...{ name: "LETTERS", hidden: false, minElements: 1, maxElements: 1, main: true, parent: null },
        ...{ metadatas: [], reconcile: null, configuredFiles: [] },
        "x-reviewed-by": "Camille",
      },
      {
        "@type": "box.DATA_FILE",
        ...{ name: "DATA", hidden: false, minElements: 0, maxElements: 1, main: false, metadatas: [] },
        ...{ reconcile: null, configuredFiles: [], parent: null },
        format: "JSON",
        jsonPath: "$.letters[*]",
        encoding: "ISO-8859-15",
      },
      {
        "@type": "box.ARCHIVE",
        ...{ name: "BUNDLE", hidden: false, minElements: 0, maxElements: 1 },
        acceptedExtensions: ["zip", "7z"],
        maxEntries: 250,
      },
    ],
    channels: [
      {
        label: "Courrier",
        outputFilesConfig: [{ name: "MAIN", sourceBoxes: ["LETTERS", "DATA"] }],
        options: { printMode: ["1SIDE", "2SIDE"] },
        cutOffTime: "16:30",
        deliveryProvider: { code: "POST-FR", priority: 2 },
      },
    ],
  },
};

const EXPECTED = [
  ["x-reviewed-by", "Camille"],
  ["format", "JSON"],
  ["jsonPath", "$.letters[*]"],
  ["encoding", "ISO-8859-15"],
  ["acceptedExtensions", '["zip","7z"]'],
  ["maxEntries", "250"],
  ["cutOffTime", "16:30"],
  ["deliveryProvider", '{"code":"POST-FR","priority":2}'],
  ["outputFilesConfig[0].sourceBoxes", '["LETTERS","DATA"]'],
  ["options", '{"printMode":["1SIDE","2SIDE"]}'],
];

describe("fields the page does not read", () => {
  const docs = documented(JSON.stringify(SERVICE), "carries.service.json");

  it("are in the model, each where it is and as written", () => {
    const found = [...docs.boxes.flatMap((b) => b.otherFields), ...docs.channels.flatMap((c) => c.otherFields)];
    expect(found.map((f) => [f.field, f.value]).sort()).toEqual([...EXPECTED].sort());
    expect(docs.boxes.map((b) => b.otherFields.map((f) => f.field))).toEqual([
      ["x-reviewed-by"],
      ["format", "jsonPath", "encoding"],
      ["acceptedExtensions", "maxEntries"],
    ]);
    // Options it cannot read as a list are not said to be none: they are shown whole.
    expect(docs.channels[0]?.options).toEqual([]);
  });

  it("are shown in Markdown, HTML and JSON", async () => {
    const markdown = renderMarkdownPage(docs);
    const html = await renderHtmlPage(docs);
    const json = JSON.parse(renderJson(docs));
    for (const [field, value] of EXPECTED as [string, string][]) {
      expect.soft(markdown, field).toContain(`\`${field}\`: \`${value}\``);
      const escaped = (s: string) => s.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
      expect
        .soft(html, field)
        .toContain(`<td><code>${escaped(field)}</code></td><td><code>${escaped(value)}</code></td>`);
      const all = [...json.boxes, ...json.channels].flatMap((o: { otherFields: unknown[] }) => o.otherFields);
      expect.soft(all, field).toContainEqual({ field, value });
    }
    expect(markdown).not.toContain("No option");
    expect(html).not.toContain("No option");
  });
});
