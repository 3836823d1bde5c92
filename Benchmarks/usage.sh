#!/usr/bin/env bash
# Benchmarks for issue 5 (release build):
#   1. `carto usage report` over ~1,000,000 generated events (658 sessions, 163 MB of JSON Lines): first run
#      (ingest into SQLite + every pass + HTML/CSV/PNG/GPX) and again over the same folder (report from the database);
#   2. what the in-page recorder of `carto record` adds per DOM event in headless Chromium, with and without it,
#      alternating in one run.
#   bash Benchmarks/usage.sh            EVENTS=1000000 ROUNDS=5 bash Benchmarks/usage.sh
set -euo pipefail
cd "$(dirname "$0")/.."
# CARTO_BIN_DIR=path/to/release/bin skips the build (e.g. a build made with --scratch-path).
if [ -z "${CARTO_BIN_DIR:-}" ]; then
    swift build -c release --product carto >&2
    swift build -c release --product carto-bench >&2
fi
bin=${CARTO_BIN_DIR:-$(swift build -c release --show-bin-path)}
status=0
echo "== carto usage report over ${EVENTS:-1000000} events"
"$bin/carto-bench" usage --events "${EVENTS:-1000000}" --carto "$bin/carto" || status=1
echo
echo "== in-page recorder overhead per event (headless Chromium)"
if command -v chromedriver >/dev/null || [ -x /usr/lib/chromium/chromedriver ]; then
    "$bin/carto-bench" recorder --rounds "${ROUNDS:-5}" || status=1
else
    echo "chromedriver is not installed (apt-get install chromium chromium-driver); skipped"
fi
exit $status
