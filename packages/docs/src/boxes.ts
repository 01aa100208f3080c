import { ordinal } from "@mailroom/compiler";
import { ArchiveBox, DataFileBox, PdfBox, RECONCILE_DEFAULTS } from "@mailroom/model";
import { flag, integer, type Json, object, objects, otherFields, text } from "./json.js";
import type { BoxDocs } from "./model.js";
import type { Page } from "./page.js";
import { appositionWords, count, splitWords } from "./words.js";

const KINDS: Readonly<Record<string, string>> = {
  "box.PDF": "PDF",
  "box.DATA_FILE": "data file",
  "box.ARCHIVE": "archive",
};

// The fields the model knows for each type of box; the others are shown as written. A box of no known type has
// every field any type knows.
const KNOWN: Readonly<Record<string, ReadonlySet<string>>> = {
  "box.PDF": new Set(Object.keys(PdfBox.shape)),
  "box.DATA_FILE": new Set(Object.keys(DataFileBox.shape)),
  "box.ARCHIVE": new Set(Object.keys(ArchiveBox.shape)),
};
const ANY_KNOWN = new Set(Object.values(KNOWN).flatMap((fields) => [...fields]));

/** The box at `index` of the page's service: what it is, its split, appositions, extraction and reconcile. */
export function documentBox(page: Page, index: number): BoxDocs {
  const box = page.boxes[index] as Json;
  const name = box.name as string;
  const type = text(box["@type"]) ?? "";
  const parent = object(box.parent);
  const reconcile = object(box.reconcile);
  const split = object(box.splitConfig);
  return {
    name,
    anchor: page.boxAnchorAt(index),
    type,
    kind: KINDS[type] ?? type,
    role: type === "box.ARCHIVE" ? "archive" : box.main === true ? "main" : "attachment",
    label: text(box.label) ?? null,
    hidden: box.hidden === true,
    elements: count(box.minElements, box.maxElements, "file"),
    split: split
      ? { type: text(split["@type"]) ?? "", editable: split.editable === true, words: splitWords(split) }
      : null,
    hasAddressPage: flag(box.hasAddressPage) ?? null,
    integrityPreservable: flag(box.integrityPreservable) ?? null,
    appositions: objects(box.appositions).map((a) => ({
      type: text(a["@type"]) ?? "",
      id: text(a.id) ?? null,
      target: text(a.targetType) ?? "",
      pages: text(a.serializedPageFilter) ?? "",
      background: a.background === true,
      editable: a.editable === true,
      serviceFileId: text(a.serviceFileId) ?? null,
      words: appositionWords(a),
    })),
    configuredFiles: objects(box.configuredFiles).map((f) => ({
      serviceFileId: text(f.serviceFileId) ?? null,
      removable: f.removable === true,
    })),
    extraction: parent ? extraction(page, box, parent) : null,
    entries: type === "box.ARCHIVE" ? entries(page, name) : null,
    reconcile: reconcile ? reconciled(page, box, reconcile) : null,
    metadata: objects(box.metadatas).flatMap((entry, m) => {
      const anchor = page.metadataAnchor(index, m);
      return anchor === undefined ? [] : [{ name: entry.name as string, anchor }];
    }),
    otherFields: otherFields(page.writtenBoxes[index] as Json, KNOWN[type] ?? ANY_KNOWN),
  };
}

function extraction(page: Page, box: Json, parent: Json): NonNullable<BoxDocs["extraction"]> {
  const archive = text(parent.boxName) ?? "";
  const rank = integer(parent.rank) ?? 0;
  const matcher = page.explained(parent.fileMatcher, "condition", box);
  const words = `files of the archive ${archive} for which ${matcher.words}, tried ${ordinal(rank)}`;
  return { archive, archiveAnchor: page.boxAnchor(archive), rank, matcher, words };
}

/**
 * Where an archive's entries go: each to the first box whose file matcher takes it, the boxes tried by rank
 * (equal ranks in the service's order), as the simulation does. The API does not say what becomes of an entry no
 * matcher takes; the simulation puts it in no box and goes on, and the page says just that.
 */
function entries(page: Page, archive: string): NonNullable<BoxDocs["entries"]> {
  const takers = page.boxes
    .flatMap((box, index) => {
      const parent = object(box.parent);
      return parent && text(parent.boxName) === archive
        ? [{ box: box.name as string, anchor: page.boxAnchorAt(index), rank: integer(parent.rank) ?? 0 }]
        : [];
    })
    .sort((a, b) => a.rank - b.rank);
  const order = takers.map((t) => `${t.box} (rank ${t.rank})`).join(", ");
  const words =
    takers.length === 0
      ? `no box extracts from ${archive}: its entries go to no box`
      : `each entry of ${archive} goes to the first box whose file matcher takes it, tried in this order: ${order}; ` +
        "an entry no matcher takes goes to no box (the API does not say more; mailroom's simulation lists it as unmatched)";
  return { takers, words };
}

function reconciled(page: Page, box: Json, reconcile: Json): NonNullable<BoxDocs["reconcile"]> {
  const name = box.name as string;
  const d = RECONCILE_DEFAULTS;
  // The platform pairs documents: a PDF box's files are counted once split.
  const expected = count(reconcile.minExpected ?? d.minExpected, reconcile.maxExpected ?? d.maxExpected, "document");
  const matches = count(reconcile.minMatches ?? d.minMatches, reconcile.maxMatches ?? d.maxMatches, "document");
  const condition = page.explained(reconcile.condition, "condition", box);
  const which = object(reconcile.condition);
  const mains = page.boxes.filter((b) => b["@type"] !== "box.ARCHIVE" && b.main === true).map((b) => b.name as string);
  // A constant condition reads better said plainly.
  const attached =
    which?.["@type"] === "exb.Boolean"
      ? which.value === true
        ? `each document of ${name} is attached to every MAIN document`
        : `no document of ${name} is ever attached to a MAIN document`
      : `each document of ${name} is attached to the MAIN documents for which ${condition.words}`;
  const among =
    mains.length === 0
      ? "the service has no MAIN box, so there is no MAIN document"
      : mains.length === 1
        ? `the MAIN documents are those of box ${mains[0]}`
        : `the MAIN documents are those of every MAIN box (${mains.join(", ")}), each tried`;
  const split = box["@type"] === "box.PDF" ? " (counted after the split)" : "";
  const words = `${attached}; ${among}; the job holds ${expected.words} of ${name}${split}, and each MAIN document gets ${matches.words} of them`;
  return { condition, expected, matches, mains, words };
}
