import { describe, expect, it } from "vitest";
import { indexSymbols, readJsonDocument, type ServiceSource } from "../src/index.js";

const TEXT = JSON.stringify(
  {
    properties: {
      boxes: [
        {
          "@type": "box.PDF",
          name: "LETTERS",
          main: true,
          metadatas: [{ name: "ref" }, { nom: "typo" }],
          configuredFiles: [{ serviceFileId: "f-1" }],
        },
        { "@type": "box.ARCHIVE", name: "ZIP" },
        { "@type": "box.PDF", name: "CHILD", parent: { boxName: "ZIP", rank: 2 } },
        { "@type": "box.PDF" },
      ],
      channels: [{ label: "Post" }, { label: 3 }],
    },
  },
  null,
  2,
);

/** The service of TEXT, counting the locations asked of it. */
function countingService() {
  const service = readJsonDocument("t.service.json", TEXT).services[0] as ServiceSource;
  const counter = {
    calls: 0,
    service: {
      ...service,
      locate(path) {
        counter.calls++;
        return service.locate(path);
      },
    } satisfies ServiceSource,
  };
  return counter;
}

const written = (span: { offset: number; length: number }) => TEXT.slice(span.offset, span.offset + span.length);

describe("indexSymbols", () => {
  it("indexes names without locating anything", () => {
    const counter = countingService();
    const index = indexSymbols(counter.service);
    expect(index.boxes.map((b) => [b.name, b.type, b.main])).toEqual([
      ["LETTERS", "box.PDF", true],
      ["ZIP", "box.ARCHIVE", false],
      ["CHILD", "box.PDF", false],
    ]);
    expect(index.metadata.map((m) => [m.box, m.name])).toEqual([["LETTERS", "ref"]]);
    expect(index.ranks.map((r) => [r.archive, r.rank, r.box])).toEqual([["ZIP", 2, "CHILD"]]);
    expect(index.serviceFiles.map((f) => [f.id, f.box])).toEqual([["f-1", "LETTERS"]]);
    expect(index.channels.map((c) => c.label)).toEqual(["Post"]);
    expect(counter.calls).toBe(0);
  });

  it("locates a span where the name is written, on first read, once", () => {
    const counter = countingService();
    const index = indexSymbols(counter.service);
    const box = index.boxes[2];
    expect(box && written(box.span)).toBe('"CHILD"');
    expect(box?.span).toBe(box?.span);
    expect(counter.calls).toBe(1);
    expect(index.metadata.map((m) => written(m.span))).toEqual(['"ref"']);
    expect(index.ranks.map((r) => written(r.span))).toEqual(["2"]);
    expect(index.serviceFiles.map((f) => written(f.span))).toEqual(['"f-1"']);
    expect(index.channels.map((c) => written(c.span))).toEqual(['"Post"']);
    expect(index.ranks[0]?.path).toEqual(["properties", "boxes", 2, "parent"]);
  });

  it("shows the span as a plain field to whoever compares or copies symbols", () => {
    const { service } = countingService();
    const [channel] = indexSymbols(service).channels;
    expect({ ...channel }).toEqual({
      label: "Post",
      path: ["properties", "channels", 0],
      span: service.locate(["properties", "channels", 0, "label"]).span,
    });
  });
});
