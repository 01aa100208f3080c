#!/usr/bin/env bash
# Runs mailroom with the arguments given: the entry of the pre-commit hooks, and how the GitHub Action runs it.
# Which mailroom: the one the project installed (node_modules/.bin/mailroom in $MAILROOM_PROJECT, default the
# current directory), so the version its lockfile pins is the one every check runs; else the CLI package of
# this revision of the repository (the action's ref, the hook's rev) from npm, at $MAILROOM_VERSION when set.
set -euo pipefail
project=${MAILROOM_PROJECT:-.}
if [[ -z ${MAILROOM_VERSION:-} && -e $project/node_modules/.bin/mailroom ]]; then
  exec "$project/node_modules/.bin/mailroom" "$@"
fi
# The package's name and version are read from the CLI's package.json, so they cannot drift from a release.
manifest="$(dirname "${BASH_SOURCE[0]}")/../packages/cli/package.json"
package=$(node -p 'const p = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
  `${p.name}@${process.env.MAILROOM_VERSION || p.version}`' "$manifest")
exec npx --yes --package "$package" -- mailroom "$@"
