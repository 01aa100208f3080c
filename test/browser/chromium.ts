import { accessSync, constants } from "node:fs";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

/** The system's Chromium (Debian's package), which playwright-core drives without downloading a browser of its own. */
export const CHROMIUM = process.env.MAILROOM_CHROMIUM ?? "/usr/bin/chromium";

// Root in a container: no user namespace for the sandbox, and a /dev/shm too small for Chromium's shared memory.
const ARGS = ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"];

/** Starts headless Chromium; fails, never skips, when it is not installed, saying how to install it. */
export function launchChromium(): Promise<Browser> {
  try {
    accessSync(CHROMIUM, constants.X_OK);
  } catch {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}: the browser tests drive it through playwright-core. ` +
        "Install it (`apt-get install chromium`, as .ci/run does) or set MAILROOM_CHROMIUM to a Chromium binary.",
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS, timeout: 60_000 });
}

/** What a page did that a self-contained page must not: errors it logged or threw, and requests for other files. */
export interface PageLog {
  readonly errors: string[];
  /** Every URL the page asked for but `allowed`; each was aborted, so nothing reached the network. */
  readonly requests: string[];
}

/** A page in a fresh context that loads only `allowed` and records everything else it tries. */
export async function isolatedPage(
  browser: Browser,
  allowed: string,
): Promise<{ context: BrowserContext; page: Page; log: PageLog }> {
  const log: PageLog = { errors: [], requests: [] };
  const context = await browser.newContext();
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url === allowed) return route.continue();
    log.requests.push(url);
    return route.abort();
  });
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") log.errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => log.errors.push(`page error: ${error.message}`));
  return { context, page, log };
}
