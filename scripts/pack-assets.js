// Run by each published package's `prepack` (with no argument) and `postpack` (`--clean`), in the package's folder:
// the licence, and for packages whose `files` list `docs`, the pages they link to, exist once in the repository
// and are copied into the tarball rather than kept twice.
import { cpSync, readFileSync, rmSync } from "node:fs";

const root = new URL("../", import.meta.url);
const { files = [] } = JSON.parse(readFileSync("package.json", "utf8"));
const assets = [["LICENSE", "LICENSE"], ...(files.includes("docs") ? [["docs/", "docs"]] : [])];
for (const [from, to] of assets) {
  if (process.argv.includes("--clean")) rmSync(to, { recursive: true, force: true });
  else cpSync(new URL(from, root), to, { recursive: true });
}
