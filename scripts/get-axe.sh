#!/usr/bin/env bash
# axe-core for the accessibility checks of the browser tests (tests/browser/test_accessibility.py):
# the exact version of scripts/axe/package-lock.json, installed with npm into the git-ignored
# artifacts/axe/. Called by `make test`. Without npm the checks skip, except in CI (CI=true),
# where that fails the build.
set -euo pipefail
cd "$(dirname "$0")/.."
dest=artifacts/axe
if [ -f "$dest/node_modules/axe-core/axe.min.js" ] && cmp -s scripts/axe/package-lock.json "$dest/package-lock.json"; then
  exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
  msg="npm not found: the accessibility checks need it to install axe-core (Debian/Ubuntu: sudo apt-get install npm)."
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
cp scripts/axe/package.json scripts/axe/package-lock.json scripts/axe/.npmrc "$dest/"
(cd "$dest" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
test -f "$dest/node_modules/axe-core/axe.min.js"
