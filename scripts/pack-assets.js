// Run by each published package's `prepack` (with no argument) and `postpack` (`--clean`), in the package's folder:
// the licence, and for packages whose `files` list them, the pages they link to (`docs`) and the JSON Schemas editors
// read (`schemas`), exist once in the repository and are copied into the tarball rather than kept twice.
import { cpSync, readFileSync, rmSync } from "node:fs";

const root = new URL("../", import.meta.url);
const { files = [] } = JSON.parse(readFileSync("package.json", "utf8"));
const assets = [
  ["LICENSE", "LICENSE"],
  ...["docs", "schemas"].filter((f) => files.includes(f)).map((f) => [`${f}/`, f]),
];
for (const [from, to] of assets) {
  if (process.argv.includes("--clean")) rmSync(to, { recursive: true, force: true });
  else cpSync(new URL(from, root), to, { recursive: true });
}
