#!/usr/bin/env bash
# End-to-end test of the VS Code extension in a real VS Code (code-server in headless Chromium):
#   1. installs the tools (test/e2e/install.sh; idempotent, reuses ~/.cache/vscode-e2e),
#   2. packages the extension (npm run package -> graphreq.vsix, ignored by git like dist/),
#   3. installs the .vsix into a fresh code-server and walks through the UI (test/e2e/drive.mjs),
#      saving a screenshot per step into a temporary folder (printed at the end),
#   4. runs the @vscode/test-electron suite inside that editor's extension host (same checks, via the API),
#   5. walks the web build in the editor's web worker extension host, as on vscode.dev (test/e2e/webWalk.mjs).
# The working tree is left as it was found: `npm run docs:screenshots` is what refreshes docs/images/.
# Usage: bash test/e2e/run.sh [--screenshots DIR] [--ui-only]
# Exit code 0 = everything passed. Env: VSCODE_E2E_DIR (install dir), E2E_SKIP_HOST_SUITE=1 (= --ui-only).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
install_dir="${VSCODE_E2E_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/vscode-e2e}"
shots=""
host_suite=1
[ "${E2E_SKIP_HOST_SUITE:-0}" = 1 ] && host_suite=0
while [ $# -gt 0 ]; do
  case "$1" in
    --screenshots) [ $# -ge 2 ] || { echo "run.sh: --screenshots needs a folder" >&2; exit 2; }; shots="$2"; shift 2 ;;
    --ui-only) host_suite=0; shift ;;
    *) echo "run.sh: unknown argument $1 (usage: run.sh [--screenshots DIR] [--ui-only])" >&2; exit 2 ;;
  esac
done
[ -n "$shots" ] || shots="$(mktemp -d "${TMPDIR:-/tmp}/graphreq-e2e-screenshots.XXXXXX")"
start=$(date +%s)

echo "== e2e tools (test/e2e/install.sh -> $install_dir)"
bash test/e2e/install.sh "$install_dir"

echo "== npm run package"
npm run --silent package >/dev/null
ls -l graphreq.vsix

echo "== UI walk in code-server (vsix installed)"
status=0
node test/e2e/drive.mjs --mode vsix --vsix graphreq.vsix --install-dir "$install_dir" --out "$shots" || status=1

echo "== Restricted Mode (an untrusted workspace) in code-server"
node test/e2e/drive.mjs --mode vsix --vsix graphreq.vsix --install-dir "$install_dir" --restricted --out "$shots" || status=1

if [ "$host_suite" = 1 ]; then
  echo "== @vscode/test-electron suite, run in code-server's extension host"
  # The production build made by `npm run package` is what the development host loads too.
  node test/e2e/drive.mjs --mode dev --tests test/e2e/electron/suite/index.js --install-dir "$install_dir" || status=1
fi

echo "== the web build in code-server's web worker extension host"
node test/e2e/drive.mjs --web --install-dir "$install_dir" --out "$shots" || status=1

echo "== screenshots in $shots"
echo "== end-to-end: $([ $status = 0 ] && echo PASS || echo FAIL) in $(( $(date +%s) - start )) s"
exit $status
