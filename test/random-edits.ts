import fc from "fast-check";

/** A random edit of a text: at a random place, remove up to `maxRemove` characters and insert one of `inserts`. */
export const randomEdit = (inserts: readonly string[], maxRemove: number) =>
  fc.record({ at: fc.nat(), remove: fc.nat({ max: maxRemove }), insert: fc.constantFrom(...inserts) });

export type RandomEdit = { readonly at: number; readonly remove: number; readonly insert: string };

/** The text with the edits made in turn, each place taken modulo the length of the text then, so that it falls in it. */
export function applyRandomEdits(text: string, edits: readonly RandomEdit[]): string {
  let edited = text;
  for (const { at, remove, insert } of edits) {
    const offset = at % (edited.length + 1);
    edited = edited.slice(0, offset) + insert + edited.slice(offset + remove);
  }
  return edited;
}
