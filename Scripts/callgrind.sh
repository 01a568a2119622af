#!/usr/bin/env bash
# Counts the instructions one benchmark operation executes, with callgrind, on a release build:
#   Scripts/callgrind.sh OPERATION CONTROLLERS [ITERATIONS] [APPROACH...]
#   Scripts/callgrind.sh save 30                 # navstate, limit and json, 20 iterations each
#   Scripts/callgrind.sh restore 200 10 navstate
# OPERATION is save, restore or restore-lazy (navstate only). For each approach it runs
# `navstate-bench --only OPERATION` twice under callgrind, once with the operation and once with
# `--baseline` (the same setup, the operation skipped), and prints the difference per operation,
# and its ratio to the limit's when the limit is measured. Counts repeat to within a fraction of
# a percent, where times on a shared machine do not: quote them in commit bodies.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 2 ]; then
    echo "usage: Scripts/callgrind.sh save|restore|restore-lazy CONTROLLERS [ITERATIONS] [APPROACH...]" >&2
    exit 64
fi
operation=$1
controllers=$2
iterations=${3:-20}
shift $(( $# < 3 ? $# : 3 ))
approaches=("$@")
if [ ${#approaches[@]} -eq 0 ]; then
    approaches=(navstate limit json)
    [ "$operation" = restore-lazy ] && approaches=(navstate)
fi
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }

swift build -c release --product navstate-bench 2>&1 | tail -n 1
bench=.build/release/navstate-bench
# Swift seeds its hashing per process; a fixed seed makes the counts repeat.
export SWIFT_DETERMINISTIC_HASHING=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The instructions of one run: callgrind's total over the whole process.
instructions() {
    if ! valgrind --tool=callgrind --callgrind-out-file="$work/out" "$bench" --only "$operation" \
        --controllers "$controllers" --iterations "$iterations" "$@" >"$work/log" 2>&1; then
        cat "$work/log" >&2
        exit 1
    fi
    sed -n 's/^summary: //p; s/^totals: //p' "$work/out" | head -n 1
}

limit=""
for approach in limit "${approaches[@]}"; do
    # The limit first, so the others can be given as its multiple; measured once.
    if [ "$approach" = limit ]; then
        [ -n "$limit" ] && continue
        [[ " ${approaches[*]} " == *" limit "* ]] || continue
    fi
    full=$(instructions --approach "$approach")
    base=$(instructions --approach "$approach" --baseline)
    each=$(( (full - base) / iterations ))
    line="$operation $approach $controllers controllers: $each instructions per operation"
    if [ "$approach" = limit ]; then
        limit=$each
    elif [ -n "$limit" ]; then
        line+=$(awk -v a="$each" -v b="$limit" 'BEGIN { printf " (%.2fx the limit)", a / b }')
    fi
    echo "$line"
done
