import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
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

beforeAll(async () => {
  const generated = await runCli(["docs", "examples", "-o", out, "--format", "md", "--format", "html"], {
    timeout: STEP_TIMEOUT_MS * 2,
  });
  if (generated.code !== 0) throw new Error(`mailroom docs exited with ${generated.code}: ${generated.stderr}`);
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
  expect(readdirSync(out).sort()).toEqual(PAGES.flatMap((name) => [`${name}.html`, `${name}.md`]).sort());
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
