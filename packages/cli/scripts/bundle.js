// Bundles the CLI, with the language server and every internal @mailroom/* package, into bundle/, so that the
// published @mailroom/cli is one tarball that installs alone. Run by `npm pack` (prepack) after `tsc -b`;
// bin/mailroom.cjs runs the bundle where there is no dist/ (the tarball), and postpack removes it.
//
// bundle/main.cjs is the whole CLI but the language server, one CommonJS file: what a command loads lazily is still
// evaluated lazily (esbuild wraps each such module in a function called on first use), and V8 compiles a function
// only when it first runs. bundle/load.cjs, the entry, runs it through src/load-bundle.ts, which keeps V8's code cache
// of it (one file, so one cache to read). bundle/server.cjs, the language server with what it uses, is loaded the
// same way by `mailroom lsp` alone. Third-party modules are bundled but for the package's own `dependencies`, which
// stay modules installed beside it: pdf.js (its data files are read from its folder), Viz (WebAssembly) and ajv.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { validatorsInPlace } from "../../../scripts/esbuild-validators.js";

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

// `--out <folder>`, beside bundle/ (the bundle finds package.json and the docs from its folder's parent): the tests'
// copy (test/published-cli.ts), which `npm pack` running beside them does not remove.
const out = process.argv.indexOf("--out");
const outdir = out === -1 ? at("../bundle/") : `${resolve(process.argv[out + 1])}/`;
rmSync(outdir, { recursive: true, force: true });
// After packing (postpack): the repository's bin runs tsc's dist/ again.
if (process.argv.includes("--clean")) process.exit(0);
/**
 * Modules loaded on first use rather than when the bundle starts: commander requires `node:child_process` for
 * subcommands that are executables of their own (mailroom has none), the Java regex engine `node:zlib` for the
 * Unicode character names a pattern may spell out (`\N{...}`), and mailroom `node:fs/promises` for what a lint of
 * a file does not do (it reads and looks through fs's synchronous calls and callbacks); of the packages bundled,
 * fastest-levenshtein (a 256 KB table made as it loads) for suggestions, and jsonc-parser for a JSON text with a
 * problem. Each is replaced by a module of the same named exports, each a function that loads the real module when
 * first called, which spares every start a few milliseconds (zlib brings Node's streams with it, fs/promises its
 * watchers and readline). Only functions are forwarded: importing anything else from these modules fails the
 * bundling. `load` is what the bundle requires: a builtin stays Node's, a package is bundled where it is required.
 */
const ON_USE = {
  child_process: { importer: /[\\/]commander[\\/]/, load: "node:child_process" },
  zlib: { importer: /[\\/]java[\\/]dist[\\/]regex[\\/]unicode\.js$/, load: "node:zlib" },
  "fs/promises": { importer: /[\\/]packages[\\/][a-z-]+[\\/]dist[\\/]/, load: "node:fs/promises" },
  "fastest-levenshtein": { importer: /[\\/]syntax[\\/]dist[\\/]suggest\.js$/, load: "fastest-levenshtein" },
  // Its ES modules: its main, a UMD build, requires its modules by names esbuild cannot follow.
  "jsonc-parser": { importer: /[\\/]syntax[\\/]dist[\\/]json\.js$/, load: "jsonc-parser/lib/esm/main.js" },
};
const require = createRequire(import.meta.url);
/** @type {import("esbuild").Plugin} */
const modulesOnUse = {
  name: "modules-on-use",
  setup(plugin) {
    plugin.onResolve(
      { filter: /^(node:)?(child_process|zlib|fs\/promises)$|^(fastest-levenshtein|jsonc-parser)$/ },
      ({ path, importer }) => {
        const name = path.replace(/^node:/, "");
        return ON_USE[name]?.importer.test(importer) ? { path: name, namespace: "on-use" } : undefined;
      },
    );
    plugin.onLoad({ filter: /.*/, namespace: "on-use" }, ({ path }) => {
      const { load } = ON_USE[path];
      const builtin = load.startsWith("node:");
      const functions = Object.entries(require(builtin ? load : path)).filter(
        ([, value]) => typeof value === "function",
      );
      const forwarders = functions.map(
        ([name]) =>
          `export function ${name}(...args) { return new.target ? Reflect.construct(load().${name}, args) : load().${name}.apply(this, args); }`,
      );
      return {
        contents: [
          `let loaded;`,
          `const load = () => (loaded ??= require(${JSON.stringify(load)}));`,
          ...forwarders,
        ].join("\n"),
        loader: "js",
        // Where a package's require is resolved from: the repository, whose node_modules hold it.
        resolveDir: at("../../.."),
      };
    });
  },
};

