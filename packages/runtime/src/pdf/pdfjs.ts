/// <reference path="./pdfjs-worker.d.ts" />
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";

export type PdfjsPage = PDFPageProxy;
export type PdfjsDocument = PDFDocumentProxy;
export type PdfjsOps = typeof import("pdfjs-dist/legacy/build/pdf.mjs").OPS;

type Pdfjs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

let loaded: Promise<Pdfjs> | undefined;

/**
 * pdf.js's legacy build (the one for Node), its worker code run in this thread (no worker to start), loaded once
 * and on first use so that packages that never read a PDF do not pay for it.
 */
export function pdfjs(): Promise<Pdfjs> {
  loaded ??= (async () => {
    // Literal specifiers, so that a bundler (the VS Code extension's) takes both modules in.
    const worker: unknown = await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import("pdfjs-dist/legacy/build/pdf.mjs");
  })();
  return loaded;
}

let folders: { cMapUrl: string; standardFontDataUrl: string; wasmUrl: string } | undefined;
/** The folder of pdf.js's data files where a host serves them itself (the playground's worker). */
let servedData: string | undefined;

/**
 * Where pdf.js's data folders (cmaps, standard_fonts, wasm) are, for a host that serves them itself: a browser's
 * worker, whose modules land in whichever chunk the bundler chooses, so no module's own address can say.
 */
export function setPdfDataFolder(folder: string): void {
  servedData = folder;
  folders = undefined;
}

/**
 * The folders of pdf.js's data files, as paths (pdf.js reads them from disk in Node, never from the network):
 * a `pdfjs` folder beside this module where a bundle ships them (the VS Code extension's server, which has no
 * node_modules), else pdfjs-dist's own.
 */
function dataFolders() {
  if (folders) return folders;
  const shipped = servedData ?? fileURLToPath(new URL("pdfjs/", import.meta.url));
  const root =
    servedData !== undefined || existsSync(shipped)
      ? shipped
      : dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
  const folder = (name: string) => `${join(root, name)}/`;
  folders = { cMapUrl: folder("cmaps"), standardFontDataUrl: folder("standard_fonts"), wasmUrl: folder("wasm") };
  return folders;
}

/** Opens a PDF with pdf.js: no system fonts, no eval, errors only on the console, font widths exported. */
export async function openPdf(bytes: Uint8Array): Promise<PdfjsDocument> {
  const lib = await pdfjs();
  return lib.getDocument({
    // pdf.js takes ownership of the buffer it is given: hand it a copy.
    data: new Uint8Array(bytes),
    ...dataFolders(),
    cMapPacked: true,
    fontExtraProperties: true,
    useSystemFonts: false,
    isEvalSupported: false,
    stopAtErrors: false,
    verbosity: lib.VerbosityLevel.ERRORS,
  }).promise;
}
