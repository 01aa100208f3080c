// Types of check.js, for the TypeScript tests.

export declare const STEP_LIMIT_MS: number;

interface Span {
  readonly offset: number;
  readonly length: number;
}
interface Diagnostic {
  readonly code: string;
  readonly severity: string;
  readonly message: string;
  readonly span: Span;
  readonly related?: readonly { readonly message: string; readonly span: Span; readonly file?: string }[];
}
interface Checked {
  readonly file: string;
  readonly text: string;
  readonly diagnostics: readonly Diagnostic[];
  readonly document?: {
    readonly diagnostics: readonly Diagnostic[];
    readonly services: readonly { readonly json: unknown }[];
  };
}

/** What the checks call: the functions the CLI's commands call (`loadApi`), or stand-ins in a test. */
export interface Api {
  decodeSource(bytes: Uint8Array): { ok: true; text: string } | { ok: false; text: string; offset: number };
  checkText(file: string, text: string, options: object): Checked;
  builtJson(checked: Checked): string | undefined;
  formatStylish(reports: readonly Checked[], context: object): string;
  format(text: string): { text: string; diagnostics: readonly Diagnostic[]; disabled: boolean };
  decompileText(
    text: string,
    options: { file?: string },
  ): {
    diagnostics: readonly Diagnostic[];
    services: readonly { fileName: string; text: string | undefined; diagnostics: readonly Diagnostic[] }[];
  };
  withReconcileDefaults(json: object): object;
  /** Every page `mailroom docs` writes of the files, in every format. */
  docs(files: readonly object[]): Promise<string[]>;
  /** A job of the service on the examples' samples for its boxes; undefined when it has none of their boxes. */
  evaluate(service: unknown): Promise<unknown> | undefined;
  /** The cases of the examples' test files that fit the service, run: their differences or problems. */
  test(service: unknown): Promise<unknown[]>;
  workedExample(service: unknown): Promise<unknown>;
}

export interface Failure {
  readonly kind: string;
  readonly message: string;
}

export declare function loadApi(root: string): Promise<Api>;
export declare function canonical(value: unknown): string;
export declare function badSpan(span: Span | undefined, text: string): string | undefined;
export declare function badRange(
  range: { line: number; column: number; endLine: number; endColumn: number },
  text: string,
): string | undefined;
export declare function findingsOf(diagnostics: readonly { code: string; message: string }[]): string[];
export declare function cpuMs(): number;
export declare function checkFile(
  api: Api,
  file: string,
  text: string,
  options?: { limit?: number; now?: () => number; made?: Map<string, number> },
): Promise<Failure[]>;
