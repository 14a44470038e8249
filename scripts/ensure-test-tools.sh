#!/usr/bin/env bash
# Installs the system tools the tests need when they are missing: Debian's Chromium (the
# browser tests; Playwright cannot download its own here) and redis-server (the KV contract
# suite starts one when 127.0.0.1:6379 has none). Without root it says what it skipped.
set -uo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "[test-tools] missing: ${missing[*]}; not root or no apt-get, so the tests that need them will say they skipped." >&2
  echo "[test-tools] install with: sudo apt-get install -y ${missing[*]}" >&2
  exit 0
fi

echo "[test-tools] installing ${missing[*]} from Debian's packages"
export DEBIAN_FRONTEND=noninteractive
# The service would otherwise try to start under a init system the machine may not have.
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
  trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
apt-get update -qq >/dev/null && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
  || echo "[test-tools] apt-get could not install ${missing[*]}; the tests that need them will say they skipped." >&2
