#!/usr/bin/env bash
# Runs every test. Installs what the tests need first (headless Chromium and chromedriver from Debian),
# so it works on a clean machine: `bash scripts/test.sh`.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
if [ ${#need[@]} -gt 0 ]; then
    echo "==> installing ${need[*]}" >&2
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

echo "==> swift test" >&2
swift test 2>&1
