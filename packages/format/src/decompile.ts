import { checkDocument } from "@mailroom/checker";
import {
  compileDsl,
  type ExpressionKind,
  lowerExpression,
  pointer,
  printExpression,
  readJsonDocument,
  type SourceDocument,
  spellPage,
} from "@mailroom/compiler";
import {
  Apposition,
  type BooleanExpression,
  DEFAULT_OUTPUT_FILE,
  RECONCILE_DEFAULTS,
  SplitConfig,
  type ValueExpression,
} from "@mailroom/model";
import { type Diagnostic, type PathSegment, parseExpression, type Span, type SyntaxNode } from "@mailroom/syntax";
import { applyDslRoles } from "./dsl.js";
import { serviceFileName } from "./file-name.js";
import { firstDifference, isObject } from "./json-difference.js";
import { printLayout, WIDTH } from "./print.js";
import { allPrintable, foldWords } from "./scalar.js";
import { type Entry, entry, fromJson, type LayoutNode, type MapNode, mapNode, scalar, seqNode } from "./tree.js";

type Json = Record<string, unknown>;
type Path = readonly PathSegment[];
type Box = { readonly name: string; readonly main: boolean };

/** Code of the diagnostic given for a service the DSL cannot write without changing it. */
export const CANNOT_DECOMPILE = "cannot-decompile";

export interface DecompiledService {
  /** Where the service sits in the input: `[]` for a lone service, `["result", "services", 2]`... */
  readonly path: readonly PathSegment[];
  /** Where the service is in the JSON text. */
  readonly span: Span;
  /** The file name for its DSL, from the service's name and id: `supplier-invoices-2204.service.yaml`. */
  readonly fileName: string;
  /** The DSL in canonical layout; undefined when the service cannot be written in the DSL without loss. */
  readonly text: string | undefined;
  /**
   * The service's problems, with spans in the JSON text: what the checker finds (each also written as a comment
   * in the DSL, at the place it concerns) and, when `text` is undefined, why.
   */
  readonly diagnostics: Diagnostic[];
}

export interface DecompileResult {
  /** Problems reading the JSON (syntax, not a service): no service is decompiled then. */
  readonly diagnostics: Diagnostic[];
  readonly services: DecompiledService[];
}

export interface DecompileOptions {
  /** The name of the JSON file, for the diagnostics. */
  readonly file?: string;
}

/** Decompiles services given as a JSON value: one service, an array of them, or an authentication response. */
export function decompile(json: unknown, options: DecompileOptions = {}): DecompileResult {
  return decompileText(JSON.stringify(json, null, 2), options);
}

/**
 * Decompiles the services of a JSON text (one service, an array, or an authentication response) into the DSL
 * in canonical layout, in the idiomatic forms: names as keys, defaults left out, box targets implied where the
 * compiler infers them, expressions as text, shorthands. What the language has no construct for passes through
 * unchanged, and what breaks a rule is kept exactly, with a comment saying so. Each result is compiled back and
 * compared with its JSON: a service that would not come back equal is refused, with the difference.
 *
 * One normalisation is accepted: reconcile counts the JSON leaves out come back as the defaults the service
 * assumes (0, -1, 0, 1), because the compiler always writes all four.
 */
export function decompileText(text: string, options: DecompileOptions = {}): DecompileResult {
  const file = options.file ?? "services.json";
  const document = readJsonDocument(file, text);
  if (document.diagnostics.some((d) => d.severity === "error"))
    return { diagnostics: document.diagnostics, services: [] };
  const { found: checked, failure } = check(document);
  const root = checked.length > 0 ? document.tree() : undefined;
  const located = checked.map((diagnostic) => ({ diagnostic, path: root ? pathAt(root, diagnostic.span.offset) : [] }));
  const names = new Set<string>();
  const services = document.services.map((service): DecompiledService => {
    const prefix = service.path;
    const own = located.filter(({ path }) => prefix.every((segment, i) => path[i] === segment));
    const diagnostics = own.map(({ diagnostic }) => diagnostic);
    const fileName = unique(serviceFileName(service.json), names);
    const whole = service.locate([]).span;
    const refuse = (message: string): DecompiledService => ({
      path: prefix,
      span: whole,
      fileName,
      text: undefined,
      diagnostics: [
        ...diagnostics,
        { code: CANNOT_DECOMPILE, severity: "error", message, span: { offset: whole.offset, length: 0 } },
      ],
    });
    if (!isObject(service.json)) return refuse("Found a service that is not an object; expected a service object.");
    const builder = new Builder();
    const dsl = builder.service(service.json);
    for (const { diagnostic, path } of own) builder.comment(path.slice(prefix.length), diagnostic, dsl);
    applyDslRoles(dsl);
    const output = printLayout({ root: dsl, prologue: [] });
    const problem = compare(output, service.json);
    if (problem) return refuse(`The service cannot be written in the DSL without loss: ${problem}.`);
    return { path: prefix, span: whole, fileName, text: output, diagnostics };
  });
  return { diagnostics: failure ? [...document.diagnostics, failure] : document.diagnostics, services };
}

