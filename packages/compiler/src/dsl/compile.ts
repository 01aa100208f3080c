import { DEFAULT_OUTPUT_FILE, RECONCILE_DEFAULTS } from "@mailroom/model";
import {
  type ArrayNode,
  type Diagnostic,
  nearest,
  type ObjectNode,
  type PathSegment,
  type PropertyNode,
  parseYaml,
  propertyOf,
  type ScalarNode,
  type Span,
  type SyntaxNode,
  toJson,
  walkPath,
} from "@mailroom/syntax";
import type * as z from "zod";
import { knownKeys } from "../schema-walk.js";
import type { Location, ServiceSource, SourceDocument } from "../source.js";
import { diagnoseAgainst } from "../zod-diagnostics.js";
import { conforms } from "./conforms.js";
import { compileExpression, type ExpressionCache, type ExpressionKind } from "./expressions.js";
import {
  Apposition,
  ArchiveBox,
  Channel,
  ConfiguredFile,
  DataFileBox,
  DslService,
  From,
  HEX_COLOUR_PATTERN,
  Icon,
  MetadataLongForm,
  PdfBox,
  RANGE_PATTERN,
  Reconcile,
} from "./schema.js";
import { SourceMap } from "./source-map.js";

type Json = Record<string, unknown>;
type BoxContext = { readonly name: string; readonly main: boolean };
/** An entry of a named collection: its body (absent for `name:` with nothing) and where its name is written. */
type Entry = { readonly body: SyntaxNode | undefined; readonly keySpan?: Span };
type Path = readonly PathSegment[];

/** DSL keys of PDF boxes; on other boxes they still compile, for the linter to report. */
const PDF_KEYS = ["integrityPreservable", "split", "hasAddressPage", "appositions"] as const;

const BOX_TYPES: Record<string, string> = { pdf: "box.PDF", "data-file": "box.DATA_FILE", archive: "box.ARCHIVE" };
const APPOSITION_TYPES: Record<string, string> = { overlay: "bap.Overlay", image: "bap.Image" };

