import { documentServices, dotToSvg, renderHtmlIndex, renderHtmlPage, type ServiceDocs } from "@mailroom/docs";
import { describe, expect, it } from "vitest";
import { exampleFiles } from "./documented.js";
import { hostileDocs, sampleDocs, sampleIndex } from "./sample-docs.js";

const ids = (html: string) => [...html.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1]);
const fragmentLinks = (html: string) => [...html.matchAll(/\shref="#([^"]*)"/g)].map((match) => match[1]);

/** Every anchor the model names: boxes, metadata, channels. */
const modelAnchors = (service: ServiceDocs) => [
  ...service.boxes.map((box) => box.anchor),
  ...service.metadata.map((entry) => entry.anchor),
  ...service.channels.map((channel) => channel.anchor),
];

const VOID = new Set(["meta", "br", "hr", "img", "input", "link", "wbr"]);

/** The tags that are opened and never closed, or closed without being open (an escaping slip shows here). */
function unbalancedTags(html: string): string[] {
  const stack: string[] = [];
  const problems: string[] = [];
  for (const match of html.replace(/<!doctype html>/i, "").matchAll(/<(\/?)([a-zA-Z][\w:-]*)([^>]*)>/g)) {
    const [, closing, name = "", rest = ""] = match;
    const tag = name.toLowerCase();
    if (closing) {
      if (stack.pop() !== tag) problems.push(`</${tag}>`);
    } else if (!VOID.has(tag) && !rest.endsWith("/")) {
      stack.push(tag);
    }
  }
  return [...problems, ...stack];
}

