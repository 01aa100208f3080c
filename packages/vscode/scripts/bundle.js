// Bundles the extension and the language server into one minified CommonJS file each, so the .vsix needs no
// node_modules, and copies what the server reads from disk: the rule pages each diagnostic links to, pdf.js's data
// files (character maps, standard fonts, decoders) and the JSON Schemas (the manifest registers two). Run by
// `vsce package`. The sources are ESM like the rest of the repository (the package is "type": "module"); VS Code
// 1.91 loads extensions with require(), hence CommonJS bundles named .cjs.
import { cpSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { validatorsInPlace } from "../../../scripts/esbuild-validators.js";

const at = (path) => fileURLToPath(new URL(path, import.meta.url));
const dist = at("../dist/");

/** @type {import("esbuild").BuildOptions} */
const common = {
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  // Blanks and syntax minified, names not: stack traces and logs keep the source's names without esbuild's
  // `keepNames`, whose call on every function and class created slows the server's checks (as the CLI's bundle).
  minifyWhitespace: true,
  minifySyntax: true,
  // ESM builds first: the UMD build of jsonc-parser requires its modules by computed names esbuild cannot follow.
  mainFields: ["module", "main"],
  logLevel: "warning",
  // The server's ESM code reads `import.meta.url`, which CommonJS lacks: give it the bundle's own URL.
  banner: { js: 'const import_meta_url = require("node:url").pathToFileURL(__filename).href;' },
  define: { "import.meta.url": "import_meta_url" },
};

// Only what this script writes: dist/tsc is the typecheck's, left to `tsc -b`.
for (const output of ["extension.cjs", "server.cjs", "docs", "pdfjs", "schemas"])
  rmSync(`${dist}${output}`, { recursive: true, force: true });

const results = await Promise.all([
  build({ ...common, entryPoints: [at("../src/extension.ts")], outfile: `${dist}extension.cjs`, external: ["vscode"] }),
  build({
    ...common,
    entryPoints: [at("../../language-server/bin/mailroom-language-server.js")],
    // pdf.js's DOMMatrix comes from a native module the bundle cannot carry: a 2D one stands in (src/dom-matrix.ts).
    inject: [at("../src/dom-matrix.ts")],
    plugins: [validatorsInPlace],
    outfile: `${dist}server.cjs`,
  }),
]);
// A warning (a dynamic require, an `import.meta` left) means a bundle that may break at run time.
if (results.some((result) => result.warnings.length > 0)) process.exit(1);

cpSync(at("../../../docs/rules/"), `${dist}docs/rules/`, { recursive: true });
cpSync(at("../../../docs/diagnostics.md"), `${dist}docs/diagnostics.md`);
// Beside server.cjs, where the runtime looks for them first (packages/runtime/src/pdf/pdfjs.ts).
const pdfjs = fileURLToPath(new URL("../../", import.meta.resolve("pdfjs-dist/legacy/build/pdf.mjs")));
for (const folder of ["cmaps", "standard_fonts", "wasm"])
  cpSync(`${pdfjs}${folder}/`, `${dist}pdfjs/${folder}/`, { recursive: true });
cpSync(at("../../../schemas/"), `${dist}schemas/`, { recursive: true });
