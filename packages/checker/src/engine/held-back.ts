import type { ServiceSource } from "@mailroom/compiler";
import {
  ArchiveBox,
  Channel,
  ConfiguredFile,
  DataFileBox,
  Metadata,
  OutputFile,
  Parent,
  PdfBox,
  RECONCILE_DEFAULTS,
  REFERENCE_NAMESPACES,
  Reconcile,
  SERVICE_TYPES,
  Service,
  ServiceProperties,
} from "@mailroom/model";
import { append, isJsonObject, nearest, type Span } from "@mailroom/syntax";
import type * as z from "zod";
import { fitsModel } from "../validate.js";
import type { Json, Path } from "./rule.js";

/*
 * Partial checking. A service with errors is still checked where it is sound: each error holds back the part of
 * the service it lies in (an expression, a box, a channel, or the service's own fields), the rules run on the
 * service with each held-back part replaced by a marker that is valid against the model, and every finding
 * located in a held-back part, or pointing at one, is not reported. A marker keeps what the part says for sure
 * (its name, its metadata and the names they reference, whether it is MAIN, the archive it extracts from) so
 * that the rest of the service reads as written, and assumes the most of what it does not say (a box whose
 * `main` is unreadable counts as MAIN), so that a missing fact never becomes a finding elsewhere.
 */

type Kind = "service" | "box" | "channel" | "metadata" | "reconcile" | "parent";

/**
 * A part of a service that can be held back on its own, with the extent of its text (its key included). An
 * expression is held back with what holds it (its metadata, reconcile or parent): an expression's own extent is
 * not known once its syntax is broken.
 */
interface Part {
  readonly kind: Kind;
  readonly path: Path;
  readonly start: number;
  readonly end: number;
  readonly parent: Part | undefined;
  /** The parts inside it, in text order; a box's are found when an error first lies in it. */
  children?: Part[];
}

const isObject = (value: unknown): value is Json => isJsonObject(value);

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const keyOf = (path: Path): string => JSON.stringify(path);

/** Whether a path lies in a box or a channel (rather than in the service's own fields). */
const inBoxOrChannel = (path: Path): boolean =>
  path[0] === "properties" && (path[1] === "boxes" || path[1] === "channels") && typeof path[2] === "number";

/** The parts of a service and which of them are held back; the parts are found on the first error. */
export class HeldBack {
  readonly #service: ServiceSource;
  #root: Part | undefined;
  readonly #held = new Set<Part>();
  /** The paths of the held-back parts. */
  readonly #heldPaths = new Set<string>();
  #everything = false;

  constructor(service: ServiceSource) {
    this.#service = service;
  }

  /** Whether nothing of the service can be checked: an error lies outside it, or its markers are not valid. */
  get everything(): boolean {
    return this.#everything;
  }

  /** Whether some part is held back. */
  get any(): boolean {
    return this.#everything || this.#held.size > 0;
  }

  /** Holds back the part an error at `span` lies in. */
  hold(span: Span): void {
    const part = this.#innermost(span);
    if (!part) this.#everything = true;
    else if (!this.#held.has(part)) {
      this.#held.add(part);
      this.#heldPaths.add(keyOf(part.path));
    }
  }

