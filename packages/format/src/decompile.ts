import { checkDocument, MAX_DSL_BYTES } from "@mailroom/checker";
import {
  APPOSITION_TYPES,
  BOX,
  BOX_TYPES,
  type BoxType,
  compileDsl,
  type ExpressionKind,
  ICON,
  lowerExpression,
  PROPERTIES,
  pointer,
  printExpression,
  type Row,
  readJsonDocument,
  SERVICE,
  type Shape,
  type SourceDocument,
  spellPage,
  writtenRows,
} from "@mailroom/compiler";
import {
  Apposition,
  type BooleanExpression,
  DEFAULT_OUTPUT_FILE,
  RECONCILE_DEFAULTS,
  SplitConfig,
  type ValueExpression,
} from "@mailroom/model";
import {
  type Diagnostic,
  diagnostic,
  type PathSegment,
  parseExpression,
  type Span,
  type SyntaxNode,
} from "@mailroom/syntax";
import { applyDslRoles } from "./dsl.js";
import { serviceFileName } from "./file-name.js";
import { firstDifference, isObject } from "./json-difference.js";
import { printLayout, WIDTH } from "./print.js";
import { allPrintable, foldWords } from "./scalar.js";
import {
  type Entry,
  entry,
  entryOf,
  fromJson,
  type LayoutNode,
  type MapNode,
  mapNode,
  scalar,
  seqNode,
} from "./tree.js";

type Json = Record<string, unknown>;
type Path = readonly PathSegment[];
type Box = { readonly name: string; readonly main: boolean };

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
  const read = readServices(text, options.file ?? "services.json");
  if (read.services === undefined) return { diagnostics: read.diagnostics, services: [] };
  const names = new Set<string>();
  const services = read.services.map(({ path: prefix, json, whole, located }): DecompiledService => {
    const diagnostics = located.map(({ diagnostic }) => diagnostic);
    const fileName = unique(serviceFileName(json), names);
    const at = { offset: whole.offset, length: 0 };
    const refuse = (why: Diagnostic): DecompiledService => ({
      path: prefix,
      span: whole,
      fileName,
      text: undefined,
      diagnostics: [...diagnostics, why],
    });
    if (!isObject(json)) return refuse(diagnostic("cannot-decompile", "notAnObject", {}, at));
    const output = dslText(json, located, prefix.length);
    if (output instanceof TooLarge) {
      const data = { size: output.atLeast.toLocaleString("en"), max: MAX_DSL_BYTES.toLocaleString("en") };
      return refuse(diagnostic("cannot-decompile", "tooLargeAtLeast", data, at));
    }
    // Compiling back a DSL no command would read costs more than the rest of the decompiling, for nothing.
    const size = Buffer.byteLength(output);
    if (size > MAX_DSL_BYTES) {
      const data = { size: size.toLocaleString("en"), max: MAX_DSL_BYTES.toLocaleString("en") };
      return refuse(diagnostic("cannot-decompile", "tooLarge", data, at));
    }
    const problem = compare(output, json, at);
    if (problem) return refuse(problem);
    return { path: prefix, span: whole, fileName, text: output, diagnostics };
  });
  return { diagnostics: read.diagnostics, services };
}

interface Located {
  readonly diagnostic: Diagnostic;
  readonly path: Path;
}

/**
 * The services of a JSON text, each with its place and the checker's diagnostics located in it; undefined when
 * the text cannot be read. Only plain values come out: the document and its positioned tree, as large as the
 * text, are garbage before any DSL is compiled back, which at the size limit builds as large a tree again.
 */
function readServices(
  text: string,
  file: string,
): {
  diagnostics: Diagnostic[];
  services?: { path: Path; json: unknown; whole: Span; located: Located[] }[];
} {
  const document = readJsonDocument(file, text);
  if (document.diagnostics.some((d) => d.severity === "error")) return { diagnostics: document.diagnostics };
  const { found: checked, failure } = check(document);
  const root = checked.length > 0 ? document.tree() : undefined;
  const located = checked.map((diagnostic) => ({ diagnostic, path: root ? pathAt(root, diagnostic.span.offset) : [] }));
  return {
    diagnostics: failure ? [...document.diagnostics, failure] : document.diagnostics,
    services: document.services.map((service) => ({
      path: service.path,
      json: service.json,
      whole: service.locate([]).span,
      located: located.filter(({ path }) => service.path.every((segment, i) => path[i] === segment)),
    })),
  };
}

