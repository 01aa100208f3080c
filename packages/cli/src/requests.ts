import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import {
  applyFixes,
  checkRequest,
  type FileSettings,
  type RequestHost,
  type RequestKind,
  type ResolvedSettings,
  type SourceText,
} from "@mailroom/checker";
import { unreadFile, writeOutput } from "./files.js";
import type { CheckedFile } from "./lint.js";

/** Reads PDFs' page counts with the runtime's reader, loaded on first use: most request files need none. */
export const requestHost = (now?: number): RequestHost => ({
  async pageCount(file) {
    const { loadPdf } = await import("@mailroom/runtime");
    const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => error);
    if (bytes instanceof Error) return { problem: bytes.message };
    // No page's glyphs are read: only how many pages there are.
    const loaded = await loadPdf(new Uint8Array(bytes), () => false);
    return loaded.ok ? { pages: loaded.pdf.pageCount } : { problem: loaded.problem };
  },
  ...(now !== undefined && { now }),
});

/** The folder whose services a request file is checked against: its configuration's, else its own. */
export const workspaceOf = (file: string, settings: ResolvedSettings): string =>
  settings.config !== undefined ? dirname(resolve(settings.config)) : dirname(resolve(file));

/**
 * Checks a request file (as read: `source`) against the services it calls; with `fix`, applies its fixes once,
 * writes the file atomically if it changed, and checks the result.
 */
export async function checkRequestFile(
  file: string,
  source: SourceText,
  kind: RequestKind,
  settings: FileSettings & { readonly config?: string },
  fix = false,
): Promise<CheckedFile & { fixed: number }> {
  if (!source.ok) return { ...unreadFile(file, source), fixed: 0 };
  const options = {
    rules: settings.rules,
    workspace: workspaceOf(file, settings),
    ...(settings.optionListings && { optionListings: settings.optionListings }),
  };
  const host = requestHost();
  const diagnostics = await checkRequest(file, source.text, kind, options, host);
  if (!fix) return { file, text: source.text, diagnostics, fixed: 0 };
  const { text, applied } = applyFixes(source.text, diagnostics);
  if (applied === 0 || text === source.text) return { file, text: source.text, diagnostics, fixed: 0 };
  const problem = await writeOutput(file, `${source.bom ? "\uFEFF" : ""}${text}`);
  if (problem) return { file, text: source.text, diagnostics: [...diagnostics, problem], fixed: 0 };
  return { file, text, diagnostics: await checkRequest(file, text, kind, options, host), fixed: applied };
}
