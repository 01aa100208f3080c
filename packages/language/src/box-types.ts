import {
  BOX,
  BOX_TYPES,
  type BoxType,
  type FunctionDefinition,
  type Row,
  rowOf,
  SERVICE,
  type Shape,
} from "@mailroom/compiler";
import type { PathSegment } from "@mailroom/syntax";
import type { BoxOutline } from "./cursor-names.js";

/**
 * The box types a place that names a box accepts, from the one home of each: a function's box argument by the
 * file the function reads (the registry's `target`: a PDF is read from a PDF box, a file from any box), a DSL key
 * by its row of the DSL's shape (`from.archive` names an archive box). Undefined where any box is accepted.
 */

/** The box types a box argument of a function (`box=`, `boxName=`, `jobFileName`'s box) may name. */
export function argumentBoxTypes(definition: FunctionDefinition | undefined): readonly BoxType[] | undefined {
  return definition?.target === "pdf" ? ["pdf"] : undefined;
}

/** The row of the DSL's shape at a path from a service file's root (a named entry's name is skipped). */
export function rowAt(path: readonly PathSegment[]): Row | undefined {
  let shape: Shape | undefined = SERVICE;
  let row: Row | undefined;
  for (let i = 0; i < path.length; i++) {
    row = rowOf(shape, path[i]);
    if (!row) return undefined;
    if (row.kind === "named") i++;
    shape = row.shape;
  }
  return row;
}

const FROM = rowOf(BOX, "from");

/**
 * The box types a box name at a path of a JSON service may name, by the DSL row writing that field: a parent's
 * `boxName` is the DSL's `from.archive`.
 */
export function jsonBoxTypes(path: readonly PathSegment[]): readonly BoxType[] | undefined {
  if (!FROM || path.at(-2) !== FROM.json[0]) return undefined;
  return FROM.shape?.rows.find((row) => row.json[0] === path.at(-1))?.names;
}

/** A box's DSL type, whether the file writes the DSL's (`pdf`) or the JSON's (`box.PDF`). */
function dslType(box: BoxOutline): string | undefined {
  if (box.type === undefined || BOX_TYPES.has(box.type)) return box.type;
  return [...BOX_TYPES].find(([, entry]) => entry.type === box.type)?.[0];
}

/** The boxes of the accepted types, in the file's order; all of them when any type is accepted. */
export function boxesOfTypes(
  boxes: readonly BoxOutline[],
  types: readonly BoxType[] | undefined,
): readonly BoxOutline[] {
  if (!types) return boxes;
  return boxes.filter((box) => {
    const type = dslType(box);
    return type !== undefined && (types as readonly string[]).includes(type);
  });
}
