#!/usr/bin/env bash
# The GitHub Action's step (action.yml), run in the input `working-directory` with the inputs as INPUT_*
# variables. One `mailroom lint` writes the annotations (stdout), the stylish report for the log, SARIF and the
# report asked for, and the JSON the step's outputs and summary are counted from. Exit status: mailroom's.
# With `mode: diff`, `mailroom diff --git <base>` instead: its Markdown goes to the summary and, as a sticky
# comment, on the pull request (pull-request-comment.mjs).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
: "${GITHUB_WORKSPACE:?is not set: this script is a step of the GitHub Action}" "${RUNNER_TEMP:?is not set}"

# An error annotation, its message escaped as the runner reads it back (no line of it can start a command).
fail() {
  local message=${1//%/%25}
  message=${message//$'\r'/%0D}
  echo "::error title=mailroom::${message//$'\n'/%0A}"
  exit 2
}

# mailroom runs from the workspace root, so that annotations and SARIF name files as the repository does;
# paths in the inputs are relative to the working directory, and are rewritten relative to the root.
workspace=$(cd "$GITHUB_WORKSPACE" && pwd -P)
project=$(pwd -P)
case $project in
"$workspace") prefix="" ;;
"$workspace"/*) prefix=${project#"$workspace"/}/ ;;
*) prefix=$project/ ;;
esac
from_root() {
  case $1 in
  /*) printf '%s' "$1" ;;
  ./?*) printf '%s%s' "$prefix" "${1#./}" ;;
  *) printf '%s%s' "$prefix" "$1" ;;
  esac
}

# Paths are separated by spaces or new lines; no glob is expanded (mailroom searches directories itself).
set -f
# shellcheck disable=SC2206
paths=(${INPUT_PATHS:-.})
set +f
((${#paths[@]} > 0)) || paths=(.)

case ${INPUT_MODE:-lint} in
lint | diff) ;;
*) fail "Input mode is \"$INPUT_MODE\"; expected lint or diff." ;;
esac

report=$(mktemp -d "$RUNNER_TEMP/mailroom.XXXXXX")
args=(lint --format stylish -o "$report/log.txt" --format json -o "$report/problems.json")
case ${INPUT_ANNOTATIONS:-true} in
true) args+=(--format github) ;;
false) ;;
*) fail "Input annotations is \"$INPUT_ANNOTATIONS\"; expected true or false." ;;
esac
[[ -z ${INPUT_CONFIG:-} ]] || args+=(--config "$(from_root "$INPUT_CONFIG")")
[[ -z ${INPUT_BASELINE:-} ]] || args+=(--baseline "$(from_root "$INPUT_BASELINE")")
[[ -z ${INPUT_MAX_WARNINGS:-} ]] || args+=(--max-warnings "$INPUT_MAX_WARNINGS")
sarif=""
if [[ -n ${INPUT_SARIF_FILE:-} ]]; then
  sarif=$(from_root "$INPUT_SARIF_FILE")
  args+=(--format sarif -o "$sarif")
  [[ $sarif == /* ]] || sarif=$workspace/$sarif
fi
if [[ -n ${INPUT_FORMAT:-} || -n ${INPUT_OUTPUT_FILE:-} ]]; then
  [[ -n ${INPUT_FORMAT:-} && -n ${INPUT_OUTPUT_FILE:-} ]] ||
    fail "Inputs format and output-file go together; found only one of them."
  args+=(--format "$INPUT_FORMAT" -o "$(from_root "$INPUT_OUTPUT_FILE")")
fi
for i in "${!paths[@]}"; do paths[i]=$(from_root "${paths[i]}"); done
args+=(-- "${paths[@]}")

if [[ -n ${INPUT_MAILROOM:-} ]]; then
  mailroom=$(from_root "$INPUT_MAILROOM")
  [[ $mailroom == /* ]] || mailroom=$workspace/$mailroom
  # A script given by its path runs with node, which a Windows runner needs (no shebangs there).
  case $mailroom in
  *.js | *.mjs | *.cjs) command=(node "$mailroom") ;;
  *) command=("$mailroom") ;;
  esac
else
  command=(env MAILROOM_PROJECT="$project" MAILROOM_VERSION="${INPUT_VERSION:-}" bash "$here/mailroom.sh")
fi

cd "$workspace"
status=0

# The log's reports may quote the files read: commands are stopped so that no line of them acts as one.
print_log() {
  local token
  token=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
  echo "::group::$1"
  echo "::stop-commands::$token"
  cat "$2"
  echo "::$token::"
  echo "::endgroup::"
}

if [[ ${INPUT_MODE:-lint} == diff ]]; then
  base=${INPUT_BASE:-}
  # A pull request's checkout has its base branch as origin/<base> when fetched (fetch-depth: 0).
  [[ -n $base || -z ${GITHUB_BASE_REF:-} ]] || base=origin/$GITHUB_BASE_REF
  [[ -n $base ]] || fail "Input base is empty and the event is not a pull request's: give the revision to compare with."
  diff_args=(diff --git "$base" --format md)
  case ${INPUT_ALLOW_BREAKING:-false} in
  true) diff_args+=(--allow-breaking) ;;
  false) ;;
  *) fail "Input allow-breaking is \"$INPUT_ALLOW_BREAKING\"; expected true or false." ;;
  esac
  case ${INPUT_COMMENT:-true} in
  true | false) ;;
  *) fail "Input comment is \"$INPUT_COMMENT\"; expected true or false." ;;
  esac
  "${command[@]}" "${diff_args[@]}" -- "${paths[@]}" >"$report/diff.md" || status=$?
  # A comparison that could not run must not leave an earlier comment standing as if all were well.
  ((status <= 1)) ||
    echo "**mailroom diff** could not compare the services (exit code $status): the job's log says why." >"$report/diff.md"
  print_log "mailroom diff" "$report/diff.md"
  cat "$report/diff.md" >>"${GITHUB_STEP_SUMMARY:-/dev/null}"
  if [[ ${INPUT_COMMENT:-true} == true ]]; then
    MAILROOM_TOKEN=${INPUT_TOKEN:-} node "$here/pull-request-comment.mjs" "$report/diff.md" ||
      fail "The diff could not be commented on the pull request; GitHub's answer is in the log above."
  fi
  ((status <= 1)) || fail "mailroom diff could not compare (exit code $status); its messages are in the log above."
  ((status == 0)) || echo "::error title=mailroom diff::A change is breaking for integrators (see the job summary)."
  rm -rf "$report"
  exit "$status"
fi

"${command[@]}" "${args[@]}" || status=$?

if [[ ! -f $report/problems.json ]]; then
  fail "mailroom lint did not run to the end (exit code $status); its messages are in the log above."
fi
print_log "mailroom lint report" "$report/log.txt"

read -r errors warnings < <(node -e 'const problems = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
  const count = (severity) => problems.filter((p) => p.severity === severity).length;
  console.log(count("error"), count("warning"));' "$report/problems.json")
{
  echo "errors=$errors"
  echo "warnings=$warnings"
  [[ -z $sarif ]] || echo "sarif-file=$sarif"
} >>"${GITHUB_OUTPUT:-/dev/null}"
# The documentation check: each stale or missing file becomes an annotation; the step fails if there is one.
docs=""
if [[ -n ${INPUT_DOCS_OUT:-} ]]; then
  docs_args=(docs --check -o "$(from_root "$INPUT_DOCS_OUT")")
  set -f
  for format in ${INPUT_DOCS_FORMAT:-md}; do docs_args+=(--format "$format"); done
  set +f
  docs_status=0
  "${command[@]}" "${docs_args[@]}" -- "${paths[@]}" 2>"$report/docs.txt" || docs_status=$?
  cat "$report/docs.txt" >&2
  case $docs_status in
  0) docs="Documentation in $INPUT_DOCS_OUT is up to date." ;;
  1)
    # Lines of the plain report: `file:line:column  severity  message  code`.
    while IFS= read -r line; do
      [[ $line =~ ^(.+):[0-9]+:[0-9]+\ \ error\ \ (.*)\ \ stale-docs$ ]] || continue
      echo "::error file=${BASH_REMATCH[1]},title=mailroom docs::${BASH_REMATCH[2]}"
    done <"$report/docs.txt"
    docs="Documentation in $INPUT_DOCS_OUT is out of date: run \`mailroom docs\` and commit the result."
    ((status != 0)) || status=1
    ;;
  *) fail "mailroom docs --check could not run (exit code $docs_status); its messages are in the log above." ;;
  esac
fi
verdict="passed"
((status == 0)) || verdict="failed"
allowed=""
[[ -z ${INPUT_MAX_WARNINGS:-} ]] || allowed=" (at most $INPUT_MAX_WARNINGS allowed)"
{
  echo "### mailroom lint $verdict"
  echo
  echo "$errors error(s), $warnings warning(s)$allowed."
  [[ -z $docs ]] || printf '\n%s\n' "$docs"
} >>"${GITHUB_STEP_SUMMARY:-/dev/null}"
rm -rf "$report"
exit "$status"
