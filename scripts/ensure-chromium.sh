#!/usr/bin/env bash
# Make sure a Chromium exists for the browser tests (Playwright cannot
# download its own browser on every machine). On Debian as root it installs
# Debian's chromium, and its headless shell (the same engine without the
# browser's windows: the tests drive it when present, for less CPU per page);
# elsewhere it says how to get one. Never fails the build outside CI: the
# browser tests then skip with the same message. A missing headless shell
# fails nothing: the tests drive the full browser instead.
set -u
have_browser=0
for exe in "${CHROMIUM:-}" /usr/bin/chromium /usr/bin/chromium-browser \
           "$(command -v chromium 2>/dev/null)" "$(command -v chromium-browser 2>/dev/null)" \
           "$(command -v google-chrome 2>/dev/null)"; do
  if [ -n "$exe" ] && [ -x "$exe" ]; then
    have_browser=1
    break
  fi
done
have_shell=0
if [ -n "${CHROMIUM:-}" ] || [ -x /usr/lib/chromium/chromium-headless-shell ]; then
  have_shell=1
fi
if [ "$have_browser" = 1 ] && [ "$have_shell" = 1 ]; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  packages=()
  [ "$have_browser" = 1 ] || packages+=(chromium)
  [ "$have_shell" = 1 ] || packages+=(chromium-headless-shell)
  echo "Installing Debian's ${packages[*]} for the browser tests..."
  if apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null; then
    exit 0
  fi
  # an older Debian has no headless shell package: the full browser alone will do
  if [ "$have_browser" = 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null && exit 0
  else
    exit 0
  fi
fi
if [ "$have_browser" = 1 ]; then
  exit 0
fi
msg="No Chromium found: the browser tests need one. Install chromium with your package manager (Debian/Ubuntu: sudo apt-get install chromium), or point CHROMIUM=/path/to/chrome at one."
if [ "${CI:-}" = "true" ]; then
  echo "$msg" >&2
  exit 1
fi
echo "$msg" >&2
exit 0