/**
 * The checker's diagnostics of the JSON, which become comments in the DSL. Should the checker fail (a bug in a
 * rule), the services are still decompiled, without those comments, and the failure is reported.
 */
function check(document: SourceDocument): { found: Diagnostic[]; failure?: Diagnostic } {
  try {
    return { found: checkDocument(document) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      found: [],
      failure: {
        code: "internal-error",
        severity: "warning",
        message: `The checker failed on this file (${detail}); the DSL has no comments for the problems it would have found.`,
        span: { offset: 0, length: 0 },
      },
    };
  }
}

function unique(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = name.replace(/\.service\.yaml$/, `-${n}.service.yaml`);
  taken.add(candidate);
  return candidate;
}

/** The path of the deepest node of a JSON tree holding an offset (its key included). */
function pathAt(root: SyntaxNode, offset: number): PathSegment[] {
  const path: PathSegment[] = [];
  let node: SyntaxNode | undefined = root;
  const inside = (span: { offset: number; length: number }) =>
    offset >= span.offset && offset < span.offset + Math.max(span.length, 1);
  while (node) {
    let next: SyntaxNode | undefined;
    if (node.kind === "object") {
      for (const property of node.properties) {
        if (inside(property.keySpan) || inside(property.value.span)) {
          path.push(property.key);
          next = property.value;
          break;
        }
      }
    } else if (node.kind === "array") {
      for (const [i, item] of node.items.entries()) {
        if (inside(item.span)) {
          path.push(i);
          next = item;
          break;
        }
      }
    }
    node = next;
  }
  return path;
}

/** Why the DSL does not compile back to the JSON, or undefined when it does. */
function compare(dsl: string, json: Json): string | undefined {
  const compiled = compileDsl("decompiled.service.yaml", dsl);
  const errors = compiled.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0 || compiled.services.length !== 1) {
    return `the DSL written for it does not compile (${errors.map((d) => d.message).join(" ")})`;
  }
  const where = firstDifference(compiled.services[0]?.json, withReconcileDefaults(json));
  return where === undefined ? undefined : `the value at "${pointer(where) || "/"}" would not come back the same`;
}

/** A copy of a service with the reconcile counts it leaves out set to the defaults the compiler writes. */
export function withReconcileDefaults(json: Json): Json {
  const properties = json.properties;
  if (!isObject(properties) || !Array.isArray(properties.boxes)) return json;
  const boxes = properties.boxes.map((box) =>
    isObject(box) && isObject(box.reconcile) ? { ...box, reconcile: { ...RECONCILE_DEFAULTS, ...box.reconcile } } : box,
  );
  return { ...json, properties: { ...properties, boxes } };
}

// Maps, not objects: a "@type" such as "constructor" must find nothing.
const BOX_TYPES: ReadonlyMap<unknown, string> = new Map([
  ["box.PDF", "pdf"],
  ["box.DATA_FILE", "data-file"],
  ["box.ARCHIVE", "archive"],
]);
const APPOSITION_TYPES: ReadonlyMap<unknown, string> = new Map([
  ["bap.Overlay", "overlay"],
  ["bap.Image", "image"],
]);

/** Names that can be map keys: strings short enough for a YAML key, each once. */
function uniqueNames(items: readonly unknown[], key: string): string[] | undefined {
  const names = items.map((item) => (isObject(item) ? item[key] : undefined));
  const strings = names.filter((name): name is string => typeof name === "string" && name.length <= 1000);
  return strings.length === names.length && new Set(strings).size === strings.length ? strings : undefined;
}

/** Text that can stand in a comment: line breaks and other characters a comment cannot hold, escaped. */
function commentText(message: string): string {
  return [...message]
    .map((c) => (allPrintable(c) ? c : `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, "0")}`))
    .join("")
    .replace(/\s+$/, "");
}

