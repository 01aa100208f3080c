#!/usr/bin/env bash
# Installs code-server (VS Code 1.100.3 served to a browser; the last release that runs on Node 20) for the
# end-to-end test of the VS Code extension (test/vscode-ui.ts), into the user's cache (XDG_CACHE_HOME, else ~/.cache,
# at mailroom/code-server-<version>; MAILROOM_CODE_SERVER sets another folder), outside any clone of the repository,
# so that each clone on a machine uses the one installation, as npm's cache serves each clone's `npm ci`; where
# `code-server` is not installed yet, the VS Code test runs this script itself. Only the npm registry is reached:
# the packages come with --ignore-scripts (their install scripts would download Node's headers from nodejs.org and
# ripgrep from GitHub), the native modules are compiled here against the headers of the Node running this script,
# and ripgrep is Debian's `rg`.
# Needs a C++ tool chain and Python for node-gyp (build-essential, python3) and ripgrep. Does nothing when the same
# version is already installed for the same Node.
set -euo pipefail
cd "$(dirname "$0")/.."
version=4.100.3
dest="${MAILROOM_CODE_SERVER:-${XDG_CACHE_HOME:-$HOME/.cache}/mailroom/code-server-$version}"
# `--where`: the folder, for the test, installing nothing.
if [ "${1:-}" = --where ]; then
  echo "$dest"
  exit 0
fi
node=$(readlink -f "$(command -v node)")
stamp="code-server $version, built for $node $("$node" --version)"
if [ -f "$dest/installed" ] && [ "$(cat "$dest/installed")" = "$stamp" ]; then
  echo "code-server $version is installed in $dest"
  exit 0
fi
nodedir=$(dirname "$(dirname "$node")")
if [ ! -f "$nodedir/include/node/node_api.h" ]; then
  echo "install-code-server: Node's headers are not in $nodedir/include/node; native modules cannot be built" >&2
  exit 1
fi
rg=$(command -v rg || true)
if [ -z "$rg" ]; then
  echo "install-code-server: ripgrep (rg) is not installed; VS Code's search needs it (apt-get install ripgrep)" >&2
  exit 1
fi
# npm's own node-gyp, so that nothing else is fetched.
gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
build() { # folder, then node-gyp's options
  (cd "$1" && shift && "$node" "$gyp" rebuild --nodedir="$nodedir" --loglevel=error "$@" >build.log 2>&1) ||
    { echo "install-code-server: building $1 failed; see $1/build.log" >&2; exit 1; }
}

# Built beside it, then moved into place: a clone's tests running meanwhile see the old installation or the new one.
final=$dest
dest="$final.partial.$$"
trap 'rm -rf "$dest"' EXIT
mkdir -p "$dest"
npm install --prefix "$dest" --no-save --no-audit --no-fund --ignore-scripts --loglevel=error "code-server@$version"
server="$dest/node_modules/code-server"
# What code-server's postinstall.sh does, but for the download: VS Code's own dependencies, then its links.
npm install --prefix "$server/lib/vscode" --omit=dev --no-audit --no-fund --ignore-scripts --loglevel=error
# The four builds at once: each is mostly one compiler process, and the machine has more than one core.
builds=()
build "$server/../argon2" --module_name=argon2 --module_path="$server/../argon2/lib/binding/napi-v3" \
  --napi_build_version=3 &
builds+=($!)
# kerberos is left out: only a proxy asking for Kerberos authentication loads it.
for module in @vscode/spdlog native-watchdog node-pty; do
  build "$server/lib/vscode/node_modules/$module" &
  builds+=($!)
done
for pid in "${builds[@]}"; do wait "$pid"; done
ln -s node_modules "$server/lib/vscode/node_modules.asar"
mkdir -p "$server/lib/vscode/node_modules/@vscode/ripgrep/bin"
ln -s "$rg" "$server/lib/vscode/node_modules/@vscode/ripgrep/bin/rg"
ln -s code-linux.sh "$server/lib/vscode/bin/remote-cli/code-server"
ln -s browser-linux.sh "$server/lib/vscode/bin/helpers/browser.sh"
# The Node the native modules were built for, which must run code-server (CI runs the tests under a newer one too).
ln -s "$node" "$dest/node"
echo "$stamp" >"$dest/installed"
rm -rf "$final.old"
if [ -e "$final" ]; then mv "$final" "$final.old"; fi
mv "$dest" "$final"
rm -rf "$final.old"
echo "code-server $version installed in $final"
