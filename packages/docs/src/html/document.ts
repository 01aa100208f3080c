/*
 * The shell of every page: doctype, language, metadata and the inline stylesheet. Nothing is loaded from
 * elsewhere, so a page works offline and makes no request.
 */

import { escapeHtml } from "./escape.js";
import { STYLE } from "./style.js";

/** The parts of a page, as markup. */
export interface PageParts {
  /** The top: title and what identifies the page. */
  readonly header: string;
  /** A table of contents: beside the content on a wide screen, under the header on a narrow one. */
  readonly contents?: string;
  readonly main: string;
}

/** Marks every page as mailroom's, so that a page left behind by a service no longer documented can be told. */
export const GENERATOR_META = '<meta name="generator" content="mailroom">';

export function htmlDocument(title: string, parts: PageParts): string {
  const layout = parts.contents === undefined ? "layout" : "layout with-contents";
  const contents = parts.contents === undefined ? "" : `${parts.contents}\n`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${GENERATOR_META}
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="${layout}">
${parts.header}
${contents}<main>
${parts.main}
</main>
</div>
</body>
</html>
`;
}
