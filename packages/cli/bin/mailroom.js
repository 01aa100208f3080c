#!/usr/bin/env node
// Committed shim so the `mailroom` bin links at install time, before `tsc -b` has produced dist/. The repository
// runs tsc's dist/; the published package, which has no dist/, its bundle (bundle/, written when it is packed:
// while `npm pack` runs, the repository's commands still run dist/). Node's compile cache (Node 22.1 and later)
// spares later starts the compiling of the modules they load.
import { existsSync } from "node:fs";
import module from "node:module";

module.enableCompileCache?.();
const built = new URL("../dist/main.js", import.meta.url);
const { main } = await import(existsSync(built) ? built.href : "../bundle/main.js");
process.exitCode = await main(process.argv);
