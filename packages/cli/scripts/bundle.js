// Bundles the CLI, with the language server and every internal @mailroom/* package, into bundle/ (ESM, one chunk
// per lazily loaded part, so that a command loads no more than today), so that the published @mailroom/cli is one
// tarball that installs alone. Run by `npm pack` (prepack) after `tsc -b`; bin/mailroom.js runs the bundle where
// there is no dist/ (the tarball), and postpack removes it. Third-party modules are bundled but for the package's
// own `dependencies`, which stay modules installed beside it: pdf.js (its data files are read from its folder),
// Viz (WebAssembly) and ajv (loaded with `createRequire`, which esbuild does not follow).
import { cpSync, readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const at = (path) => fileURLToPath(new URL(path, import.meta.url));
const manifest = (path) => JSON.parse(readFileSync(at(path), "utf8"));
const external = Object.entries(manifest("../package.json").dependencies ?? {});

// A dependency left external is declared at the range the internal package that uses it asks for: one range, never
// two that drift apart.
for (const [name, range] of external) {
  const users = ["checker", "docs", "runtime"].filter((p) => manifest(`../../${p}/package.json`).dependencies?.[name]);
  const ranges = users.map((p) => manifest(`../../${p}/package.json`).dependencies[name]);
  if (ranges.length === 0 || ranges.some((other) => other !== range)) {
    console.error(`@mailroom/cli declares ${name}@${range}; the packages that use it ask for ${ranges.join(", ")}`);
    process.exit(1);
  }
}

const outdir = at("../bundle/");
rmSync(outdir, { recursive: true, force: true });
// After packing (postpack): the repository's bin runs tsc's dist/ again.
if (process.argv.includes("--clean")) process.exit(0);
const result = await build({
  entryPoints: { main: at("../dist/main.js") },
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  minify: true,
  // Names kept: error messages and logs name classes and functions.
  keepNames: true,
  // ESM builds first: the UMD build of jsonc-parser requires its modules by computed names esbuild cannot follow.
  mainFields: ["module", "main"],
  // Subpaths too (pdfjs-dist/legacy/build/pdf.mjs).
  external: external.flatMap(([name]) => [name, `${name}/*`]),
  // CommonJS modules bundled into ESM require Node's built-in modules: give each chunk a `require`.
  banner: {
    js: 'import { createRequire as __mailroomRequire } from "node:module"; const require = __mailroomRequire(import.meta.url);',
  },
  logLevel: "warning",
});
// A warning (a dynamic require esbuild cannot follow) means a bundle that may break at run time.
if (result.warnings.length > 0) process.exit(1);
// The checker's generated validators, loaded with `createRequire` beside the chunk that loads them.
cpSync(at("../../checker/src/model-validator.cjs"), `${outdir}model-validator.cjs`);
