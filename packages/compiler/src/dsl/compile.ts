import { DEFAULT_OUTPUT_FILE } from "@mailroom/model";
import {
  type ArrayNode,
  append,
  type Diagnostic,
  diagnostic,
  mapDiagnostic,
  message,
  movedNode,
  nearest,
  type ObjectNode,
  type PathSegment,
  type PropertyNode,
  propertyOf,
  type ScalarNode,
  type Span,
  type SyntaxNode,
  toJson,
} from "@mailroom/syntax";
import { type Location, locatorOf, type ServiceSource, type SourceDocument } from "../source.js";
import { Wording, writtenKey } from "../wording.js";
import { diagnoseAgainst, renaming } from "../zod-diagnostics.js";
import type { CompileCache } from "./cache.js";
import { conforms } from "./conforms.js";
import { compileExpression, type ExpressionCache, type ExpressionKind } from "./expressions.js";
import { readDsl, withCutExpressions } from "./flow-cut.js";
import { HEX_COLOUR_PATTERN, RANGE_PATTERN } from "./schema.js";
import {
  APPOSITION,
  APPOSITION_TYPES,
  BOX,
  BOX_TYPES,
  type BoxType,
  CHANNEL,
  DslService,
  ICON,
  inJsonOrder,
  jsonNamesOf,
  keysOf,
  PDF_KEYS,
  PROPERTIES,
  type Row,
  SERVICE,
  type Shape,
} from "./shape.js";
import { SourceMap } from "./source-map.js";

type Json = Record<string, unknown>;
type BoxContext = { readonly name: string; readonly main: boolean };
/** An entry of a named collection: its body (absent for `name:` with nothing) and where its name is written. */
type Entry = {
  readonly body: SyntaxNode | undefined;
  readonly keySpan?: Span;
  /**
   * Where the lines the entry is written on end (the start of the next entry's first line, or the end of the line
   * the map ends on), when the collection is a block map.
   */
  readonly linesEnd?: number;
};
type Path = readonly PathSegment[];

/** How the DSL writes a box's `@type`: `pdf` for box.PDF. */
const spellBoxType = (value: unknown): unknown => [...BOX_TYPES].find(([, { type }]) => type === value)?.[0] ?? value;

/** The box types whose DSL has each key, for a key written on a box of another type. */
const BOX_TYPES_OF_KEY: ReadonlyMap<string, readonly BoxType[]> = new Map(
  BOX.rows.map((row) => [row.key, row.boxTypes ?? []]),
);

/**
 * Whether a box key is misplaced on a box of a type: the language knows what it means and it means nothing there.
 * PDF keys on a data-file box are not: the spec lets them exist there (pdf-only-field reports them).
 */
function misplaced(key: string, dslType: string): boolean {
  const types = BOX_TYPES_OF_KEY.get(key);
  if (!types || !BOX_TYPES.has(dslType) || types.includes(dslType as BoxType)) return false;
  return !(dslType === "data-file" && PDF_KEYS.includes(key));
}

/** The box rows compiled on a box of each type; on a box of a type the DSL does not know, all of them. */
const BOX_ROWS_OF_TYPE: ReadonlyMap<string, readonly Row[]> = new Map(
  [...BOX_TYPES.keys()].map((type) => [type, BOX.rows.filter((row) => !misplaced(row.key, type))]),
);

/** The rows of the service's own JSON fields (the others are its `properties`). */
const SERVICE_OWN_ROWS = SERVICE.rows.filter((row) => !row.under);

/** The keys of a shape (from `keysOf`, which lists each once) as a set, made once per list. */
const keySets = new WeakMap<readonly string[], ReadonlySet<string>>();
function keySet(keys: readonly string[]): ReadonlySet<string> {
  let set = keySets.get(keys);
  if (!set) {
    set = new Set(keys);
    keySets.set(keys, set);
  }
  return set;
}

