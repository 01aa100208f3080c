import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";
import { RULES } from "@mailroom/checker";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reached } from "../packages/playground/scripts/reached.js";
import { launchChromium } from "./browser/chromium.js";
import { background, horizontalOverflow } from "./browser/page-probes.js";
import { repoRoot, runCli } from "./helpers.js";

// The playground as a visitor uses it: built once (`npm run build:playground`'s script), served by its own static
// server under a sub-path (as GitHub Pages serves a project), driven in Debian's Chromium (`npx tsc -b` first).
const SCREENSHOTS = join(repoRoot, "test-output/playground-screenshots");
const EXAMPLES = readdirSync(join(repoRoot, "examples"))
  .flatMap((name) => /^(.+)\.service\.yaml$/.exec(name)?.[1] ?? [])
  .sort();
const LARGEST = EXAMPLES.reduce((a, b) =>
  readFileSync(join(repoRoot, "examples", `${a}.service.yaml`)).length >=
  readFileSync(join(repoRoot, "examples", `${b}.service.yaml`)).length
    ? a
    : b,
);
const BASE = "/mailroom/play/";
const DIST = join(repoRoot, "packages/playground/dist");

let server: ChildProcess;
let site: string;
let browser: Browser;
/** What every page of the file did that the playground must never do: requests elsewhere, errors. */
const outside: string[] = [];
const errors: string[] = [];

/** The examples' pages are read from here: the build's output, served as is. */
function serve(): Promise<string> {
  server = spawn(process.execPath, [join(repoRoot, "packages/playground/scripts/serve.js")], {
    env: { ...process.env, PORT: "0", PLAYGROUND_BASE: BASE },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((done, fail) => {
    server.once("exit", (code) => fail(new Error(`the playground's server exited (${code})`)));
    server.stdout?.on("data", (chunk: Buffer) => {
      const url = /http:\/\/\S+/.exec(chunk.toString())?.[0];
      if (url) done(url);
    });
  });
}

/** A page in a fresh context with the given viewport and colour scheme; requests off the site's origin are aborted. */
async function open(
  options: { width?: number; height?: number; dark?: boolean; hash?: string } = {},
): Promise<{ context: BrowserContext; page: Page; requests: string[] }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    colorScheme: options.dark ? "dark" : "light",
  });
  const origin = new URL(site).origin;
  const requests: string[] = [];
  await context.route("**/*", (route) => {
    const url = route.request().url();
    requests.push(url);
    if (new URL(url).origin === origin) return route.continue();
    outside.push(url);
    return route.abort();
  });
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  page.on("worker", (worker) =>
    worker.on("console", (message) => {
      if (message.type() === "error") errors.push(`worker console: ${message.text()}`);
    }),
  );
  await page.goto(site + (options.hash ?? ""));
  await page.waitForSelector("body[data-ready=true]");
  return { context, page, requests };
}

