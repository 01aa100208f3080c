import {
  codeSpan,
  DocsTemplate,
  documentServices,
  END_MARKER,
  escapeMarkdown,
  inject,
  renderMarkdownIndex,
  renderMarkdownPage,
  START_MARKER,
  sentence,
} from "@mailroom/docs";
import fc from "fast-check";
import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import { documented, example, exampleFiles } from "./documented.js";

const md = new MarkdownIt();
const decode = (html: string) =>
  html.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

// Texts made of what Markdown treats specially, on one line, without spaces at the ends.
const tricky = fc
  .array(fc.constantFrom(..."ab_*`[]()<>|#-+!~&;\\ 1.é{}"), { minLength: 1, maxLength: 30 })
  .map((chars) => chars.join("").trim())
  .filter((text) => text.length > 0);

describe("Markdown text", () => {
  it("shows any text as written", () => {
    fc.assert(
      fc.property(tricky, (text) => {
        expect(decode(md.renderInline(escapeMarkdown(text)))).toBe(text);
        expect(decode(md.render(escapeMarkdown(text)))).toBe(`<p>${text}</p>\n`);
      }),
      { numRuns: 500 },
    );
  });

  it("holds any text in a code span", () => {
    fc.assert(
      fc.property(tricky, (text) => {
        expect(decode(md.renderInline(codeSpan(text)))).toBe(`<code>${text}</code>`);
      }),
      { numRuns: 500 },
    );
  });
});

describe("the Markdown page", () => {
  it("renders its tables as tables and keeps every link inside the page", () => {
    for (const docs of documentServices(exampleFiles()).services) {
      const page = renderMarkdownPage(docs);
      const html = md.render(page);
      expect(html).toContain("<table>");
      expect(html).not.toMatch(/<p>\|/);
      const ids = new Set([...page.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]));
      for (const [, target] of html.matchAll(/href="#([^"]+)"/g))
        expect(ids, `${docs.slug}: #${target}`).toContain(target);
      expect(page.match(/```mermaid/g)?.length).toBeGreaterThanOrEqual(1);
    }
  });

  it("prefixes anchors and moves headings down inside another document", () => {
    const page = renderMarkdownPage(example("registered-letter"), { level: 2, anchorPrefix: "registered-letter-" });
    expect(page.startsWith('<a id="registered-letter-top"></a>\n\n## ')).toBe(true);
    expect(page).not.toMatch(/^# /m);
    for (const [, target] of page.matchAll(/\]\(#([^)]+)\)/g))
      expect(target?.startsWith("registered-letter-")).toBe(true);
  });

  it("warns at the top of a service with errors", () => {
    const page = renderMarkdownPage(documented("id: 1\nname: Broken\ntype: SIMPLE_UNIQUE\nboxes: 3\n"));
    expect(page).toMatch(/^> \[!WARNING\]\n> This service has 1 error: what follows is a best effort/m);
    expect(page).toContain("| error | `");
  });

  it("shows names from the service as text, never as markup", () => {
    const docs = documented(
      'id: 1\nname: "<script>alert(1)</script> [x](http://e) *b*"\ntype: SIMPLE_UNIQUE\nboxes: {}\nchannels: {}\n',
    );
    const html = md.render(renderMarkdownPage(docs));
    expect(html).not.toContain("<script>");
    expect(html).not.toContain('href="http://e"');
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; [x](http://e) *b*");
  });

  it("lists every service in the index", () => {
    const { index } = documentServices(exampleFiles());
    const text = renderMarkdownIndex(index, (slug) => `${slug}.md`);
    for (const s of index.services) expect(text).toContain(`](${s.slug}.md)`);
  });
});

describe("injecting between markers", () => {
  const file = `# Title\r\n\r\nBefore.\r\n${START_MARKER}\r\nold\r\n${END_MARKER}\r\nAfter.\r\n`;

  it("replaces only what stands between the marker lines, in the file's line endings", () => {
    const result = inject(file, "new\ncontent\n");
    expect(result).toBe(
      `# Title\r\n\r\nBefore.\r\n${START_MARKER}\r\n\r\nnew\r\ncontent\r\n\r\n${END_MARKER}\r\nAfter.\r\n`,
    );
    expect(inject(result as string, "new\ncontent\n")).toBe(result);
  });

  it("refuses a file without both markers, with them twice, or in the wrong order", () => {
    const code = (text: string) => {
      const result = inject(text, "x");
      return typeof result === "string" ? result : `${result.code}: ${result.message}`;
    };
    expect(code("# Title\n")).toMatch(/^missing-markers: Found no <!-- mailroom-docs:start --> marker line/);
    expect(code(`${START_MARKER}\n`)).toMatch(/^missing-markers: Found no <!-- mailroom-docs:end -->/);
    expect(code(`${START_MARKER}\n${START_MARKER}\n${END_MARKER}\n`)).toMatch(/^missing-markers: Found a second/);
    expect(code(`${END_MARKER}\n${START_MARKER}\n`)).toMatch(
      /^missing-markers: Found <!-- mailroom-docs:end --> before/,
    );
    // A marker inside a line of text is not a marker line.
    expect(code(`see ${START_MARKER} here\n${END_MARKER}\n`)).toMatch(
      /^missing-markers: Found no <!-- mailroom-docs:start/,
    );
  });
});

describe("user templates", () => {
  const docs = example("registered-letter");
  const { index } = documentServices(exampleFiles());

  it("renders the docs model", () => {
    const template = DocsTemplate.compile(
      "= <%= it.service.name %>\n<% it.service.boxes.forEach(b => { %>* <%= b.name %>: <%= b.elements.words %>\n<% }) %>of <%= it.index.services.length %>\n",
    );
    expect(template).toBeInstanceOf(DocsTemplate);
    expect((template as DocsTemplate).render({ service: docs, index })).toBe(
      `= ${docs.name}\n${docs.boxes.map((b) => `* ${b.name}: ${b.elements.words}\n`).join("")}of 5\n`,
    );
  });

  it("locates a template that does not parse or fails", () => {
    const unclosed = DocsTemplate.compile("line 1\n<%= it.service.name\n");
    expect(unclosed).toMatchObject({ code: "template-error", span: { offset: 7 } });
    expect((unclosed as { message: string }).message).toBe(
      'Found a template that does not parse: unclosed tag; expected an Eta template ("<%= it.service.name %>").',
    );
    const failing = DocsTemplate.compile("a\nb\n<%= it.service.nothing.here %>\n") as DocsTemplate;
    const result = failing.render({ service: docs, index });
    expect(result).toMatchObject({ code: "template-error", span: { offset: 4 } });
    expect((result as { message: string }).message).toMatch(
      /^Found that the template fails on the service ".+": Cannot read properties of undefined \(reading 'here'\)/,
    );
    const badScript = DocsTemplate.compile("<% if ( %>");
    expect((badScript as { message: string }).message).toMatch(/its JavaScript does not parse \(Unexpected token/);
  });
});

describe("sentence", () => {
  it("starts with a capital, also after an opening bracket, and ends with a period", () => {
    expect(sentence("metadata key differs from 3")).toBe("Metadata key differs from 3.");
    expect(sentence('(the text on page 1) followed by the text " 00:00"')).toBe(
      '(The text on page 1) followed by the text " 00:00".',
    );
    // A quoted text keeps its case: it is what the service holds.
    expect(sentence('"abc" is what it reads')).toBe('"abc" is what it reads.');
    expect(sentence("Already a sentence!")).toBe("Already a sentence!");
  });
});
