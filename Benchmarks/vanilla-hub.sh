#!/usr/bin/env bash
# A finite multi-app subject of 24 states for the parallel-crawl benchmark: fifteen of Brad Traversy's
# vanillawebprojects (real third-party apps, fetched, never committed) behind a generated index page that links
# each project, exported into OUT.
#   bash Benchmarks/vanilla-hub.sh [GIT-DIR] OUT
# GIT-DIR: the fetched repository (default: /work/.mirror/bradtraversy+vanillawebprojects/repo, where
# `fetch github:bradtraversy/vanillawebprojects` puts it). Then, for example:
#   bash Benchmarks/parallel.sh .build-release/release/carto OUT 3 2 -- --block-requests 'https://*'
# (--block-requests 'https://*': the apps' CDN fonts and public APIs fail at once instead of hanging here offline.)
set -euo pipefail
if [ $# -eq 1 ]; then git_dir=/work/.mirror/bradtraversy+vanillawebprojects/repo; out=$1; else git_dir=${1:?git dir}; out=${2:?output folder}; fi
[ -d "$git_dir" ] || { echo "vanilla-hub: $git_dir: no such repository; fetch github:bradtraversy/vanillawebprojects first" >&2; exit 2; }
projects=(breakout-game dom-array-methods exchange-rate expense-tracker form-validator hangman meal-finder memory-cards
          modal-menu-slider movie-seat-booking new-year-countdown product-filtering relaxer-app sortable-list typing-game)
rm -rf "$out"
mkdir -p "$out"
git --git-dir="$git_dir" archive HEAD "${projects[@]}" | tar -x -C "$out"
python3 - "$out" "${projects[@]}" <<'PY'
import sys
out, projects = sys.argv[1], sys.argv[2:]
links = "".join(f'<li><a href="{p}/index.html">{p.replace("-", " ").title()}</a></li>' for p in projects)
open(out + "/index.html", "w").write('<!DOCTYPE html><html><head><title>Vanilla Web Projects</title>'
    '<meta name="viewport" content="width=device-width"></head><body><h1>Projects</h1><ul>' + links + '</ul></body></html>')
PY
echo "vanilla-hub: ${#projects[@]} projects in $out"
