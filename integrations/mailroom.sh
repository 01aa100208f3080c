#!/usr/bin/env bash
# Runs mailroom with the arguments given: the entry of the pre-commit hooks, and how the GitHub Action runs it.
# Which mailroom: the one the project installed (node_modules/.bin/mailroom in $MAILROOM_PROJECT, default the
# current directory), so the version its lockfile pins is the one every check runs; else, through npx, the CLI's
# tarball from the GitHub release of this revision of the repository (the action's ref, the hook's rev), or of
# $MAILROOM_VERSION when set. $MAILROOM_RELEASES replaces the releases' address (a mirror, or a file:// folder).
set -euo pipefail
project=${MAILROOM_PROJECT:-.}
if [[ -z ${MAILROOM_VERSION:-} && -e $project/node_modules/.bin/mailroom ]]; then
  exec "$project/node_modules/.bin/mailroom" "$@"
fi
# The version and the repository are read from the CLI's package.json, so they cannot drift from a release.
manifest="$(dirname "${BASH_SOURCE[0]}")/../packages/cli/package.json"
tarball=$(node -p 'const p = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
  const version = process.env.MAILROOM_VERSION || p.version;
  const repository = p.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
  `${process.env.MAILROOM_RELEASES || `${repository}/releases/download`}/v${version}/mailroom-cli-${version}.tgz`' "$manifest")
exec npx --yes --package "$tarball" -- mailroom "$@"
