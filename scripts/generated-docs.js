// The parts of docs/ that are generated from the code's registries (functions, diagnostics), one entry each.
// A generated part sits between two marker lines in its page, so the prose around it stays hand-written.
// `npm run gen:docs` rewrites them; test/generated-docs.test.ts fails when a committed page is stale.

const { diagnosticsTable, SECTIONS } = await import("@mailroom/syntax");

/** @type {{ file: string, name: string, render: () => string | Promise<string> }[]} */
export const GENERATED = [
  {
    file: "docs/expressions.md",
    name: "functions",
    render: async () => (await import("@mailroom/compiler")).renderFunctionReference(),
  },
  // One code table per section of the diagnostic catalogue.
  ...Object.keys(SECTIONS).map((section) => ({
    file: "docs/diagnostics.md",
    name: `diagnostics-${section}`,
    render: () => diagnosticsTable(section),
  })),
];

const begin = (name) => `<!-- BEGIN GENERATED ${name}: edit the source and run npm run gen:docs -->`;
const end = (name) => `<!-- END GENERATED ${name} -->`;

/** The page's text with the named part replaced by `content`; throws when the markers are missing. */
export function splice(text, name, content) {
  const start = text.indexOf(begin(name));
  const stop = text.indexOf(end(name));
  if (start < 0 || stop < start) throw new Error(`markers of the generated part "${name}" not found`);
  return `${text.slice(0, start + begin(name).length)}\n${content.trimEnd()}\n${text.slice(stop)}`;
}
