#!/usr/bin/env bash
# JupyterHub's proxy (configurable-http-proxy) for the hub test (tests/hub/), pinned in scripts/proxy/,
# into artifacts/proxy/ (scripts/npm-pinned.sh). Called by `make test`.
exec bash "$(dirname "$0")/npm-pinned.sh" proxy node_modules/.bin/configurable-http-proxy "the hub test (JupyterHub's proxy)"
