import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import type { Service } from "@mailroom/model";
import type { JobDocument } from "./job.js";
import { loadPdf } from "./pdf/index.js";

/** The documents of a job, or the first file that cannot be one, and why. */
export type LoadedDocuments =
  | { readonly ok: true; readonly documents: JobDocument[] }
  | { readonly ok: false; readonly box: string; readonly file: string; readonly problem: string };

const reason = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return "no such file";
  if (code === "EISDIR") return "it is a directory";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  return error instanceof Error ? error.message : String(error);
};

/**
 * One document per file given for a box, numbered in its box in the order given; the file of a PDF box read as a
 * PDF. A box the service does not have, an archive box (its entries go to other boxes), a file that cannot be read
 * or a PDF that cannot be parsed stops here, named.
 */
export async function loadDocuments(
  service: Service,
  files: readonly (readonly [box: string, file: string])[],
): Promise<LoadedDocuments> {
  const boxes = new Map(service.properties.boxes.map((box) => [box.name, box]));
  const documents: JobDocument[] = [];
  for (const [box, file] of files) {
    const fail = (problem: string): LoadedDocuments => ({ ok: false, box, file, problem });
    const found = boxes.get(box);
    if (!found) return fail(`the service has no box "${box}"; its boxes: ${[...boxes.keys()].join(", ")}`);
    if (found["@type"] === "box.ARCHIVE") {
      return fail(`${box} is an archive box; give the files it holds to the boxes that take them`);
    }
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await readFile(file));
    } catch (error) {
      return fail(reason(error));
    }
    const document = { box, file, name: basename(file), position: documents.filter((d) => d.box === box).length + 1 };
    if (found["@type"] !== "box.PDF") {
      documents.push(document);
      continue;
    }
    const loaded = await loadPdf(bytes);
    if (!loaded.ok) return fail(loaded.problem);
    documents.push({ ...document, pdf: loaded.pdf });
  }
  return { ok: true, documents };
}