  /** Whether a problem at `span` lies in a held-back part: one that part's error already accounts for. */
  covers(span: Span): boolean {
    if (this.#everything) return true;
    const part = this.#innermost(span);
    if (part === undefined || this.#held.has(part)) return true;
    // The service's own fields being held back says nothing of its boxes and channels.
    for (let at = part.parent; at && at.kind !== "service"; at = at.parent) if (this.#held.has(at)) return true;
    return false;
  }

  /** Whether a finding about `path` depends on a held-back part. */
  holds(path: Path): boolean {
    if (this.#everything) return true;
    if (this.#held.size === 0) return false;
    if (!inBoxOrChannel(path)) return this.#heldPaths.has(keyOf([]));
    // A box or channel, then a box's reconcile or parent, then one of its metadata.
    for (let length = 3; length <= Math.min(path.length, 5); length++) {
      if (this.#heldPaths.has(keyOf(path.slice(0, length)))) return true;
    }
    return false;
  }

  /**
   * The service the rules may read: the service itself when nothing is held back, otherwise a copy with each
   * held-back part replaced by its marker; undefined (and everything held back) when that copy is still not
   * valid against the model, a case the markers do not foresee, so that the rules' promise holds.
   */
  checkable(): Json | undefined {
    const json = this.#service.json as Json;
    if (this.#held.size === 0 || this.#everything) return this.#everything ? undefined : json;
    const patch = new Patch(json);
    let service: Part | undefined;
    // Inner parts first, so that a box's marker is made of its metadata's markers.
    const held = [...this.#held].sort((a, b) => b.path.length - a.path.length);
    for (const part of held) {
      if (part.kind === "service") service = part;
      else patch.set(part.path, MARKERS[part.kind](patch.get(part.path)));
    }
    const checkable = service ? MARKERS.service(patch.root) : patch.root;
    if (fitsModel(checkable)) return checkable as Json;
    this.#everything = true;
    return undefined;
  }

  /** The innermost part whose text holds `span`, or undefined when the service's text does not. */
  #innermost(span: Span): Part | undefined {
    // Where an error starts says where it is: one at the end of an expression may point past its last character.
    const inside = (part: Part) =>
      span.offset >= part.start && (span.offset < part.end || (span.offset === part.end && span.length === 0));
    let part = this.#rootPart();
    if (!inside(part)) return undefined;
    for (;;) {
      const children = this.#childrenOf(part);
      // The last child starting at or before the span; children do not overlap.
      let low = 0;
      let high = children.length;
      while (low < high) {
        const mid = (low + high) >> 1;
        if ((children[mid] as Part).start <= span.offset) low = mid + 1;
        else high = mid;
      }
      const child = children[low - 1];
      if (!child || !inside(child)) return part;
      part = child;
    }
  }

  #rootPart(): Part {
    // The service itself is always written: its path is empty.
    this.#root ??= this.#part("service", [], undefined) as Part;
    return this.#root;
  }

  #childrenOf(part: Part): Part[] {
    if (part.children) return part.children;
    const json = this.#service.json;
    const children: Part[] = [];
    const add = (kind: Kind, path: Path) => {
      const child = this.#part(kind, path, part);
      if (child) children.push(child);
    };
    if (part.kind === "service") {
      const properties = isObject(json) ? json.properties : undefined;
      const boxes = isObject(properties) ? list(properties.boxes) : [];
      for (let i = 0; i < boxes.length; i++) add("box", ["properties", "boxes", i]);
      const channels = isObject(properties) ? list(properties.channels) : [];
      for (let i = 0; i < channels.length; i++) add("channel", ["properties", "channels", i]);
    } else if (part.kind === "box") {
      const box = (json as Json).properties as Json;
      const written = list(box.boxes)[part.path[2] as number];
      if (isObject(written)) {
        for (let j = 0; j < list(written.metadatas).length; j++) add("metadata", [...part.path, "metadatas", j]);
        if (isObject(written.reconcile)) add("reconcile", [...part.path, "reconcile"]);
        if (isObject(written.parent)) add("parent", [...part.path, "parent"]);
      }
    }
    part.children = children.sort((a, b) => a.start - b.start);
    return part.children;
  }

  /** The part at `path`, when the text writes it (a part only implied has no text for an error to lie in). */
  #part(kind: Kind, path: Path, parent: Part | undefined): Part | undefined {
    const location = this.#service.locate(path);
    if (location.depth < path.length) return undefined;
    const spans = location.keySpan ? [location.span, location.keySpan] : [location.span];
    const start = Math.min(...spans.map((s) => s.offset));
    const end = Math.max(...spans.map((s) => s.offset + s.length));
    return { kind, path, start, end, parent };
  }
}

/** Copy-on-write edits of a JSON value: only the objects on the way to an edit are copied, each once. */
class Patch {
  readonly #fresh = new WeakSet<object>();
  root: unknown;

  constructor(root: unknown) {
    this.root = root;
  }

  get(path: Path): unknown {
    return path.reduce<unknown>(
      (at, key) => (isObject(at) || Array.isArray(at) ? (at as Json)[key] : undefined),
      this.root,
    );
  }

  set(path: Path, value: unknown): void {
    this.root = this.#copy(this.root);
    let at = this.root as Json;
    for (const key of path.slice(0, -1)) {
      at[key] = this.#copy(at[key]);
      at = at[key] as Json;
    }
    at[path.at(-1) as string] = value;
  }

  #copy(value: unknown): unknown {
    if (typeof value !== "object" || value === null || this.#fresh.has(value)) return value;
    // Spreading defines each key as data, a `__proto__` key included.
    const copy = Array.isArray(value) ? [...value] : { ...value };
    this.#fresh.add(copy);
    return copy;
  }
}

const fits = (schema: z.ZodType, value: unknown): boolean => schema.safeParse(value).success;

/**
 * An object of `schema` made of what `value` holds: each field that fits the schema kept, each other one
 * replaced by its fallback (left out when there is none, for an optional field). A loose schema keeps the keys
 * it does not know, as the model does.
 */
function rebuild(
  schema: z.ZodObject,
  value: unknown,
  fallbacks: Readonly<Record<string, (written: unknown) => unknown>>,
  loose = false,
): Json {
  const object = isObject(value) ? value : {};
  const known = new Set(Object.keys(schema.shape));
  const out: Json = loose ? { ...object } : {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const written = meant(object, key, known);
    if (fits(field as z.ZodType, written)) {
      if (written !== undefined) out[key] = written;
      continue;
    }
    const fallback = fallbacks[key]?.(written);
    if (fallback === undefined) delete out[key];
    else out[key] = fallback;
  }
  return out;
}

/**
 * The value of `key` in a written object; when it is absent, that of a key near it which the object does not
 * know (`"nmae"`), as the model's report takes such a key for the missing one: what the writer meant.
 */
function meant(object: Json, key: string, known: ReadonlySet<string>): unknown {
  if (Object.hasOwn(object, key)) return object[key];
  const typo = Object.keys(object).find((written) => !known.has(written) && nearest(written, [key]) !== undefined);
  return typo === undefined ? undefined : object[typo];
}

const REFERENCE_KEYS: ReadonlySet<string> = new Set(["@type", "namespace", "identifier"]);

/** Namespaces a reference may name that are not METADATA. */
const OTHER_NAMESPACES: ReadonlySet<unknown> = new Set(REFERENCE_NAMESPACES.filter((n) => n !== "METADATA"));

/**
 * The metadata references written anywhere in a value, once each: what a held-back expression is known to read,
 * so that the metadata it names still count as used. A reference whose type, namespace or keys are themselves
 * wrong may be one.
 */
function metadataReferences(value: unknown): Json[] {
  const names = new Set<string>();
  const pending = [value];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (Array.isArray(next)) append(pending, next);
    else if (isObject(next)) {
      // Only a reference has an identifier: whatever its `@type` says, it is one, misspelt.
      const field = (key: string) => meant(next as Json, key, REFERENCE_KEYS);
      const identifier = OTHER_NAMESPACES.has(field("namespace")) ? undefined : field("identifier");
      if (typeof identifier === "string") names.add(identifier);
      for (const key in next) pending.push(next[key]);
    }
  }
  return [...names].map((identifier) => ({ "@type": "exv.Reference", namespace: "METADATA", identifier }));
}

/** A value expression that reads what the held-back one is known to read, and nothing else. */
function valueMarker(written: unknown): Json {
  const references = metadataReferences(written);
  if (references.length === 1) return references[0] as Json;
  return references.length === 0
    ? { "@type": "exv.Value", value: "" }
    : { "@type": "exv.Concat", operands: references };
}

/** A condition that reads what the held-back one is known to read, and nothing else. */
function conditionMarker(written: unknown): Json {
  const references = metadataReferences(written);
  if (references.length === 0) return { "@type": "exb.Boolean", value: false };
  return { "@type": "exb.ContentEqual", expr1: valueMarker(written), expr2: { "@type": "exv.Value", value: "" } };
}

const BOX_SCHEMAS: ReadonlyMap<unknown, z.ZodObject> = new Map<unknown, z.ZodObject>([
  ["box.PDF", PdfBox],
  ["box.DATA_FILE", DataFileBox],
  ["box.ARCHIVE", ArchiveBox],
]);

function parentMarker(written: unknown): Json | null {
  if (fits(Parent, written)) return written as Json;
  if (!isObject(written) || typeof meant(written, "boxName", new Set(Object.keys(Parent.shape))) !== "string") {
    return null;
  }
  // Rank 1 can fill a gap in the ranks of the archive, never make one.
  return rebuild(Parent, written, { fileMatcher: conditionMarker, rank: () => 1 });
}

function reconcileMarker(written: unknown): Json | null {
  if (fits(Reconcile, written)) return written as Json;
  if (!isObject(written)) return null;
  return rebuild(Reconcile, written, {
    condition: conditionMarker,
    minExpected: () => RECONCILE_DEFAULTS.minExpected,
    maxExpected: () => RECONCILE_DEFAULTS.maxExpected,
    minMatches: () => RECONCILE_DEFAULTS.minMatches,
    maxMatches: () => RECONCILE_DEFAULTS.maxMatches,
  });
}

const metadataMarker = (written: unknown): unknown =>
  fits(Metadata, written)
    ? written
    : rebuild(Metadata, written, { name: () => "", persist: () => false, editable: () => false, content: valueMarker });

/** What stands for each kind of held-back part. */
const MARKERS: Readonly<Record<Kind, (written: unknown) => unknown>> = {
  metadata: metadataMarker,
  reconcile: reconcileMarker,
  parent: parentMarker,
  box: (written) => {
    const type = isObject(written) && BOX_SCHEMAS.has(written["@type"]) ? written["@type"] : "box.DATA_FILE";
    const schema = BOX_SCHEMAS.get(type) as z.ZodObject;
    return rebuild(
      schema,
      written,
      {
        "@type": () => type,
        name: () => "",
        hidden: () => false,
        minElements: () => 0,
        maxElements: () => 0,
        // A box that may be MAIN: no reference to its metadata, nor the service, lacks a MAIN box because of it.
        main: () => true,
        parent: parentMarker,
        metadatas: (metadatas) => list(metadatas).map(metadataMarker),
        reconcile: reconcileMarker,
        configuredFiles: (files) => list(files).filter((file) => fits(ConfiguredFile, file)),
      },
      type !== "box.PDF",
    );
  },
  channel: (written) =>
    rebuild(
      Channel,
      written,
      {
        label: () => "",
        outputFilesConfig: (files) => list(files).map((file) => (fits(OutputFile, file) ? file : {})),
      },
      true,
    ),
  service: (written) =>
    rebuild(
      Service,
      written,
      {
        id: () => 0,
        type: () => SERVICE_TYPES[0],
        name: () => "",
        // Boxes and channels are parts of their own, already replaced where held back.
        properties: (properties) => rebuild(ServiceProperties, properties, { boxes: list, channels: list }),
      },
      false,
    ),
};
