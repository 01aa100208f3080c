import { isMandatory } from "../call.js";
import type {
  AppositionDocs,
  BoxDocs,
  ChannelDocs,
  ChannelOptionDocs,
  ConfiguredFileDocs,
  Explained,
  MetadataDocs,
  OtherField,
  ServiceDocs,
} from "../model.js";

/*
 * The semantic difference between two versions of a service, on their docs models: what changed for the
 * integrators who call it and for the values it computes, in the docs' own words. Each change is classed; the
 * table of classes is in docs/diff.md. Fields this comparison does not know (the docs model grows) are compared
 * verbatim and classed as behaviour, so that nothing changes unseen.
 */

/** The version of the diff's JSON shape. */
export const DIFF_VERSION = 1;

/** Breaking for integrators; values change for the same files; or only what people see. */
export type ChangeClass = "breaking" | "behaviour" | "cosmetic";

export const CHANGE_CLASSES: readonly ChangeClass[] = ["breaking", "behaviour", "cosmetic"];

export interface Change {
  readonly class: ChangeClass;
  readonly kind: "added" | "removed" | "changed";
  /** What changed: "box ATTESTATIONS", "metadata employeeId of box PAYSLIPS", "channel EMAIL", "the service". */
  readonly subject: string;
  /** The part of the subject that changed ("split", "description"); null when the subject itself came or went. */
  readonly field: string | null;
  /** What happened, in words, without the subject: "removed", "made mandatory", "content changed". */
  readonly summary: string;
  /** The old and new values in words (expressions as sentences); null on the side where there is none. */
  readonly old: string | null;
  readonly new: string | null;
  /** For an expression, the old and new text as the DSL writes it. */
  readonly expression: { readonly old: string | null; readonly new: string | null } | null;
}

/** A service as the diff names it. */
export interface ServiceRef {
  readonly file: string;
  readonly name: string;
  readonly id: number | null;
}

export interface ServiceDiff {
  /** Null for a service added (the new side) or removed (the old side). */
  readonly old: ServiceRef | null;
  readonly new: ServiceRef | null;
  readonly changes: readonly Change[];
}

export interface DiffReport {
  readonly version: typeof DIFF_VERSION;
  readonly counts: Readonly<Record<ChangeClass, number>>;
  readonly services: readonly ServiceDiff[];
}

/**
 * The fields of a service compared on their own, or about the file rather than the service, or derived from
 * others: `call` from the boxes and metadata (its requirements are compared), the diagrams and worked example.
 */
const SERVICE_KNOWN = new Set([
  ...["version", "file", "format", "slug", "findings", "errors", "warnings", "diagrams", "workedExample", "call"],
  "typeWords",
  ...["id", "name", "type", "organizationalUnit", "description", "icon", "boxes", "metadata", "channels"],
]);
const BOX_COMPARED = new Set([
  "name",
  "anchor",
  "kind",
  "type",
  "role",
  "label",
  "hidden",
  "elements",
  "split",
  "hasAddressPage",
  "integrityPreservable",
  "appositions",
  "configuredFiles",
  "extraction",
  "reconcile",
  "metadata",
  "otherFields",
  // Where an archive's entries go follows from the boxes extracted from it, whose changes are told there.
  "entries",
]);
const METADATA_COMPARED = new Set(["box", "name", "anchor", "content", "persist", "editable", "reads", "usedBy"]);
const CHANNEL_COMPARED = new Set(["label", "anchor", "name", "outputFiles", "options", "otherFields"]);

/** What a field of the docs' "Other fields" is a field of, and its name there. */
type Place = (field: string) => { subject: string; field: string } | undefined;

const json = (value: unknown): string => JSON.stringify(value ?? null);
const same = (a: unknown, b: unknown): boolean => json(a) === json(b);
const yesNo = (value: boolean | null): string => (value === null ? "not set" : value ? "yes" : "no");
const quoted = (value: string | null): string | null => (value === null ? null : `"${value}"`);

/** Collects the changes of one service, in the order of its model. */
class Changes {
  readonly list: Change[] = [];

  add(
    cls: ChangeClass,
    subject: string,
    field: string | null,
    summary: string,
    old: string | null,
    now: string | null,
    expression: Change["expression"] = null,
  ): void {
    const kind = field === null && old === null ? "added" : field === null && now === null ? "removed" : "changed";
    this.list.push({ class: cls, kind, subject, field, summary, old, new: now, expression });
  }

