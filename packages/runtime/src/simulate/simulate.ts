import { open } from "node:fs/promises";
import { basename } from "node:path";
import type { InflatedBox, Service } from "@mailroom/model";
import { nearest } from "@mailroom/syntax";
import type { JobDocument } from "../job.js";
import { JobEvaluation } from "../metadata.js";
import type { DocumentOutcome, JobInput, Simulation, UnmatchedEntry, Violation } from "../outcome.js";
import { loadPdf } from "../pdf/index.js";
import { readArchive } from "./archive.js";
import { DEFAULT_LIMITS, type Limits } from "./limits.js";
import { pagesRead } from "./pages-read.js";
import { countWords, outOf, reconcile } from "./reconcile.js";
import { cut, PageRange } from "./split.js";

/** A file a box receives: given for it, or an archive's entry a file matcher of the box took. */
interface BoxFile {
  readonly box: string;
  readonly file: string;
  readonly entry?: string;
  readonly bytes: Uint8Array;
}

class InputError extends Error {
  constructor(
    readonly box: string,
    readonly file: string,
    readonly problem: string,
    readonly entry?: string,
  ) {
    super(problem);
  }
}

const reason = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return "no such file";
  if (code === "EISDIR") return "it is a directory";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  return error instanceof Error ? error.message : String(error);
};

/** A file's bytes, refused past the limit before it is read. */
async function readBounded(box: string, path: string, limits: Limits): Promise<Uint8Array> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(path, "r");
    const { size, isFile } = await handle.stat().then((s) => ({ size: s.size, isFile: s.isFile() }));
    if (!isFile) throw new InputError(box, path, "it is not a file");
    if (size > limits.fileBytes) {
      throw new InputError(box, path, `it is larger than ${limits.fileBytes / (1024 * 1024)} MiB`);
    }
    return new Uint8Array(await handle.readFile());
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(box, path, reason(error));
  } finally {
    await handle?.close();
  }
}

/**
 * Runs a job offline as the platform would: the files given are read (an archive box's ZIP files extracted into
 * the boxes whose file matcher takes each entry, tried by rank), the PDFs cut by their box's split, every
 * metadata of every document evaluated, each attachment paired with the MAIN documents its reconcile condition
 * holds for, and the counts checked. A file that cannot be read as what its box takes stops the simulation,
 * named; what the platform would refuse or mishandle is a violation of the outcome. docs/evaluation.md says how
 * each step is understood where the API is silent.
 */
export async function simulateJob(service: Service, input: JobInput, limits = DEFAULT_LIMITS): Promise<Simulation> {
  try {
    return { ok: true, outcome: await run(service, input, limits) };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const { box, file, entry, problem } = error;
    return { ok: false, box, file, problem, ...(entry !== undefined && { entry }) };
  }
}

