#!/usr/bin/env node
// The command editors' configurations start the language server with: `mailroom lsp`, under the server's name.
"use strict";
process.argv.splice(2, 0, "lsp");
require("./mailroom.cjs");