  explained(cls: ChangeClass, subject: string, field: string, old: Explained | null, now: Explained | null): void {
    if (same(old, now)) return;
    const summary = old === null ? `${field} added` : now === null ? `${field} removed` : `${field} changed`;
    this.add(cls, subject, field, summary, old?.words ?? null, now?.words ?? null, {
      old: old?.expression ?? null,
      new: now?.expression ?? null,
    });
  }

  /** Fields of `old` and `now` that `known` does not list, compared verbatim. */
  unknown(subject: string, old: object, now: object, known: ReadonlySet<string>): void {
    const a = old as Record<string, unknown>;
    const b = now as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !known.has(k)).sort();
    for (const key of keys) {
      if (same(a[key], b[key])) continue;
      this.add("behaviour", subject, key, `${key} changed`, json(a[key]), json(b[key]));
    }
  }

  /**
   * The fields a service carries that mailroom does not read (the docs' "Other fields"), compared as written;
   * `place` says what each is a field of, and under which name.
   */
  others(old: readonly OtherField[], now: readonly OtherField[], place: Place, placeNew: Place = place): void {
    const keyed = (fields: readonly OtherField[], at: Place) =>
      new Map(
        fields.flatMap((f) => {
          const placed = at(f.field);
          return placed ? [[`${placed.subject}\u0000${placed.field}`, { ...placed, value: f.value }] as const] : [];
        }),
      );
    const before = keyed(old, place);
    const after = keyed(now, placeNew);
    for (const key of [...new Set([...before.keys(), ...after.keys()])].sort()) {
      const [a, b] = [before.get(key), after.get(key)];
      if (a?.value === b?.value) continue;
      const { subject, field } = (b ?? a) as { subject: string; field: string };
      const summary = `${field} ${a === undefined ? "added" : b === undefined ? "removed" : "changed"}`;
      this.add("behaviour", subject, field, summary, a?.value ?? null, b?.value ?? null);
    }
  }

  /** A change of order among the items both sides have, by key. */
  order(subject: string, field: string, old: readonly string[], now: readonly string[]): void {
    const common = new Set(old.filter((k) => now.includes(k)));
    const a = old.filter((k) => common.has(k));
    const b = now.filter((k) => common.has(k));
    if (same(a, b)) return;
    this.add("cosmetic", subject, field, `${field} reordered`, a.join(", "), b.join(", "));
  }
}

/** The items of two lists by key: both sides' in the new order, then those only the old one has. */
function pairs<T>(old: readonly T[], now: readonly T[], key: (item: T) => string): [T | undefined, T | undefined][] {
  const before = new Map(old.map((item) => [key(item), item]));
  const after = new Set(now.map(key));
  const result: [T | undefined, T | undefined][] = now.map((item) => [before.get(key(item)), item]);
  for (const item of old) if (!after.has(key(item))) result.push([item, undefined]);
  return result;
}

/** Two services' differences. Either may be null: a service added or removed is one change. */
export function diffService(old: ServiceDocs | null, now: ServiceDocs | null): ServiceDiff {
  const changes = new Changes();
  const ref = (s: ServiceDocs | null): ServiceRef | null => (s ? { file: s.file, name: s.name, id: s.id } : null);
  if (old === null || now === null) {
    const s = (old ?? now) as ServiceDocs;
    if (old === null) changes.add("behaviour", "the service", null, "added", null, describeService(s));
    else changes.add("breaking", "the service", null, "removed", describeService(s), null);
    return { old: ref(old), new: ref(now), changes: changes.list };
  }
  compareService(changes, old, now);
  return { old: ref(old), new: ref(now), changes: changes.list };
}

const describeService = (s: ServiceDocs): string =>
  `service "${s.name}"${s.id === null ? "" : ` (id ${s.id})`}, ${s.boxes.length} boxes, ${s.channels.length} channels`;

