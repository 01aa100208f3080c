import { dirname, join, resolve } from "node:path";
import { statOf } from "../source-file.js";
import { CONFIG_FILE_NAME } from "./schema.js";

/**
 * The nearest `mailroom.config.yaml`: in `directory`, else in each directory above it, up to the filesystem
 * root. Only the nearest one applies; configurations do not cascade.
 */
export async function findConfig(directory: string): Promise<string | undefined> {
  let current = resolve(directory);
  for (;;) {
    const candidate = join(current, CONFIG_FILE_NAME);
    const info = await statOf(candidate).catch(() => undefined);
    if (info?.isFile()) return candidate;
    const parent = dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}
