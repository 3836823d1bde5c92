#!/usr/bin/env bash
# Runs every test. Installs what the tests need first (headless Chromium and chromedriver, nginx, openssl and a Java runtime
# from Debian; WireMock's jar from PyPI),
# so it works on a clean machine: `bash scripts/test.sh`. Ends with a line `tests: N passed, N failed, N skipped`.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
# A TLS reverse proxy with basic authentication in front of chromedriver (remote --webdriver tests).
[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1 || need+=(nginx-light)
command -v openssl >/dev/null 2>&1 || need+=(openssl)
# The real WireMock (a Java jar) for the stub server's differential suite.
command -v java >/dev/null 2>&1 || need+=(default-jre-headless)
if [ ${#need[@]} -gt 0 ]; then
    echo "==> installing ${need[*]}" >&2
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

# WireMock's standalone jar from the PyPI package `wiremock`; without it the differential suite is skipped with a message.
bash scripts/wiremock-jar.sh >/dev/null || echo "==> no WireMock jar: the differential suite will be skipped" >&2

echo "==> swift test" >&2
log=$(mktemp)
set +e
swift test --disable-swift-testing 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
# XCTest's last summary: "Executed N tests, with S tests skipped and F failures ..."
summary=$(grep -E "^[[:space:]]*Executed [0-9]+ tests?, with" "$log" | tail -1 || true)
rm -f "$log"
if [ -n "$summary" ]; then
    total=$(echo "$summary" | sed -E 's/.*Executed ([0-9]+) tests?.*/\1/')
    skipped=$(echo "$summary" | grep -oE '[0-9]+ tests? skipped' | grep -oE '^[0-9]+' || echo 0)
    failed=$(echo "$summary" | sed -E 's/.* ([0-9]+) failures?.*/\1/')
    echo "tests: $((total - skipped - failed)) passed, $failed failed, $skipped skipped"
fi
exit "$status"