function compareService(changes: Changes, old: ServiceDocs, now: ServiceDocs): void {
  const subject = "the service";
  if (old.id !== now.id) {
    const words = (id: number | null) => (id === null ? null : String(id));
    changes.add("breaking", subject, "id", "id changed (jobs give it as serviceId)", words(old.id), words(now.id));
  }
  if (old.name !== now.name) changes.add("cosmetic", subject, "name", "renamed", quoted(old.name), quoted(now.name));
  if (old.type !== now.type) changes.add("behaviour", subject, "type", "type changed", old.type, now.type);
  if (!same(old.organizationalUnit, now.organizationalUnit)) {
    const ou = (u: ServiceDocs["organizationalUnit"]) =>
      u === null ? null : `${u.name ?? "unnamed"}${u.id === null ? "" : ` (id ${u.id})`}`;
    const summary = "organizational unit changed (its properties are what metadata read)";
    changes.add(
      "behaviour",
      subject,
      "organizationalUnit",
      summary,
      ou(old.organizationalUnit),
      ou(now.organizationalUnit),
    );
  }
  if (old.description !== now.description) {
    changes.add("cosmetic", subject, "description", "description changed", old.description, now.description);
  }
  if (!same(old.icon, now.icon)) {
    const icon = (i: ServiceDocs["icon"]) => (i === null ? null : `${i.name ?? "no name"}, ${i.color ?? "no colour"}`);
    changes.add("cosmetic", subject, "icon", "icon changed", icon(old.icon), icon(now.icon));
  }
  changes.unknown(subject, old, now, SERVICE_KNOWN);
  compareRequirements(changes, old.call.requirements, now.call.requirements);

  for (const [a, b] of pairs(old.boxes, now.boxes, (box) => box.name)) compareBox(changes, a, b);
  changes.order(subject, "boxes", names(old.boxes), names(now.boxes));
  const metadataKey = (m: MetadataDocs) => `${m.box}\u0000${m.name}`;
  // The metadata of a box added or removed come and go with it: the box's change says so.
  const both = new Set(names(old.boxes).filter((name) => names(now.boxes).includes(name)));
  const kept = (list: readonly MetadataDocs[]) => list.filter((m) => both.has(m.box));
  for (const [a, b] of pairs(kept(old.metadata), kept(now.metadata), metadataKey)) compareMetadata(changes, a, b);
  for (const [a, b] of pairs(old.channels, now.channels, (c) => c.label)) compareChannel(changes, a, b);
  changes.order(subject, "channels", labels(old.channels), labels(now.channels));
}

const names = (boxes: readonly BoxDocs[]) => boxes.map((b) => b.name);
const labels = (channels: readonly ChannelDocs[]) => channels.map((c) => c.label);

function compareRequirements(changes: Changes, old: readonly string[], now: readonly string[]): void {
  for (const name of now) {
    if (old.includes(name)) continue;
    changes.add("breaking", `requirement ${name}`, null, "newly read: jobs must give it", null, name);
  }
  for (const name of old) {
    if (now.includes(name)) continue;
    changes.add("behaviour", `requirement ${name}`, null, "no longer read", name, null);
  }
}

const describeBox = (box: BoxDocs): string =>
  `${box.kind} box${box.role === "main" ? "" : ` (${box.role})`}, ${box.elements.words}${
    box.extraction ? `, extracted from archive ${box.extraction.archive}` : ""
  }`;

function compareBox(changes: Changes, old: BoxDocs | undefined, now: BoxDocs | undefined): void {
  const subject = `box ${(now ?? old)?.name}`;
  if (old === undefined || now === undefined) {
    if (now) {
      const summary = isMandatory(now) ? "added, and jobs must fill it" : "added";
      changes.add(isMandatory(now) ? "breaking" : "behaviour", subject, null, summary, null, describeBox(now));
    } else if (old) changes.add("breaking", subject, null, "removed", describeBox(old), null);
    return;
  }
  if (old.type !== now.type) changes.add("breaking", subject, "type", "takes other files", old.kind, now.kind);
  if (old.role !== now.role) changes.add("behaviour", subject, "role", "role changed", old.role, now.role);
  if (old.label !== now.label)
    changes.add("cosmetic", subject, "label", "label changed", quoted(old.label), quoted(now.label));
  if (old.hidden !== now.hidden) {
    changes.add("cosmetic", subject, "hidden", now.hidden ? "hidden" : "shown", yesNo(old.hidden), yesNo(now.hidden));
  }
  compareElements(changes, subject, old, now);
  // Made mandatory by its reconcile: the counts' change is told with the reconcile's, the box's here.
  if (!isMandatory(old) && isMandatory(now) && now.elements.min <= old.elements.min) {
    changes.add("breaking", subject, "mandatory", "made mandatory: its reconcile now expects documents", "no", "yes");
  }
  compareSplit(changes, subject, old.split, now.split);
  if (old.hasAddressPage !== now.hasAddressPage) {
    const summary = "address page changed";
    changes.add("behaviour", subject, "hasAddressPage", summary, yesNo(old.hasAddressPage), yesNo(now.hasAddressPage));
  }
  if (old.integrityPreservable !== now.integrityPreservable) {
    const [a, b] = [yesNo(old.integrityPreservable), yesNo(now.integrityPreservable)];
    changes.add("behaviour", subject, "integrityPreservable", "integrity preservation changed", a, b);
  }
  compareAppositions(changes, subject, old.appositions, now.appositions);
  compareConfiguredFiles(changes, subject, old.configuredFiles, now.configuredFiles);
  compareExtraction(changes, subject, old.extraction, now.extraction);
  compareReconcile(changes, `${now.name}'s reconcile`, old.reconcile, now.reconcile);
  changes.others(old.otherFields, now.otherFields, (field) => ({ subject, field }));
  changes.order(
    subject,
    "metadata",
    old.metadata.map((m) => m.name),
    now.metadata.map((m) => m.name),
  );
  changes.unknown(subject, old, now, BOX_COMPARED);
}