/** The entry with a blank line before it. */
function spaced(made: Entry): Entry {
  made.before.push({ kind: "blank" });
  return made;
}

/** `3`, `1..50`, `0..*`: a count or range as the DSL writes it. */
function range(min: unknown, max: unknown): LayoutNode {
  if (min === max && typeof min === "number") return scalar(min);
  return scalar(`${String(min)}..${max === -1 ? "*" : String(max)}`);
}

/**
 * The text of an expression, or undefined when the printer cannot print it. The printer expects the model's
 * shapes; an expression that breaks the model's rules (a negative index, say) still prints, and whether the text
 * means exactly the JSON is checked by compiling it back.
 */
function printable(json: unknown, box: Box): string | undefined {
  if (!isObject(json) || typeof json["@type"] !== "string") return undefined;
  try {
    return printExpression(json as unknown as ValueExpression | BooleanExpression, { box });
  } catch {
    return undefined;
  }
}

/** Builds the DSL of one service, remembering which entry stands for each JSON path. */
class Builder {
  readonly #places = new Map<string, Entry>();

  /** An entry standing for the JSON at `path`. */
  at(path: Path, key: string | undefined, value: LayoutNode): Entry {
    const made = entry(key, value);
    this.#places.set(pointer(path), made);
    return made;
  }

  /**
   * An item of a collection in the list form: it stands for the entry and for its name, so that a comment about
   * the name (a duplicate) goes before the item's dash.
   */
  listItem(path: Path, nameKey: string, value: LayoutNode): Entry {
    const made = this.at(path, undefined, value);
    this.#places.set(pointer([...path, nameKey]), made);
    return made;
  }

  /** A JSON value as it is, each of its entries standing for its own path. */
  raw(json: unknown, path: Path): LayoutNode {
    if (Array.isArray(json)) {
      const node = seqNode([]);
      json.forEach((item, i) => {
        node.items.push(this.at([...path, i], undefined, this.raw(item, [...path, i])));
      });
      return node;
    }
    if (isObject(json)) {
      return mapNode(
        Object.entries(json).map(([key, value]) => this.at([...path, key], key, this.raw(value, [...path, key]))),
      );
    }
    return fromJson(json);
  }

  /** Copies the keys of `json` not in `known` into `entries`, as they are. */
  passThrough(entries: Entry[], json: Json, known: readonly string[], path: Path): void {
    for (const [key, value] of Object.entries(json)) {
      if (!known.includes(key)) entries.push(this.at([...path, key], key, this.raw(value, [...path, key])));
    }
  }

  /** Writes a diagnostic as a comment before the entry standing for the deepest part of its path. */
  comment(path: Path, diagnostic: Diagnostic, root: MapNode): void {
    let target: Entry | undefined;
    for (let depth = path.length; depth >= 0 && !target; depth--)
      target = this.#places.get(pointer(path.slice(0, depth)));
    target ??= root.entries[0];
    if (!target) return;
    const text = `# ${diagnostic.code} (kept as in the JSON): ${commentText(diagnostic.message)}`;
    const lines = foldWords(text, WIDTH - 20) ?? [text];
    target.before.push(...lines.map((line, i) => ({ kind: "comment" as const, text: i === 0 ? line : `#   ${line}` })));
  }

  service(json: Json): MapNode {
    const entries: Entry[] = [];
    for (const key of ["id", "name", "type", "organizationalUnit"]) {
      if (key in json) entries.push(this.at([key], key, this.raw(json[key], [key])));
    }
    const properties = isObject(json.properties) ? json.properties : {};
    const path = ["properties"];
    if ("description" in properties) {
      entries.push(
        this.at([...path, "description"], "description", this.raw(properties.description, [...path, "description"])),
      );
    }
    const icon: Entry[] = [];
    if ("iconName" in properties)
      icon.push(this.at([...path, "iconName"], "name", this.raw(properties.iconName, [...path, "iconName"])));
    if ("iconColor" in properties)
      icon.push(this.at([...path, "iconColor"], "color", this.colour(properties.iconColor, [...path, "iconColor"])));
    if (icon.length > 0) entries.push(entry("icon", mapNode(icon)));
    const extra: Entry[] = [];
    this.passThrough(extra, properties, ["description", "iconColor", "iconName", "boxes", "channels"], path);
    if (extra.length > 0) entries.push(entry("properties", mapNode(extra)));
    this.passThrough(entries, json, ["id", "name", "type", "organizationalUnit", "properties"], []);

    const boxes = this.boxes(properties.boxes, [...path, "boxes"]);
    entries.push(spaced(this.at([...path, "boxes"], "boxes", boxes)));
    const channels = properties.channels;
    if (!(Array.isArray(channels) && channels.length === 0)) {
      const node = this.channels(channels, [...path, "channels"]);
      entries.push(spaced(this.at([...path, "channels"], "channels", node)));
    }
    return mapNode(entries, true);
  }

