import type { Page } from "playwright-core";

// What the probes read of the page's DOM (the tests are typed without the DOM library). Playwright sends each
// probe's source to the page, so the probes refer to nothing outside themselves.
interface Element {
  readonly id: string;
  getAttribute(name: string): string | null;
}
interface Document {
  readonly body: Element;
  readonly documentElement: Element & { readonly scrollWidth: number; readonly clientWidth: number };
  querySelectorAll(selector: string): Iterable<Element>;
}
declare const document: Document;
declare function getComputedStyle(element: Element): { readonly backgroundColor: string };

/** The ids of a page's elements and the targets of its links, as written. */
export interface Anchors {
  readonly ids: string[];
  readonly hrefs: string[];
}

export const anchors = (page: Page): Promise<Anchors> =>
  page.evaluate(() => ({
    ids: [...document.querySelectorAll("[id]")].map((node) => node.id),
    // An SVG diagram's links may be written xlink:href (Graphviz does).
    hrefs: [...document.querySelectorAll("a[*|href]")].map(
      (node) => node.getAttribute("href") ?? node.getAttribute("xlink:href") ?? "",
    ),
  }));

/** The colour behind the text: the body's, or the root's when the body is transparent. */
export const background = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const transparent = ["transparent", "rgba(0, 0, 0, 0)"];
    const body = getComputedStyle(document.body).backgroundColor;
    return transparent.includes(body) ? getComputedStyle(document.documentElement).backgroundColor : body;
  });

/** How far the document would scroll sideways (0 when it fits the viewport's width). */
export const horizontalOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