function compareElements(changes: Changes, subject: string, old: BoxDocs, now: BoxDocs): void {
  const a = old.elements;
  const b = now.elements;
  if (a.min === b.min && a.max === b.max) return;
  const lowered = b.max !== null && (a.max === null || b.max < a.max);
  const raised = b.min > a.min;
  let summary = "accepts more files";
  if (raised && !isMandatory(old) && isMandatory(now)) summary = "made mandatory";
  else if (raised && lowered) summary = "accepts fewer files (minimum raised, maximum lowered)";
  else if (raised) summary = "minimum number of files raised";
  else if (lowered) summary = "maximum number of files lowered";
  changes.add(raised || lowered ? "breaking" : "behaviour", subject, "elements", summary, a.words, b.words);
}

function compareSplit(changes: Changes, subject: string, old: BoxDocs["split"], now: BoxDocs["split"]): void {
  if (same(old, now)) return;
  const field = "split";
  const name = subject.replace(/^box /, "");
  const splitSubject = `${name}'s split`;
  if (old?.editable && !now?.editable) {
    changes.add("breaking", splitSubject, field, "no longer editable by jobs", old.words, now?.words ?? null);
    return;
  }
  // A split added or removed is its subject coming or going: no field of it changed.
  const summary = old === null ? "added" : now === null ? "removed" : "split changed";
  const changed = old !== null && now !== null ? field : null;
  changes.add("behaviour", splitSubject, changed, summary, old?.words ?? null, now?.words ?? null);
}

/** Appositions by position: their order is the order they are laid. */
function compareAppositions(
  changes: Changes,
  subject: string,
  old: readonly AppositionDocs[],
  now: readonly AppositionDocs[],
): void {
  for (let i = 0; i < Math.max(old.length, now.length); i++) {
    const a = old[i];
    const b = now[i];
    if (same(a, b)) continue;
    const which = `apposition ${i + 1} of ${subject}`;
    if (a?.editable && b && !b.editable) {
      changes.add("breaking", which, "editable", "no longer editable by jobs", a.words, b.words);
      continue;
    }
    const summary = a === undefined ? "added" : b === undefined ? "removed" : "changed";
    changes.add("behaviour", which, a && b ? "apposition" : null, summary, a?.words ?? null, b?.words ?? null);
  }
}

const describeFile = (f: ConfiguredFileDocs): string =>
  `service file ${f.serviceFileId ?? "(no id)"}, ${f.removable ? "removable" : "mandatory"}`;

/** Configured files by position: a job sends each as the part `serviceFile__file_<box>_<n>`. */
function compareConfiguredFiles(
  changes: Changes,
  subject: string,
  old: readonly ConfiguredFileDocs[],
  now: readonly ConfiguredFileDocs[],
): void {
  for (let i = 0; i < Math.max(old.length, now.length); i++) {
    const a = old[i];
    const b = now[i];
    if (same(a, b)) continue;
    const which = `configured file ${i + 1} of ${subject}`;
    if (a === undefined && b) {
      const summary = b.removable ? "added" : "added, and jobs must send it";
      changes.add(b.removable ? "behaviour" : "breaking", which, null, summary, null, describeFile(b));
    } else if (b === undefined && a) {
      changes.add("breaking", which, null, "removed: jobs sending its part are refused", describeFile(a), null);
    } else if (a && b) {
      const madeMandatory = a.removable && !b.removable;
      const summary = madeMandatory ? "made mandatory" : "changed";
      changes.add(madeMandatory ? "breaking" : "behaviour", which, "file", summary, describeFile(a), describeFile(b));
    }
  }
}

