import { showControls } from "@mailroom/syntax";

/*
 * Escaping for HTML text and attribute values. Every string that comes from a service goes through it, so a
 * name or a description can never add markup to a page, nor hide a character in it (showControls).
 */

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text safe inside an element or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return showControls(text, "\t\n\r").replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}
