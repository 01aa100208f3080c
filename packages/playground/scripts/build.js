// Builds the playground into dist/: index.html, its style, the page's script and the worker's (with the chunks
// they load when needed: pdf.js only once a PDF is read), and pdf.js's data files, which it fetches beside the
// worker. Every URL in the site is relative, so it works from any static server, under any path.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { validatorsInPlace } from "../../../scripts/esbuild-validators.js";

const at = (path) => fileURLToPath(new URL(path, import.meta.url));
const dist = at("../dist/");
const examples = at("../../../examples/");

/** The repository's web address, from the root package.json: issues are filed there. */
function repository() {
  const url = JSON.parse(readFileSync(at("../../../package.json"), "utf8")).repository.url;
  return url.replace(/^git\+/, "").replace(/\.git$/, "");
}

/** The examples: each `<name>.service.yaml` with its test file. */
function examplesModule() {
  const names = readdirSync(examples)
    .filter((name) => name.endsWith(".service.yaml"))
    .sort();
  const list = names.map((name) => {
    const test = name.replace(/\.yaml$/, ".test.yaml");
    return {
      name: name.replace(/\.service\.yaml$/, ""),
      service: { name, text: readFileSync(join(examples, name), "utf8") },
      test: { name: test, text: readFileSync(join(examples, test), "utf8") },
    };
  });
  const config = readFileSync(join(examples, "mailroom.config.yaml"), "utf8");
  return `export const EXAMPLES = ${JSON.stringify(list)};
export const CONFIG = ${JSON.stringify(config)};
export const REPOSITORY = ${JSON.stringify(repository())};`;
}

/** The files the examples' test files and configuration read: the samples and the organizational unit. */
function samplesModule() {
  const files = {};
  const add = (path) => {
    if (statSync(path).isDirectory()) for (const name of readdirSync(path).sort()) add(join(path, name));
    else files[relative(examples, path)] = readFileSync(path).toString("base64");
  };
  add(join(examples, "samples"));
  add(join(examples, "organizational-unit.json"));
  return `export const SAMPLES = ${JSON.stringify(files)};`;
}

/** Node's modules, as the worker's bundle has them: the files in memory, POSIX paths, fflate's inflate, the buffer package. */
const NODE = {
  "node:buffer": "buffer.ts",
  "node:fs": "fs.ts",
  "node:fs/promises": "fs-promises.ts",
  "node:path": "path.ts",
  "node:url": "url.ts",
  "node:zlib": "zlib.ts",
  "node:module": "module.ts",
  "node:worker_threads": "worker-threads.ts",
};

const playground = {
  name: "playground",
  setup(plugin) {
    plugin.onResolve({ filter: /^node:/ }, ({ path }) =>
      NODE[path]
        ? { path: at(`../src/node/${NODE[path]}`) }
        : { errors: [{ text: `${path} has no browser stand-in` }] },
    );
    plugin.onResolve({ filter: /^playground:/ }, ({ path }) => ({ path, namespace: "playground" }));
    plugin.onLoad({ filter: /.*/, namespace: "playground" }, ({ path }) => ({
      contents: path === "playground:examples" ? examplesModule() : samplesModule(),
      loader: "js",
    }));
  },
};

// Only what this script writes: dist/tsc is the typecheck's, left to `tsc -b`.
for (const output of ["index.html", "style.css", "main.js", "worker.js", "offline.js", "chunks", "pdfjs"])
  rmSync(join(dist, output), { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

const result = await build({
  entryPoints: { main: at("../src/main.ts"), worker: at("../src/worker.ts") },
  outdir: dist,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "browser",
  target: ["chrome120", "firefox120", "safari17"],
  minify: true,
  keepNames: true,
  chunkNames: "chunks/[name]-[hash]",
  // ESM builds first: the UMD build of jsonc-parser requires its modules by computed names esbuild cannot follow.
  mainFields: ["browser", "module", "main"],
  conditions: ["browser"],
  plugins: [playground, validatorsInPlace],
  metafile: true,
  logLevel: "warning",
});
if (result.warnings.length > 0) process.exit(1);

writeFileSync(
  join(dist, "index.html"),
  readFileSync(at("../src/index.html"), "utf8").replaceAll("%REPOSITORY%", repository()),
);
cpSync(at("../src/style.css"), join(dist, "style.css"));
// The service worker, with the files the page loads first: what the entries reach by static imports.
const shell = new Set(["./", "style.css"]);
const { outputs } = result.metafile;
const keep = (file) => {
  const name = relative(dist, file);
  if (shell.has(name)) return;
  shell.add(name);
  for (const { path, kind } of outputs[file]?.imports ?? []) if (kind === "import-statement") keep(path);
};
// The two entries (pdf.js and the date locales are entry points too, for esbuild: the dynamic imports' targets).
for (const entry of ["main.js", "worker.js"]) keep(join(relative(process.cwd(), dist), entry));
const offline = readFileSync(at("../src/offline.js"), "utf8");
if (!offline.includes("const SHELL = [];")) throw new Error("src/offline.js no longer declares its SHELL list");
writeFileSync(
  join(dist, "offline.js"),
  offline.replace("const SHELL = [];", `const SHELL = ${JSON.stringify([...shell].sort())};`),
);
const pdfjs = fileURLToPath(new URL("../../", import.meta.resolve("pdfjs-dist/legacy/build/pdf.mjs")));
for (const folder of ["cmaps", "standard_fonts", "wasm"]) {
  cpSync(join(pdfjs, folder), join(dist, "pdfjs", folder), { recursive: true });
}
console.log(`playground built in ${relative(process.cwd(), dist) || "."}`);
