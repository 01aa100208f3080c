import { readFileSync } from "node:fs";
import { docsFolder, docsPage, RULES } from "@mailroom/checker";
import { CATALOGUE, type CodeEntry, isBaseCode, type Severity } from "@mailroom/syntax";

/** The pages `explain` prints and reports link to: the package's copy, or the repository's `docs/`. */
export const DOCS_URL = docsFolder(import.meta.url);

/** The absolute URI of a code's documentation: its page under docs/rules, or the catalogue of base codes. */
export const docsUri = (code: string, base: string | URL = DOCS_URL): string => new URL(docsPage(code), base).href;

/**
 * Where reports read elsewhere (SARIF on GitHub, JUnit in CI) link the documentation by default: the repository's
 * docs/ (package.json's `repository`), as a page anyone can open, where a `file:` URI into node_modules is not.
 */
export const PUBLIC_DOCS_URL = "https://github.com/mailroom/mailroom/blob/main/docs/";

/** A documentation folder's address as a base URL: with the final slash that pages are resolved under. */
export const docsBase = (url: string): string => (url.endsWith("/") ? url : `${url}/`);

/** The text of a rule's page, docs/rules/<id>.md; undefined when it cannot be read. */
export function rulePage(id: string): string | undefined {
  try {
    return readFileSync(new URL(`rules/${encodeURIComponent(id)}.md`, DOCS_URL), "utf8");
  } catch {
    return undefined;
  }
}

/** Everything known about a code, for the machine formats: a rule's meta, or a base code's description. */
export interface CodeInfo {
  readonly id: string;
  readonly description: string;
  readonly severity: Severity;
  readonly fixable: boolean;
  readonly helpUri: string;
  /** The rule's page as Markdown, when it can be read. */
  readonly page?: string;
}

/** Everything known about a code, its help linked under `docsUrl` (a folder's address ending in `/`). */
export function codeInfo(code: string, docsUrl: string): CodeInfo {
  const rule = RULES.get(code);
  if (rule) {
    const page = rulePage(code);
    return {
      id: code,
      description: rule.meta.description,
      severity: rule.meta.severity,
      fixable: rule.meta.fixable === true,
      helpUri: docsUri(code, docsUrl),
      ...(page !== undefined ? { page } : {}),
    };
  }
  const entry: CodeEntry | undefined = isBaseCode(code) ? CATALOGUE[code] : undefined;
  const [text] = Object.values(entry?.docs ?? {});
  return {
    id: code,
    description: text ? stripMarkdown(text) : `A problem reading or validating the file ("${code}").`,
    severity: entry?.severity ?? "error",
    fixable: false,
    helpUri: docsUri(code, docsUrl),
  };
}

/** Table text without Markdown's code marks and links: `x` -> x, [text](url) -> text. */
const stripMarkdown = (text: string): string => text.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/`/g, "");

export const isKnownCode = (code: string): boolean => RULES.has(code) || isBaseCode(code);
