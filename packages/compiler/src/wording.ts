import { type PathSegment, type Span, textOf, type Utf8Text } from "@mailroom/syntax";
import type { Location } from "./source.js";

type Path = readonly PathSegment[];
type Json = Record<PathSegment, unknown>;

const isContainer = (value: unknown): value is Json => typeof value === "object" && value !== null;

/** A member of an object or array, own members only: a key named `constructor` is data, not Object's. */
export const own = (value: unknown, key: PathSegment): unknown =>
  isContainer(value) && Object.hasOwn(value, key) ? value[key] : undefined;

/** The value at a path of a JSON value. */
export const valueAt = (root: unknown, path: Path): unknown =>
  path.reduce<unknown>((value, segment) => own(value, segment), root);

const isExpression = (value: unknown): boolean => {
  const type = own(value, "@type");
  return typeof type === "string" && /^ex[vb]\./.test(type);
};

/** The service itself: the root, or its `properties`, which the DSL writes at its top level. */
const isService = (path: Path): boolean => path.length === 0 || (path.length === 1 && path[0] === "properties");

const slice = (text: string, span: Span) => text.slice(span.offset, span.offset + span.length);

/** A key as written at `span`, in quotes for a message: `"page"`, or as it is when the file quotes it. */
export function writtenKey(text: string, span: Span): string {
  const key = slice(text, span);
  return /^["']/.test(key) ? key : JSON.stringify(key);
}

/**
 * A value as messages show it: `the string "3"`, `3`, `an object`. A number, boolean or null is shown as the file
 * writes it when `written` is given: `1e400` and `2^64` rather than the Infinity or the rounded number they read as.
 */
export function describeValue(value: unknown, written?: string): string {
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string":
      return `the string ${JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)}`;
    case "number":
    case "boolean":
      return written ?? String(value);
    case "object":
      return value === null ? (written ?? "null") : "an object";
    default:
      return "nothing";
  }
}

/**
 * How messages name the fields, objects and values of one JSON value (a service, a DSL file's own tree, a
 * configuration) in the words of the file it was read from. Positions come from `locate`; with the file's `text`,
 * numbers and constants are quoted as written. A DSL file's service (`dsl`) is named by the DSL's keys and
 * values: `"page" in "split" of box "letters"` where the JSON says `"pages" in bsc.PDF_AREA`.
 *
 * A rule phrases a message with `name` (the field alone), `field` (the field and what holds it), `value` (the
 * value found) and `spell` (a value expected), and reads the same in a JSON file and a DSL file.
 */
export class Wording {
  constructor(
    readonly root: unknown,
    readonly locate: (path: Path) => Location,
    /** The file's text (a `Utf8Text` is decoded only when a message quotes what is written). */
    readonly source?: string | Utf8Text,
    readonly dsl = false,
    /** What the whole value is called: a service, or another of the API's objects (a request file, a unit). */
    readonly whole = "the service",
  ) {}

  /** The file's text, if known. */
  get text(): string | undefined {
    return this.source === undefined ? undefined : textOf(this.source);
  }

