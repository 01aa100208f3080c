#!/usr/bin/env node
// Committed shim so the `mailroom` bin links at install time, before `tsc -b` has produced dist/.
import { main } from "../dist/main.js";

process.exitCode = await main(process.argv);