/** @type {import("esbuild").BuildOptions} */
const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  // Minified whole: the names too, a fifth of the text that every start reads and the code cache holds (a lint of one
  // file started 15 ms sooner). An internal error's stack trace (MAILROOM_DEBUG) then names minified functions: the
  // repository's CLI, which runs tsc's dist/, gives the source's. esbuild's `keepNames` would keep them, at the cost
  // of a call on every function and class created (closures included, each time): 10 % of a lint of 1,000 DSL files.
  minify: true,
  logLevel: "warning",
};
/**
 * `mailroom lsp` loads the language server's bundle (bundle/server.cjs) through the loader, as bundle/load.cjs loads
 * the CLI's: the CLI's bundle holds neither the server nor its LSP library, whose text every other command would read.
 */
const serverApart = (serverHash) => ({
  name: "server-apart",
  setup(plugin) {
    plugin.onResolve({ filter: /^@mailroom\/language-server$/ }, ({ importer }) =>
      /[\\/]commands[\\/]lsp\.js$/.test(importer) ? { path: "server", namespace: "server-apart" } : undefined,
    );
    plugin.onLoad({ filter: /.*/, namespace: "server-apart" }, () => ({
      contents: [
        `import { loadBundle } from "./load-bundle.js";`,
        "export function startServer(...args) {",
        `  const file = require("node:path").join(__dirname, "server.cjs");`,
        `  return loadBundle({ file, hash: ${JSON.stringify(serverHash)}, command: "lsp" }).startServer(...args);`,
        "}",
      ].join("\n"),
      loader: "js",
      resolveDir: at("../dist/"),
    }));
  },
});

/**
 * Java's data read on demand stays out of the bundles: the date data of each language (a service reads one or two),
 * the time-zone rules (for dates in a zone) and the Unicode character names (for `\N{...}` in a pattern). Each is a
 * module of its own beside the bundles, in their place a module whose exports are getters that require it on first
 * read: esbuild reads an import from a CommonJS module at each use, so nothing is read before it is needed.
 */
const java = at("../../java/dist/");
const DATA = [
  ...readdirSync(`${java}eval`).flatMap((name) => (/^date-locale-[a-z]+\.js$/.test(name) ? [`eval/${name}`] : [])),
  "eval/date-zone-rules.js",
  "regex/unicode-names.js",
].map((path) => ({ file: `${java}${path}`, out: basename(path).replace(/\.js$/, ".cjs") }));
const dataApart = {
  name: "data-apart",
  setup(plugin) {
    plugin.onResolve({ filter: /^\.\/[a-z-]+\.js$/ }, ({ path, resolveDir }) => {
      const data = DATA.find(({ file }) => file === resolve(resolveDir, path));
      return data ? { path: data.file, namespace: "data-apart", pluginData: data } : undefined;
    });
    // The module itself, required at run time from the bundle's folder.
    plugin.onResolve({ filter: /\.cjs$/, namespace: "data-apart" }, ({ path }) => ({ path, external: true }));
    // Required once, then each read is a property's (a zone's rules are read at each zone looked up).
    plugin.onLoad({ filter: /.*/, namespace: "data-apart" }, async ({ path, pluginData: { out } }) => {
      const getters = Object.keys(await import(pathToFileURL(path).href)).map(
        (name) => `  get ${name}() { return load().${name}; },`,
      );
      const load = `const load = () => (loaded ??= require(${JSON.stringify(`./${out}`)}));`;
      return { contents: ["let loaded;", load, "module.exports = {", ...getters, "};"].join("\n"), loader: "js" };
    });
  },
};
const data = await Promise.all(
  DATA.map(({ file, out }) => build({ ...common, entryPoints: [file], outfile: `${outdir}${out}`, format: "cjs" })),
);

