import { indexExpressions } from "@mailroom/checker";
import type { SourceDocument } from "@mailroom/compiler";
import type { PartNameForm } from "@mailroom/model";
import { SERVICE_TYPES } from "@mailroom/model";
import { type Diagnostic, LineIndex } from "@mailroom/syntax";
import { Anchors } from "./anchors.js";
import { documentBox } from "./boxes.js";
import { callDocs } from "./call.js";
import { documentChannels } from "./channels.js";
import { flowDiagrams } from "./flow.js";
import { integer, type Json, object, objects, text } from "./json.js";
import { linkMetadata } from "./links.js";
import {
  DOCS_MODEL_VERSION,
  type Finding,
  type IndexDocs,
  type MetadataDocs,
  type ServiceDocs,
  type WorkedExampleDocs,
} from "./model.js";
import { Page } from "./page.js";

/** A file read and checked, as the command line hands it over. */
export interface CheckedFile {
  /** The path as shown to the user. */
  readonly file: string;
  /** The text read (empty when the file could not be read), for the findings' lines and columns. */
  readonly text: string;
  /** The file compiled or parsed; undefined when it could not be read. */
  readonly document?: SourceDocument | undefined;
  readonly diagnostics: readonly Diagnostic[];
  /** The worked example of the file's service (`workedExample`), for a file holding one service. */
  readonly workedExample?: WorkedExampleDocs | null;
}

/** `examples/payslips.service.yaml` -> `payslips`. */
const stem = (file: string): string =>
  (file.split(/[\\/]/).pop() ?? file).replace(/(\.service)?\.(ya?ml|json)$/i, "") || "service";

/**
 * The documentation of every service of the files given, with the index of them all. Each file gives one page
 * per service it holds, or one page of findings when it holds none, so that nothing is left out silently. Page
 * names (slugs) come from the file names, made unique in the order given.
 */
export function documentServices(
  files: readonly CheckedFile[],
  options: { readonly partNames?: PartNameForm } = {},
): { services: ServiceDocs[]; index: IndexDocs } {
  const slugs = new Anchors(["index"]);
  const services: ServiceDocs[] = [];
  for (const file of files) {
    const held = file.document?.services ?? [];
    const findings = toFindings(file);
    if (held.length === 0) {
      services.push(documentService(undefined, file, findings, slugs.take(stem(file.file)), null, options.partNames));
      continue;
    }
    held.forEach((service, i) => {
      const name = held.length === 1 ? stem(file.file) : `${stem(file.file)}-${i + 1}`;
      const example = held.length === 1 ? (file.workedExample ?? null) : null;
      services.push(documentService(service.json, file, findings, slugs.take(name), example, options.partNames));
    });
  }
  const index: IndexDocs = {
    version: DOCS_MODEL_VERSION,
    services: services.map((s) => ({
      slug: s.slug,
      name: s.name,
      id: s.id,
      type: s.type,
      file: s.file,
      description: s.description,
      errors: s.errors,
      warnings: s.warnings,
    })),
  };
  return { services, index };
}

function toFindings(file: CheckedFile): Finding[] {
  const lines = new LineIndex(file.text);
  return file.diagnostics.map((d) => {
    const { line, column } = lines.position(d.span.offset);
    return { code: d.code, severity: d.severity, message: d.message, line, column };
  });
}

/** One service's page. `json` undefined: the file held no service (it could not be read or parsed). */
function documentService(
  json: unknown,
  file: CheckedFile,
  findings: Finding[],
  slug: string,
  workedExample: WorkedExampleDocs | null,
  partNames: PartNameForm | undefined,
): ServiceDocs {
  const page = new Page(json);
  const root = object(json) ?? {};
  const properties = object(root.properties) ?? {};
  const expressions = indexExpressions(page.service);
  const links = linkMetadata(page, expressions);
  const metadata: MetadataDocs[] = [];
  page.boxes.forEach((box, b) => {
    objects(box.metadatas).forEach((entry, m) => {
      const anchor = page.metadataAnchor(b, m);
      // A second metadata of the same name is the linter's error; references reach the first.
      if (anchor === undefined) return;
      metadata.push({
        box: box.name as string,
        name: entry.name as string,
        anchor,
        content: page.explained(entry.content, "value", box),
        persist: entry.persist === true,
        editable: entry.editable === true,
        reads: links.reads.get(`${b}/${m}`) ?? [],
        usedBy: links.uses.get(`${b}/${m}`) ?? [],
      });
    });
  });
  const color = object(properties.iconColor);
  const iconName = text(properties.iconName) ?? null;
  const ou = object(root.organizationalUnit);
  const docs = {
    version: DOCS_MODEL_VERSION,
    file: file.file.replaceAll("\\", "/"),
    format: file.document?.format ?? (/\.json$/i.test(file.file) ? "json" : "dsl"),
    slug,
    id: integer(root.id) ?? null,
    name: text(root.name) ?? stem(file.file),
    type: text(root.type) ?? null,
    typeWords: typeWords(text(root.type)),
    organizationalUnit: ou ? { id: integer(ou.id) ?? null, name: text(ou.name) ?? null } : null,
    description: text(properties.description) ?? null,
    icon: color || iconName ? { name: iconName, color: color ? rgba(color) : null } : null,
    findings,
    errors: findings.filter((f) => f.severity === "error").length,
    warnings: findings.filter((f) => f.severity === "warning").length,
    boxes: page.boxes.map((_, b) => documentBox(page, b)),
    metadata,
    channels: documentChannels(page),
  } as const;
  const sources = { boxes: page.boxes, channels: objects(page.service.properties.channels) };
  const call = callDocs({ ...docs, workedExample }, sources, expressions, partNames);
  return { ...docs, call, diagrams: flowDiagrams(docs), workedExample };
}

/** The API lists the service types and says nothing of what each means: the page says so rather than guess. */
function typeWords(type: string | undefined): string | null {
  if (type === undefined) return null;
  const listed = SERVICE_TYPES.join(", ");
  return (SERVICE_TYPES as readonly string[]).includes(type)
    ? `the API lists this type among ${listed}, and does not say what each means`
    : `not a type the API lists: ${listed}`;
}

const rgba = (c: Json): string => {
  const n = (v: unknown) => (typeof v === "number" ? v : 0);
  return `rgba(${n(c.r)}, ${n(c.g)}, ${n(c.b)}, ${typeof c.a === "number" ? c.a : 1})`;
};
