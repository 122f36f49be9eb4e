#!/usr/bin/env bash
# Instructions per tick of the generated trees and the hand-written state machines, counted by
# valgrind's callgrind (exact, independent of the machine's load): see benches/icount.rs.
#
#   bash benches/icount.sh                      # every workload and implementation
#   bash benches/icount.sh reactive_1000 ports  # only these workloads
#   TICKS=2000 bash benches/icount.sh           # ticks counted per run (default 1000)
#   FEATURES=bt/groot2 bash benches/icount.sh   # with bt's features on (zero cost when unused)
#
# Prints one table row per workload: instructions per tick of each implementation, and
# generated / hand-written. Needs valgrind (`apt-get install valgrind`).
set -euo pipefail
cd "$(dirname "$0")/.."
ticks=${TICKS:-1000}
command -v valgrind >/dev/null || { echo "icount.sh: valgrind is not installed" >&2; exit 1; }
bin=$(cargo bench -p bt-benches --bench icount --no-run --message-format=json \
    ${FEATURES:+--features "$FEATURES"} 2>/dev/null |
    python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "icount" and m.get("executable"):
        print(m["executable"])')
[ -n "$bin" ] || { echo "icount.sh: the icount bench did not build" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

count() { # workload implementation -> instructions per tick
    valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*icount*measured*' \
        --callgrind-out-file="$out/cg" "$bin" "$1" "$2" "$ticks" >/dev/null 2>&1
    awk -v t="$ticks" '/^(summary|totals):/ { printf "%.1f", $2 / t; exit }' "$out/cg"
}

printf '| workload | generated | hand-written | generated / hand-written |\n|---|---:|---:|---:|\n'
"$bin" list | awk '{print $1}' | uniq | while read -r workload; do
    if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$workload"; then continue; fi
    g=$(count "$workload" generated)
    h=$(count "$workload" hand-written)
    extra=""
    for variant in if unrolled; do
        if "$bin" list | grep -qx "$workload hand-written-$variant"; then
            extra="$extra ($variant: $(count "$workload" "hand-written-$variant"))"
        fi
    done
    ratio=$(awk -v g="$g" -v h="$h" 'BEGIN { printf "%.2f", g / h }')
    printf '| %s | %s | %s%s | %s |\n' "$workload" "$g" "$h" "$extra" "$ratio"
done