/**
 * The DSL of a service, each of its diagnostics (at its path, `depth` segments below the input's root) written as
 * a comment. A function of its own: the layout tree, as large as the service, is garbage before the DSL is
 * compiled back, which at the size limit builds a tree as large again.
 */
function dslText(json: Json, diagnostics: readonly Located[], depth: number): string | TooLarge {
  const builder = new Builder();
  let dsl: MapNode;
  try {
    dsl = builder.service(json);
  } catch (error) {
    if (error instanceof TooLarge) return error;
    throw error;
  }
  for (const { diagnostic, path } of diagnostics) builder.comment(path.slice(depth), diagnostic, dsl);
  applyDslRoles(dsl);
  return printLayout({ root: dsl, prologue: [] });
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
      // A warning: the services are decompiled all the same.
      failure: {
        ...diagnostic("internal-error", "checkerFailed", { error: detail }, { offset: 0, length: 0 }),
        severity: "warning",
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

/** Why the DSL does not compile back to the JSON, reported `at` the service, or undefined when it does. */
function compare(dsl: string, json: Json, at: Span): Diagnostic | undefined {
  const compiled = compileDsl("decompiled.service.yaml", dsl);
  const errors = compiled.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0 || compiled.services.length !== 1) {
    return diagnostic("cannot-decompile", "notCompiling", { errors: errors.map((d) => d.message).join(" ") }, at);
  }
  const where = firstDifference(compiled.services[0]?.json, withReconcileDefaults(json));
  if (where === undefined) return undefined;
  return diagnostic("cannot-decompile", "valueDiffers", { pointer: pointer(where) || "/" }, at);
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
const DSL_BOX_TYPES: ReadonlyMap<unknown, BoxType> = new Map(
  [...BOX_TYPES].map(([dsl, { type }]) => [type, dsl as BoxType]),
);
const DSL_APPOSITION_TYPES: ReadonlyMap<unknown, string> = new Map(
  [...APPOSITION_TYPES].map(([dsl, json]) => [json, dsl]),
);

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
function printable(json: unknown, box: Box | undefined): string | undefined {
  if (!isObject(json) || typeof json["@type"] !== "string") return undefined;
  try {
    return printExpression(json as unknown as ValueExpression | BooleanExpression, { box });
  } catch {
    return undefined;
  }
}

/**
 * Thrown by the builder as soon as what the service passes through as it is cannot fit in a DSL file: laying out
 * a pass-through array of four million items only to measure its text took seconds and more than a gigabyte.
 */
class TooLarge extends Error {
  constructor(readonly atLeast: number) {
    super(`the DSL would be more than ${atLeast} bytes`);
  }
}

/**
 * Fewer bytes than the DSL text of a JSON value written as it is can take, however it is laid out: each character
 * of a string or key takes a byte at least, each other scalar one, and each item, key and value a separator.
 */
function leastBytes(json: unknown): number {
  if (typeof json === "string") return json.length;
  if (typeof json !== "object" || json === null) return 1;
  let bytes = 0;
  if (Array.isArray(json)) for (const item of json) bytes += leastBytes(item) + 1;
  else for (const [key, value] of Object.entries(json)) bytes += key.length + 1 + leastBytes(value) + 1;
  return bytes;
}

/** Builds the DSL of one service, remembering which entry stands for each JSON path. */
class Builder {
  /** Bytes the DSL takes at least, from what it passes through as it is (see `TooLarge`). */
  #atLeast = 0;
  readonly #places = new Map<string, Entry>();
  /** The values written as they are (`raw`), by the pointer of their path. */
  readonly #raw = new Map<string, LayoutNode>();
  /** How a box's keys of their own kind are written from their JSON. */
  readonly #special = new Map<string, (json: unknown, path: Path) => LayoutNode>([
    ["split", (json, path) => this.split(json, path)],
    ["appositions", (json, path) => this.appositions(json, path)],
  ]);

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

  /**
   * A JSON value as it is. Its entries stand for their own paths without a place each: a pass-through array of a
   * million items would cost a million places, which `comment` finds by walking down from the value instead.
   */
  raw(json: unknown, path: Path): LayoutNode {
    this.#spend(leastBytes(json));
    const node = fromJson(json);
    this.#raw.set(pointer(path), node);
    return node;
  }

  /** The entry standing for `path` inside a value written as it is (see `raw`), if it lies strictly inside one. */
  #insideRaw(path: Path): Entry | undefined {
    for (let depth = path.length - 1; depth >= 0; depth--) {
      let node = this.#raw.get(pointer(path.slice(0, depth)));
      if (node === undefined) continue;
      let found: Entry | undefined;
      for (const segment of path.slice(depth)) {
        found =
          node?.kind === "seq" && typeof segment === "number"
            ? node.items[segment]
            : node?.kind === "map"
              ? entryOf(node, String(segment))
              : undefined;
        if (found === undefined) return undefined;
        node = found.value;
      }
      return found;
    }
    return undefined;
  }

  /** Copies the keys of `json` not in `known` into `entries`, as they are. */
  passThrough(entries: Entry[], json: Json, known: readonly string[], path: Path): void {
    const passed = Object.keys(json).filter((key) => !known.includes(key));
    // The keys first, all at once: an object of 700,000 unknown keys is refused before any is laid out.
    this.#spend(passed.reduce((bytes, key) => bytes + key.length + 2, 0));
    for (const key of passed) entries.push(this.at([...path, key], key, this.raw(json[key], [...path, key])));
  }

  #spend(bytes: number): void {
    this.#atLeast += bytes;
    if (this.#atLeast > MAX_DSL_BYTES) throw new TooLarge(this.#atLeast);
  }

  /** Writes a diagnostic as a comment before the entry standing for the deepest part of its path. */
  comment(path: Path, diagnostic: Diagnostic, root: MapNode): void {
    let target: Entry | undefined;
    for (let depth = path.length; depth >= 0 && !target; depth--)
      target = this.#places.get(pointer(path.slice(0, depth))) ?? this.#insideRaw(path.slice(0, depth));
    target ??= root.entries[0];
    if (!target) return;
    const text = `# ${diagnostic.code} (kept as in the JSON): ${commentText(diagnostic.message)}`;
    const lines = foldWords(text, WIDTH - 20) ?? [text];
    target.before.push(...lines.map((line, i) => ({ kind: "comment" as const, text: i === 0 ? line : `#   ${line}` })));
  }

  service(json: Json): MapNode {
    const entries: Entry[] = [];
    const properties = isObject(json.properties) ? json.properties : {};
    const path = ["properties"];
    for (const row of SERVICE.rows) {
      if (row.kind === "scalar")
        this.row(entries, row.under ? properties : json, row.under ? path : [], row, undefined);
    }
    const icon: Entry[] = [];
    if ("iconName" in properties)
      icon.push(this.at([...path, "iconName"], "name", this.raw(properties.iconName, [...path, "iconName"])));
    if ("iconColor" in properties)
      icon.push(this.at([...path, "iconColor"], "color", this.colour(properties.iconColor, [...path, "iconColor"])));
    if (icon.length > 0) entries.push(entry("icon", mapNode(icon)));
    const extra: Entry[] = [];
    this.passThrough(
      extra,
      properties,
      [...PROPERTIES.rows, ...ICON.rows].flatMap((row) => row.json),
      path,
    );
    if (extra.length > 0) entries.push(entry("properties", mapNode(extra)));
    const own = SERVICE.rows.filter((row) => !row.under).flatMap((row) => row.json);
    this.passThrough(entries, json, [...own, "properties"], []);

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

  /**
   * A named collection: a map by name when every name is a string and unique, else the list form. `body` writes
   * an entry without its name; `short`, in the map form, lets it be a shorthand rather than a mapping.
   */
  named(
    json: unknown,
    path: Path,
    nameKey: string,
    body: (item: Json, path: Path, short: boolean) => LayoutNode,
    blankBetween: boolean,
  ): LayoutNode {
    if (!Array.isArray(json)) return this.raw(json, path);
    const names = uniqueNames(json, nameKey);
    if (names) {
      return mapNode(
        json.map((item, i) => {
          const made = this.at([...path, i], names[i], body(item as Json, [...path, i], true));
          return blankBetween && i > 0 ? spaced(made) : made;
        }),
      );
    }
    const list = seqNode([]);
    json.forEach((item, i) => {
      const itemPath = [...path, i];
      const value = isObject(item)
        ? mapNode([
            entry(nameKey, this.raw(item[nameKey], [...itemPath, nameKey])),
            ...(body(item, itemPath, false) as MapNode).entries,
          ])
        : this.raw(item, itemPath);
      list.items.push(this.listItem(itemPath, nameKey, value));
    });
    return list;
  }

  boxes(json: unknown, path: Path): LayoutNode {
    return this.named(json, path, "name", (box, boxPath) => mapNode(this.box(box, boxPath)), true);
  }

  box(json: Json, path: Path): Entry[] {
    const type = DSL_BOX_TYPES.get(json["@type"]);
    const written = type === undefined ? this.raw(json["@type"], [...path, "@type"]) : scalar(type);
    const entries = [this.at([...path, "@type"], "type", written)];
    const context: Box = { name: String(json.name), main: json.main === true };
    // A box of a type the DSL does not know is written as a data-file box, whose fields the spec does not show.
    const rows = writtenRows(BOX).filter((row) => row.key !== "type" && row.boxTypes?.includes(type ?? "data-file"));
    for (const row of rows) this.row(entries, json, path, row, context);
    this.passThrough(entries, json, ["@type", "name", ...rows.flatMap((row) => row.json)], path);
    return entries;
  }

  /** The entries of a DSL object of a shape: its rows in the DSL's order, then the fields the DSL does not know. */
  shaped(json: Json, path: Path, shape: Shape, box: Box | undefined, nameKey?: string): Entry[] {
    const entries: Entry[] = [];
    for (const row of writtenRows(shape)) this.row(entries, json, path, row, box);
    this.passThrough(entries, json, [...(nameKey ? [nameKey] : []), ...shape.rows.flatMap((row) => row.json)], path);
    return entries;
  }

  /** Writes one row of a shape from its JSON field(s), unless the JSON holds what the row implies when absent. */
  row(entries: Entry[], json: Json, path: Path, row: Row, box: Box | undefined): void {
    const [field = "", maxField = ""] = row.json;
    const at = [...path, field];
    if (row.kind === "range") {
      const implied = Array.isArray(row.default) ? row.default : undefined;
      const [min, max] = [field, maxField].map((key, i) => (key in json ? json[key] : implied?.[i]));
      if (implied ? min === implied[0] && max === implied[1] : !(field in json || maxField in json)) return;
      entries.push(this.at(at, row.key, range(min, max)));
      this.#places.set(pointer([...path, maxField]), entries.at(-1) as Entry);
      return;
    }
    if (!(field in json) || ("default" in row && firstDifference(json[field], row.default) === undefined)) return;
    const value = json[field];
    entries.push(this.at(at, row.key, this.rowValue(value, at, row, box)));
  }

  /** The DSL of the JSON value of a row. */
  rowValue(value: unknown, path: Path, row: Row, box: Box | undefined): LayoutNode {
    const shape = row.shape as Shape;
    switch (row.kind) {
      case "expression":
        return this.expression(value, path, row.expression ?? "value", box);
      case "object":
        return isObject(value) ? mapNode(this.shaped(value, path, shape, box), row.block) : this.raw(value, path);
      case "list":
        if (!Array.isArray(value)) return this.raw(value, path);
        return seqNode(
          value.map((item, i) =>
            isObject(item) ? mapNode(this.shaped(item, [...path, i], shape, box)) : this.raw(item, [...path, i]),
          ),
        );
      case "named": {
        const body = (item: Json, itemPath: Path, short: boolean) => this.entry(item, itemPath, short, row, box);
        return this.named(value, path, row.nameKey as string, body, false);
      }
      case "special":
        return this.#special.get(row.key)?.(value, path) ?? this.raw(value, path);
      default:
        return this.raw(value, path);
    }
  }

  /**
   * An entry of a named collection of a row (a metadata), without its name: in the map form, only its short row's
   * value when every other field holds what the DSL implies (`name: <expression>`).
   */
  entry(item: Json, path: Path, short: boolean, row: Row, box: Box | undefined): LayoutNode {
    const shape = row.shape as Shape;
    const nameKey = row.nameKey as string;
    const known = [nameKey, ...shape.rows.flatMap((r) => r.json)];
    const shortRow = shape.rows.find((r) => r.key === shape.short);
    const plain =
      shortRow !== undefined &&
      Object.keys(item).every((key) => known.includes(key)) &&
      shape.rows.every((r) => {
        const field = r.json[0] as string;
        return (
          r === shortRow || (field in item && "default" in r && firstDifference(item[field], r.default) === undefined)
        );
      });
    const field = shortRow?.json[0] as string;
    if (short && plain && field in item) return this.rowValue(item[field], [...path, field], shortRow, box);
    return mapNode(this.shaped(item, path, shape, box, nameKey));
  }

  /** An expression as text when that compiles back to exactly it, else in the raw JSON form. */
  expression(json: unknown, path: Path, kind: ExpressionKind, box: Box | undefined): LayoutNode {
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
        const entries = [entry("type", scalar(DSL_APPOSITION_TYPES.get(apposition["@type"]) as string))];
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

  channels(json: unknown, path: Path): LayoutNode {
    return this.named(
      json,
      path,
      "label",
      (channel, channelPath) => mapNode(this.channel(channel, channelPath)),
      false,
    );
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