/** The state a share link carries, read as the page wrote it (base64url of raw DEFLATE of JSON). */
function sharedState(link: string): Record<string, unknown> {
  const fragment = new URL(link).hash.replace(/^#s=/, "");
  return JSON.parse(inflateRawSync(Buffer.from(fragment, "base64url")).toString("utf8"));
}

/** A tooltip's text once it says what is wanted; hovered again (from elsewhere) while the editor redraws it. */
async function hoverText(page: Page, target: Locator, tooltip: string, wanted: (text: string) => boolean) {
  let text = "";
  await expect
    .poll(async () => {
      await page.mouse.move(0, 0);
      await target.hover();
      text =
        (await page
          .locator(tooltip)
          .first()
          .textContent({ timeout: 2_000 })
          .catch(() => "")) ?? "";
      return wanted(text);
    })
    .toBe(true);
  return text;
}

/** The link the Share button writes (it is computed asynchronously). */
async function shareLink(page: Page): Promise<string> {
  await page.click("#share");
  await expect.poll(() => page.inputValue("#share-link")).not.toBe("");
  return page.inputValue("#share-link");
}

async function pickExample(page: Page, name: string): Promise<void> {
  await page.selectOption("#example", name);
  await expect.poll(() => page.textContent("#tab-service")).toBe(`${name}.service.yaml`);
}

beforeAll(async () => {
  const built = await new Promise<number | null>((done) =>
    spawn(process.execPath, [join(repoRoot, "packages/playground/scripts/build.js")], { stdio: "inherit" }).on(
      "exit",
      done,
    ),
  );
  if (built !== 0) throw new Error("the playground did not build");
  mkdirSync(SCREENSHOTS, { recursive: true });
  site = await serve();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  server?.kill();
});

describe("the playground", () => {
  it("serves its page under a sub-path, the URL printed by its server", () => {
    expect(site).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+${BASE}$`));
  });

  it("shows the language server's diagnostic when an error is typed, and its completion and hover", async () => {
    const { context, page } = await open();
    await pickExample(page, "registered-letter");
    const editor = page.locator('.editor[data-file="service"] .cm-content');
    await editor.click();
    await page.keyboard.press("Control+Home");
    await page.keyboard.type("bogusKey: 1\n");
    const range = page.locator(".cm-lintRange-error, .cm-lintRange-warning").first();
    await range.waitFor();
    expect(await hoverText(page, range, ".cm-tooltip-lint", (text) => text.includes("bogusKey"))).toMatch(/bogusKey/);
    // A quick fix of the server's, applied from the diagnostic's tooltip.
    await editor.locator(".cm-line", { hasText: "integrityPreservable:" }).click();
    await page.keyboard.press("End");
    await page.keyboard.type("\nhiden: false");
    const misspelt = editor.locator(".cm-lintRange", { hasText: "hiden" });
    await misspelt.waitFor();
    await hoverText(page, misspelt, ".cm-tooltip-lint .cm-diagnosticAction", (text) => text !== "");
    await page.locator(".cm-tooltip-lint .cm-diagnosticAction").first().click();
    await expect.poll(() => editor.locator(".cm-line", { hasText: /^\s*hidden: false$/ }).count()).toBe(1);
    // Completion: the metadata a new metadata's expression may read.
    await editor.locator(".cm-line", { hasText: "senderSiret:" }).click();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("extra: { value: meta.");
    const labels = page.locator(".cm-tooltip-autocomplete li .cm-completionLabel");
    await expect.poll(() => labels.allTextContents()).toEqual(["letterReference", "recipientName", "senderSiret"]);
    await page.keyboard.press("Escape");
    // Hover: the documentation of a key.
    const split = editor.locator(".cm-line", { hasText: /^\s*split:/ }).getByText("split");
    const documentation = await hoverText(page, split, ".cm-tooltip-hover", (text) => text.length > 20);
    expect(documentation.length).toBeGreaterThan(20);
    await context.close();
  });

  it("shows for every example the JSON `mailroom build` writes, byte for byte", async () => {
    const { context, page } = await open();
    for (const name of EXAMPLES) {
      const built = await runCli(["build", `examples/${name}.service.yaml`, "--stdout"]);
      expect(built.code, built.stderr).toBe(0);
      await pickExample(page, name);
      await expect.poll(() => page.textContent("#json")).toBe(built.stdout);
    }
    await context.close();
  });

  it("gives on a dropped sample PDF the values `mailroom eval` gives, loading pdf.js only then", async () => {
    const { context, page, requests } = await open();
    await pickExample(page, "registered-letter");
    await page.click("[data-pane=file]");
    await page.fill("#now", "2024-03-18T09:30:00Z");
    await page.check("#ou");
    const pdfChunk = (url: string) => /\/chunks\/pdf(\.worker)?-[A-Z0-9]+\.js$/.test(url);
    expect(requests.filter(pdfChunk)).toEqual([]);
    const folder = join(repoRoot, "examples/samples/registered-letter");
    const sample = "LRAR_2024-0317_Dupont.pdf";
    await page.setInputFiles("#files", join(folder, sample));
    const evaluated = await runCli(
      [
        "eval",
        join(repoRoot, "examples/registered-letter.service.yaml"),
        "--file",
        `LETTER=${sample}`,
        "--now",
        "2024-03-18T09:30:00Z",
        "--ou",
        join(repoRoot, "examples/organizational-unit.json"),
        "--format",
        "json",
      ],
      { cwd: folder },
    );
    expect(evaluated.code, evaluated.stderr).toBe(0);
    await expect.poll(() => page.textContent("#eval-json")).toBe(evaluated.stdout);
    expect(JSON.parse(evaluated.stdout).documents[0].metadata.recipientName).toBe("Madame Claire Dupont");
    expect(requests.filter(pdfChunk).length).toBe(2);
    await context.close();
  });

  it("runs the test file's cases in the page", async () => {
    const { context, page } = await open();
    await pickExample(page, "payslips");
    await page.click("[data-pane=tests]");
    const run = await runCli(["test", "examples/payslips.service.test.yaml"]);
    expect(run.code, run.stderr + run.stdout).toBe(0);
    const cases = (await page.locator("#tests li").count()) || undefined;
    await expect.poll(() => page.textContent("#tests-status")).toMatch(/^(\d+) of \1 case\(s\) passed$/);
    expect(cases ?? (await page.locator("#tests li.passed").count())).toBeGreaterThan(0);
    await context.close();
  });

  it("restores the exact state from a share link, and links an issue to it", async () => {
    const first = await open();
    await pickExample(first.page, "customer-notices");
    const editor = first.page.locator('.editor[data-file="service"] .cm-content');
    await editor.click();
    await first.page.keyboard.press("Control+Home");
    await first.page.keyboard.type("# shared: é ✓\n");
    await first.page.click("[data-pane=file]");
    await first.page.fill("#now", "2024-06-01T08:00:00Z");
    await first.page.check("#ou");
    const link = await shareLink(first.page);
    const state = sharedState(link);
    const service = readFileSync(join(repoRoot, "examples/customer-notices.service.yaml"), "utf8");
    expect(state).toEqual({
      service: { name: "customer-notices.service.yaml", text: `# shared: é ✓\n${service}` },
      test: {
        name: "customer-notices.service.test.yaml",
        text: readFileSync(join(repoRoot, "examples/customer-notices.service.test.yaml"), "utf8"),
      },
      config: readFileSync(join(repoRoot, "examples/mailroom.config.yaml"), "utf8"),
      now: "2024-06-01T08:00:00Z",
      ou: true,
      pane: "file",
    });
    const issue = new URL((await first.page.getAttribute("#issue", "href")) ?? "");
    expect(`${issue.origin}${issue.pathname}`).toBe("https://github.com/mailroom/mailroom/issues/new");
    expect(issue.searchParams.get("body")).toContain("# shared: é ✓");
    await first.context.close();

    // The link opened afresh: the same files, settings and pane; sharing again gives the same link.
    const second = await open({ hash: new URL(link).hash });
    expect(await second.page.textContent("#tab-service")).toBe("customer-notices.service.yaml");
    expect(await second.page.inputValue("#now")).toBe("2024-06-01T08:00:00Z");
    expect(await second.page.isChecked("#ou")).toBe(true);
    expect(await second.page.isVisible("#pane-file")).toBe(true);
    expect(sharedState(await shareLink(second.page))).toEqual(state);
    await second.context.close();
  });

  it("works offline once loaded", async () => {
    const { context, page } = await open();
    await expect.poll(() => page.textContent("#json")).not.toBe("");
    // The service worker keeps the site's files once it controls the page.
    await page.waitForFunction(
      () =>
        (globalThis as unknown as { navigator: { serviceWorker: { controller: unknown } } }).navigator.serviceWorker
          .controller !== null,
    );
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
    await pickExample(page, "payslips");
    const built = await runCli(["build", "examples/payslips.service.yaml", "--stdout"]);
    await expect.poll(() => page.textContent("#json")).toBe(built.stdout);
    await context.close();
  });

  it(`checks what is typed in the largest example (${LARGEST}) in its worker: the page's script holds no rule`, async () => {
    const { context, page } = await open();
    await pickExample(page, LARGEST);
    await expect.poll(() => page.textContent("#json")).not.toBe("");
    const editor = page.locator('.editor[data-file="service"] .cm-content');
    await editor.locator(".cm-line").nth(2).click();
    await page.keyboard.press("End");
    await page.keyboard.type("\n# a comment typed key by key, then an error:\nbroken: [", { delay: 30 });
    await page.locator(".cm-lintRange-error").first().waitFor();
    // What keeps typing smooth is where the checking runs, not how long it took on this machine (speed is not
    // asserted by tests): the scripts the page runs on its main thread hold none of the rules, the worker's all.
    const scripts = (entry: string) => [...reached(DIST, entry)].map((file) => readFileSync(join(DIST, file), "utf8"));
    const ids = [...RULES.keys()].map((id) => `"${id}"`);
    expect(ids.filter((id) => scripts("main.js").some((text) => text.includes(id)))).toEqual([]);
    expect(ids.filter((id) => !scripts("worker.js").some((text) => text.includes(id)))).toEqual([]);
    await context.close();
  });

  for (const dark of [false, true]) {
    for (const { width, height } of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const layout = `${dark ? "dark" : "light"}-${width}`;
      it(`lays out at ${width}px in the ${dark ? "dark" : "light"} scheme: no sideways scroll, every pane reachable`, async () => {
        const { context, page } = await open({ width, height, dark });
        await expect.poll(() => page.textContent("#json")).not.toBe("");
        expect(await horizontalOverflow(page)).toBe(0);
        expect(await background(page)).toBe(dark ? "rgb(22, 24, 28)" : "rgb(255, 255, 255)");
        for (const pane of ["json", "docs", "file", "tests"]) {
          await page.click(`[data-pane=${pane}]`);
          await page.locator(`#pane-${pane}`).scrollIntoViewIfNeeded();
          expect(await page.locator(`#pane-${pane}`).isVisible()).toBe(true);
          expect(await horizontalOverflow(page)).toBe(0);
        }
        for (const file of ["service", "test", "config"]) {
          await page.click(`#tab-${file}`);
          const shown = page.locator(".editor").filter({ visible: true });
          expect(await shown.evaluateAll((editors) => editors.map((e) => e.getAttribute("data-file")))).toEqual([file]);
        }
        await page.screenshot({ path: join(SCREENSHOTS, `${layout}.png`) });
        await context.close();
      });
    }
  }

  it("asked nothing of another host and logged no error, in any of the pages above", () => {
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
  });
});