  /** `#RRGGBB` or `#RRGGBBAA` when that compiles back to exactly the colour, else the colour as it is. */
  colour(json: unknown, path: Path): LayoutNode {
    if (isObject(json) && Object.keys(json).length === 4) {
      const { r, g, b, a } = json;
      const channels = [r, g, b];
      if (
        channels.every((c) => Number.isInteger(c) && (c as number) >= 0 && (c as number) <= 255) &&
        typeof a === "number"
      ) {
        const hex = channels.map((c) => (c as number).toString(16).toUpperCase().padStart(2, "0")).join("");
        if (a === 1) return scalar(`#${hex}`);
        const alpha = Math.round(a * 255);
        if (alpha >= 0 && alpha <= 255 && alpha / 255 === a) {
          return scalar(`#${hex}${alpha.toString(16).toUpperCase().padStart(2, "0")}`);
        }
      }
    }
    return this.raw(json, path);
  }

  /** A named collection: a map by name when every name is a string and unique, else the list form. */
  named(
    json: unknown,
    path: Path,
    nameKey: string,
    body: (item: Json, path: Path) => Entry[],
    blankBetween: boolean,
  ): LayoutNode {
    if (!Array.isArray(json)) return this.raw(json, path);
    const names = uniqueNames(json, nameKey);
    if (names) {
      return mapNode(
        json.map((item, i) => {
          const made = this.at([...path, i], names[i], mapNode(body(item as Json, [...path, i])));
          return blankBetween && i > 0 ? spaced(made) : made;
        }),
      );
    }
    const list = seqNode([]);
    json.forEach((item, i) => {
      const itemPath = [...path, i];
      const value = isObject(item)
        ? mapNode([entry(nameKey, this.raw(item[nameKey], [...itemPath, nameKey])), ...body(item, itemPath)])
        : this.raw(item, itemPath);
      list.items.push(this.listItem(itemPath, nameKey, value));
    });
    return list;
  }

  boxes(json: unknown, path: Path): LayoutNode {
    return this.named(json, path, "name", (box, boxPath) => this.box(box, boxPath), true);
  }

  box(json: Json, path: Path): Entry[] {
    const entries: Entry[] = [];
    const add = (key: string, jsonKey: string, value: LayoutNode) =>
      entries.push(this.at([...path, jsonKey], key, value));
    const copy = (key: string, jsonKey = key) => {
      if (jsonKey in json) add(key, jsonKey, this.raw(json[jsonKey], [...path, jsonKey]));
    };
    const type = BOX_TYPES.get(json["@type"]);
    add("type", "@type", type === undefined ? this.raw(json["@type"], [...path, "@type"]) : scalar(type));
    copy("label");
    if (json.hidden !== false) copy("hidden");
    const inflated = type !== "archive";
    if (inflated && json.main !== false) copy("main");
    if ("minElements" in json || "maxElements" in json) {
      entries.push(this.at([...path, "minElements"], "elements", range(json.minElements, json.maxElements)));
      this.#places.set(pointer([...path, "maxElements"]), entries.at(-1) as Entry);
    }
    const known = ["@type", "name", "hidden", "minElements", "maxElements", "label"];
    if (inflated) {
      known.push("main", "parent", "metadatas", "reconcile", "configuredFiles");
      const context: Box = { name: String(json.name), main: json.main === true };
      if (json.parent !== null && "parent" in json)
        add("from", "parent", this.parent(json.parent, [...path, "parent"], context));
      if (!(Array.isArray(json.configuredFiles) && json.configuredFiles.length === 0) && "configuredFiles" in json) {
        add("files", "configuredFiles", this.files(json.configuredFiles, [...path, "configuredFiles"]));
      }
      if (type === "pdf") {
        known.push("integrityPreservable", "splitConfig", "hasAddressPage", "appositions");
        copy("integrityPreservable");
        if ("splitConfig" in json) add("split", "splitConfig", this.split(json.splitConfig, [...path, "splitConfig"]));
        copy("hasAddressPage");
        if ("appositions" in json)
          add("appositions", "appositions", this.appositions(json.appositions, [...path, "appositions"]));
      }
      if (!(Array.isArray(json.metadatas) && json.metadatas.length === 0) && "metadatas" in json) {
        add("metadata", "metadatas", this.metadata(json.metadatas, [...path, "metadatas"], context));
      }
      if (json.reconcile !== null && "reconcile" in json) {
        add("reconcile", "reconcile", this.reconcile(json.reconcile, [...path, "reconcile"], context));
      }
    }
    this.passThrough(entries, json, known, path);
    return entries;
  }

