#!/usr/bin/env bash
# Make sure a Chromium exists for the browser tests (Playwright cannot
# download its own browser on every machine). On Debian as root it installs
# Debian's chromium; elsewhere it says how to get one. Never fails the build
# outside CI: the browser tests then skip with the same message.
set -u
for exe in "${CHROMIUM:-}" /usr/bin/chromium /usr/bin/chromium-browser \
           "$(command -v chromium 2>/dev/null)" "$(command -v chromium-browser 2>/dev/null)" \
           "$(command -v google-chrome 2>/dev/null)"; do
  if [ -n "$exe" ] && [ -x "$exe" ]; then
    exit 0
  fi
done
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests..."
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null \
    && exit 0
fi
msg="No Chromium found: the browser tests need one. Install chromium with your package manager (Debian/Ubuntu: sudo apt-get install chromium), or point CHROMIUM=/path/to/chrome at one."
if [ "${CI:-}" = "true" ]; then
  echo "$msg" >&2
  exit 1
fi
echo "$msg" >&2
exit 0
