#!/usr/bin/env bash
# Regenerates the generated benchmark trees in benches/trees/ with benches/gen/gen.rs.
# Usage: bash benches/gen/regen.sh   (from anywhere; needs only rustc and rustfmt)
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p target
rustc -O --edition 2021 benches/gen/gen.rs -o target/bt-gen
gen() { # kind size TreeName file
    target/bt-gen "$1" "$2" "$3" > "benches/trees/$4"
    rustfmt --edition 2021 "benches/trees/$4"
    echo "benches/trees/$4: $(grep -o 'pub const NODES: usize = [0-9]*' "benches/trees/$4")"
}
gen reactive 71 Reactive1000 reactive_1000.rs
gen memory 10 Memory10 memory_10.rs
gen memory 1000 Memory1000 memory_1000.rs
gen memory 10000 Memory10000 memory_10000.rs
# What clippy checks instead of the 1,000- and 10,000-node trees (benches/trees/lib.rs,
# benches/trees/huge/lib.rs): the same generators and names, a few nodes.
gen memory 10 Memory10000 memory_10000_clippy.rs
gen memory 10 Memory1000 memory_1000_clippy.rs
gen reactive 1 Reactive1000 reactive_1000_clippy.rs
gen deep 1 Deep1000 deep_1000_clippy.rs
gen deep 20 Deep1000 deep_1000.rs
gen npc 5 Npc npc.rs