  /** An expression as text when that compiles back to exactly it, else in the raw JSON form. */
  expression(json: unknown, path: Path, kind: ExpressionKind, box: Box): LayoutNode {
    const text = printable(json, box);
    if (text !== undefined) {
      const parsed = parseExpression(text);
      const lowered = lowerExpression(parsed.ast, { expect: kind, box });
      if (
        parsed.diagnostics.length === 0 &&
        lowered.diagnostics.length === 0 &&
        !firstDifference(lowered.value, json)
      ) {
        return scalar(text);
      }
    }
    return this.raw(json, path);
  }

  parent(json: unknown, path: Path, box: Box): LayoutNode {
    if (!isObject(json)) return this.raw(json, path);
    const entries: Entry[] = [];
    if ("boxName" in json)
      entries.push(this.at([...path, "boxName"], "archive", this.raw(json.boxName, [...path, "boxName"])));
    if ("rank" in json) entries.push(this.at([...path, "rank"], "rank", this.raw(json.rank, [...path, "rank"])));
    if ("fileMatcher" in json) {
      const matcher = this.expression(json.fileMatcher, [...path, "fileMatcher"], "condition", box);
      entries.push(this.at([...path, "fileMatcher"], "match", matcher));
    }
    this.passThrough(entries, json, ["boxName", "rank", "fileMatcher"], path);
    return mapNode(entries);
  }

  files(json: unknown, path: Path): LayoutNode {
    if (!Array.isArray(json)) return this.raw(json, path);
    return seqNode(
      json.map((file, i) => {
        const filePath = [...path, i];
        if (!isObject(file)) return this.raw(file, filePath);
        const entries: Entry[] = [];
        if (file.serviceFileId !== null && "serviceFileId" in file) {
          entries.push(
            this.at([...filePath, "serviceFileId"], "id", this.raw(file.serviceFileId, [...filePath, "serviceFileId"])),
          );
        }
        if ("removable" in file)
          entries.push(
            this.at([...filePath, "removable"], "removable", this.raw(file.removable, [...filePath, "removable"])),
          );
        this.passThrough(entries, file, ["serviceFileId", "removable"], filePath);
        return mapNode(entries);
      }),
    );
  }

  /** `none`, `{ pages: 2 }`, `{ area, value, page }`... when the split is exactly one of the model's, else as it is. */
  split(json: unknown, path: Path): LayoutNode {
    if (!SplitConfig.safeParse(json).success) return this.raw(json, path);
    const split = json as SplitConfig;
    const editable = split.editable ? [entry("editable", scalar(true))] : [];
    switch (split["@type"]) {
      case "bsc.NONE":
        return split.editable ? mapNode([entry("type", scalar("none")), ...editable]) : scalar("none");
      case "bsc.PAGE":
        return mapNode([entry("pages", scalar(split.pages)), ...editable]);
      case "bsc.PDF_AREA": {
        const { left, top, width, height } = split.area;
        const entries = [
          entry("area", seqNode([left, top, width, height].map(scalar))),
          entry("value", scalar(split.value)),
          entry("page", scalar(spellPage(split.pages))),
        ];
        if (split.extractionParameters) entries.push(entry("params", fromJson(split.extractionParameters)));
        return mapNode([...entries, ...editable]);
      }
    }
  }

  appositions(json: unknown, path: Path): LayoutNode {
    if (!Array.isArray(json)) return this.raw(json, path);
    return seqNode(
      json.map((item, i) => {
        const itemPath = [...path, i];
        if (!Apposition.safeParse(item).success) return this.raw(item, itemPath);
        const apposition = item as Apposition;
        const entries = [entry("type", scalar(APPOSITION_TYPES.get(apposition["@type"]) as string))];
        const id = apposition.id;
        if (id !== null) {
          const integer = /^(?:0|[1-9][0-9]*)$/.test(id) && Number.isSafeInteger(Number(id));
          entries.push(entry("id", scalar(integer ? Number(id) : id)));
        }
        entries.push(
          entry("target", scalar(apposition.targetType)),
          entry("pageFilter", scalar(apposition.serializedPageFilter)),
        );
        if (apposition.background) entries.push(entry("background", scalar(true)));
        if (apposition.editable) entries.push(entry("editable", scalar(true)));
        if (apposition.serviceFileId !== undefined) entries.push(entry("file", scalar(apposition.serviceFileId)));
        return mapNode(entries);
      }),
    );
  }

