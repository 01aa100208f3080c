import { docsFolder } from "@mailroom/checker";

/** What a client may set in `initializationOptions`. */
export interface ServerOptions {
  /** Milliseconds of quiet after an edit before diagnostics are published (0: at once). */
  readonly diagnosticsDelay: number;
  /** The base URL of the documentation (a rule's page is `rules/<id>.md` under it), for `codeDescription`. */
  readonly docsBase: string;
}

const DEFAULT_DELAY = 150;

/** The pages diagnostics link to: the package's copy, or the repository's `docs/`, as the CLI's `explain` reads. */
const DEFAULT_DOCS = docsFolder(import.meta.url).href;

/** The options a client sent, each one checked; anything missing or malformed keeps its default. */
export function serverOptions(value: unknown): ServerOptions {
  const given = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const delay = given.diagnosticsDelay;
  const docs = given.docsBase;
  let docsBase = DEFAULT_DOCS;
  if (typeof docs === "string") {
    try {
      docsBase = new URL(docs.endsWith("/") ? docs : `${docs}/`).href;
    } catch {
      // Not a URL: the repository's own pages are still right.
    }
  }
  return {
    diagnosticsDelay:
      typeof delay === "number" && Number.isFinite(delay) && delay >= 0 ? Math.min(delay, 10_000) : DEFAULT_DELAY,
    docsBase,
  };
}
