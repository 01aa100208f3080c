import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import MarkdownIt from "markdown-it";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isolatedPage, launchChromium, type PageLog } from "./browser/chromium.js";
import { loadMermaid, renderMermaid } from "./browser/mermaid.js";
import { anchors, background, horizontalOverflow } from "./browser/page-probes.js";
import { repoRoot, runCli } from "./helpers.js";

// `mailroom docs` on the examples, as a reader sees the result: the HTML pages in Chromium, the Markdown through a
// CommonMark renderer with GitHub's tables and its Mermaid diagrams drawn by the real `mermaid` (`npx tsc -b` first).
const SCREENSHOTS = join(repoRoot, "test-output/docs-screenshots");
const PHONE = { width: 375, height: 800 };
// A large phone, a desktop, and an A4 page at 96 dpi (print lays out at the page's width).
const LARGE_PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const A4 = { width: 794, height: 1123 };
const STEP_TIMEOUT_MS = 60_000;

// One page per service of examples/ (a DSL file and its compiled twin are one service), and the index.
const SERVICES = [
  ...new Set(
    readdirSync(join(repoRoot, "examples")).flatMap((name) => /^(.+)\.service\.(?:yaml|json)$/.exec(name)?.[1] ?? []),
  ),
].sort();
const PAGES = ["index", ...SERVICES];

const out = realpathSync(mkdtempSync(join(tmpdir(), "mailroom-docs-browser-")));
let browser: Browser;

// A service that stretches every layout: a name without a space, an apposition table of eight columns, UUIDs, and
// a channel option with a condition; documented on its own, beside the examples.
const stretched = join(out, "stretched");
const STRETCHED = {
  id: 77,
  type: "ADVANCED",
  name: "BULLETINS_DE_PAIE_MENSUELS_DES_SALARIES_DU_SIEGE_ET_DES_AGENCES_REGIONALES_AVEC_ATTESTATIONS",
  properties: {
    boxes: [
      {
        "@type": "box.PDF",
        ...{ name: "BULLETINS_DE_PAIE_MENSUELS_DU_SIEGE", hidden: false, minElements: 1, maxElements: 1 },
        ...{ main: true, parent: null, metadatas: [], reconcile: null, configuredFiles: [] },
        appositions: [
          {
            ...{ "@type": "bap.Overlay", id: "3f6c2b1e-8d4a-4c7f-9e21-5a0b7d9c4e12", targetType: "COMPOSED_DOCUMENT" },
            ...{ serializedPageFilter: "1-3,5,7-9", background: true, editable: true },
            serviceFileId: "3f6c2b1e-8d4a-4c7f-9e21-5a0b7d9c4e13",
          },
        ],
      },
    ],
    channels: [
      {
        label: "Courrier",
        outputFilesConfig: [{ name: "MAIN" }],
        options: [
          {
            ...{ outputFileName: "MAIN", optionType: "printMode", value: "1SIDE" },
            condition: {
              "@type": "exb.LessThan",
              expr1: { "@type": "exv.NumSheetsValue" },
              expr2: { "@type": "exv.Value", value: "3" },
            },
          },
        ],
      },
    ],
  },
};

beforeAll(async () => {
  const generated = await runCli(["docs", "examples", "-o", out, "--format", "md", "--format", "html"], {
    timeout: STEP_TIMEOUT_MS * 2,
  });
  if (generated.code !== 0) throw new Error(`mailroom docs exited with ${generated.code}: ${generated.stderr}`);
  mkdirSync(stretched);
  writeFileSync(join(stretched, "stretched.service.json"), JSON.stringify(STRETCHED));
  const other = await runCli(["docs", "stretched.service.json", "-o", ".", "--format", "html"], { cwd: stretched });
  if (other.code !== 0) throw new Error(`mailroom docs exited with ${other.code}: ${other.stderr}`);
  browser = await launchChromium();
}, STEP_TIMEOUT_MS * 3);

afterAll(async () => {
  await browser?.close();
  rmSync(out, { recursive: true, force: true });
});

// Another site, or another scheme such as mailto:.
const leavesDocumentation = (href: string): boolean => /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(href);

/** The file URL of the page a relative link leads to (`from` itself for "#..."), if it is one the command wrote. */
function writtenPage(href: string, from: string): string | undefined {
  const hash = href.indexOf("#");
  const target = new URL(hash < 0 ? href : href.slice(0, hash), from).href;
  const file = fileURLToPath(target);
  return dirname(file) === out && existsSync(file) ? target : undefined;
}

it("writes a Markdown and an HTML page per service, and an index", () => {
  const written = readdirSync(out).filter((name) => name !== "stretched");
  expect(written.sort()).toEqual(PAGES.flatMap((name) => [`${name}.html`, `${name}.md`]).sort());
});

/*
 * Measures taken in the page. They run in Chromium, given as source text: the tests are typed without the DOM.
 */

