#!/usr/bin/env bash
# JupyterHub's proxy (configurable-http-proxy, npm, the version pinned in scripts/proxy/) for the hub
# test (tests/hub/): installed with npm into the git-ignored artifacts/proxy/. Called by `make test`.
# Without npm the hub test skips, except in CI (CI=true), where npm is installed or the build fails.
set -euo pipefail
cd "$(dirname "$0")/.."
dest=artifacts/proxy
if [ -x "$dest/node_modules/.bin/configurable-http-proxy" ] && cmp -s scripts/proxy/package-lock.json "$dest/package-lock.json"; then
  exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
  msg="npm not found: the hub test needs it to install JupyterHub's proxy (Debian/Ubuntu: sudo apt-get install npm)."
  if [ "${CI:-}" = "true" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null
    else
      echo "$msg" >&2
      exit 1
    fi
  else
    echo "$msg" >&2
    exit 0
  fi
fi
mkdir -p "$dest"
cp scripts/proxy/package.json scripts/proxy/package-lock.json scripts/proxy/.npmrc "$dest/"
(cd "$dest" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
test -x "$dest/node_modules/.bin/configurable-http-proxy"
