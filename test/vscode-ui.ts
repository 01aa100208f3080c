import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { launchChromium } from "./browser/chromium.js";
import { repoRoot } from "./helpers.js";

// VS Code for real, as code-server serves it to Debian's Chromium: scripts/install-code-server.sh installs it into
// the user's cache, with the Node its native modules were built for; `--where` prints that folder.
const script = join(repoRoot, "scripts/install-code-server.sh");
const installed = execFileSync("bash", [script, "--where"], { encoding: "utf8" }).trim();
const entry = join(installed, "node_modules/code-server/out/node/entry.js");

/**
 * Installs code-server the first time the test runs on a machine, so that `npm test` needs nothing run before it
 * (about a minute, while the other tests go on; `.ci/run` runs the script before the tests). Once installed, it is
 * used by whichever Node runs the tests: CI's second pass, under Node 24, runs it with the Node it was built for.
 */
function installCodeServer(): Promise<void> {
  if (existsSync(join(installed, "installed"))) return Promise.resolve();
  return new Promise((done, fail) =>
    execFile("bash", [script], (error, stdout, stderr) =>
      error ? fail(new Error(`scripts/install-code-server.sh failed:\n${stdout}${stderr}`)) : done(),
    ),
  );
}

/** The command running code-server, installed. */
const codeServer = (): { node: string; args: string[] } => ({ node: join(installed, "node"), args: [entry] });

/** Runs code-server's CLI once (no server): `--install-extension` and the like. */
function runCodeServer(home: string, args: readonly string[]): Promise<string> {
  const { node, args: head } = codeServer();
  return new Promise((done, fail) =>
    execFile(node, [...head, ...homeArgs(home), ...args], { env: homeEnv(home) }, (error, stdout, stderr) =>
      error ? fail(new Error(`${error.message}\n${stdout}\n${stderr}`)) : done(stdout + stderr),
    ),
  );
}

// Everything code-server writes (its configuration, the user's settings, extensions) stays under `home`.
const homeArgs = (home: string) => [
  "--user-data-dir",
  join(home, "data"),
  "--extensions-dir",
  join(home, "extensions"),
];
const homeEnv = (home: string) => ({ ...process.env, XDG_CONFIG_HOME: join(home, "config"), HOME: home });

