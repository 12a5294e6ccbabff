#!/usr/bin/env bash
# A pinned npm package for the tests: `npm-pinned.sh NAME PROOF WHAT` installs the exact versions of
# scripts/NAME/package-lock.json with npm into the git-ignored artifacts/NAME/, unless PROOF (a file
# under artifacts/NAME/) is there for that same lock. WHAT says in words what needs it. Without npm
# the tests that need it skip, except in CI (CI=true), where npm is installed (as root, with apt-get)
# or the build fails.
set -euo pipefail
cd "$(dirname "$0")/.."
name=$1 proof=$2 what=$3
dest=artifacts/$name
if [ -e "$dest/$proof" ] && cmp -s "scripts/$name/package-lock.json" "$dest/package-lock.json"; then
  exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
  msg="npm not found: $what needs it (Debian/Ubuntu: sudo apt-get install npm)."
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
cp "scripts/$name/package.json" "scripts/$name/package-lock.json" "scripts/$name/.npmrc" "$dest/"
(cd "$dest" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
test -e "$dest/$proof"
