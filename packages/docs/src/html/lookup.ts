/*
 * Box names to anchors, for the sections that mention a box by name and link to where it is documented.
 */

import type { ServiceDocs } from "../model.js";

export interface Lookup {
  /** The anchor of a box of the service, or null when it has no box of that name. */
  boxAnchor(name: string): string | null;
}

export function lookup(service: ServiceDocs): Lookup {
  const boxes = new Map(service.boxes.map((box) => [box.name, box.anchor]));
  return { boxAnchor: (name) => boxes.get(name) ?? null };
}
