import {
  applyFixes,
  checkRequest,
  type RequestHost,
  type RequestKind,
  type ResolvedSettings,
  requestOptions,
  type SourceText,
} from "@mailroom/checker";
import { unreadFile, writeOutput } from "./files.js";
import type { CheckedFile } from "./lint.js";

/** Reads PDFs' page counts with the runtime's reader, loaded on first use: most request files need none. */
export const requestHost: RequestHost = {
  async pageCount(file) {
    const { pdfPageCount } = await import("@mailroom/runtime");
    return pdfPageCount(file);
  },
};

/**
 * Checks a request file (as read: `source`) against the services it calls; with `fix`, applies its fixes once,
 * writes the file atomically if it changed, and checks the result.
 */
export async function checkRequestFile(
  file: string,
  source: SourceText,
  kind: RequestKind,
  settings: ResolvedSettings,
  fix = false,
): Promise<CheckedFile & { fixed: number }> {
  if (!source.ok) return { ...unreadFile(file, source), fixed: 0 };
  const options = requestOptions(file, settings);
  const diagnostics = await checkRequest(file, source.text, kind, options, requestHost);
  if (!fix) return { file, text: source.text, diagnostics, fixed: 0 };
  const { text, applied } = applyFixes(source.text, diagnostics);
  if (applied === 0 || text === source.text) return { file, text: source.text, diagnostics, fixed: 0 };
  const problem = await writeOutput(file, `${source.bom ? "\uFEFF" : ""}${text}`);
  if (problem) return { file, text: source.text, diagnostics: [...diagnostics, problem], fixed: 0 };
  return { file, text, diagnostics: await checkRequest(file, text, kind, options, requestHost), fixed: applied };
}