describe("renderHtmlPage", () => {
  it("is a complete, self-contained HTML document", async () => {
    const html = await renderHtmlPage(sampleDocs());
    expect(html.startsWith("<!doctype html>\n")).toBe(true);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain("<title>Invoices with annexes: service documentation</title>");
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(unbalancedTags(html)).toEqual([]);
  });

  it("makes no request and runs no script", async () => {
    const html = await renderHtmlPage(sampleDocs(), { indexHref: "index.html" });
    expect(html).not.toMatch(/<script/i);
    expect(html.match(/https?:\/\//g) ?? []).toHaveLength(0);
    expect(html).not.toMatch(/url\(|@import|\ssrc=|<link|<img|<iframe/i);
  });

  it("styles for phones, print and dark mode", async () => {
    const html = await renderHtmlPage(sampleDocs());
    expect(html).toContain("@media print");
    expect(html).toContain("@media (prefers-color-scheme: dark)");
    expect(html).toContain("break-inside: avoid");
    // Every table sits in a wrapper that scrolls, so the page itself never does.
    expect(html.match(/<table>/g)?.length).toBeGreaterThan(0);
    expect(html.match(/<div class="table-wrap"><table>/g)).toHaveLength(html.match(/<table>/g)?.length ?? -1);
  });

  it("puts an id on every anchor of the model and on every section, each once", async () => {
    const service = sampleDocs();
    const html = await renderHtmlPage(service);
    const found = ids(html);
    for (const anchor of modelAnchors(service)) expect(found).toContain(anchor);
    for (const id of ["top", "contents", "findings", "call", "flow", "boxes", "metadata", "channels"]) {
      expect(found).toContain(id);
    }
    expect(new Set(found).size).toBe(found.length);
    const sections = [...html.matchAll(/<section(\s[^>]*)?>/g)];
    expect(sections.length).toBeGreaterThan(10);
    for (const [tag] of sections) expect(tag).toMatch(/\sid="[^"]+"/);
  });

  it("resolves every link inside the page", async () => {
    const html = await renderHtmlPage(sampleDocs());
    const found = new Set(ids(html));
    const links = fragmentLinks(html);
    expect(links.length).toBeGreaterThan(20);
    for (const link of links) expect(found, `#${link}`).toContain(link);
  });

  it("lists every section and box in the table of contents", async () => {
    const html = await renderHtmlPage(sampleDocs());
    const toc = html.slice(html.indexOf('<nav class="toc"'), html.indexOf("</nav>"));
    for (const id of ["findings", "call", "flow", "boxes", "metadata", "channels"])
      expect(toc).toContain(`href="#${id}"`);
    for (const box of sampleDocs().boxes) expect(toc).toContain(`href="#${box.anchor}"`);
  });

  it("links what a metadata reads and what uses it when the model gives an anchor", async () => {
    const html = await renderHtmlPage(sampleDocs());
    expect(html).toContain('<a href="#box-invoices">the PDF of INVOICES</a>');
    expect(html).toContain('<a href="#box-annexes">the reconcile condition of ANNEXES</a>');
    // No anchor, no link.
    expect(html).toContain("</span> the organizational unit&#39;s ID</li>");
    expect(html).toContain('<a href="#box-bundle"><code>BUNDLE</code></a>');
  });

  it("shows the sections in the order of the Markdown page", async () => {
    const html = await renderHtmlPage(sampleDocs());
    const order = ["top", "findings", "call", "flow", "boxes", "metadata", "channels"].map((id) =>
      html.indexOf(`id="${id}"`),
    );
    expect(order.every((position) => position > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("shows the facts, the call examples and the expressions", async () => {
    const service = sampleDocs();
    const html = await renderHtmlPage(service);
    expect(html).toContain("<dt>Organizational unit</dt><dd>Accounting");
    expect(html).toContain('<span class="swatch" style="background-color: #3366cc" aria-hidden="true"></span>');
    expect(html).toContain("<p>Invoices sent by post or e-mail.</p>\n<p>Annexes come in a ZIP archive.</p>");
    expect(html).toContain("<code>serviceFile__file_INVOICES_0</code>");
    expect(html).toContain("<code>PRIORITY</code>");
    expect(html).toContain("<p>A &lt;multipart&gt; request &amp; its <code>parameters</code>.</p>");
    expect(html).toContain(
      `<pre><code>curl &quot;$BASE_URL/jobs&quot; -F &#39;parameters=&lt;-&#39; &lt;&lt;&#39;JSON&#39;\n{&quot;a&quot;: &quot;&lt;b&gt;&quot;}\nJSON</code></pre>`,
    );
    expect(html).toContain("<code>pdfText(1, [120, 18, 80, 8]) | clean(trim, normalizeSpace) | upper</code>");
    expect(html).toContain("<code>meta.annexKey == meta.invoiceNo</code>");
    expect(html).toContain("Files of the archive BUNDLE whose path ends with .pdf, tried first.");
    expect(html).toContain("<td>12:7</td>");
    expect(html).toContain("<code>DUPLEX</code></td><td><code>false</code></td><td>always</td>");
  });

  it("inlines both diagrams as accessible SVG", async () => {
    const html = await renderHtmlPage(sampleDocs());
    const svgs = html.match(/<svg\b[^>]*>/g) ?? [];
    expect(svgs).toHaveLength(2);
    for (const tag of svgs) expect(tag).toContain('role="img"');
    expect(html).toContain('role="img" width=');
    expect(html).toMatch(/<svg [^>]*><title>How files flow<\/title>/);
    expect(html).toMatch(/<svg [^>]*><title>Metadata dependencies<\/title>/);
    expect(html).not.toMatch(/<\?xml|<!DOCTYPE svg|<!--/);
    // A caption that would only repeat the section's heading is left out.
    expect(html).toContain("<figcaption>Metadata dependencies</figcaption>");
    expect(html).not.toContain("<figcaption>How files flow</figcaption>");
  });

  it("leaves out a diagram with nothing to draw", async () => {
    const service = sampleDocs();
    const html = await renderHtmlPage({
      ...service,
      diagrams: { ...service.diagrams, metadata: { ...service.diagrams.metadata, empty: true, dot: "not dot" } },
    });
    expect(html.match(/<svg\b/g)).toHaveLength(1);
  });

  it("escapes every text of the service", async () => {
    const html = await renderHtmlPage(hostileDocs());
    expect(html).not.toMatch(/<script|<img|<b>|onerror=alert\(1\)>/i);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;");
    expect(html.match(/https?:\/\//g) ?? []).toHaveLength(0);
    // A colour that is not only a colour gets no swatch: the style attribute would load it.
    expect(html).not.toContain('class="swatch"');
    expect(html).not.toMatch(/style="[^"]*url\(/);
    expect(unbalancedTags(html)).toEqual([]);
  });

  it("renders the same model to the same bytes", async () => {
    expect(await renderHtmlPage(sampleDocs())).toBe(await renderHtmlPage(sampleDocs()));
    expect(await renderHtmlPage(hostileDocs())).toBe(await renderHtmlPage(hostileDocs()));
  });

  it("warns with a banner only when the service has errors", async () => {
    const withErrors = await renderHtmlPage(hostileDocs());
    expect(withErrors).toContain(
      '<div class="banner" role="note">This service has 1 error: what follows is a best effort.',
    );
    expect(withErrors).toContain('<section id="findings">');

    const warningsOnly = await renderHtmlPage(sampleDocs());
    expect(warningsOnly).not.toContain('class="banner"');
    expect(warningsOnly).toContain('<section id="findings" class="quiet">');

    const clean = await renderHtmlPage(sampleDocs({ findings: [], warnings: 0 }));
    expect(clean).not.toContain('class="banner"');
    expect(clean).not.toContain('id="findings"');
    expect(clean).not.toContain('href="#findings"');
  });

  it("links back to the index only when told where it is", async () => {
    expect(await renderHtmlPage(sampleDocs(), { indexHref: "index.html" })).toContain('<a href="index.html">');
    expect(await renderHtmlPage(sampleDocs())).not.toContain("index.html");
  });
});

describe("the examples' pages", () => {
  it("are self-contained, with every anchor in place and every link resolved", async () => {
    const { services, index } = documentServices(exampleFiles());
    expect(services.length).toBeGreaterThan(0);
    for (const service of services) {
      const html = await renderHtmlPage(service, { indexHref: "index.html" });
      const found = ids(html);
      expect(new Set(found).size, service.slug).toBe(found.length);
      for (const anchor of modelAnchors(service)) expect(found, service.slug).toContain(anchor);
      for (const link of fragmentLinks(html)) expect(found, `${service.slug} #${link}`).toContain(link);
      expect(html, service.slug).not.toMatch(/<script|https?:\/\//i);
      expect(unbalancedTags(html), service.slug).toEqual([]);
    }
    const html = renderHtmlIndex(index);
    for (const service of services) expect(html).toContain(`<a href="${service.slug}.html">`);
  });
});

describe("renderHtmlIndex", () => {
  it("links each service to its page, escaped, with its findings", () => {
    const html = renderHtmlIndex(sampleIndex());
    expect(html.startsWith("<!doctype html>\n")).toBe(true);
    expect(html).toContain('<a href="invoices.html">Invoices with annexes</a>');
    expect(html).toContain('<a href="broken.html">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</a>');
    expect(html).toContain('<span class="badge error">2 errors</span>');
    expect(html).toContain('<span class="badge">1 warning</span>');
    expect(html).not.toMatch(/<script|https?:\/\//i);
    expect(unbalancedTags(html)).toEqual([]);
    expect(renderHtmlIndex(sampleIndex())).toBe(html);
  });
});

describe("dotToSvg", () => {
  it("gives an SVG element that embeds in HTML", async () => {
    const svg = await dotToSvg('digraph G { a [URL="#box-a"]; b [URL="https://example.com/"]; a -> b; }', {
      title: 'A <"title">',
    });
    expect(svg).toMatch(/^<svg role="img" /);
    expect(svg).toContain("<title>A &lt;&quot;title&quot;&gt;</title>");
    expect(svg.endsWith("</svg>")).toBe(true);
    expect(svg).not.toMatch(/<\?xml|<!DOCTYPE|<!--|xmlns|xlink:|https?:\/\//);
    expect(svg).toContain('<a href="#box-a">');
    // Graphviz numbers its groups the same way in every diagram: they would clash on a page of two.
    expect(svg).not.toMatch(/id="(?:graph|node|edge)\d+"/);
  });

  it("throws on DOT that does not parse", async () => {
    await expect(dotToSvg("digraph { a -> }")).rejects.toThrow();
  });

  it("draws after Graphviz fails as it drew before", async () => {
    const good = 'digraph { a -> b [label="c"]; }';
    const before = await dotToSvg(good);
    // A label whose first line is empty crashes viz.js's WebAssembly now and then, depending on what it drew before.
    for (let i = 0; i < 6; i++) await dotToSvg('digraph { n0 [label="\\nx"]; }').catch(() => undefined);
    await expect(dotToSvg("digraph { a -> }")).rejects.toThrow();
    expect(await dotToSvg(good)).toBe(before);
  });
});

describe("a diagram Graphviz cannot draw", () => {
  it("is left out of the page with a note, the rest of the page drawn", async () => {
    const docs = sampleDocs();
    const broken = {
      ...docs,
      diagrams: { ...docs.diagrams, files: { ...docs.diagrams.files, dot: "digraph { a -> }" } },
    };
    const html = await renderHtmlPage(broken);
    expect(html).toContain('<p class="muted">Graphviz could not draw this diagram: it is left out');
    expect(html.match(/<svg\b/g)?.length).toBe(((await renderHtmlPage(docs)).match(/<svg\b/g)?.length ?? 0) - 1);
    expect(unbalancedTags(html)).toEqual([]);
  });
});