  metadata(json: unknown, path: Path, box: Box): LayoutNode {
    if (!Array.isArray(json)) return this.raw(json, path);
    const names = uniqueNames(json, "name");
    const known = ["name", "persist", "editable", "content"];
    const body = (item: Json, itemPath: Path, short: boolean): LayoutNode => {
      const content =
        "content" in item ? this.expression(item.content, [...itemPath, "content"], "value", box) : undefined;
      const plain =
        item.persist === false && item.editable === false && Object.keys(item).every((k) => known.includes(k));
      if (short && plain && content) return content;
      const entries: Entry[] = [];
      if (content) entries.push(this.at([...itemPath, "content"], "value", content));
      for (const key of ["persist", "editable"]) {
        if (item[key] !== false && key in item)
          entries.push(this.at([...itemPath, key], key, this.raw(item[key], [...itemPath, key])));
      }
      this.passThrough(entries, item, known, itemPath);
      return mapNode(entries);
    };
    if (names) {
      return mapNode(json.map((item, i) => this.at([...path, i], names[i], body(item as Json, [...path, i], true))));
    }
    const list = seqNode([]);
    json.forEach((item, i) => {
      const itemPath = [...path, i];
      if (!isObject(item)) {
        list.items.push(this.at(itemPath, undefined, this.raw(item, itemPath)));
        return;
      }
      const value = body(item, itemPath, false) as MapNode;
      const named = mapNode([entry("name", this.raw(item.name, [...itemPath, "name"])), ...value.entries]);
      list.items.push(this.listItem(itemPath, "name", named));
    });
    return list;
  }

  reconcile(json: unknown, path: Path, box: Box): LayoutNode {
    if (!isObject(json)) return this.raw(json, path);
    const entries: Entry[] = [];
    if ("condition" in json) {
      entries.push(
        this.at(
          [...path, "condition"],
          "when",
          this.expression(json.condition, [...path, "condition"], "condition", box),
        ),
      );
    }
    const counts = { ...RECONCILE_DEFAULTS, ...json } as Json;
    const pair = (key: string, min: string, max: string) => {
      if (
        counts[min] === RECONCILE_DEFAULTS[min as keyof typeof RECONCILE_DEFAULTS] &&
        counts[max] === RECONCILE_DEFAULTS[max as keyof typeof RECONCILE_DEFAULTS]
      )
        return;
      entries.push(this.at([...path, min], key, range(counts[min], counts[max])));
      this.#places.set(pointer([...path, max]), entries.at(-1) as Entry);
    };
    pair("expected", "minExpected", "maxExpected");
    pair("matches", "minMatches", "maxMatches");
    this.passThrough(entries, json, ["condition", "minExpected", "maxExpected", "minMatches", "maxMatches"], path);
    return mapNode(entries, true);
  }

  channels(json: unknown, path: Path): LayoutNode {
    return this.named(json, path, "label", (channel, channelPath) => this.channel(channel, channelPath), false);
  }

  channel(json: Json, path: Path): Entry[] {
    const entries: Entry[] = [];
    const files = json.outputFilesConfig;
    const byDefault =
      Array.isArray(files) &&
      files.length === 1 &&
      isObject(files[0]) &&
      Object.keys(files[0]).length === 1 &&
      files[0].name === DEFAULT_OUTPUT_FILE;
    if (!byDefault && "outputFilesConfig" in json) {
      const filesPath = [...path, "outputFilesConfig"];
      const value = Array.isArray(files) ? seqNode([]) : this.raw(files, filesPath);
      if (Array.isArray(files) && value.kind === "seq") {
        files.forEach((file, i) => {
          const short = isObject(file) && Object.keys(file).length === 1 && typeof file.name === "string";
          value.items.push(
            this.at(
              [...filesPath, i],
              undefined,
              short ? scalar(file.name as string) : this.raw(file, [...filesPath, i]),
            ),
          );
        });
      }
      entries.push(this.at(filesPath, "outputFiles", value));
    }
    this.passThrough(entries, json, ["label", "outputFilesConfig"], path);
    return entries;
  }
}
