import { GENERATOR_META } from "./html/document.js";
import { DOCS_MODEL_VERSION } from "./model.js";

/** The formats of the pages `mailroom docs -o` writes, as their file extensions. */
export type PageFormat = "md" | "html" | "json";

/**
 * Whether a file's text is a service's page as `mailroom docs -o` writes it in `format`: only such a file may be
 * said to be left behind, and removed, when its service is no longer documented; anything else in the folder is
 * the user's.
 */
export function isGeneratedPage(text: string, format: PageFormat): boolean {
  if (format === "html") return text.startsWith("<!doctype html>") && text.includes(GENERATOR_META);
  // A page of its own opens with the anchor of its top (pages injected elsewhere are not files of -o).
  if (format === "md") return /^<a id="top"><\/a>\n\n# /.test(text);
  try {
    const json = JSON.parse(text) as Record<string, unknown> | null;
    return json?.version === DOCS_MODEL_VERSION && typeof json.slug === "string" && typeof json.file === "string";
  } catch {
    return false;
  }
}
