import { indexExpressions, MetadataScope } from "@mailroom/checker";
import type { BoxTarget, EvaluationSources } from "@mailroom/compiler";
import { type JavaDates, loadJavaDates } from "@mailroom/java";
import type { BooleanExpression, InflatedBox, Service, ValueExpression } from "@mailroom/model";
import type { PathSegment } from "@mailroom/syntax";
import { type Evaluation, evaluateExpression, Unavailable } from "./evaluate.js";
import { inPoints, type Job, type JobDocument } from "./job.js";
import { unitProperty } from "./organizational-unit.js";
import { parseExtractionParameters } from "./pdf/index.js";

/** A metadata that has no value: why, and where (a JSON path into the service). */
export interface MetadataProblem {
  readonly problem: string;
  readonly path: readonly PathSegment[];
}

/** The metadata of one document, in the box's order: each value, or why it has none. */
export interface DocumentMetadata {
  readonly document: JobDocument;
  readonly metadata: ReadonlyMap<string, { readonly value: string } | MetadataProblem>;
}

/**
 * Evaluates the metadata of the documents of a job, each in dependency order: a metadata read by another is
 * evaluated first (once), a cycle is a problem of each metadata in it. References resolve as the API says: the
 * document's own box first, then the MAIN boxes. A MAIN box's metadata read from an attachment is the one of the
 * MAIN document it is paired with: the candidate of a reconcile condition, then the MAIN document the attachment
 * goes to (`attach`); else the MAIN box's document when the job has only one.
 */
export class JobEvaluation {
  readonly #boxes: readonly InflatedBox[];
  readonly #scope: MetadataScope;
  /** Per document, per MAIN document it is read with ("" for none), per metadata name. */
  readonly #done = new Map<JobDocument, Map<JobDocument | "", Map<string, Evaluation<string>>>>();
  /** The metadata being evaluated, per document: one met again is a cycle. */
  readonly #running = new Map<JobDocument, Set<string>>();
  readonly #attached = new Map<JobDocument, readonly JobDocument[]>();

  private constructor(
    readonly service: Service,
    readonly job: Job,
    readonly dates: JavaDates | undefined,
  ) {
    this.#boxes = service.properties.boxes as InflatedBox[];
    this.#scope = new MetadataScope(service);
  }

  /**
   * The evaluation of a service's metadata on a job. Java's dates take up to a second to load: they are loaded
   * only for a service that reads or writes dates, with the data of the languages it uses only.
   */
  static async of(service: Service, job: Job): Promise<JobEvaluation> {
    const locales = indexExpressions(service)
      .filter(({ node }) => node["@type"] === "exv.DateParse" || node["@type"] === "exv.DateFormat")
      .map(({ node }) => (typeof node.locale === "string" ? node.locale : undefined));
    return new JobEvaluation(service, job, locales.length > 0 ? await loadJavaDates(locales) : undefined);
  }

  /** The same evaluation on other documents (the dates already loaded). */
  on(documents: readonly JobDocument[]): JobEvaluation {
    return new JobEvaluation(this.service, { ...this.job, documents }, this.dates);
  }

  /** The metadata of a document of the job. */
  document(document: JobDocument): DocumentMetadata {
    const results = new Map<string, { readonly value: string } | MetadataProblem>();
    const box = this.#boxIndex(document.box);
    const attached = this.#attached.get(document);
    const main = attached?.length === 1 ? attached[0] : undefined;
    for (const { name } of this.#boxes[box]?.metadatas ?? []) {
      if (results.has(name)) continue;
      const result = this.#metadata(document, name, main);
      results.set(name, result.ok ? { value: result.value } : { problem: result.problem, path: result.path });
    }
    return { document, metadata: results };
  }

  /** Records the MAIN documents an attachment goes to: its MAIN metadata are then read from its only one. */
  attach(document: JobDocument, mains: readonly JobDocument[]): void {
    this.#attached.set(document, mains);
  }

  /** Whether an attachment's reconcile condition pairs it with a MAIN document. */
  pairs(attachment: JobDocument, main: JobDocument): Evaluation<boolean> {
    const box = this.#boxIndex(attachment.box);
    const condition = this.#boxes[box]?.reconcile?.condition as BooleanExpression;
    const result = evaluateExpression(condition, this.#sources(attachment, box, main), this.dates);
    return result.ok
      ? result
      : { ...result, path: ["properties", "boxes", box, "reconcile", "condition", ...result.path] };
  }

  /**
   * Whether a box's file matcher takes a file of an archive: `candidate` is the document it would become. The
   * matcher reads the file's path inside the archive, its name, and what comes with the job; not metadata, which
   * a document has only once extracted.
   */
  matches(candidate: JobDocument, entry: string): Evaluation<boolean> {
    const box = this.#boxIndex(candidate.box);
    const matcher = this.#boxes[box]?.parent?.fileMatcher as BooleanExpression;
    const job = this.#sources(candidate, box, undefined);
    const sources: EvaluationSources = {
      ...job,
      archivePath: () => entry,
      reference: (namespace, identifier) => {
        if (namespace !== "METADATA") return job.reference(namespace, identifier);
        throw new Unavailable(`a file matcher cannot read metadata ${identifier}: the file is not yet a document`);
      },
    };
    const result = evaluateExpression(matcher, sources, this.dates);
    return result.ok
      ? result
      : { ...result, path: ["properties", "boxes", box, "parent", "fileMatcher", ...result.path] };
  }

  #boxIndex(name: string): number {
    return this.#boxes.findIndex((box) => box.name === name);
  }

