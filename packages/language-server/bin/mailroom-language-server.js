#!/usr/bin/env node
// Committed shim so the bin links at install time, before `tsc -b` has produced dist/.
import { startServer } from "../dist/index.js";

startServer();
