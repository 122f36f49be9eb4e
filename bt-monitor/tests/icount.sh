#!/usr/bin/env bash
# Instructions per tick of a tree ticked by itself, through an agent no page watches, and through
# an agent that records every tick: examples/icount.rs under valgrind's callgrind (exact counts,
# whatever the machine's load).
#
#   bash bt-monitor/tests/icount.sh            # TICKS=2000 by default
set -euo pipefail
cd "$(dirname "$0")/.."
ticks=${TICKS:-2000}
command -v valgrind >/dev/null || { echo "icount.sh: valgrind is not installed" >&2; exit 1; }
cargo build --release --example icount --quiet
bin=target/release/examples/icount
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
count() {
    valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measured_*' \
        --callgrind-out-file="$out/cg" "$bin" "$1" "$2" "$ticks" >/dev/null 2>&1
    awk -v t="$ticks" '/^(summary|totals):/ { printf "%.1f", $2 / t; exit }' "$out/cg"
}
printf '| tree | tree.tick | agent.tick, no page | agent.tick, recording |\n|---|---:|---:|---:|\n'
for tree in navigator villager; do
    printf '| %s | %s | %s | %s |\n' "$tree" "$(count $tree plain)" "$(count $tree agent)" "$(count $tree recorded)"
done
