import { unzipSync } from "fflate";
import type { Limits } from "./limits.js";

/** A file of an archive: its path inside the archive, and its bytes. */
export interface ArchiveEntry {
  readonly path: string;
  readonly bytes: Uint8Array;
}

class TooLarge extends Error {}

const MiB = 1024 * 1024;

/**
 * The files of a ZIP archive, in the archive's order (folders left out), or why it cannot be read. An archive
 * that declares more entries or more inflated bytes than the limits is refused before anything is inflated; an
 * entry is never inflated past the size it declares, so a header that lies cannot make it grow.
 */
export function readArchive(
  bytes: Uint8Array,
  limits: Limits,
): { ok: true; entries: ArchiveEntry[] } | { ok: false; problem: string } {
  let count = 0;
  let total = 0;
  try {
    const files = unzipSync(bytes, {
      filter(file) {
        if (file.name.endsWith("/")) return false;
        count += 1;
        total += file.originalSize;
        if (count > limits.archiveEntries) {
          throw new TooLarge(`it holds more than ${limits.archiveEntries} files`);
        }
        if (total > limits.archiveBytes) {
          throw new TooLarge(`its files inflate to more than ${limits.archiveBytes / MiB} MiB (${file.name})`);
        }
        return true;
      },
    });
    return { ok: true, entries: Object.entries(files).map(([path, content]) => ({ path, bytes: content })) };
  } catch (error) {
    if (error instanceof TooLarge) return { ok: false, problem: `the archive is refused: ${error.message}` };
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: `it is not a ZIP archive that can be read (${message})` };
  }
}
