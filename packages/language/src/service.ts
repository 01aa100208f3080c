import { codeActions } from "./code-actions.js";
import { complete } from "./completion.js";
import { format } from "./formatting.js";
import { hover } from "./hover.js";
import { inlayHints } from "./inlay-hints.js";
import { definition, references } from "./navigation.js";
import { documentSymbols, foldingRanges } from "./outline.js";
import { prepareRename, rename } from "./rename.js";
import { semanticTokens } from "./semantic-tokens.js";
import { signatureHelp } from "./signature-help.js";
import { completeTestFile } from "./test-file-completion.js";
import { hoverTestFile } from "./test-file-hover.js";
import { validateTestFile } from "./test-file-validate.js";
import type { LanguageService } from "./types.js";
import { validate } from "./validate.js";

/**
 * The language service: each feature is its own module working on the document's one parse; this only puts
 * them behind one interface. It holds no state of its own (memos hang off each document version).
 */
export function getLanguageService(): LanguageService {
  return {
    validate,
    complete,
    hover,
    definition,
    references,
    prepareRename,
    rename,
    documentSymbols,
    foldingRanges,
    codeActions,
    format,
    signatureHelp,
    semanticTokens,
    inlayHints,
    validateTestFile,
    completeTestFile,
    hoverTestFile,
  };
}