function compareExtraction(
  changes: Changes,
  subject: string,
  old: BoxDocs["extraction"],
  now: BoxDocs["extraction"],
): void {
  if (same(old, now)) return;
  if (old === null || now === null || old.archive !== now.archive) {
    const summary =
      old === null
        ? "now extracted from an archive, not uploaded"
        : now === null
          ? "now uploaded, not extracted"
          : "extracted from another archive";
    changes.add("breaking", subject, "extraction", summary, old?.words ?? null, now?.words ?? null);
    return;
  }
  if (old.rank !== now.rank) {
    changes.add("behaviour", subject, "rank", "file matcher's rank changed", String(old.rank), String(now.rank));
  }
  changes.explained("behaviour", subject, "file matcher", old.matcher, now.matcher);
  const known = new Set(["archive", "archiveAnchor", "rank", "matcher", "words"]);
  changes.unknown(subject, old, now, known);
}

function compareReconcile(
  changes: Changes,
  subject: string,
  old: BoxDocs["reconcile"],
  now: BoxDocs["reconcile"],
): void {
  if (same(old, now)) return;
  if (old === null || now === null) {
    const summary = old === null ? "added" : "removed";
    changes.add("behaviour", subject, null, summary, old?.words ?? null, now?.words ?? null);
    return;
  }
  changes.explained("behaviour", subject, "condition", old.condition, now.condition);
  if (!same(old.expected, now.expected)) {
    const summary = "documents the job may hold changed";
    changes.add("behaviour", subject, "expected", summary, old.expected.words, now.expected.words);
  }
  if (!same(old.matches, now.matches)) {
    const summary = "documents each MAIN document gets changed";
    changes.add("behaviour", subject, "matches", summary, old.matches.words, now.matches.words);
  }
  changes.unknown(subject, old, now, new Set(["condition", "expected", "matches", "words", "mains"]));
}

function compareMetadata(changes: Changes, old: MetadataDocs | undefined, now: MetadataDocs | undefined): void {
  const m = (now ?? old) as MetadataDocs;
  const subject = `metadata ${m.name} of box ${m.box}`;
  if (old === undefined || now === undefined) {
    if (now) changes.add("behaviour", subject, null, "added", null, now.content.words, exprOf(null, now));
    else if (old) {
      // A job may set an editable metadata: removing it refuses what such a job gives.
      const cls = old.editable ? "breaking" : "behaviour";
      changes.add(cls, subject, null, "removed", old.content.words, null, exprOf(old, null));
    }
    return;
  }
  changes.explained("behaviour", subject, "content", old.content, now.content);
  if (old.persist !== now.persist) {
    const summary = now.persist ? "now kept with the job" : "no longer kept with the job";
    changes.add("behaviour", subject, "persist", summary, yesNo(old.persist), yesNo(now.persist));
  }
  if (old.editable !== now.editable) {
    const summary = now.editable ? "made editable" : "no longer editable";
    changes.add(
      now.editable ? "behaviour" : "breaking",
      subject,
      "editable",
      summary,
      yesNo(old.editable),
      yesNo(now.editable),
    );
  }
  changes.unknown(subject, old, now, METADATA_COMPARED);
}

const exprOf = (old: MetadataDocs | null, now: MetadataDocs | null): Change["expression"] => ({
  old: old?.content.expression ?? null,
  new: now?.content.expression ?? null,
});

const describeChannel = (c: ChannelDocs): string =>
  `output files ${c.outputFiles.join(", ") || "none"}${c.name === null ? "" : `; name "${c.name}"`}`;

