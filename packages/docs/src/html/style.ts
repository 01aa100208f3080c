/*
 * The stylesheet of every page, inlined so a page is one file. System fonts only (no font is fetched), a
 * readable line length, light and dark colours, and a print layout without navigation.
 */

export const STYLE = `
:root {
  color-scheme: light dark;
  --text: #1f2328;
  --muted: #59636e;
  --background: #ffffff;
  --surface: #f6f8fa;
  --border: #d1d9e0;
  --link: #0b5cad;
  --accent: #0b5cad;
  --danger-text: #82071e;
  --danger-background: #ffebe9;
  --danger-border: #ff8182;
  --code-background: rgba(129, 139, 152, 0.12);
  --diagram-background: #ffffff;
  --diagram-ink: #1f2328;
}
@media (prefers-color-scheme: dark) {
  :root {
    --text: #e6edf3;
    --muted: #9198a1;
    --background: #0d1117;
    --surface: #151b23;
    --border: #3d444d;
    --link: #6cb6ff;
    --accent: #6cb6ff;
    --danger-text: #ffc1bc;
    --danger-background: #3c1618;
    --danger-border: #da3633;
    --code-background: rgba(101, 108, 118, 0.3);
    --diagram-background: #151b23;
    --diagram-ink: #e6edf3;
  }
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0;
  color: var(--text);
  background: var(--background);
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  font-size: 1rem;
  line-height: 1.55;
}
.layout { max-width: 78rem; margin: 0 auto; padding: 1.5rem 1rem 4rem; }
.layout > header, main { min-width: 0; max-width: 52rem; }
/* The index is one wide table: it takes the whole width rather than a line length. */
.layout:not(.with-contents) > main { max-width: none; }
.layout > header > * + * { margin-top: 1rem; }
.layout > * + * { margin-top: 2rem; }
main > * + * { margin-top: 2rem; }
/* Wide screens: the contents in a column of their own, always in view; narrow ones: under the header. */
@media (min-width: 64rem) {
  .with-contents { display: grid; grid-template-columns: 15rem minmax(0, 1fr); grid-template-areas: "toc header" "toc main"; grid-template-rows: auto 1fr; column-gap: 3rem; }
  .with-contents > header { grid-area: header; }
  .with-contents > main { grid-area: main; }
  .with-contents > .toc { grid-area: toc; margin-top: 0; position: sticky; top: 1.5rem; align-self: start; max-height: calc(100vh - 3rem); overflow-y: auto; }
}
/* A name without spaces (PAYSLIPS_OF_THE_HEAD_OFFICE_AND_...) breaks where it must rather than widen the page. */
h1, h2, h3, h4 { line-height: 1.25; margin: 0; overflow-wrap: anywhere; }
h1 { font-size: 2rem; }
h2 { font-size: 1.5rem; padding-bottom: 0.3rem; border-bottom: 1px solid var(--border); }
h3 { font-size: 1.2rem; }
h4 { font-size: 1rem; }
section > * + * { margin-top: 0.75rem; }
section > * + section { margin-top: 1.5rem; }
section { scroll-margin-top: 1rem; }
p, ul, ol, dl { margin: 0; }
ul, ol { padding-left: 1.5rem; }
a { color: var(--link); text-underline-offset: 0.15em; }
code, pre { font-family: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.875em; }
code { background: var(--code-background); border-radius: 4px; padding: 0.1em 0.3em; overflow-wrap: break-word; }
pre { background: var(--surface); border: 1px solid var(--border); border-radius: 6px; padding: 0.75rem 1rem; overflow-x: auto; line-height: 1.45; }
pre code { background: none; padding: 0; overflow-wrap: normal; font-size: 1em; }
.muted { color: var(--muted); }
.toc { font-size: 0.925rem; }
.toc-title { font-size: 0.8rem; font-weight: 600; text-transform: uppercase; letter-spacing: 0.05em; color: var(--muted); margin-bottom: 0.5rem; }
.toc ol { list-style: none; padding-left: 0; margin: 0; }
.toc ol ol { padding-left: 0.9rem; border-left: 1px solid var(--border); margin: 0.2rem 0 0.4rem 0.2rem; }
.toc li { margin: 0.15rem 0; }
.toc a { text-decoration: none; overflow-wrap: break-word; }
.toc a:hover { text-decoration: underline; }
@media (max-width: 63.99rem) {
  .toc { border: 1px solid var(--border); border-radius: 6px; padding: 0.75rem 1rem; background: var(--surface); max-width: 52rem; }
}
.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.25rem 1rem; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; overflow-wrap: break-word; }
@media (max-width: 40rem) {
  .facts { grid-template-columns: minmax(0, 1fr); gap: 0; }
  .facts dd + dt { margin-top: 0.5rem; }
}
.description p { white-space: pre-line; }
.description > * + * { margin-top: 0.75rem; }
.swatch { display: inline-block; width: 0.9em; height: 0.9em; border-radius: 3px; border: 1px solid var(--border); vertical-align: -0.1em; margin-right: 0.35em; }
.banner { border: 1px solid var(--danger-border); background: var(--danger-background); color: var(--danger-text); border-radius: 6px; padding: 0.75rem 1rem; font-weight: 600; }
.banner a { color: inherit; }
.quiet h2 { font-size: 1.1rem; color: var(--muted); }
.card { border: 1px solid var(--border); border-radius: 8px; padding: 1rem 1.25rem; }
.card > * + * { margin-top: 0.75rem; }
.badge { display: inline-block; font-size: 0.75rem; font-weight: 600; line-height: 1.6; padding: 0 0.5em; border-radius: 999px; border: 1px solid var(--border); color: var(--muted); vertical-align: 0.15em; margin-left: 0.4em; }
.badge.error { color: var(--danger-text); border-color: var(--danger-border); background: var(--danger-background); }
.table-wrap { max-width: 100%; overflow-x: auto; }
table { border-collapse: collapse; font-size: 0.925rem; }
th, td { border: 1px solid var(--border); padding: 0.35rem 0.6rem; text-align: left; vertical-align: top; }
th { background: var(--surface); font-weight: 600; white-space: nowrap; }
/* A table wider than the screen scrolls in its wrapper: its columns keep a width that reads, never a word a line. */
td { min-width: 7.5rem; }
td > code:only-child { white-space: nowrap; }
td .explained { min-width: 18rem; }
figure { margin: 0; }
figcaption { color: var(--muted); font-size: 0.875rem; margin-top: 0.4rem; }
/*
 * Graphviz draws in black on no background: its lines and text take the page's ink, so the card follows the
 * light or dark setting. A diagram shrinks to fit its card down to the min-width its SVG carries (text no
 * smaller than about 12 px), then scrolls inside the card; on a phone it keeps its size and scrolls.
 */
.diagram { background: var(--diagram-background); color: var(--diagram-ink); border: 1px solid var(--border); border-radius: 8px; padding: 1rem; overflow-x: auto; text-align: center; }
.diagram svg { max-width: 100%; height: auto; }
.diagram svg text { fill: var(--diagram-ink); }
.diagram svg [stroke="black"] { stroke: var(--diagram-ink); }
.diagram svg [fill="black"] { fill: var(--diagram-ink); }
@media (max-width: 40rem) { .diagram svg { max-width: none; } }
.diagram a text { fill: var(--link); }
.explained > * + * { margin-top: 0.3rem; }
.kind { color: var(--muted); font-size: 0.85em; }
@media print {
  :root { --text: #000000; --muted: #333333; --background: #ffffff; --surface: #ffffff; --border: #999999; --link: #000000; --code-background: transparent; --danger-text: #000000; --danger-background: #ffffff; --danger-border: #000000; --diagram-background: #ffffff; --diagram-ink: #000000; }
  body { font-size: 11pt; }
  .layout { display: block; max-width: none; padding: 0; }
  .layout > header, main { max-width: none; }
  nav, .back { display: none; }
  a { text-decoration: none; }
  /* Paper does not scroll: diagrams shrink to the page, tables and code wrap within it. */
  .diagram { border: 0; padding: 0; overflow: visible; }
  .diagram svg { min-width: 0 !important; max-width: 100%; }
  .table-wrap, pre { overflow: visible; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; }
  table { width: 100%; }
  th, td, td > code:only-child { white-space: normal; min-width: 0; overflow-wrap: anywhere; }
  td .explained { min-width: 0; }
  .card, figure, tr, .banner { break-inside: avoid; }
  h2, h3, h4 { break-after: avoid; }
}
`;
