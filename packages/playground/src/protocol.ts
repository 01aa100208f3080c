/*
 * What the page asks the worker, besides the language server's own messages (those go over a port of their own).
 * Each request carries an id, which its answer repeats.
 */

/** The three files being edited, by name (the service's, its test file's, and `mailroom.config.yaml`). */
export interface EditedFiles {
  readonly service: { readonly name: string; readonly text: string };
  readonly test: { readonly name: string; readonly text: string };
  readonly config: string;
}

/** A file dropped on the page, and the box it is given to. */
export interface DroppedFile {
  readonly name: string;
  readonly box: string;
}

export type Request =
  | { readonly kind: "build"; readonly files: EditedFiles }
  | { readonly kind: "docs"; readonly files: EditedFiles }
  | { readonly kind: "drop"; readonly name: string; readonly bytes: Uint8Array }
  | {
      readonly kind: "eval";
      readonly files: EditedFiles;
      readonly dropped: readonly DroppedFile[];
      /** The evaluation's instant, as `--now` takes it; empty for the present. */
      readonly now: string;
      /** The organizational unit's file, as `--ou` names it; none when empty. */
      readonly ou: string;
    }
  | { readonly kind: "test"; readonly files: EditedFiles };

/** A finding of the service, as a line of text (`line:column severity message [code]`). */
export type Finding = string;

export type Answer =
  /** The JSON `mailroom build` writes, or why there is none. */
  | {
      readonly kind: "build";
      readonly json?: string;
      readonly findings: readonly Finding[];
      /** The service's boxes, which dropped files are given to. */
      readonly boxes: readonly string[];
    }
  | { readonly kind: "docs"; readonly html: string }
  | { readonly kind: "drop" }
  | { readonly kind: "eval"; readonly json?: string; readonly text?: string; readonly findings: readonly Finding[] }
  | { readonly kind: "test"; readonly cases: readonly CaseLine[]; readonly findings: readonly Finding[] }
  | { readonly kind: "error"; readonly message: string };

export interface CaseLine {
  readonly name: string;
  readonly status: "passed" | "failed" | "broken";
  readonly details: readonly string[];
}

/** The examples' organizational unit, beside them. */
export const EXAMPLE_OU = "organizational-unit.json";

/** The folder, in the worker's files, that holds the files edited and dropped, and the bundled samples. */
export const WORK_FOLDER = "/playground";