  /** A metadata of a document's box, read with a MAIN document (or none), evaluated once. */
  #metadata(document: JobDocument, name: string, main: JobDocument | undefined): Evaluation<string> {
    const byMain = this.#done.get(document) ?? new Map<JobDocument | "", Map<string, Evaluation<string>>>();
    this.#done.set(document, byMain);
    const done = byMain.get(main ?? "") ?? new Map<string, Evaluation<string>>();
    byMain.set(main ?? "", done);
    const known = done.get(name);
    if (known) return known;
    const box = this.#boxIndex(document.box);
    const index = this.#boxes[box]?.metadatas.findIndex((m) => m.name === name) ?? -1;
    const path = ["properties", "boxes", box, "metadatas", index, "content"];
    const running = this.#running.get(document) ?? new Set<string>();
    this.#running.set(document, running);
    if (running.has(name)) return { ok: false, problem: `metadata ${name} depends on itself`, path };
    running.add(name);
    const content = this.#boxes[box]?.metadatas[index]?.content as ValueExpression;
    const result = evaluateExpression(content, this.#sources(document, box, main), this.dates);
    running.delete(name);
    const located: Evaluation<string> = result.ok ? result : { ...result, path: [...path, ...result.path] };
    done.set(name, located);
    return located;
  }

  /** What the expressions of a document's box read, with the MAIN document it is paired with, if any. */
  #sources(document: JobDocument, box: number, main: JobDocument | undefined): EvaluationSources {
    const job = this.job;
    const info = this.#boxes[box] as InflatedBox;
    const stop = (problem: string): never => {
      throw new Unavailable(problem);
    };
    const target = (t: BoxTarget): JobDocument => {
      if (t.fromMain ? info.main : t.boxName === info.name) return document;
      if (t.fromMain && main) return main;
      const read = t.fromMain ? "the MAIN box" : `box ${t.boxName ?? "(none)"}`;
      return stop(`it reads ${read}, and an expression of box ${info.name} reads the document of its own box`);
    };
    const pdf = (t: BoxTarget) => {
      const read = target(t);
      return read.pdf ?? stop(`the file ${read.file} of box ${read.box} is not a PDF`);
    };
    const reference = (namespace: string, identifier: string): string => {
      if (namespace === "METADATA") return this.#reference(document, box, identifier, main);
      // A requirement the job does not give reads as an empty text, as a pack without it has none
      // (docs/evaluation.md): `coalesce(req.X, ...)` then goes on to its next operand.
      if (namespace === "REQUIREMENT") return job.requirements[identifier] ?? "";
      if (namespace === "ORGANIZATIONAL_UNIT") {
        if (job.organizationalUnit === undefined) return stop("no organizational unit is given");
        const value = unitProperty(job.organizationalUnit, identifier);
        return value.ok ? value.value : stop(value.problem);
      }
      if (namespace === "OUTPUT_FILE" && identifier === "NUID") {
        return job.nuid ?? stop("the output file's NUID is not given");
      }
      return stop(`the API knows no reference ${namespace}.${identifier}`);
    };
    // The files of a box, not its documents: a file cut into several documents, or an archive's entry, is one.
    const files = (boxName: string) => [
      ...new Map(
        job.documents.filter((d) => d.box === boxName).map((d) => [`${d.file}\u0000${d.archiveEntry ?? ""}`, d]),
      ).values(),
    ];
    return {
      fileName: (t) => target(t).name,
      positionInBox: (t) => target(t).position,
      pdfText(t, page, area, parameters) {
        const read = parseExtractionParameters(parameters);
        if (!read.ok) return stop(read.problem);
        return pdf(t).textInArea(page, inPoints(area, job.areaUnit), parameters);
      },
      pdfMetadata: (t, name) => pdf(t).metadata(name),
      reference,
      now: () => job.now ?? stop("the job gives no clock (now)"),
      numSheets: () => stop("the number of sheets is known only in a channel-options condition"),
      archivePath: () => stop("the path inside an archive is known only in a file matcher"),
      jobFileName(boxName, index) {
        const given = files(boxName);
        const file = index > 0 ? given[index - 1] : given[given.length + index];
        if (file) return file.name;
        return stop(`box ${boxName} has ${given.length} file(s) in the job: there is no file ${index}`);
      },
    };
  }

  /** A metadata reference from a document: its own box's metadata, else a MAIN box's. */
  #reference(document: JobDocument, box: number, name: string, main: JobDocument | undefined): string {
    const [definition] = this.#scope.resolve(box, name);
    if (!definition) throw new Unavailable(`no metadata ${name} in box ${document.box} or in a MAIN box`);
    let read = document;
    let readWith = main;
    if (definition.box !== box) {
      const mains = this.job.documents.filter((d) => d.box === definition.boxName);
      const only = main?.box === definition.boxName ? main : mains.length === 1 ? mains[0] : undefined;
      if (!only) {
        throw new Unavailable(
          `metadata ${name} is of the MAIN box ${definition.boxName}, which has ${mains.length} documents here, and this document is paired with ${main ? `a document of ${main.box}` : "none of them"}`,
        );
      }
      read = only;
      readWith = undefined;
    }
    const result = this.#metadata(read, name, readWith);
    if (!result.ok) throw new Unavailable(`metadata ${name} has no value: ${result.problem}`);
    return result.value;
  }
}