/** Table cells that wrap their text although narrower than 7 of their own ems: a column squeezed to a word a line. */
const SQUEEZED_CELLS = `[...document.querySelectorAll("td, th")].flatMap((cell) => {
  const style = getComputedStyle(cell);
  const range = document.createRange();
  range.selectNodeContents(cell);
  const lines = Math.round(range.getBoundingClientRect().height / parseFloat(style.lineHeight));
  const width = cell.getBoundingClientRect().width;
  return lines > 1 && width < 7 * parseFloat(style.fontSize)
    ? [cell.textContent.trim().slice(0, 40) + " (" + Math.round(width) + " px, " + lines + " lines)"]
    : [];
})`;

/** The headings wider than the room they have (a long name that does not break). */
const OVERFLOWING_HEADINGS = `[...document.querySelectorAll("h1, h2, h3, h4")].flatMap((h) =>
  h.scrollWidth > h.clientWidth + 1 ? [h.textContent.trim().slice(0, 40)] : [])`;

/** The smallest text of each diagram, in CSS pixels as drawn: its font size scaled as the SVG is. */
const DIAGRAM_TEXT_PX = `[...document.querySelectorAll(".diagram svg")].map((svg) => {
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return Math.min(...[...svg.querySelectorAll("text")].map((t) => parseFloat(t.getAttribute("font-size")) * scale));
})`;

/** Each diagram's panel colour and its text's, as [r, g, b] luminances from 0 (black) to 1 (white). */
const DIAGRAM_COLOURS = `[...document.querySelectorAll(".diagram")].map((panel) => {
  const luminance = (colour) => {
    const [r, g, b] = colour.match(/[\\d.]+/g).map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  };
  const text = panel.querySelector("svg text");
  return { panel: luminance(getComputedStyle(panel).backgroundColor), text: luminance(getComputedStyle(text).fill) };
})`;

/** How far the document would scroll sideways (0 when it fits the viewport's width). */
const OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth";

describe("the HTML pages on every screen, and on paper", () => {
  const pages = [...PAGES.map((name) => join(out, `${name}.html`)), join(stretched, "stretched.html")];
  for (const file of pages) {
    const name = file.slice(out.length + 1);
    it(
      `${name}: no squeezed column or overflowing title on a phone, readable diagrams, a dark panel in dark mode, a page that prints`,
      async () => {
        const url = pathToFileURL(file).href;
        const { context, page } = await isolatedPage(browser, url);
        try {
          await page.goto(url);
          await page.setViewportSize(LARGE_PHONE);
          expect.soft(await page.evaluate(SQUEEZED_CELLS), "cells squeezed on a phone").toEqual([]);
          expect.soft(await page.evaluate(OVERFLOWING_HEADINGS), "headings wider than a phone").toEqual([]);
          expect.soft(await page.evaluate(OVERFLOW), "pixels of sideways scrolling on a phone").toBeLessThanOrEqual(1);

          await page.setViewportSize(DESKTOP);
          const sizes = (await page.evaluate(DIAGRAM_TEXT_PX)) as number[];
          for (const size of sizes)
            expect.soft(size, "smallest diagram text on a desktop, px").toBeGreaterThanOrEqual(12);

          // The panel follows the reader's setting: dark with light text in dark mode, and the other way round.
          for (const scheme of ["dark", "light"] as const) {
            await page.emulateMedia({ colorScheme: scheme });
            const colours = (await page.evaluate(DIAGRAM_COLOURS)) as { panel: number; text: number }[];
            for (const { panel, text } of colours) {
              if (scheme === "dark") expect.soft(panel, "dark mode: panel luminance").toBeLessThan(0.2);
              else expect.soft(panel, "light mode: panel luminance").toBeGreaterThan(0.8);
              expect.soft(Math.abs(panel - text), `${scheme} mode: panel to text contrast`).toBeGreaterThan(0.6);
            }
          }

          // On paper (even from a dark screen): black on white, nothing wider than the page.
          await page.setViewportSize(A4);
          await page.emulateMedia({ media: "print", colorScheme: "dark" });
          expect.soft(await background(page), "printed background").toBe("rgb(255, 255, 255)");
          expect.soft(await page.evaluate(OVERFLOW), "pixels beyond the printed page").toBeLessThanOrEqual(1);
          const printed = (await page.evaluate(DIAGRAM_COLOURS)) as { panel: number; text: number }[];
          for (const { panel, text } of printed) {
            expect.soft(panel, "printed diagram: panel luminance").toBeGreaterThan(0.95);
            expect.soft(text, "printed diagram: text luminance").toBeLessThan(0.05);
          }
          for (const size of (await page.evaluate(DIAGRAM_TEXT_PX)) as number[]) {
            expect.soft(size, "smallest printed diagram text, px").toBeGreaterThanOrEqual(7);
          }
        } finally {
          await context.close();
        }
      },
      STEP_TIMEOUT_MS,
    );
  }
});