function compareChannel(changes: Changes, old: ChannelDocs | undefined, now: ChannelDocs | undefined): void {
  const subject = `channel ${(now ?? old)?.label}`;
  if (old === undefined || now === undefined) {
    if (now) changes.add("behaviour", subject, null, "added", null, describeChannel(now));
    else if (old)
      changes.add("breaking", subject, null, "removed: delivery commands naming it fail", describeChannel(old), null);
    return;
  }
  if (old.name !== now.name)
    changes.add("cosmetic", subject, "name", "name changed", quoted(old.name), quoted(now.name));
  for (const file of old.outputFiles) {
    if (now.outputFiles.includes(file)) continue;
    changes.add("breaking", `output file ${file} of ${subject}`, null, "removed", file, null);
  }
  for (const file of now.outputFiles) {
    if (old.outputFiles.includes(file)) continue;
    changes.add("behaviour", `output file ${file} of ${subject}`, null, "added", null, file);
  }
  changes.order(subject, "output files", old.outputFiles, now.outputFiles);
  compareOptions(changes, subject, old.options, now.options);
  // An output file's own fields are told of the output file, by its name (its position may change); those of an
  // output file added or removed come and go with it.
  const place = (channel: ChannelDocs) => (field: string) => {
    const [, index, rest] = /^outputFilesConfig\[(\d+)\]\.(.+)$/.exec(field) ?? [];
    if (index === undefined || rest === undefined) return { subject, field };
    const name = channel.outputFiles[Number(index)] ?? "";
    if (!old.outputFiles.includes(name) || !now.outputFiles.includes(name)) return undefined;
    return { subject: `output file ${name} of ${subject}`, field: rest };
  };
  changes.others(old.otherFields, now.otherFields, place(old), place(now));
  changes.unknown(subject, old, now, CHANNEL_COMPARED);
}

const describeOption = (o: ChannelOptionDocs): string =>
  `${o.optionType} = ${o.value}${o.condition === null ? "" : `, when ${o.condition.words}`}`;

function compareOptions(
  changes: Changes,
  subject: string,
  old: readonly ChannelOptionDocs[],
  now: readonly ChannelOptionDocs[],
): void {
  const key = (o: ChannelOptionDocs, i: number, all: readonly ChannelOptionDocs[]) => {
    const n = all.slice(0, i).filter((p) => p.outputFile === o.outputFile && p.optionType === o.optionType).length;
    return `${o.outputFile}\u0000${o.optionType}\u0000${n}`;
  };
  const keyed = (list: readonly ChannelOptionDocs[]) => list.map((o, i) => ({ o, k: key(o, i, list) }));
  for (const [a, b] of pairs(keyed(old), keyed(now), (x) => x.k)) {
    if (same(a?.o, b?.o)) continue;
    const o = (b ?? a)?.o as ChannelOptionDocs;
    const which = `option ${o.optionType} of output file ${o.outputFile} of ${subject}`;
    const summary = a === undefined ? "added" : b === undefined ? "removed" : "changed";
    const words = (x: { o: ChannelOptionDocs } | undefined) => (x ? describeOption(x.o) : null);
    changes.add("behaviour", which, a && b ? "option" : null, summary, words(a), words(b), {
      old: a?.o.condition?.expression ?? null,
      new: b?.o.condition?.expression ?? null,
    });
  }
}

/**
 * Pairs the services of the old side with those of the new: by id, then by name; two files of one service each
 * hold the same service, whatever its id and name. The new side's order, then the removed ones.
 */
export function matchServices(
  old: readonly ServiceDocs[],
  now: readonly ServiceDocs[],
): [ServiceDocs | null, ServiceDocs | null][] {
  const left = new Set(old);
  const matched = new Map<ServiceDocs, ServiceDocs>();
  const take = (by: (a: ServiceDocs, b: ServiceDocs) => boolean) => {
    for (const b of now) {
      if (matched.has(b)) continue;
      const a = [...left].find((s) => by(s, b));
      if (a === undefined) continue;
      matched.set(b, a);
      left.delete(a);
    }
  };
  if (old.length === 1 && now.length === 1) take(() => true);
  take((a, b) => a.id !== null && a.id === b.id);
  take((a, b) => a.name === b.name);
  const result: [ServiceDocs | null, ServiceDocs | null][] = now.map((b) => [matched.get(b) ?? null, b]);
  for (const a of old) if (left.has(a)) result.push([a, null]);
  return result;
}

/** The report of every pair of services compared, with the count of changes per class. */
export function diffReport(diffs: readonly ServiceDiff[]): DiffReport {
  const counts = { breaking: 0, behaviour: 0, cosmetic: 0 };
  for (const d of diffs) for (const c of d.changes) counts[c.class]++;
  return { version: DIFF_VERSION, counts, services: diffs };
}
