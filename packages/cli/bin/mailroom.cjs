#!/usr/bin/env node
// Committed shim so the `mailroom` bin links at install time, before `tsc -b` has produced dist/. The repository
// runs tsc's dist/; the published package, which has no dist/, its bundle (bundle/, written when it is packed:
// while `npm pack` runs, the repository's commands still run dist/). CommonJS, as the bundle's loader is: Node
// starts a CommonJS program several milliseconds sooner than an ES module.
"use strict";
const { existsSync } = require("node:fs");
const { join } = require("node:path");
const { pathToFileURL } = require("node:url");

// Node's compile cache (Node 22.1 and later), for the modules the bundle leaves outside it: pdf.js, Viz, ajv.
require("node:module").enableCompileCache?.();
const built = join(__dirname, "../dist/main.js");
const loaded = existsSync(built) ? import(pathToFileURL(built).href) : Promise.resolve(require("../bundle/load.cjs"));
loaded
  .then(({ main }) => main(process.argv))
  .then((code) => {
    process.exitCode = code;
  });