describe("the HTML pages in Chromium", () => {
  // The ids of each page, by its file URL: a link into another page is checked against that page as rendered.
  const idsByPage = new Map<string, Promise<Set<string>>>();
  const idsOf = (url: string): Promise<Set<string>> => {
    let ids = idsByPage.get(url);
    if (!ids) {
      ids = (async () => {
        const { context, page } = await isolatedPage(browser, url);
        try {
          await page.goto(url);
          return new Set((await anchors(page)).ids);
        } finally {
          await context.close();
        }
      })();
      idsByPage.set(url, ids);
    }
    return ids;
  };

  /** The links of a page that lead nowhere: a page that was not written, or a fragment without its element. */
  async function brokenLinks(from: string, hrefs: readonly string[]): Promise<string[]> {
    const broken: string[] = [];
    for (const href of hrefs) {
      if (leavesDocumentation(href)) continue;
      const target = writtenPage(href, from);
      const hash = href.indexOf("#");
      const found =
        target !== undefined && (hash < 0 || (await idsOf(target)).has(decodeURIComponent(href.slice(hash + 1))));
      if (!found) broken.push(href);
    }
    return broken;
  }

  beforeAll(() => mkdirSync(SCREENSHOTS, { recursive: true }));
  for (const name of PAGES) {
    it(
      `${name}.html: loads nothing else, logs no error, every link resolves; fits a phone, has a dark mode, prints`,
      async () => {
        const url = pathToFileURL(join(out, `${name}.html`)).href;
        const { context, page, log } = await isolatedPage(browser, url);
        try {
          await page.goto(url);
          const { ids, hrefs } = await anchors(page);
          idsByPage.set(url, Promise.resolve(new Set(ids)));
          expect.soft(await brokenLinks(url, hrefs), "links to no element or page").toEqual([]);
          // The index leads to every service, and every service back to the index.
          const expected = name === "index" ? SERVICES.map((service) => `${service}.html`) : ["index.html"];
          const unlinked = expected.filter((href) => !hrefs.includes(href));
          expect.soft(unlinked, "pages it does not link to").toEqual([]);
          await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });

          const light = await background(page);
          await page.emulateMedia({ colorScheme: "dark" });
          expect.soft(await background(page), "background in dark mode").not.toBe(light);
          await page.emulateMedia({ colorScheme: "light" });

          await page.setViewportSize(PHONE);
          expect.soft(await horizontalOverflow(page), "pixels of sideways scrolling on a phone").toBeLessThanOrEqual(1);

          await page.emulateMedia({ media: "print" });
          expect.soft((await page.pdf()).subarray(0, 5).toString("latin1"), "start of the printed PDF").toBe("%PDF-");
          expect(log).toEqual({ errors: [], requests: [] });
        } finally {
          await context.close();
        }
      },
      STEP_TIMEOUT_MS,
    );
  }
});

describe("the Markdown pages", () => {
  // GitHub's Markdown is CommonMark with tables; raw HTML passes through.
  const markdown = new MarkdownIt({ html: true, linkify: true });
  let diagrams: Page;
  let mermaidLog: PageLog;

  beforeAll(async () => {
    const isolated = await isolatedPage(browser, "about:blank");
    diagrams = isolated.page;
    mermaidLog = isolated.log;
    await loadMermaid(diagrams);
  }, STEP_TIMEOUT_MS);

  for (const name of PAGES) {
    it(
      `${name}.md: its tables are tables, its links lead to pages and Mermaid draws each of its diagrams`,
      async () => {
        const tokens = markdown.parse(readFileSync(join(out, `${name}.md`), "utf8"), {});
        const from = pathToFileURL(join(out, `${name}.md`)).href;
        const hrefs = tokens
          .flatMap((token) => token.children ?? [])
          .flatMap((token) => (token.type === "link_open" ? [String(token.attrGet("href"))] : []));
        // GitHub makes its own heading ids, so only the page of each link is checked, not its fragment.
        const broken = hrefs.filter((href) => !leavesDocumentation(href) && !writtenPage(href, from));
        expect.soft(broken, "links to no page").toEqual([]);
        // A table the renderer did not recognise stays a paragraph of lines starting with "|".
        const rawTables = tokens.flatMap((token) =>
          token.type === "inline" && /^\s*\|/m.test(token.content) ? [token.content] : [],
        );
        expect.soft(rawTables, "tables left as text").toEqual([]);

        const blocks = tokens.filter((token) => token.type === "fence" && token.info.trim() === "mermaid");
        if (name !== "index") expect.soft(blocks.length, "Mermaid diagrams").toBeGreaterThan(0);
        const failures: string[] = [];
        for (const [index, block] of blocks.entries()) {
          const error = await renderMermaid(diagrams, `diagram-${name}-${index}`, block.content);
          const line = (block.map?.[0] ?? 0) + 1;
          if (error) failures.push(`${name}.md, diagram ${index + 1} (line ${line}): ${error}\n${block.content}`);
        }
        expect(failures).toEqual([]);
        expect(mermaidLog.requests).toEqual([]);
      },
      STEP_TIMEOUT_MS,
    );
  }
});
