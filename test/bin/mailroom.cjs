#!/usr/bin/env node
// The CLI as the tests spawn it: the published bundle, built by test/published-cli.ts, started as
// packages/cli/bin/mailroom.cjs starts it where there is no dist/.
"use strict";
const { main } = require("../../packages/cli/bundle-test/load.cjs");
main(process.argv).then((code) => {
  process.exitCode = code;
});
