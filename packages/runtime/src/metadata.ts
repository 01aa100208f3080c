import { MetadataScope } from "@mailroom/checker";
import type { BoxTarget, EvaluationSources } from "@mailroom/compiler";
import { type JavaDates, loadJavaDates } from "@mailroom/java";
import type { InflatedBox, Service, ValueExpression } from "@mailroom/model";
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
 * document's own box first, then the MAIN boxes, whose document must then be the only one of its box (which MAIN
 * document an attachment goes with is the reconcile's to say).
 */
export class JobEvaluation {
  readonly #boxes: readonly InflatedBox[];
  readonly #scope: MetadataScope;
  readonly #done = new Map<JobDocument, Map<string, Evaluation<string>>>();
  readonly #running = new Set<string>();

  private constructor(
    readonly service: Service,
    readonly job: Job,
    readonly dates: JavaDates | undefined,
  ) {
    this.#boxes = service.properties.boxes as InflatedBox[];
    this.#scope = new MetadataScope(service);
  }

  /**
   * The evaluation of a service's metadata on a job. Java's dates take about a second to load: they are loaded
   * only for a service that reads or writes dates.
   */
  static async of(service: Service, job: Job): Promise<JobEvaluation> {
    const text = JSON.stringify(service);
    const dated = text.includes('"exv.DateParse"') || text.includes('"exv.DateFormat"');
    return new JobEvaluation(service, job, dated ? await loadJavaDates() : undefined);
  }

  /** The metadata of a document of the job. */
  document(document: JobDocument): DocumentMetadata {
    const results = new Map<string, { readonly value: string } | MetadataProblem>();
    const box = this.#boxIndex(document.box);
    for (const { name } of this.#boxes[box]?.metadatas ?? []) {
      if (results.has(name)) continue;
      const result = this.#metadata(document, name);
      results.set(name, result.ok ? { value: result.value } : { problem: result.problem, path: result.path });
    }
    return { document, metadata: results };
  }

  #boxIndex(name: string): number {
    return this.#boxes.findIndex((box) => box.name === name);
  }

  /** A metadata of a document's box, evaluated once. */
  #metadata(document: JobDocument, name: string): Evaluation<string> {
    const done = this.#done.get(document) ?? new Map<string, Evaluation<string>>();
    this.#done.set(document, done);
    const known = done.get(name);
    if (known) return known;
    const box = this.#boxIndex(document.box);
    const index = this.#boxes[box]?.metadatas.findIndex((m) => m.name === name) ?? -1;
    const path = ["properties", "boxes", box, "metadatas", index, "content"];
    const key = `${document.box}\u0000${document.file}\u0000${name}`;
    if (this.#running.has(key)) {
      return { ok: false, problem: `metadata ${name} depends on itself`, path };
    }
    this.#running.add(key);
    const content = this.#boxes[box]?.metadatas[index]?.content as ValueExpression;
    const result = evaluateExpression(content, this.#sources(document, box), this.dates);
    this.#running.delete(key);
    const located: Evaluation<string> = result.ok ? result : { ...result, path: [...path, ...result.path] };
    done.set(name, located);
    return located;
  }

  /** What the expressions of a document's metadata read. */
  #sources(document: JobDocument, box: number): EvaluationSources {
    const job = this.job;
    const info = this.#boxes[box] as InflatedBox;
    const stop = (problem: string): never => {
      throw new Unavailable(problem);
    };
    const target = (t: BoxTarget): JobDocument => {
      if (t.fromMain ? info.main : t.boxName === info.name) return document;
      const read = t.fromMain ? "the MAIN box" : `box ${t.boxName ?? "(none)"}`;
      return stop(`it reads ${read}, and a metadata of box ${info.name} reads the document of its own box`);
    };
    const pdf = (t: BoxTarget) => {
      const read = target(t);
      return read.pdf ?? stop(`the file ${read.file} of box ${read.box} is not a PDF`);
    };
    const reference = (namespace: string, identifier: string): string => {
      if (namespace === "METADATA") return this.#reference(document, box, identifier);
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
    const files = (boxName: string) => job.documents.filter((d) => d.box === boxName);
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
      now: () => job.now,
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
  #reference(document: JobDocument, box: number, name: string): string {
    const [definition] = this.#scope.resolve(box, name);
    if (!definition) throw new Unavailable(`no metadata ${name} in box ${document.box} or in a MAIN box`);
    let read = document;
    if (definition.box !== box) {
      const mains = this.job.documents.filter((d) => d.box === definition.boxName);
      if (mains.length !== 1) {
        throw new Unavailable(
          `metadata ${name} is of the MAIN box ${definition.boxName}, which has ${mains.length} documents here: which one goes with this document is for the reconcile to say`,
        );
      }
      read = mains[0] as JobDocument;
    }
    const result = this.#metadata(read, name);
    if (!result.ok) throw new Unavailable(`metadata ${name} has no value: ${result.problem}`);
    return result.value;
  }
}