/** Bundles `entry` (a module of dist/) into `<outdir><name>`, as described above: esbuild's result and the hash. */
async function bundle(entry, name, plugins) {
  const result = await build({
    ...common,
    entryPoints: [at(`../dist/${entry}`)],
    outfile: `${outdir}${name}`,
    format: "cjs",
    // ESM builds first: the UMD build of jsonc-parser requires its modules by computed names esbuild cannot follow.
    mainFields: ["module", "main"],
    // Subpaths too (pdfjs-dist/legacy/build/pdf.mjs).
    external: external.flatMap(([dependency]) => [dependency, `${dependency}/*`]),
    // An `import()` left in the bundle would need a loader for the code run by load-bundle.ts (Node's is experimental
    // there): the external modules it loads, pdf.js's, are required instead (Node 20.19 and later require ES modules).
    supported: { "dynamic-import": false },
    // The file is one function of Node's module wrapper's parameters, so that the loader compiles the text it read as
    // it is: wrapping it there made V8 copy 3 MB into one flat string at every start (10 ms). Evaluated as a script
    // (the loader), it gives that function; required as a module (the language server's checking thread runs
    // server.cjs), it calls it. The packages' ES modules read `import.meta.url`, which CommonJS lacks: the bundle's
    // own URL.
    banner: {
      js: [
        "((bundle) => typeof module === 'object' ? bundle(exports, require, module, __filename, __dirname) : bundle)",
        "(function (exports, require, module, __filename, __dirname) {",
        'const import_meta_url = require("node:url").pathToFileURL(__filename).href;',
      ].join(""),
    },
    footer: { js: "})" },
    define: { "import.meta.url": "import_meta_url" },
    plugins: [validatorsInPlace, modulesOnUse, dataApart, ...plugins],
  });
  // The loader reads a bundle as Latin-1 (src/load-bundle.ts): esbuild writes ASCII, escaping anything else.
  const bundled = readFileSync(`${outdir}${name}`);
  if (bundled.some((byte) => byte > 0x7f)) {
    console.error(`bundle/${name} holds a character outside ASCII: the loader would read it wrongly`);
    process.exit(1);
  }
  // Told to the loader, it names the bundle's code cache.
  return { result, hash: createHash("sha256").update(bundled).digest("hex").slice(0, 16) };
}

const server = await bundle("server-entry.js", "server.cjs", []);
const cli = await bundle("bundle-entry.js", "main.cjs", [serverApart(server.hash)]);
// The entry: the loader, told the CLI's bundle and its hash.
const contents = `import { loadBundle } from "./load-bundle.js";
export const { main } = loadBundle({
  file: require("node:path").join(__dirname, "main.cjs"),
  hash: ${JSON.stringify(cli.hash)},
  command: process.argv[2] ?? "",
});
`;
const entry = await build({
  ...common,
  stdin: { contents, resolveDir: at("../dist/"), sourcefile: "entry.js" },
  outfile: `${outdir}load.cjs`,
  format: "cjs",
});
// A warning (a dynamic require esbuild cannot follow, an `import.meta` left) means a bundle that may break at run time.
if ([...data, server.result, cli.result, entry].some((result) => result.warnings.length > 0)) process.exit(1);
