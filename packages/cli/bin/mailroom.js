#!/usr/bin/env node
// Committed shim so the `mailroom` bin links at install time, before `tsc -b` has produced dist/. The published
// package runs its bundle (bundle/, written when it is packed), the repository tsc's dist/. Node's compile cache
// (Node 22.1 and later) spares later starts the compiling of the modules they load.
import { existsSync } from "node:fs";
import module from "node:module";

module.enableCompileCache?.();
const bundle = new URL("../bundle/main.js", import.meta.url);
const { main } = await import(existsSync(bundle) ? bundle.href : "../dist/main.js");
process.exitCode = await main(process.argv);
