import { indexExpressions } from "@mailroom/checker";
import type { InflatedBox, Service } from "@mailroom/model";

/**
 * Per PDF box, which pages of a file loaded for it are read: every page for a split on a text area (each is
 * tried as a mark); otherwise the pages its documents are read at by some `pdfText` (1, 2, -1...: a document's
 * own pages), placed in each document the split cuts. Loading a PDF reads only those: an annex whose text nothing
 * reads costs its opening only.
 */
export function pagesRead(service: Service): (box: string) => (page: number, count: number) => boolean {
  const boxes = service.properties.boxes;
  const mains = boxes.filter((box) => box["@type"] !== "box.ARCHIVE" && (box as InflatedBox).main).map((b) => b.name);
  const read = new Map<string, Set<number>>();
  for (const { node } of indexExpressions(service)) {
    if (node["@type"] !== "exv.PdfText") continue;
    // `fromMain` reads the MAIN document paired with the expression's box: any MAIN box may be it.
    const targets = node.fromMain === true ? mains : [String(node.boxName)];
    for (const target of targets) {
      const pages = read.get(target) ?? new Set<number>();
      pages.add(Number(node.page));
      read.set(target, pages);
    }
  }
  return (name) => {
    const box = boxes.find((b) => b.name === name);
    const split = box?.["@type"] === "box.PDF" ? box.splitConfig : undefined;
    if (split?.["@type"] === "bsc.PDF_AREA") return () => true;
    const pages = read.get(name) ?? new Set<number>();
    return (page, count) => {
      const length = split?.["@type"] === "bsc.PAGE" && split.pages >= 1 ? split.pages : count;
      const own = ((page - 1) % length) + 1;
      return pages.has(own) || pages.has(own - length - 1);
    };
  };
}