export interface CodeServer {
  readonly page: Page;
  /** The extension host's children running the bundled server of the installed extension: their process ids. */
  serverPids(): number[];
  /** Screenshot of the whole window, as `name`.png in the test's output folder. */
  shot(name: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Installs `vsix` in a fresh user-data folder, starts code-server on 127.0.0.1 on `folder`, and opens it in Chromium.
 * The settings keep the window to the editor: no welcome page, no trust prompt.
 */
export async function openCodeServer(vsix: string, home: string, folder: string, shots: string): Promise<CodeServer> {
  mkdirSync(join(home, "data/User"), { recursive: true });
  mkdirSync(shots, { recursive: true });
  writeFileSync(
    join(home, "data/User/settings.json"),
    JSON.stringify({
      "workbench.startupEditor": "none",
      "workbench.tips.enabled": false,
      "security.workspace.trust.enabled": false,
      "extensions.ignoreRecommendations": true,
      "telemetry.telemetryLevel": "off",
      "editor.quickSuggestions": { other: false, comments: false, strings: false },
      "files.autoSave": "off",
    }),
  );
  await installCodeServer();
  const installedLog = await runCodeServer(home, ["--install-extension", vsix]);
  if (!installedLog.includes("was successfully installed"))
    throw new Error(`the .vsix did not install:\n${installedLog}`);
  const { node, args } = codeServer();
  const child = spawn(
    node,
    [
      ...args,
      ...homeArgs(home),
      "--auth",
      "none",
      "--bind-addr",
      "127.0.0.1:0",
      "--disable-telemetry",
      "--disable-update-check",
      "--disable-workspace-trust",
      "--disable-getting-started-override",
      folder,
    ],
    { env: homeEnv(home), stdio: ["ignore", "pipe", "pipe"] },
  );
  let browser: Browser | undefined;
  try {
    const url = await listening(child);
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${url}?folder=${encodeURIComponent(folder)}`);
    await page.locator(".monaco-workbench .part.editor").waitFor({ timeout: 60_000 });
    const extensionDir = join(home, "extensions");
    const opened = browser;
    return {
      page,
      serverPids: () => serverPids(extensionDir),
      shot: async (name) => {
        await page.screenshot({ path: join(shots, `${name}.png`) });
      },
      close: async () => {
        await opened.close();
        child.kill();
      },
    };
  } catch (error) {
    await browser?.close();
    child.kill();
    throw error;
  }
}

/** The URL code-server says it listens on. */
function listening(child: ChildProcess): Promise<string> {
  return new Promise((done, fail) => {
    let log = "";
    const read = (chunk: Buffer) => {
      log += chunk.toString();
      const url = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(log)?.[1];
      if (url) done(url);
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.on("exit", (code) => fail(new Error(`code-server exited with code ${code}:\n${log}`)));
  });
}

/** Processes whose command line runs the server bundled in an extension installed under `extensionDir`. */
function serverPids(extensionDir: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    let command = "";
    try {
      command = readFileSync(`/proc/${name}/cmdline`, "utf8");
    } catch {
      continue; // Ended meanwhile.
    }
    if (command.includes(extensionDir) && command.includes("dist/server.cjs")) pids.push(Number(name));
  }
  return pids;
}

/** Opens a file of the workspace by name through Quick Open, and waits for its tab. */
export async function openFile(page: Page, name: string): Promise<void> {
  await page.keyboard.press("Control+p");
  const input = page.locator(".quick-input-widget input");
  await input.waitFor();
  await input.fill(name);
  // The first match is selected once the list follows the input.
  await page.locator(".quick-input-widget .monaco-list-row.focused", { hasText: name }).waitFor();
  await page.keyboard.press("Enter");
  await page.locator(".tab.active", { hasText: name }).waitFor();
  await page.locator(".editor-instance .monaco-editor .view-lines").first().waitFor();
}

/**
 * Runs a command of the palette by its title. A command an extension contributes is listed once it is
 * activated: the palette is opened again until it is, for `timeout` milliseconds.
 */
export async function runCommand(page: Page, title: string, timeout = 30_000): Promise<void> {
  const until = Date.now() + timeout;
  for (;;) {
    try {
      return await runListedCommand(page, title, Math.min(5_000, timeout));
    } catch (error) {
      if (Date.now() > until) throw error;
      await page.keyboard.press("Escape");
    }
  }
}

async function runListedCommand(page: Page, title: string, timeout: number): Promise<void> {
  await page.keyboard.press("Control+Shift+p");
  const input = page.locator(".quick-input-widget input");
  await input.waitFor();
  await input.fill(`>${title}`);
  // The row of that title exactly ("Format Document", not "Format Document With...").
  const label = page.locator(".quick-input-widget .monaco-list-row .label-name").filter({ hasText: exactly(title) });
  await label.first().click({ timeout });
}

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

/** Moves the cursor to a 1-based line and column through Quick Open's `:line:column`. */
export async function goTo(page: Page, line: number, column: number): Promise<void> {
  await page.keyboard.press("Control+p");
  const input = page.locator(".quick-input-widget input");
  await input.waitFor();
  await input.fill(`:${line}:${column}`);
  await page.keyboard.press("Enter");
  await cursorAt(page, line, column);
}

/** Waits until the status bar shows the cursor at a 1-based line and column. */
export async function cursorAt(page: Page, line: number, column: number): Promise<void> {
  const status = page.locator("#status\\.editor\\.selection");
  let shown = "";
  for (let tries = 0; tries < 100; tries++) {
    shown = (await status.innerText({ timeout: 30_000 }).catch(() => "")).trim();
    if (shown === `Ln ${line}, Col ${column}`) return;
    await page.waitForTimeout(200);
  }
  throw new Error(`the cursor is not at line ${line}, column ${column}: the status bar shows "${shown}"`);
}

/** The status bar's language mode of the active editor. */
export const languageMode = (page: Page): Locator => page.locator("#status\\.editor\\.mode");

/** The rows of the Problems panel (opened if it is not). */
export async function problems(page: Page): Promise<Locator> {
  const panel = page.locator(".markers-panel");
  if (!(await panel.isVisible())) await runCommand(page, "View: Focus Problems (Errors, Warnings, Infos)");
  await panel.waitFor();
  return panel.locator(".monaco-list-row");
}
