#!/usr/bin/env bash
# Fuzzes the path from database bytes to a restored hierarchy with libFuzzer.
#   Scripts/fuzz.sh [SECONDS]   (default 60; CI runs it with 60)
# Builds into .build-fuzz (release, every module instrumented), runs on a copy of Fuzz/corpus so the
# committed seeds stay as they are, and fails on a crash, a timeout or a leak. Findings are written
# to .build-fuzz/findings/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"

NAVSTATE_FUZZ=1 swift build --product navstate-fuzz -c release --scratch-path .build-fuzz 2>&1 | tail -n 3

work=.build-fuzz/corpus
findings=.build-fuzz/findings
rm -rf "$work"
mkdir -p "$work" "$findings"
cp Fuzz/corpus/* "$work/"
.build-fuzz/release/navstate-fuzz "$work" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$findings/" -print_final_stats=1 2>&1 | tail -n 25
