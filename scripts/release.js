// Builds a release's files into one folder (default release/): the CLI's one tarball, `npm pack` of @mailroom/cli
// (whose prepack builds and bundles it), and the VS Code extension's .vsix (`vsce package`, which bundles the
// extension and its server). docs/releasing.md says how a tag turns them into a GitHub release.
//   node scripts/release.js [folder]
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";

const root = new URL("../", import.meta.url);
const out = resolve(process.argv[2] ?? "release");
const { version } = JSON.parse(readFileSync(new URL("packages/cli/package.json", root), "utf8"));
const extension = JSON.parse(readFileSync(new URL("packages/vscode/package.json", root), "utf8"));
if (extension.version !== version) {
  console.error(`The extension is at version ${extension.version}, the CLI at ${version}: give both the same.`);
  process.exit(1);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const npm = (args) =>
  execFileSync("npm", ["--loglevel=error", ...args], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
npm(["pack", "--workspace", "@mailroom/cli", "--pack-destination", out]);
npm([
  "run",
  "package",
  "--workspace",
  "packages/vscode",
  "--",
  "--out",
  resolve(out, `mailroom-vscode-${version}.vsix`),
]);
// The names docs/releasing.md, README and integrations/mailroom.sh download.
for (const name of [`mailroom-cli-${version}.tgz`, `mailroom-vscode-${version}.vsix`]) {
  readFileSync(resolve(out, name));
  console.log(resolve(out, name));
}
