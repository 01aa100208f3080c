#!/usr/bin/env node
// Committed shim so the `mailroom` bin links at install time, before `tsc -b` has produced dist/. The repository
// runs tsc's dist/; the published package, which has no dist/, its bundle (bundle/, written when it is packed:
// while `npm pack` runs, the repository's commands still run dist/). CommonJS, as the bundle's loader is: Node
// starts a CommonJS program several milliseconds sooner than an ES module.
"use strict";
const { existsSync } = require("node:fs");
const { join } = require("node:path");
const { pathToFileURL } = require("node:url");

// A command's live heap stays small while it reads file after file, but V8 lets the old generation grow to four
// times what a full collection leaves before collecting again: twice keeps a lint's peak memory about flat from 250
// services to 4,000, and costs a large single file a few per cent. Not for the language server, which lives long
// and is collected when idle. Set before any code loads: V8 keeps the bundle's code cache only for the same flags.
if (process.argv[2] !== "lsp") require("node:v8").setFlagsFromString("--heap-growing-percent=100");
// Node's compile cache (Node 22.1 and later), for the modules the bundle leaves outside it: pdf.js, Viz, ajv.
require("node:module").enableCompileCache?.();
const built = join(__dirname, "../dist/main.js");
const loaded = existsSync(built) ? import(pathToFileURL(built).href) : Promise.resolve(require("../bundle/load.cjs"));
loaded
  .then(({ main }) => main(process.argv))
  .then((code) => {
    process.exitCode = code;
  });
