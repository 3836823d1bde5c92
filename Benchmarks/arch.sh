#!/usr/bin/env bash
# Benchmark `carto arch` against swift-syntax's own parse time on a real codebase (release build).
#   bash Benchmarks/arch.sh PATH-TO-SWIFT-CODEBASE [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: bash Benchmarks/arch.sh PATH [ROUNDS]" >&2; exit 2; }
swift build -c release --product carto >&2
swift build -c release --product carto-bench >&2
bin=$(swift build -c release --show-bin-path)
"$bin/carto-bench" arch "$1" --runs "${2:-5}" --carto "$bin/carto"