/** JSON pointer (RFC 6901) of a path. */
export const pointer = (path: Path): string =>
  path.map((segment) => `/${String(segment).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");

const scalar = (node: SyntaxNode | undefined): ScalarNode | undefined => (node?.kind === "scalar" ? node : undefined);

/** The text of a range or count as written: `1..50`, `3`. */
function parseRange(node: SyntaxNode): [number, number] {
  const value = scalar(node)?.value;
  if (typeof value === "number") return [value, value];
  const match = RANGE_PATTERN.exec(String(value));
  const upper = match?.[2] === "*" ? -1 : Number(match?.[2]);
  return [Number(match?.[1]), upper];
}

export interface CompileOptions {
  /**
   * Where to find the expressions of the document's previous version and keep this version's (an editor's
   * recompile on every keystroke); without it, every expression is compiled.
   */
  readonly expressions?: ExpressionCache;
}

/** Compiles one `.service.yaml` text: one service with its source map, or the diagnostics that prevent it. */
export function compileDsl(file: string, text: string, options: CompileOptions = {}): SourceDocument {
  const { root, diagnostics } = parseYaml(text);
  const tree = () => root;
  if (!root || diagnostics.some((d) => d.severity === "error"))
    return { format: "dsl", file, text, diagnostics, services: bestEffort(text, root, options), tree };
  const locateInTree = (path: Path): Location => {
    const trail = walkPath(root, path);
    // biome-ignore lint/style/noNonNullAssertion: a trail always holds at least its start.
    const last = trail.at(-1)!;
    return { span: last.node.span, ...(last.keySpan ? { keySpan: last.keySpan } : {}), depth: trail.length - 1 };
  };
  // zod collects issues on a JSON copy of the file; most files are fine, which a walk of the tree tells sooner.
  const structural = conforms(DslService, root) ? [] : diagnoseAgainst(DslService, toJson(root), locateInTree);
  diagnostics.push(...structural);
  if (structural.some((d) => d.severity === "error"))
    return { format: "dsl", file, text, diagnostics, services: bestEffort(text, root, options), tree };
  return { format: "dsl", file, text, diagnostics, services: [serviceOf(text, root, diagnostics, options)], tree };
}

function serviceOf(text: string, root: SyntaxNode, diagnostics: Diagnostic[], options: CompileOptions): ServiceSource {
  const compiler = new DslCompiler(text, diagnostics, options.expressions);
  const json = compiler.service(root as ObjectNode);
  const map = compiler.sourceMap;
  return { json, path: [], locate: (path) => map.locate(path, root.span) };
}

/**
 * The service of a file with errors, compiled as far as its shape allows, for an editor to keep navigating while
 * one part of the file is wrong; its own findings are dropped (the errors already reported say what is wrong),
 * and a shape it cannot compile gives none. Nothing is checked, built or written from it: every consumer stops
 * at the errors.
 */
function bestEffort(text: string, root: SyntaxNode | undefined, options: CompileOptions): ServiceSource[] {
  if (root?.kind !== "object") return [];
  try {
    return [serviceOf(text, root, [], options)];
  } catch {
    return [];
  }
}

class DslCompiler {
  readonly sourceMap = new SourceMap();

  constructor(
    readonly text: string,
    readonly diagnostics: Diagnostic[],
    readonly expressions: ExpressionCache | undefined,
  ) {}

  /** Records where the JSON at `path` comes from. */
  mark(path: Path, node: SyntaxNode, keySpan?: Span): void {
    this.sourceMap.mark(path, keySpan ? { span: node.span, keySpan } : { span: node.span });
  }

  /** Copies a YAML subtree as plain JSON; the source map keeps the subtree for the positions inside it. */
  raw(path: Path, node: SyntaxNode, keySpan?: Span): unknown {
    this.sourceMap.copy(path, node, keySpan);
    return toJson(node);
  }

  /**
   * Copies the keys of a DSL object that the DSL does not know into its JSON object: fields the spec does not
   * show pass through. A warning names each one (with the nearest known key), except on `open` objects, whose
   * extra fields are expected, where only a likely misspelling is flagged.
   */
  passThrough(
    target: Json,
    node: ObjectNode,
    path: Path,
    schema: z.ZodType | undefined,
    open = false,
    compiled: readonly string[] = [],
  ): void {
    const known = new Set(knownKeys(schema));
    const handled = new Set([...known, ...compiled]);
    for (const property of node.properties) {
      if (handled.has(property.key)) continue;
      const suggestion = nearest(property.key, known);
      if (!open || suggestion) {
        this.diagnostics.push({
          code: "unknown-key",
          severity: "warning",
          message: suggestion
            ? `Unknown key "${property.key}"; did you mean "${suggestion}"? It is passed through to the JSON unchanged.`
            : `Unknown key "${property.key}"; it is passed through to the JSON unchanged. Known keys here: ${[...known].map((k) => `"${k}"`).join(", ")}.`,
          span: property.keySpan,
        });
      }
      target[property.key] = this.raw([...path, property.key], property.value, property.keySpan);
    }
  }

  expression(
    path: Path,
    node: SyntaxNode,
    keySpan: Span | undefined,
    kind: ExpressionKind,
    box: BoxContext | undefined,
  ): unknown {
    // A mapping is the raw JSON form (the DSL schema has checked it carries "@type").
    if (node.kind === "object") return this.raw(path, node, keySpan);
    this.mark(path, node, keySpan);
    const compiled = compileExpression(this.text, node as ScalarNode, kind, box, this.expressions);
    this.diagnostics.push(...compiled.diagnostics);
    this.sourceMap.expression(path, compiled);
    return compiled.value;
  }

  service(node: ObjectNode): Json {
    const get = (key: string) => propertyOf(node, key);
    const json: Json = {};
    this.mark([], node);
    const copy = (key: string, path: Path, target: Json = json) => {
      const property = get(key);
      if (property) target[String(path.at(-1))] = this.raw(path, property.value, property.keySpan);
    };
    copy("id", ["id"]);
    copy("type", ["type"]);
    copy("name", ["name"]);
    copy("organizationalUnit", ["organizationalUnit"]);

    const properties: Json = {};
    const propertiesPath = ["properties"];
    json.properties = properties;
    this.mark(propertiesPath, node);
    copy("description", [...propertiesPath, "description"], properties);
    const icon = get("icon")?.value as ObjectNode | undefined;
    const colour = icon && propertyOf(icon, "color");
    if (colour) properties.iconColor = this.colour([...propertiesPath, "iconColor"], colour);
    const iconName = icon && propertyOf(icon, "name");
    if (iconName) properties.iconName = this.raw([...propertiesPath, "iconName"], iconName.value, iconName.keySpan);
    if (icon) this.passThrough(properties, icon, propertiesPath, Icon);

    properties.boxes = this.named(get("boxes"), [...propertiesPath, "boxes"], "name", (entry, path, name) =>
      this.box(entry, path, name),
    );
    properties.channels = this.named(get("channels"), [...propertiesPath, "channels"], "label", (entry, path, label) =>
      this.channel(entry, path, label),
    );
    const extra = get("properties")?.value;
    if (extra?.kind === "object") {
      for (const property of extra.properties) {
        properties[property.key] = this.raw([...propertiesPath, property.key], property.value, property.keySpan);
      }
    }
    this.passThrough(json, node, [], DslService);
    return json;
  }

  /**
   * A collection written as a map (names as keys, the idiomatic form) or as a list of objects carrying their
   * name (the form that can hold duplicate names, so that any JSON can be written).
   */
  named(
    property: PropertyNode | undefined,
    path: Path,
    nameKey: string,
    compile: (entry: Entry, path: Path, name: { value: string; span: Span }) => Json,
  ): Json[] {
    if (!property) return [];
    this.mark(path, property.value, property.keySpan);
    const node = property.value;
    if (node.kind === "object") {
      return node.properties.map((entry, i) => {
        this.mark([...path, i], entry.value, entry.keySpan);
        // The name is the key itself: its span is where the name is written.
        this.sourceMap.mark([...path, i, nameKey], { span: entry.keySpan, keySpan: entry.keySpan });
        const body = entry.value.kind === "scalar" && entry.value.value === null ? undefined : entry.value;
        return compile({ body, keySpan: entry.keySpan }, [...path, i], { value: entry.key, span: entry.keySpan });
      });
    }
    if (node.kind !== "array") return [];
    return node.items.map((item, i) => {
      const object = item as ObjectNode;
      const name = propertyOf(object, nameKey);
      this.mark([...path, i], item);
      if (name) this.mark([...path, i, nameKey], name.value, name.keySpan);
      const body: ObjectNode = { ...object, properties: object.properties.filter((p) => p.key !== nameKey) };
      const span = name?.value.span ?? item.span;
      return compile({ body }, [...path, i], { value: String(scalar(name?.value)?.value ?? ""), span });
    });
  }

  colour(path: Path, property: PropertyNode): unknown {
    const node = property.value;
    const text = scalar(node)?.value;
    if (typeof text !== "string") return this.raw(path, node, property.keySpan);
    this.mark(path, node, property.keySpan);
    const match = HEX_COLOUR_PATTERN.exec(text);
    const hex = match?.[1] ?? "000000";
    const channel = (i: number) => Number.parseInt(hex.slice(i, i + 2), 16);
    return { r: channel(0), g: channel(2), b: channel(4), a: match?.[2] ? Number.parseInt(match[2], 16) / 255 : 1 };
  }

  box(entry: Entry, path: Path, name: { value: string; span: Span }): Json {
    const body = entry.body as ObjectNode;
    const get = (key: string) => propertyOf(body, key);
    const dslType = String(scalar(get("type")?.value)?.value);
    const json: Json = { "@type": BOX_TYPES[dslType], name: name.value };
    this.mark([...path, "@type"], get("type")?.value ?? body, get("type")?.keySpan);
    const flag = (key: string, jsonKey = key, fallback?: boolean) => {
      const property = get(key);
      if (property) json[jsonKey] = this.raw([...path, jsonKey], property.value, property.keySpan);
      else if (fallback !== undefined) json[jsonKey] = fallback;
    };
    flag("hidden", "hidden", false);
    const elements = get("elements");
    if (elements) {
      const [min, max] = parseRange(elements.value);
      json.minElements = min;
      json.maxElements = max;
      this.mark([...path, "minElements"], elements.value, elements.keySpan);
      this.mark([...path, "maxElements"], elements.value, elements.keySpan);
    }
    flag("label");
    const boxSchema = dslType === "pdf" ? PdfBox : dslType === "archive" ? ArchiveBox : DataFileBox;
    if (dslType !== "archive") {
      const main = scalar(get("main")?.value)?.value === true;
      flag("main", "main", false);
      const context = { name: name.value, main };
      json.parent = this.parent(get("from"), [...path, "parent"], context);
      json.metadatas = this.named(get("metadata"), [...path, "metadatas"], "name", (entry, entryPath, metaName) =>
        this.metadata(entry, entryPath, metaName, context),
      );
      json.reconcile = this.reconcile(get("reconcile"), [...path, "reconcile"], context);
      json.configuredFiles = this.files(get("files"), [...path, "configuredFiles"]);
    }
    // The PDF keys are written into their JSON fields on any box, so that on another box type the same rule
    // reports them in a DSL file as in a JSON file (pdf-only-field).
    flag("integrityPreservable");
    const split = get("split");
    if (split) json.splitConfig = this.split(split, [...path, "splitConfig"]);
    flag("hasAddressPage");
    const appositions = get("appositions");
    if (appositions?.value.kind === "array") json.appositions = this.appositions(appositions, [...path, "appositions"]);
    this.passThrough(json, body, path, boxSchema, dslType !== "pdf", PDF_KEYS);
    return json;
  }

  metadata(entry: Entry, path: Path, name: { value: string; span: Span }, box: BoxContext): Json {
    const json: Json = { name: name.value, persist: false, editable: false };
    const node = entry.body;
    const longForm = node?.kind === "object" && !propertyOf(node, "@type") ? node : undefined;
    if (!longForm) {
      // `name: expression`, or a raw JSON expression.
      if (node) json.content = this.expression([...path, "content"], node, entry.keySpan, "value", box);
      return json;
    }
    for (const key of ["persist", "editable"]) {
      const property = propertyOf(longForm, key);
      if (property) json[key] = this.raw([...path, key], property.value, property.keySpan);
    }
    const value = propertyOf(longForm, "value");
    if (value) json.content = this.expression([...path, "content"], value.value, value.keySpan, "value", box);
    this.passThrough(json, longForm, path, MetadataLongForm);
    return json;
  }

  /** A key whose value is an object or, when absent or null, the JSON `null` (`from`, `reconcile`). */
  objectOrNull(property: PropertyNode | undefined, path: Path): ObjectNode | undefined {
    if (property) this.mark(path, property.value, property.keySpan);
    return property?.value.kind === "object" ? property.value : undefined;
  }

  parent(property: PropertyNode | undefined, path: Path, box: BoxContext): unknown {
    const node = this.objectOrNull(property, path);
    if (!node) return null;
    const json: Json = {};
    const archive = propertyOf(node, "archive");
    if (archive) json.boxName = this.raw([...path, "boxName"], archive.value, archive.keySpan);
    const match = propertyOf(node, "match");
    if (match)
      json.fileMatcher = this.expression([...path, "fileMatcher"], match.value, match.keySpan, "condition", box);
    const rank = propertyOf(node, "rank");
    if (rank) json.rank = this.raw([...path, "rank"], rank.value, rank.keySpan);
    this.passThrough(json, node, path, From);
    return json;
  }

  reconcile(property: PropertyNode | undefined, path: Path, box: BoxContext): unknown {
    const node = this.objectOrNull(property, path);
    if (!node) return null;
    const json: Json = {};
    const when = propertyOf(node, "when");
    if (when) json.condition = this.expression([...path, "condition"], when.value, when.keySpan, "condition", box);
    const counts = (key: string, minKey: string, maxKey: string, defaults: [number, number]) => {
      const range = propertyOf(node, key);
      const [min, max] = range ? parseRange(range.value) : defaults;
      json[minKey] = min;
      json[maxKey] = max;
      if (range) {
        this.mark([...path, minKey], range.value, range.keySpan);
        this.mark([...path, maxKey], range.value, range.keySpan);
      }
    };
    counts("expected", "minExpected", "maxExpected", [RECONCILE_DEFAULTS.minExpected, RECONCILE_DEFAULTS.maxExpected]);
    counts("matches", "minMatches", "maxMatches", [RECONCILE_DEFAULTS.minMatches, RECONCILE_DEFAULTS.maxMatches]);
    this.passThrough(json, node, path, Reconcile);
    return json;
  }

  files(property: PropertyNode | undefined, path: Path): Json[] {
    if (property?.value.kind !== "array") return [];
    this.mark(path, property.value, property.keySpan);
    return property.value.items.map((item, i) => {
      const node = item as ObjectNode;
      this.mark([...path, i], node);
      const id = propertyOf(node, "id");
      const json: Json = {
        serviceFileId: id ? this.raw([...path, i, "serviceFileId"], id.value, id.keySpan) : null,
      };
      const removable = propertyOf(node, "removable");
      if (removable) json.removable = this.raw([...path, i, "removable"], removable.value, removable.keySpan);
      this.passThrough(json, node, [...path, i], ConfiguredFile);
      return json;
    });
  }

  split(property: PropertyNode, path: Path): unknown {
    const node = property.value;
    if (node.kind !== "object" || propertyOf(node, "@type")) {
      if (node.kind === "object") return this.raw(path, node, property.keySpan);
      this.mark(path, node, property.keySpan);
      return { "@type": "bsc.NONE", editable: false };
    }
    this.mark(path, node, property.keySpan);
    const get = (key: string) => propertyOf(node, key);
    const declared = scalar(get("type")?.value)?.value;
    const kind = declared ?? (get("area") ? "area" : get("pages") ? "pages" : "none");
    const type = kind === "area" ? "bsc.PDF_AREA" : kind === "pages" ? "bsc.PAGE" : "bsc.NONE";
    const json: Json = { "@type": type, editable: false };
    const editable = get("editable");
    if (editable) json.editable = this.raw([...path, "editable"], editable.value, editable.keySpan);
    const need = (key: string, what: string) => {
      const found = get(key);
      if (!found) {
        this.diagnostics.push({
          code: "missing-field",
          severity: "error",
          message: `Missing key "${key}" in a split by ${kind}; expected ${what}.`,
          span: property.keySpan,
        });
      }
      return found;
    };
    const used = new Set(["type", "editable"]);
    if (kind === "pages") {
      const pages = need("pages", "the number of pages per document");
      if (pages) json.pages = this.raw([...path, "pages"], pages.value, pages.keySpan);
      used.add("pages");
    } else if (kind === "area") {
      const area = need("area", "[left, top, width, height]");
      if (area) {
        const [left, top, width, height] = toJson(area.value) as number[];
        json.area = { left, top, width, height };
        this.mark([...path, "area"], area.value, area.keySpan);
        (area.value as ArrayNode).items.forEach((item, i) => {
          this.mark([...path, "area", ["left", "top", "width", "height"][i] ?? i], item);
        });
      }
      const value = need("value", "the text that marks a document boundary");
      if (value) json.value = this.raw([...path, "value"], value.value, value.keySpan);
      const page = need("page", "first or last");
      if (page) {
        const written = scalar(page.value)?.value;
        json.pages = written === "first" ? 1 : written === "last" ? -1 : written;
        this.mark([...path, "pages"], page.value, page.keySpan);
      }
      const params = get("params");
      if (params) json.extractionParameters = this.raw([...path, "extractionParameters"], params.value, params.keySpan);
      for (const key of ["area", "value", "page", "params"]) used.add(key);
    }
    // Keys of another kind of split pass through like unknown keys, with a warning.
    for (const key of node.properties) {
      if (used.has(key.key)) continue;
      this.diagnostics.push({
        code: "unknown-key",
        severity: "warning",
        message: `Key "${key.key}" does not apply to a split by ${kind}; it is passed through to the JSON unchanged.`,
        span: key.keySpan,
      });
      json[key.key] = this.raw([...path, key.key], key.value, key.keySpan);
    }
    return json;
  }

  appositions(property: PropertyNode, path: Path): unknown[] {
    this.mark(path, property.value, property.keySpan);
    return (property.value as ArrayNode).items.map((item, i) => {
      const node = item as ObjectNode;
      const itemPath = [...path, i];
      if (propertyOf(node, "@type")) return this.raw(itemPath, node);
      this.mark(itemPath, node);
      const get = (key: string) => propertyOf(node, key);
      const type = get("type");
      const json: Json = { "@type": APPOSITION_TYPES[String(scalar(type?.value)?.value)] };
      if (type) this.mark([...itemPath, "@type"], type.value, type.keySpan);
      const id = get("id");
      const idValue = scalar(id?.value)?.value;
      json.id = idValue === undefined || idValue === null ? null : String(idValue);
      if (id) this.mark([...itemPath, "id"], id.value, id.keySpan);
      const field = (key: string, jsonKey: string, fallback?: unknown) => {
        const found = get(key);
        if (found) json[jsonKey] = this.raw([...itemPath, jsonKey], found.value, found.keySpan);
        else if (fallback !== undefined) json[jsonKey] = fallback;
      };
      field("target", "targetType");
      field("pageFilter", "serializedPageFilter");
      field("background", "background", false);
      field("editable", "editable", false);
      field("file", "serviceFileId");
      this.passThrough(json, node, itemPath, Apposition);
      return json;
    });
  }

  channel(entry: Entry, path: Path, label: { value: string; span: Span }): Json {
    const node = entry.body as ObjectNode | undefined;
    const json: Json = { label: label.value };
    const files = node && propertyOf(node, "outputFiles");
    if (files?.value.kind === "array") {
      this.mark([...path, "outputFilesConfig"], files.value, files.keySpan);
      json.outputFilesConfig = files.value.items.map((item, i) => {
        const itemPath = [...path, "outputFilesConfig", i];
        if (item.kind === "object") return this.raw(itemPath, item);
        this.mark(itemPath, item);
        this.mark([...itemPath, "name"], item);
        return { name: scalar(item)?.value };
      });
    } else {
      json.outputFilesConfig = [{ name: DEFAULT_OUTPUT_FILE }];
    }
    if (node) this.passThrough(json, node, path, Channel, true);
    return json;
  }
}
