#!/usr/bin/env bash
# End-to-end test of the VS Code extension in a real VS Code (code-server in headless Chromium):
#   1. installs the tools (idempotent; ../shared/tools/vscode-e2e/install.sh, beside the repository),
#   2. packages the extension (npm run package -> graphreq.vsix),
#   3. installs the .vsix into a fresh code-server and walks through the UI (test/e2e/drive.mjs),
#      saving a screenshot per step into docs/images/,
#   4. runs the @vscode/test-electron suite inside that editor's extension host (same checks, via the API).
# Exit code 0 = everything passed. Env: VSCODE_E2E_DIR (install dir), E2E_SKIP_HOST_SUITE=1 (skip step 4).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
installer="${VSCODE_E2E_INSTALLER:-$root/../shared/tools/vscode-e2e/install.sh}"
install_dir="${VSCODE_E2E_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/vscode-e2e}"
start=$(date +%s)

echo "== vscode-e2e tools ($installer -> $install_dir)"
[ -f "$installer" ] || { echo "missing $installer (the shared tools live beside the repository)" >&2; exit 2; }
bash "$installer" "$install_dir"

echo "== npm run package"
npm run --silent package >/dev/null
ls -l graphreq.vsix

echo "== UI walk in code-server (vsix installed)"
status=0
node test/e2e/drive.mjs --mode vsix --vsix graphreq.vsix --install-dir "$install_dir" --out docs/images || status=1

if [ "${E2E_SKIP_HOST_SUITE:-0}" != 1 ]; then
  echo "== @vscode/test-electron suite, run in code-server's extension host"
  # The production build made by `npm run package` is what the development host loads too.
  node test/e2e/drive.mjs --mode dev --tests test/e2e/electron/suite/index.js --install-dir "$install_dir" || status=1
fi

echo "== end-to-end: $([ $status = 0 ] && echo PASS || echo FAIL) in $(( $(date +%s) - start )) s"
exit $status
