import type { IndexDocs, ServiceDocs } from "./model.js";

/** The JSON view: the docs model itself, two-space indented, with a final newline. */
export const renderJson = (docs: ServiceDocs | IndexDocs): string => `${JSON.stringify(docs, null, 2)}\n`;
