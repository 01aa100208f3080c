import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A built script of the playground and every file it reaches by static imports (esbuild writes
 * `from"./chunks/x.js"` and `import"./chunks/x.js"`), as paths relative to `dist`: what loads with it.
 */
export function reached(dist, file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(join(dist, file), "utf8");
  for (const match of text.matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+\.js)"/g)) {
    reached(dist, join(file, "..", match[1]).replaceAll("\\", "/"), seen);
  }
  return seen;
}