/** A default value for a JSON field: a fresh copy of a list, which the compiler may fill. */
const fresh = (value: unknown): unknown => (Array.isArray(value) ? [...value] : value);

/**
 * Sets a key of a JSON object built from user keys: `__proto__` is data like any key (as JSON.parse makes it),
 * never a change of prototype, which assignment would make of it.
 */
function put(target: Json, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** JSON pointer (RFC 6901) of a path. */
export const pointer = (path: Path): string =>
  path.map((segment) => `/${String(segment).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");

/**
 * Whether an integer beyond 2^53, read from a plain scalar, would be written into the JSON otherwise than the file
 * writes it: `9007199254740993` reads as 9007199254740992. One that reads back as written (a double's shortest
 * form) is kept, and `1.5e300` is a float, which JSON carries as it is.
 */
function roundedInteger(value: number, source: string | undefined): boolean {
  const integer = source && /^([-+]?)(?:0*([0-9]+)|(0x[0-9a-f]+|0o[0-7]+))$/i.exec(source);
  if (!integer || !Number.isInteger(value) || Number.isSafeInteger(value)) return false;
  const [, sign, decimal, other] = integer;
  if (decimal !== undefined) return String(value) !== `${sign === "-" ? "-" : ""}${decimal}`;
  return BigInt(value) !== BigInt(other as string);
}

const scalar = (node: SyntaxNode | undefined): ScalarNode | undefined => (node?.kind === "scalar" ? node : undefined);

/** RANGE_PATTERN with the positions of its bounds. */
const RANGE_BOUNDS = new RegExp(RANGE_PATTERN.source, "d");

/** How the DSL writes the JSON's -1 of an upper bound: `*`, no limit. */
const spellUpperBound = (value: unknown): unknown => (value === -1 ? "*" : value);
/** How the DSL writes a split's page marker: `first` and `last` for the JSON's 1 and -1, another page as its number. */
export const spellPage = <T>(value: T): T | string => (value === 1 ? "first" : value === -1 ? "last" : value);

export interface CompileOptions {
  /**
   * Where to find what the document's previous version read and compiled, and keep this version's (an editor's
   * recompile on every keystroke); without it, everything is read and compiled.
   */
  readonly cache?: CompileCache;
}

/** Compiles one `.service.yaml` text: one service with its source map, or the diagnostics that prevent it. */
export function compileDsl(file: string, text: string, options: CompileOptions = {}): SourceDocument {
  // What a document with a next version (an editor's, compiled with a cache) keeps by node for that version.
  const remember = options.cache !== undefined;
  // An expression cut short by a flow mapping's syntax is one problem, reported in place of what it causes.
  const { root, comments, diagnostics, cuts, broken, reading } = readDsl(text, options.cache?.reading, remember);
  if (options.cache) options.cache.reading = reading;
  const tree = () => root;
  const document = (services: ServiceSource[], wellFormed = true): SourceDocument => ({
    format: "dsl",
    file,
    text,
    diagnostics: withCutExpressions(diagnostics, cuts),
    services,
    wellFormed,
    tree,
    comments,
  });
  if (!root || broken) return document(bestEffort(text, root, options), false);
  const locateInTree = locatorOf(root);
  // zod collects issues on a JSON copy of the file; most files are fine, which a walk of the tree tells sooner.
  const structural = conforms(DslService, root, remember) ? [] : diagnoseStructure(text, root, locateInTree);
  append(diagnostics, structural);
  if (structural.some((d) => d.severity === "error"))
    return document(despiteStructure(text, root, diagnostics, options));
  return document([serviceOf(text, root, diagnostics, options)]);
}

/**
 * The service of a well-formed file whose shape has errors, compiled with its own findings (an expression's
 * syntax, a misplaced key), so that one run names every mistake and the checker can check the parts that are
 * sound. A place the shape's errors already speak of is not spoken of twice. A shape the compiler
 * cannot follow gives no service: its errors are then all there is to say.
 */
function despiteStructure(
  text: string,
  root: SyntaxNode,
  diagnostics: Diagnostic[],
  options: CompileOptions,
): ServiceSource[] {
  if (root.kind !== "object") return [];
  const found: Diagnostic[] = [];
  let service: ServiceSource;
  try {
    service = serviceOf(text, root, found, options);
  } catch {
    return [];
  }
  // The shape's account of a place comes first: a misspelt key it names is not an unknown key as well.
  const given = new Set(diagnostics.map((d) => `${d.span.offset} ${d.span.length}`));
  append(
    diagnostics,
    found.filter((d) => !given.has(`${d.span.offset} ${d.span.length}`)),
  );
  return [service];
}

/** The problems of the file's shape against the DSL's schema, in the file's own words (its keys are the DSL's). */
function diagnoseStructure(text: string, root: SyntaxNode, locate: (path: Path) => Location): Diagnostic[] {
  const json = toJson(root);
  return diagnoseAgainst(DslService, json, locate, {
    wording: new Wording(json, locate, text, true),
    aliases: jsonNamesOf,
  });
}

function serviceOf(
  text: string,
  root: SyntaxNode,
  diagnostics: Diagnostic[],
  options: CompileOptions,
  sound = true,
): ServiceSource {
  const compiler = new DslCompiler(text, diagnostics, options.cache, sound);
  const json = compiler.service(root as ObjectNode);
  const map = compiler.sourceMap;
  const locate = (path: Path) => map.locate(path, root.span);
  return { json, path: [], locate, wording: new Wording(json, locate, text, true) };
}

/**
 * The service of a file whose YAML is broken, compiled as far as its tree allows, for an editor to keep
 * navigating while one part of the file is wrong; its own findings are dropped (the tree may be cut short
 * anywhere, so they would be guesses), and a tree it cannot compile gives none. Nothing is checked, built or
 * written from it.
 */
function bestEffort(text: string, root: SyntaxNode | undefined, options: CompileOptions): ServiceSource[] {
  if (root?.kind !== "object") return [];
  try {
    return [serviceOf(text, root, [], options, false)];
  } catch {
    return [];
  }
}

/** Where the line holding `offset` starts. */
const lineStartOf = (text: string, offset: number): number => text.lastIndexOf("\n", offset - 1) + 1;

/**
 * Whether YAML lines may hold an alias (`*name`), whose value is written elsewhere: their text alone does not say
 * what they compile to. Unsure is yes (a `*` starting a word anywhere).
 */
const ALIAS = /(?:^|[\s[{,])\*[^\s,\]}]/;

/** The keys of a split of any kind. */
const SPLIT_KEYS = new Set(["type", "editable", "pages", "area", "value", "page", "params"]);

/** A copy of a string that does not keep the string it was cut from alive (V8 slices point into their source). */
const detached = (text: string): string => ` ${text}`.slice(1);

class DslCompiler {
  readonly sourceMap = new SourceMap();
  readonly expressions: ExpressionCache | undefined;

  /**
   * @param sound whether the YAML read without errors: only then is a box's tree what its lines say (a reading
   *   that recovers from an error may put anything anywhere), so that a compiled box may be reused by its lines.
   */
  constructor(
    readonly text: string,
    readonly diagnostics: Diagnostic[],
    readonly cache: CompileCache | undefined,
    readonly sound = true,
  ) {
    this.expressions = cache?.expressions;
  }

  /** Records where the JSON at `path` comes from. */
  mark(path: Path, node: SyntaxNode, keySpan?: Span): void {
    this.sourceMap.mark(path, keySpan ? { span: node.span, keySpan } : { span: node.span });
  }

  /**
   * A count or a range (`elements: 3`, `matches: 1..*`) into its two JSON fields, each located at its own bound
   * and named after it, so that a message about one bound points at it and says which it is.
   */
  range(json: Json, path: Path, property: PropertyNode, keys: readonly [string, string]): void {
    const node = property.value;
    const value = scalar(node)?.value;
    const match = typeof value === "string" ? RANGE_BOUNDS.exec(value) : null;
    const bounds =
      typeof value === "number" ? [value, value] : [Number(match?.[1]), match?.[2] === "*" ? -1 : Number(match?.[2])];
    const key = writtenKey(this.text, property.keySpan);
    keys.forEach((jsonKey, i) => {
      json[jsonKey] = bounds[i];
      const indices = match?.indices?.[i + 1];
      const quoted = scalar(node)?.style === "single-quoted" || scalar(node)?.style === "double-quoted" ? 1 : 0;
      const span = indices && { offset: node.span.offset + quoted + indices[0], length: indices[1] - indices[0] };
      // A bound is located inside the scalar only where it reads as written there (no escapes in between).
      if (!span || this.text.slice(span.offset, span.offset + span.length) !== match?.[i + 1]) {
        this.mark([...path, jsonKey], node, property.keySpan);
        return;
      }
      this.sourceMap.mark([...path, jsonKey], {
        span,
        keySpan: property.keySpan,
        name: `the ${i === 0 ? "lower" : "upper"} bound of ${key}`,
        ...(i === 1 ? { spell: spellUpperBound } : {}),
      });
    });
  }

  /** Copies a YAML subtree as plain JSON; the source map keeps the subtree for the positions inside it. */
  raw(path: Path, node: SyntaxNode, keySpan?: Span): unknown {
    this.sourceMap.copy(path, node, keySpan);
    return toJson(node);
  }

  /**
   * Copies the keys of a DSL object that the DSL does not know into its JSON object: fields the spec does not
   * show pass through. A warning names each one, or an error with its renaming where it is near a known key
   * (the object's fields are all known, so it is a misspelling); on `open` objects, whose extra fields are
   * expected, only a likely misspelling is flagged, with a warning.
   */
  passThrough(
    target: Json,
    node: ObjectNode,
    path: Path,
    keys: readonly string[],
    open = false,
    compiled: readonly string[] = [],
  ): void {
    const known = keySet(keys);
    for (const property of node.properties) {
      if (known.has(property.key) || compiled.includes(property.key) || !this.passOne(target, property, path)) continue;
      const suggestion = nearest(property.key, known);
      const key = property.key;
      if (suggestion && !open) {
        // A misspelt field of an object the spec lists in full: passed through, the field meant keeps its default.
        const fix = renaming(this.text, property.keySpan, key, suggestion);
        this.diagnostics.push({
          ...diagnostic("misspelt-key", "misspeltHere", { key, suggestion }, property.keySpan),
          ...(fix ? { fix } : {}),
        });
      } else if (!open || suggestion) {
        this.diagnostics.push(
          suggestion
            ? diagnostic("unknown-key", "passedThroughNear", { key, suggestion }, property.keySpan)
            : diagnostic(
                "unknown-key",
                "passedThrough",
                { key, known: [...known].map((k) => `"${k}"`).join(", ") },
                property.keySpan,
              ),
        );
      }
    }
  }

  /**
   * Copies one key the DSL does not know into its JSON object, unless the JSON already has that field from a key the
   * DSL knows (`minElements` beside `elements`, `name` in a box named by its key): the value written through the DSL
   * would be lost without a word, so the copy is an error and the DSL's value stays. Returns whether it copied.
   */
  passOne(target: Json, property: PropertyNode, path: Path): boolean {
    const at = [...path, property.key];
    // Only a field the file wrote counts: a default the compiler filled in (no `metadata`, so no metadatas) does not.
    const written = Object.hasOwn(target, property.key) ? this.sourceMap.locate(at, property.keySpan) : undefined;
    if (written && written.depth === at.length) {
      const where = written.keySpan ?? written.span;
      const by = written.name ?? writtenKey(this.text, where);
      const key = writtenKey(this.text, property.keySpan);
      this.diagnostics.push({
        ...diagnostic("duplicate-key", "givenThrough", { key, by }, property.keySpan),
        related: [{ span: where, message: message("duplicate-key", "givenHere", { by }) }],
      });
      return false;
    }
    put(target, property.key, this.raw(at, property.value, property.keySpan));
    this.inexactNumbers(property.value);
    return true;
  }

  /**
   * A number passed through that JSON cannot carry as written is an error, not a silent change: `.nan` and
   * `1e400` would be written `null`, `9007199254740993` as 9007199254740992. The model's own fields are bounded
   * by the model; only values nobody checks need this.
   */
  inexactNumbers(node: SyntaxNode): void {
    const pending = [node];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      if (next.kind === "object") for (const property of next.properties) pending.push(property.value);
      else if (next.kind === "array") for (const item of next.items) pending.push(item);
      else if (typeof next.value === "number" && !Number.isFinite(next.value)) {
        const number = next.source ?? next.value;
        this.diagnostics.push(diagnostic("invalid-value", "notFinite", { number }, next.span));
      } else if (typeof next.value === "number" && roundedInteger(next.value, next.source)) {
        const data = { number: next.source ?? next.value, written: next.value };
        this.diagnostics.push(diagnostic("out-of-range", "inexactInteger", data, next.span));
      }
    }
  }

  expression(
    path: Path,
    node: SyntaxNode,
    keySpan: Span | undefined,
    kind: ExpressionKind,
    box: BoxContext | undefined,
  ): unknown {
    // A mapping is the raw JSON form (the DSL schema has checked it carries "@type"); a list is no expression,
    // which the DSL schema reports: copied as it is, not read as the text "undefined".
    if (node.kind !== "scalar") return this.raw(path, node, keySpan);
    this.mark(path, node, keySpan);
    const compiled = compileExpression(this.text, node as ScalarNode, kind, box, this.expressions);
    this.diagnostics.push(...compiled.diagnostics);
    this.sourceMap.expression(path, compiled);
    return compiled.value;
  }

  service(node: ObjectNode): Json {
    const get = (key: string) => propertyOf(node, key);
    const propertiesPath = ["properties"];
    this.mark([], node);
    this.mark(propertiesPath, node);
    const json: Json = {};
    this.rows(json, [], SERVICE_OWN_ROWS, get, undefined);
    const written: Json = {};
    this.rows(written, propertiesPath, PROPERTIES.rows, get, undefined);
    const icon = get("icon")?.value as ObjectNode | undefined;
    const colour = icon && propertyOf(icon, "color");
    if (colour) {
      written.iconColor = this.colour([...propertiesPath, "iconColor"], colour);
      this.sourceMap.name([...propertiesPath, "iconColor"], `"color" of "icon"`);
    }
    const iconName = icon && propertyOf(icon, "name");
    if (iconName) {
      written.iconName = this.raw([...propertiesPath, "iconName"], iconName.value, iconName.keySpan);
      this.sourceMap.name([...propertiesPath, "iconName"], `"name" of "icon"`);
    }
    const properties = inJsonOrder(written, PROPERTIES);
    json.properties = properties;
    // Fields of `properties` that are not the DSL's come after its own, as the decompiler writes them back.
    if (icon) this.passThrough(properties, icon, propertiesPath, keysOf(ICON));
    const extra = get("properties")?.value;
    if (extra?.kind === "object")
      for (const property of extra.properties) this.passOne(properties, property, propertiesPath);
    const ordered = inJsonOrder(json, SERVICE);
    this.passThrough(ordered, node, [], keysOf(SERVICE));
    return ordered;
  }

  /**
   * A collection written as a map (names as keys, the idiomatic form) or as a list of objects carrying their
   * name (the form that can hold duplicate names, so that any JSON can be written).
   */
  named(
    property: PropertyNode,
    path: Path,
    nameKey: string,
    compile: (entry: Entry, path: Path, name: { value: string; span: Span }) => Json,
  ): Json[] {
    this.mark(path, property.value, property.keySpan);
    const node = property.value;
    if (node.kind === "object") {
      return node.properties.map((entry, i) => {
        const entryPath = [...path, i];
        this.mark(entryPath, entry.value, entry.keySpan);
        // The name is the key itself: its span is where the name is written.
        this.sourceMap.mark([...entryPath, nameKey], { span: entry.keySpan, keySpan: entry.keySpan });
        const body = entry.value.kind === "scalar" && entry.value.value === null ? undefined : entry.value;
        const linesEnd = this.linesEnd(node, i);
        return compile({ body, keySpan: entry.keySpan, linesEnd }, entryPath, {
          value: entry.key,
          span: entry.keySpan,
        });
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

  /** Where the lines of entry `i` of a map end (see Entry). */
  linesEnd(map: ObjectNode, i: number): number | undefined {
    const { text } = this;
    // In a flow mapping (`{ A: ..., B: ... }`) entries share lines: none has lines of its own.
    if (text[map.span.offset] === "{") return undefined;
    const next = map.properties[i + 1];
    if (next) return lineStartOf(text, next.keySpan.offset);
    const end = map.span.offset + map.span.length;
    const lf = text.indexOf("\n", end - 1);
    return lf < 0 ? text.length : lf + 1;
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

  /**
   * Compiles the keys of a DSL object that its rows translate on their own (scalars, ranges, expressions, objects,
   * named collections and lists), each into its JSON field or, when absent, the field's default.
   */
  rows(
    json: Json,
    path: Path,
    rows: readonly Row[],
    get: (key: string) => PropertyNode | undefined,
    box: BoxContext | undefined,
  ): void {
    for (const row of rows) {
      const property = get(row.key);
      const field = row.json[0] as string;
      if (row.kind === "range") {
        if (property) this.range(json, path, property, row.json as [string, string]);
        else if (Array.isArray(row.default)) [json[field], json[row.json[1] as string]] = row.default;
      } else if (!property) {
        // Most rows of a box are absent: their defaults need no path (an object is null, a collection empty).
        if (row.kind === "object") json[field] = null;
        else if (row.kind === "named") json[field] = [];
        else if (row.kind === "list") json[field] = fresh(row.default);
        else if (row.kind !== "special" && "default" in row) json[field] = fresh(row.default);
      } else {
        const at = [...path, field];
        if (row.kind === "object") {
          json[field] = this.object(property, at, row.shape as Shape, box);
        } else if (row.kind === "named") {
          json[field] = this.named(property, at, row.nameKey as string, (entry, entryPath, name) =>
            row.shape === BOX
              ? this.box(entry, entryPath, name)
              : row.shape === CHANNEL
                ? this.channel(entry, entryPath, name)
                : this.entry(entry, entryPath, name, row, box),
          );
        } else if (row.kind === "list") {
          json[field] = this.list(property, at, row, box);
        } else if (row.kind === "scalar") {
          json[field] = this.raw(at, property.value, property.keySpan);
        } else if (row.kind === "expression") {
          json[field] = this.expression(at, property.value, property.keySpan, row.expression ?? "value", box);
        }
      }
    }
  }

  /** A DSL object of a shape: its rows, in the JSON's order, then the keys the DSL does not know. */
  shaped(node: ObjectNode, path: Path, shape: Shape, box: BoxContext | undefined, json: Json = {}): Json {
    this.rows(json, path, shape.rows, (key) => propertyOf(node, key), box);
    const ordered = inJsonOrder(json, shape);
    this.passThrough(ordered, node, path, keysOf(shape));
    return ordered;
  }

  /**
   * A box, compiled once for the lines it is written on: an edit elsewhere in the file leaves it as it was, so
   * the next version takes it over (CompileCache), moved to where its lines now start.
   */
  box(entry: Entry, path: Path, name: { value: string; span: Span }): Json {
    const { cache, text } = this;
    const { keySpan, linesEnd } = entry;
    if (!cache || !this.sound || !keySpan || linesEnd === undefined) return this.boxBody(entry, path, name);
    const start = lineStartOf(text, keySpan.offset);
    const lines = text.slice(start, linesEnd);
    if (lines === "" || ALIAS.test(lines)) return this.boxBody(entry, path, name);
    const compiled = cache.box(lines, () => {
      const own = detached(lines);
      const compiler = new DslCompiler(own, [], cache);
      const at = (span: Span): Span => ({ offset: span.offset - start, length: span.length });
      const body = entry.body && movedNode(entry.body, -start);
      const json = compiler.boxBody({ body, keySpan: at(keySpan) }, [], { value: name.value, span: at(name.span) });
      return { lines: own, json, map: compiler.sourceMap, diagnostics: compiler.diagnostics };
    });
    this.sourceMap.graft(path, compiled.map, start);
    const move = (span: Span): Span => ({ offset: span.offset + start, length: span.length });
    for (const d of compiled.diagnostics) this.diagnostics.push(mapDiagnostic(d, move));
    return compiled.json;
  }

  boxBody(entry: Entry, path: Path, name: { value: string; span: Span }): Json {
    const body = entry.body as ObjectNode;
    const dslType = String(scalar(propertyOf(body, "type")?.value)?.value);
    const boxType = BOX_TYPES.get(dslType);
    const wrong = this.misplacedBoxKeys(body, dslType, name.value);
    const get = (key: string) => (wrong.has(key) ? undefined : propertyOf(body, key));
    const json: Json = { "@type": boxType?.type, name: name.value };
    const type = get("type");
    this.sourceMap.mark([...path, "@type"], {
      span: (type?.value ?? body).span,
      keySpan: type?.keySpan,
      spell: spellBoxType,
    });
    const context = { name: name.value, main: scalar(get("main")?.value)?.value === true };
    // The PDF keys are written into their JSON fields on a data-file box too, so that the same rule reports them
    // in a DSL file as in a JSON file (pdf-only-field).
    this.rows(json, path, BOX_ROWS_OF_TYPE.get(dslType) ?? BOX.rows, get, context);
    const split = get("split");
    if (split) json.splitConfig = this.split(split, [...path, "splitConfig"]);
    const appositions = get("appositions");
    if (appositions?.value.kind === "array") json.appositions = this.appositions(appositions, [...path, "appositions"]);
    const ordered = inJsonOrder(json, BOX);
    const keys = keysOf(BOX, boxType ? (dslType as BoxType) : "data-file");
    this.passThrough(
      ordered,
      body,
      path,
      keys,
      dslType !== "pdf",
      wrong.size === 0 ? PDF_KEYS : [...PDF_KEYS, ...wrong],
    );
    return ordered;
  }

  /**
   * The keys of the DSL's boxes written on a box of a type that does not have them (`metadata` on an archive):
   * each an error, since the language knows what it means and it means nothing there; they are not compiled.
   */
  misplacedBoxKeys(body: ObjectNode, dslType: string, boxName: string): ReadonlySet<string> {
    const found = new Set<string>();
    for (const property of body.properties) {
      if (!misplaced(property.key, dslType)) continue;
      found.add(property.key);
      const data = {
        key: property.key,
        types: `${BOX_TYPES_OF_KEY.get(property.key)?.join(" and ")}`,
        box: JSON.stringify(boxName),
        article: dslType === "archive" ? "an" : "a",
        type: dslType,
      };
      this.diagnostics.push(diagnostic("misplaced-key", "wrongBoxType", data, property.keySpan));
    }
    return found;
  }

  /**
   * An entry of a named collection of a row (a metadata): its name, then its rows. An entry written in the short
   * form (`name: <expression>`, or a raw JSON expression) is the value of the shape's short row.
   */
  entry(entry: Entry, path: Path, name: { value: string }, row: Row, box: BoxContext | undefined): Json {
    const shape = row.shape as Shape;
    const json: Json = { [row.nameKey as string]: name.value };
    const node = entry.body;
    if (node?.kind === "object" && !propertyOf(node, "@type")) return this.shaped(node, path, shape, box, json);
    const short = (key: string) =>
      key === shape.short && node ? ({ key, keySpan: entry.keySpan, value: node } as PropertyNode) : undefined;
    this.rows(json, path, shape.rows, short, box);
    return inJsonOrder(json, shape);
  }

  /** A key whose value is an object of a shape or, when null, the JSON `null` (`from`, `reconcile`). */
  object(property: PropertyNode, path: Path, shape: Shape, box: BoxContext | undefined): unknown {
    this.mark(path, property.value, property.keySpan);
    return property.value.kind === "object" ? this.shaped(property.value, path, shape, box) : null;
  }

  /** A list of objects of a shape (`files`); not a list, the row's default. */
  list(property: PropertyNode, path: Path, row: Row, box: BoxContext | undefined): unknown {
    if (property.value.kind !== "array") return fresh(row.default);
    this.mark(path, property.value, property.keySpan);
    return property.value.items.map((item, i) => {
      const itemPath = [...path, i];
      this.mark(itemPath, item);
      return this.shaped(item as ObjectNode, itemPath, row.shape as Shape, box);
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
    const used = new Set(["type", "editable"]);
    const need = (key: string, what: string) => {
      const found = get(key);
      // A key of no kind of split, near the one missing, is its misspelling: one report, on it, with the renaming.
      const typo =
        found ?? node.properties.find((p) => !SPLIT_KEYS.has(p.key) && !used.has(p.key) && nearest(p.key, [key]));
      if (typo && !found) {
        used.add(typo.key);
        const fix = renaming(this.text, typo.keySpan, typo.key, key);
        this.diagnostics.push({
          ...diagnostic("misspelt-key", "misspeltHere", { key: typo.key, suggestion: key }, typo.keySpan),
          ...(fix ? { fix } : {}),
        });
      } else if (!found) {
        const data = { key, kind: String(kind), expected: what };
        this.diagnostics.push(diagnostic("missing-field", "splitKey", data, property.keySpan));
      }
      return found;
    };
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
        this.sourceMap.mark([...path, "pages"], { span: page.value.span, keySpan: page.keySpan, spell: spellPage });
      }
      const params = get("params");
      if (params) json.extractionParameters = this.raw([...path, "extractionParameters"], params.value, params.keySpan);
      for (const key of ["area", "value", "page", "params"]) used.add(key);
    }
    // Keys of another kind of split pass through like unknown keys, with a warning.
    for (const key of node.properties) {
      if (used.has(key.key)) continue;
      this.diagnostics.push(diagnostic("unknown-key", "otherSplit", { key: key.key, kind: String(kind) }, key.keySpan));
      put(json, key.key, this.raw([...path, key.key], key.value, key.keySpan));
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
      const json: Json = { "@type": APPOSITION_TYPES.get(String(scalar(type?.value)?.value)) };
      if (type) this.mark([...itemPath, "@type"], type.value, type.keySpan);
      const id = get("id");
      const idValue = scalar(id?.value)?.value;
      json.id = idValue === undefined || idValue === null ? null : String(idValue);
      if (id) this.mark([...itemPath, "id"], id.value, id.keySpan);
      return this.shaped(node, itemPath, APPOSITION, undefined, json);
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
    if (node) this.passThrough(json, node, path, keysOf(CHANNEL), true);
    return json;
  }
}
