/**
 * What a simulation reads at most, so that a hostile or broken file (a ZIP bomb, a huge file) is refused rather
 * than exhausting memory: docs/evaluation.md states them.
 */
export interface Limits {
  /** The size of a file given, in bytes. */
  readonly fileBytes: number;
  /** The files of one archive. */
  readonly archiveEntries: number;
  /** The bytes all files of one archive inflate to, as their headers declare them. */
  readonly archiveBytes: number;
}

export const DEFAULT_LIMITS: Limits = {
  fileBytes: 256 * 1024 * 1024,
  archiveEntries: 10_000,
  archiveBytes: 512 * 1024 * 1024,
};