  /** The location of `path` when the file writes it there (not an ancestor standing in for it). */
  #exact(path: Path): Location | undefined {
    const location = this.locate(path);
    return location.depth === path.length ? location : undefined;
  }

  /**
   * A field's name, quoted: `"pages"`; in a DSL file, its key as written (`"page"`), or the part of a value it is
   * (`the upper bound of "matches"`).
   */
  name(path: Path): string {
    const jsonName = JSON.stringify(String(path.at(-1) ?? "service"));
    if (!this.dsl) return jsonName;
    const location = this.#exact(path);
    if (location?.name) return location.name;
    return location?.keySpan && this.text !== undefined ? writtenKey(this.text, location.keySpan) : jsonName;
  }

  /** The value at `path` (or `value`, found there) as messages show it: see `describeValue`. */
  value(path: Path, value: unknown = valueAt(this.root, path)): string {
    const location = typeof value === "object" && value !== null ? undefined : this.#exact(path);
    const written = location && this.text !== undefined ? slice(this.text, location.span) : undefined;
    return describeValue(value, written);
  }

  /** A value the field at `path` may hold, as the file would write it: `first` for 1 in a DSL split's `page`. */
  spell(path: Path, value: unknown): unknown {
    return this.#exact(path)?.spell?.(value) ?? value;
  }

  /** A text about the values of the field at `path` with its numbers spelt as the file writes them (`-1`: `*`). */
  spellNumbers(path: Path, text: string): string {
    const spell = this.#exact(path)?.spell;
    if (!spell) return text;
    return text.replace(/-?\d+(?:\.\d+)?/g, (number) => {
      const spelt = spell(Number(number));
      return spelt === Number(number) ? number : String(spelt);
    });
  }

  /** The object at `path` as messages name it: `box.PDF "letters"`, `"reconcile"`; in a DSL file `box "letters"`. */
  owner(path: Path): string {
    return this.dsl ? this.#dslOwner(path) : this.#jsonOwner(path);
  }

  /** The field at `path` and what holds it: `"minElements" in box.PDF "letters"`, an item `"boxes[2]"`. */
  field(path: Path): string {
    const last = path.at(-1);
    if (this.dsl) {
      // An item, or an entry of a named collection, is named by what it is: `box "letters"`.
      if (typeof last === "number" || this.#entry(path)) return this.#dslOwner(path);
      return `${this.name(path)} in ${this.owner(path.slice(0, -1))}`;
    }
    if (typeof last === "number") return `"${String(path.at(-2))}[${last}]"`;
    return `${this.name(path)} in ${this.owner(path.slice(0, -1))}`;
  }

  #jsonOwner(path: Path): string {
    if (path.length === 0) return this.whole;
    const value = valueAt(this.root, path);
    const type = own(value, "@type");
    const name = own(value, "name");
    const named = typeof name === "string" ? ` ${JSON.stringify(name)}` : "";
    if (typeof type === "string") return `${type}${named}`;
    const last = path.at(-1);
    if (typeof last === "number") {
      const key = path.at(-2);
      const kind = key === "metadatas" ? "metadata" : key === "channels" ? "channel" : undefined;
      const label = own(value, "label");
      const labelled = typeof label === "string" ? ` ${JSON.stringify(label)}` : "";
      return kind && (named || labelled) ? `${kind}${named || labelled}` : `"${String(key)}[${last}]"`;
    }
    return `"${last}"`;
  }

  /**
   * An entry of a named collection (`box "letters"`, `metadata "ref" of box "letters"`, `channel "Mail"`): maps in
   * the DSL, whose entries are named by their keys; lists of entries carrying their names in the DSL's list form
   * and in the compiled JSON.
   */
  #entry(path: Path): string | undefined {
    const last = path.at(-1);
    const collection = path.at(-2);
    const value = valueAt(this.root, path);
    const named = typeof last === "number" ? own(value, collection === "channels" ? "label" : "name") : last;
    if (typeof named !== "string") return undefined;
    const top = isService(path.slice(0, -2));
    if (collection === "boxes" && top) return `box ${JSON.stringify(named)}`;
    if (collection === "channels" && top) return `channel ${JSON.stringify(named)}`;
    if (collection === "metadata" || collection === "metadatas")
      return `metadata ${JSON.stringify(named)} of ${this.#dslOwner(path.slice(0, -2))}`;
    return undefined;
  }

  #dslOwner(path: Path): string {
    if (isService(path)) return "the service";
    const value = valueAt(this.root, path);
    if (isExpression(value)) {
      // An expression is written as one text: name its node by type, in what holds the expression.
      let holder = path.slice(0, -1);
      while (
        holder.length > 0 &&
        (isExpression(valueAt(this.root, holder)) || Array.isArray(valueAt(this.root, holder)))
      )
        holder = holder.slice(0, -1);
      return `${String(own(value, "@type"))} in ${this.#dslOwner(holder)}`;
    }
    const last = path.at(-1);
    const parent = path.slice(0, -1);
    const entry = this.#entry(path);
    if (entry) return entry;
    if (typeof last === "number") return `item ${last + 1} of ${this.#dslOwner(parent)}`;
    return isService(parent) ? this.name(path) : `${this.name(path)} of ${this.#dslOwner(parent)}`;
  }
}

/**
 * A message starting with a phrase such as `item 1 of ...`, as a sentence: its first letter a capital, also after
 * an opening bracket ("(the text ...) followed by").
 */
export const sentence = (message: string): string => message.replace(/^\(*\p{Ll}/u, (start) => start.toUpperCase());
