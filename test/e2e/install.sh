#!/usr/bin/env bash
# Installs what `npm run test:e2e` needs: code-server (a real VS Code, served to a browser), Debian's
# headless Chromium, and playwright-core to drive it. Only the npm registry and Debian's apt
# repositories are used: nothing is downloaded from GitHub or Microsoft.
#
# Usage: bash test/e2e/install.sh [INSTALL_DIR]
#   INSTALL_DIR defaults to $VSCODE_E2E_DIR, else ${XDG_CACHE_HOME:-$HOME/.cache}/vscode-e2e.
#   Env: SKIP_APT=1 skips the apt-get step (when the Debian packages are known to be there).
# Result: INSTALL_DIR/node_modules/code-server and INSTALL_DIR/node_modules/playwright-core.
# Idempotent: when everything is in place it only checks (well under a second) and exits 0.
set -euo pipefail

# code-server 4.100.x (VS Code 1.100) is the newest that runs on Node 20; package.json's
# engines.vscode (^1.100.0) must stay within it.
CODE_SERVER_VERSION=4.100.3
PLAYWRIGHT_CORE_VERSION=1.65.1
DIR="${1:-${VSCODE_E2E_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/vscode-e2e}}"
mkdir -p "$DIR"
DIR="$(cd "$DIR" && pwd)"
log() { printf '[e2e install] %s\n' "$*" >&2; }

# 1. Debian packages: the browser, ripgrep (VS Code's search; it stands in for a GitHub download,
#    see step 2), fonts for readable screenshots, and the tools that compile code-server's native
#    modules (argon2, node-pty, spdlog, kerberos, ...).
APT_PKGS=(chromium ripgrep fonts-liberation build-essential python3 pkg-config libkrb5-dev)
missing=()
for p in "${APT_PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ] && [ "${SKIP_APT:-0}" != 1 ]; then
  log "apt-get install ${missing[*]}"
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
command -v rg >/dev/null || { log "ripgrep (rg) is missing"; exit 1; }
command -v chromium >/dev/null || { log "chromium is missing"; exit 1; }

# 2. code-server, installed locally into DIR.
cs_pkg="$DIR/node_modules/code-server"
[ -f "$DIR/package.json" ] || echo '{"name":"vscode-e2e-tools","private":true}' >"$DIR/package.json"
if [ -f "$cs_pkg/package.json" ] \
   && [ "$(node -p "require('$cs_pkg/package.json').version")" = "$CODE_SERVER_VERSION" ] \
   && [ -e "$cs_pkg/lib/vscode/node_modules/@vscode/ripgrep/bin/rg" ] \
   && [ -d "$cs_pkg/lib/vscode/node_modules/node-pty/build" ]; then
  log "code-server $CODE_SERVER_VERSION already in $DIR"
else
  work="$DIR/.work"; rm -rf "$work"; mkdir -p "$work"
  log "fetching code-server@$CODE_SERVER_VERSION from npm"
  (cd "$work" && npm pack --silent "code-server@$CODE_SERVER_VERSION" >/dev/null)
  tgz="$(ls "$work"/code-server-*.tgz)"
  # Which @vscode/ripgrep the bundled VS Code pins, and which ripgrep release that package fetches.
  rg_npm_version="$(tar -xzOf "$tgz" package/lib/vscode/npm-shrinkwrap.json \
      | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).packages["node_modules/@vscode/ripgrep"].version))')"
  (cd "$work" && npm pack --silent "@vscode/ripgrep@$rg_npm_version" >/dev/null)
  rg_tag="$(tar -xzOf "$work"/vscode-ripgrep-*.tgz package/lib/postinstall.js | sed -n "s/^const VERSION = '\(.*\)';/\1/p")"
  case "$(uname -m)" in
    x86_64) rg_target=x86_64-unknown-linux-musl ;;
    aarch64) rg_target=aarch64-unknown-linux-musl ;;
    *) log "unsupported architecture $(uname -m)"; exit 1 ;;
  esac
  # @vscode/ripgrep's postinstall downloads ripgrep from GitHub unless
  # $TMPDIR/vscode-ripgrep-cache-<npm version>/ripgrep-<tag>-<target>.tar.gz exists: put Debian's rg
  # there, in a TMPDIR of our own.
  export TMPDIR="$work/tmp"
  rg_cache="$TMPDIR/vscode-ripgrep-cache-$rg_npm_version"
  mkdir -p "$rg_cache" "$work/rgbin"
  cp "$(command -v rg)" "$work/rgbin/rg"
  tar -czf "$rg_cache/ripgrep-$rg_tag-$rg_target.tar.gz" -C "$work/rgbin" rg
  log "ripgrep cache seeded with Debian's rg (@vscode/ripgrep $rg_npm_version, $rg_tag, $rg_target)"

  # node-gyp compiles against the local Node headers instead of downloading them.
  if [ -z "${npm_config_nodedir:-}" ]; then
    for d in /usr /usr/local "$(dirname "$(dirname "$(command -v node)")")"; do
      if [ -f "$d/include/node/node.h" ]; then export npm_config_nodedir="$d"; break; fi
    done
  fi
  export npm_config_unsafe_perm=true   # code-server's postinstall refuses to run as root without it.
  export npm_config_yes=true           # node-pty's postinstall runs `npx node-gyp`, which must not prompt.
  log "npm install code-server into $DIR (compiles native modules; about a minute)"
  # A local install, not -g: under `-g --prefix` the nested npm install of code-server's postinstall
  # ignores its shrinkwrap and fails.
  npm install --prefix "$DIR" --save-exact --no-audit --no-fund "code-server@$CODE_SERVER_VERSION" >"$DIR/install-code-server.log" 2>&1 || {
    log "npm install failed; see $DIR/install-code-server.log"; tail -30 "$DIR/install-code-server.log" >&2; exit 1; }
  rm -rf "$work"
fi

# 3. playwright-core drives Debian's Chromium; it downloads no browser of its own.
pw_pkg="$DIR/node_modules/playwright-core/package.json"
if [ ! -f "$pw_pkg" ] || [ "$(node -p "require('$pw_pkg').version")" != "$PLAYWRIGHT_CORE_VERSION" ]; then
  log "npm install playwright-core@$PLAYWRIGHT_CORE_VERSION"
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --prefix "$DIR" --save-exact --no-audit --no-fund --silent "playwright-core@$PLAYWRIGHT_CORE_VERSION"
fi

# (Not `code-server --version`: it writes ~/.config/code-server/config.yaml as a side effect.)
log "ready: code-server $(node -p "require('$cs_pkg/package.json').version") (VS Code $(node -p "require('$cs_pkg/lib/vscode/package.json').version")), playwright-core $(node -p "require('$pw_pkg').version") in $DIR"