async function run(service: Service, input: JobInput, limits: Limits) {
  const boxes = service.properties.boxes;
  const byName = new Map(boxes.map((box) => [box.name, box]));
  const violations: Violation[] = [];
  const unmatched: UnmatchedEntry[] = [];
  const base = await JobEvaluation.of(service, { ...input, documents: [] });

  // The files each box receives, in the order given; an archive's entries where the archive is given.
  const received = new Map<string, BoxFile[]>(boxes.map((box) => [box.name, []]));
  const receive = (file: BoxFile) => received.get(file.box)?.push(file);
  for (const [boxName, path] of input.files) {
    const box = byName.get(boxName);
    if (!box) {
      const names = boxes.map((b) => b.name);
      const guess = nearest(boxName, names);
      const hint = guess === undefined ? "" : `; did you mean "${guess}"?`;
      throw new InputError(
        boxName,
        path,
        `the service has no box "${boxName}" (its boxes: ${names.join(", ")})${hint}`,
      );
    }
    const bytes = await readBounded(boxName, path, limits);
    receive({ box: boxName, file: path, bytes });
    if (box["@type"] !== "box.ARCHIVE") continue;
    const archive = readArchive(bytes, limits);
    if (!archive.ok) throw new InputError(boxName, path, archive.problem);
    const takers = boxes
      .filter((b): b is InflatedBox => b["@type"] !== "box.ARCHIVE" && (b as InflatedBox).parent?.boxName === boxName)
      .map((b, order) => ({ box: b, order }))
      .sort((a, b) => (a.box.parent?.rank ?? 0) - (b.box.parent?.rank ?? 0) || a.order - b.order)
      .map(({ box: b }) => b);
    for (const entry of archive.entries) {
      const taker = takers.find((b) => {
        const candidate = {
          box: b.name,
          file: path,
          archiveEntry: entry.path,
          name: basename(entry.path),
          position: 0,
        };
        const taken = base.matches(candidate, entry.path);
        if (taken.ok) return taken.value;
        violations.push({
          code: "cannot-evaluate",
          box: b.name,
          file: path,
          message: `the file matcher of ${b.name} cannot be evaluated on ${entry.path}: ${taken.problem}`,
        });
        return false;
      });
      if (taker) receive({ box: taker.name, file: path, entry: entry.path, bytes: entry.bytes });
      else unmatched.push({ archive: path, entry: entry.path });
    }
  }

  for (const box of boxes) {
    const count = received.get(box.name)?.length ?? 0;
    if (outOf(count, box.minElements, box.maxElements)) {
      // The files stored with the service are on the platform only: a job given offline needs a stand-in.
      const stored = box["@type"] === "box.ARCHIVE" ? 0 : ((box as InflatedBox).configuredFiles?.length ?? 0);
      const hint =
        stored > 0 && count === 0
          ? ` (its ${stored} stored file(s) are on the platform: give a file standing for each)`
          : "";
      violations.push({
        code: "element-count",
        box: box.name,
        message: `${box.name} takes ${countWords(box.minElements, box.maxElements)} file(s); the job gives it ${count}${hint}`,
      });
    }
  }

  // Each file, one document or, in a PDF box, the documents its split cuts.
  const documents: JobDocument[] = [];
  const pages = pagesRead(service);
  for (const box of boxes) {
    if (box["@type"] === "box.ARCHIVE") continue;
    let position = 0;
    for (const file of received.get(box.name) ?? []) {
      const document = {
        box: box.name,
        file: file.file,
        ...(file.entry !== undefined && { archiveEntry: file.entry }),
        name: basename(file.entry ?? file.file),
      };
      if (box["@type"] !== "box.PDF") {
        documents.push({ ...document, position: ++position });
        continue;
      }
      const loaded = await loadPdf(file.bytes, pages(box.name));
      if (!loaded.ok) throw new InputError(box.name, file.file, loaded.problem, file.entry);
      const cuts = cut(loaded.pdf, box.splitConfig, input.areaUnit);
      const where = file.entry === undefined ? file.file : `${file.file} (${file.entry})`;
      if (!cuts.ok) {
        violations.push({
          code: "invalid-split",
          box: box.name,
          file: file.file,
          message: `${where}: ${cuts.problem}`,
        });
        continue;
      }
      if (cuts.unmarked) {
        violations.push({
          code: "unmarked-pages",
          box: box.name,
          file: file.file,
          message: `${where}: ${cuts.unmarked}`,
        });
      }
      for (const [first, last] of cuts.ranges) {
        const pdf = new PageRange(loaded.pdf, first, last);
        documents.push({ ...document, position: ++position, pages: [first, last], pdf });
      }
    }
  }

  const evaluation = base.on(documents);
  const attached = reconcile(service, documents, evaluation, violations);
  const outcomes: DocumentOutcome[] = documents.map((document) => {
    const { metadata } = evaluation.document(document);
    const mains = attached.get(document);
    return { document, metadata, ...(mains && { attachedTo: mains }) };
  });
  return { documents: outcomes, unmatched, violations };
}
