import { createRequire } from "node:module";
import type { Page } from "playwright-core";

// The library GitHub and GitLab render Mermaid blocks with, as one script for the browser.
const SCRIPT = createRequire(import.meta.url).resolve("mermaid/dist/mermaid.min.js");

interface Mermaid {
  initialize(config: object): void;
  parse(text: string): Promise<unknown>;
  render(id: string, text: string): Promise<{ svg: string }>;
}
declare const mermaid: Mermaid;

/** Makes `page` a blank document with Mermaid, its script read from node_modules (not fetched). */
export async function loadMermaid(page: Page): Promise<void> {
  await page.setContent("<!doctype html><html><body></body></html>");
  await page.addScriptTag({ path: SCRIPT });
  await page.evaluate(() => mermaid.initialize({ startOnLoad: false }));
}

/** Parses and renders one diagram: Mermaid's error message, or undefined when it drew an SVG. */
export const renderMermaid = (page: Page, id: string, text: string): Promise<string | undefined> =>
  page.evaluate(
    async ({ id, text }) => {
      try {
        await mermaid.parse(text);
        const { svg } = await mermaid.render(id, text);
        return svg.includes("<svg") ? undefined : "rendered no SVG";
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    },
    { id, text },
  );
