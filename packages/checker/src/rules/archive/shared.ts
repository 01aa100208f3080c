import { sentence } from "@mailroom/compiler";
import type { Box, Service } from "@mailroom/model";
import { nearest } from "@mailroom/syntax";
import {
  defineRule,
  type Json,
  type Path,
  type Rule,
  type RuleContext,
  type RuleDefinition,
} from "../../engine/rule.js";

/** `"name"` as a message shows it. */
export const q = (value: unknown): string => JSON.stringify(value);

export const ARCHIVE = "box.ARCHIVE";

export const boxPath = (index: number): Path => ["properties", "boxes", index];

/** The `parent` of a box when it has the shape of one: a PDF or data-file parent, or an archive box's pass-through. */
export interface ParentRef {
  readonly boxName: string;
  /** The rank when it is an integer (always, on PDF and data-file boxes; pass-through parents may differ). */
  readonly rank: number | undefined;
}

export function parentOf(box: Box): ParentRef | undefined {
  const parent = (box as Json).parent as Json | null | undefined;
  if (typeof parent !== "object" || parent === null || typeof parent.boxName !== "string") return undefined;
  return { boxName: parent.boxName, rank: Number.isInteger(parent.rank) ? (parent.rank as number) : undefined };
}

/** Index of the first box of each name, and of the first archive box of each name. One pass. */
export interface BoxNames {
  readonly first: ReadonlyMap<string, number>;
  readonly firstArchive: ReadonlyMap<string, number>;
}

export function indexBoxNames(service: Service): BoxNames {
  const first = new Map<string, number>();
  const firstArchive = new Map<string, number>();
  service.properties.boxes.forEach((box, index) => {
    if (!first.has(box.name)) first.set(box.name, index);
    if (box["@type"] === ARCHIVE && !firstArchive.has(box.name)) firstArchive.set(box.name, index);
  });
  return { first, firstArchive };
}

/**
 * A suggester that looks up the nearest of a fixed set of candidates, remembering each answer. Each look-up
 * scans every candidate, so the number of distinct look-ups is bounded: past `limit` of them no suggestion is
 * made, which keeps a rule linear on a service where hundreds of names are wrong.
 */
export function suggester(candidates: readonly string[], limit = 32): (word: string) => string | undefined {
  const answers = new Map<string, string | undefined>();
  return (word) => {
    if (answers.has(word)) return answers.get(word);
    if (answers.size >= limit) return undefined;
    const answer = nearest(word, candidates);
    answers.set(word, answer);
    return answer;
  };
}

/**
 * Reports every entry of a list whose name (the value of `key`, or `fallback` when absent) was already used by an
 * earlier entry: at the key of the later name (at the entry itself when the name is implied), with the first
 * one as related information. One pass with a map. The rule's messages: `duplicate` at the later name,
 * `duplicateImplied` when that name is implied, `first` at the first one; each with the placeholder `{{name}}`
 * and those of `data`.
 */
export function reportDuplicates(
  context: RuleContext,
  entries: readonly unknown[],
  path: Path,
  key: string,
  data: Readonly<Record<string, string>> = {},
  fallback?: string,
): void {
  // Where an entry's name is: its key, or the entry itself when the name is implied. Built only to report.
  const isImplied = (index: number) => typeof (entries[index] as Json)[key] !== "string";
  const at = (index: number): Path => (isImplied(index) ? [...path, index] : [...path, index, key]);
  const seen = new Map<string, number>();
  entries.forEach((entry, index) => {
    const written = (entry as Json)[key];
    const name = typeof written === "string" ? written : fallback;
    if (name === undefined) return;
    const first = seen.get(name);
    if (first === undefined) {
      seen.set(name, index);
      return;
    }
    const implied = isImplied(index);
    const named = { ...data, name: q(name) };
    context.report({
      path: at(index),
      ...(implied ? {} : { at: "key" as const }),
      messageId: implied ? "duplicateImplied" : "duplicate",
      data: named,
      related: [{ path: at(first), messageId: "first", data: named }],
    });
  });
}

/** A box extracting from an archive box at a rank. */
export interface Extraction {
  readonly box: number;
  readonly rank: number;
}

/**
 * The boxes extracting from each archive box of the service, by archive name, in file order. Parents naming no
 * archive box (a `parent-not-archive` error) or without an integer rank are left out.
 */
export function extractionsByArchive(service: Service): Map<string, Extraction[]> {
  const { firstArchive } = indexBoxNames(service);
  const byArchive = new Map<string, Extraction[]>();
  service.properties.boxes.forEach((box, index) => {
    const parent = parentOf(box);
    if (!parent || parent.rank === undefined || parent.boxName === box.name) return;
    if (!firstArchive.has(parent.boxName)) return;
    const list = byArchive.get(parent.boxName);
    if (list) list.push({ box: index, rank: parent.rank });
    else byArchive.set(parent.boxName, [{ box: index, rank: parent.rank }]);
  });
  return byArchive;
}

export const rankPath = (index: number): Path => [...boxPath(index), "parent", "rank"];

/**
 * The first box (in file order) of each rank among one archive's extractions; `onRepeat` is told of every later
 * box holding a rank already taken.
 */
export function firstBoxByRank(
  extractions: readonly Extraction[],
  onRepeat?: (box: number, first: number, rank: number) => void,
): Map<number, number> {
  const firstByRank = new Map<number, number>();
  for (const { box, rank } of extractions) {
    const first = firstByRank.get(rank);
    if (first === undefined) firstByRank.set(rank, box);
    else onRepeat?.(box, first, rank);
  }
  return firstByRank;
}

/**
 * The placeholders of a message about a minimum above its maximum, in the file's words: `{{min}}` (as a
 * sentence starts), `{{max}}`, their values `{{minValue}}` and `{{maxValue}}` (those given, or those written), and `{{box}}`.
 */
export function boundsData(
  context: RuleContext,
  box: Box,
  minPath: Path,
  maxPath: Path,
  values?: readonly [min: unknown, max: unknown],
) {
  const words = context.source.wording;
  const [minValue, maxValue] = values
    ? [words.value(minPath, values[0]), words.value(maxPath, values[1])]
    : [words.value(minPath), words.value(maxPath)];
  return { min: sentence(words.name(minPath)), box: q(box.name), minValue, max: words.name(maxPath), maxValue };
}

/**
 * A rule that one list of the service (boxes, channels) names each entry once, by `key`: the shape shared by
 * the rules on duplicate box names and channel labels.
 */
export const uniqueNameRule = (
  meta: RuleDefinition["meta"],
  path: readonly ["properties", "boxes" | "channels"],
  key: string,
): Rule =>
  defineRule({
    meta,
    check(context) {
      reportDuplicates(context, context.service.properties[path[1]], path, key);
    },
  });
