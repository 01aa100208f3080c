/** Ids (of a page's anchors, or of the pages themselves): readable, stable from run to run, and unique. */
export class Anchors {
  readonly #taken: Set<string>;

  /** `reserved`: ids already in use (a page's own sections; `index` among the pages). */
  constructor(reserved: readonly string[]) {
    this.#taken = new Set(reserved);
  }

  /** `take("box", "DELIVERY_NOTES")` is `box-delivery-notes`; the same again gives `box-delivery-notes-2`. */
  take(...parts: string[]): string {
    const base =
      parts
        .join("-")
        .normalize("NFD")
        .replace(/\p{M}/gu, "")
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, "") || "service";
    let id = base;
    for (let n = 2; this.#taken.has(id); n++) id = `${base}-${n}`;
    this.#taken.add(id);
    return id;
  }
}

/** The ids of a page's own sections, which no box, metadata or channel may take. */
export const SECTION_IDS = [
  "top",
  "contents",
  "findings",
  "call",
  "flow",
  "example",
  "boxes",
  "metadata",
  "channels",
] as const;
