import { locate, type Report } from "../report.js";

/**
 * A JSON array of every problem: file, start and end positions (1-based, end exclusive), severity, code and
 * message, with `related` places and the `fix` when the diagnostic has them.
 */
export const formatJson = (reports: readonly Report[]): string => `${JSON.stringify(locate(reports), null, 2)}\n`;
