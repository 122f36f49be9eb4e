#!/usr/bin/env bash
# Build-time scaling of generated trees.
#
# Generates trees of 100, 1,000, 5,000 and 10,000 nodes with benches/gen/gen.rs, puts each in a
# scratch crate under target/bt-build-time/ (a library that depends on `bt`, defines the world
# and exposes non-generic `new`/`tick`/`halt`, so the tree is expanded, type-checked and
# compiled to machine code), builds it in debug and in release, and prints the seconds of each
# build (wall clock and CPU), the milliseconds per node and the growth from one size to the next
# (1.0 = linear).
#
# Usage: bash benches/build_time.sh [SIZE...]       (default sizes: 100 1000 5000 10000;
#                                                    with SHAPE=blackboard: 500 1000 2000)
# Environment:
#   SHAPE=memory|reactive|deep|blackboard
#                           the generated tree (default memory: nested Sequences, fan-out 10;
#                           reactive: groups of 14 nodes, the size is rounded to 2 + 14k;
#                           deep: 51 nodes per level, the size is rounded to 1 + 51k;
#                           blackboard: SIZE is the number of blackboard entries, each used by one
#                           leaf (a Script, ScriptCondition, SetBlackboard or #[on_success]) under
#                           nested Sequences of fan-out 10, about 1.11 nodes per entry)
#   BT_SOURCE=head|worktree build against a snapshot of the committed HEAD (default; the work
#                           tree may be in the middle of someone's change) or the work tree
#
# Only the scratch crate is timed: its dependencies (bt, bt-core, bt-macros, syn, ...) are built
# first, untimed, in its own target directory (target/bt-build-time/target), so the main
# target/ directory is neither used nor locked. Each timed build starts without the scratch
# crate's incremental cache. Expect several minutes; run it on a quiet machine.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$ROOT/target/bt-build-time
SHAPE=${SHAPE:-memory}
SIZES=("$@")
if [ ${#SIZES[@]} -eq 0 ]; then
    if [ "$SHAPE" = blackboard ]; then SIZES=(500 1000 2000); else SIZES=(100 1000 5000 10000); fi
fi

mkdir -p "$WORK"
export CARGO_TARGET_DIR=$WORK/target

# The crate under test.
if [ "${BT_SOURCE:-head}" = worktree ]; then
    BT=$ROOT
    REV="work tree of $(git -C "$ROOT" rev-parse --short HEAD)"
else
    BT=$WORK/bt
    rm -rf "$BT"
    mkdir -p "$BT"
    git -C "$ROOT" archive HEAD | tar -x -C "$BT"
    REV="HEAD $(git -C "$ROOT" rev-parse --short HEAD)"
fi

# The generator.
rustc -O --edition 2021 "$ROOT/benches/gen/gen.rs" -o "$WORK/bt-gen"

# The scratch crate.
CRATE=$WORK/scratch
mkdir -p "$CRATE/src"
cat > "$CRATE/Cargo.toml" <<EOF
[package]
name = "bt-build-time"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
bt = { path = "$BT" }

[workspace]
EOF
cp "$ROOT/Cargo.lock" "$CRATE/Cargo.lock" # the same dependency versions as the project
cat > "$CRATE/src/lib.rs" <<'EOF'
//! Scratch crate of benches/build_time.sh: one generated tree (src/tree.rs) and its world.
use bt::{StatefulAction, Status};

pub struct BigWorld {
    pub flags: Vec<bool>,
    pub acts: u64,
    pub steps: u64,
}

impl BigWorld {
    pub fn cond(&self, id: u32) -> bool {
        self.flags[id as usize]
    }
    pub fn act(&mut self, id: u32) -> bool {
        self.acts += 1;
        self.flags[id as usize]
    }
}

pub struct Work {
    id: u32,
}

#[derive(Default)]
pub struct Task<const ID: u32>;

impl<const ID: u32> StatefulAction<BigWorld> for Task<ID> {
    fn on_start(&mut self, w: &mut BigWorld) -> Status {
        w.steps += u64::from(ID);
        Status::Running
    }
    fn on_running(&mut self, w: &mut BigWorld) -> Status {
        w.steps += 1;
        Status::Success
    }
}

impl Work {
    pub const fn new(id: u32) -> Self {
        Work { id }
    }
}

impl StatefulAction<BigWorld> for Work {
    fn on_start(&mut self, w: &mut BigWorld) -> Status {
        w.steps += u64::from(self.id);
        Status::Running
    }
    fn on_running(&mut self, w: &mut BigWorld) -> Status {
        w.steps += 1;
        Status::Running
    }
}

pub mod tree;

pub type Tree = tree::Generated;

pub fn new() -> Tree {
    Tree::new()
}

pub fn tick(tree: &mut Tree, world: &mut BigWorld) -> Status {
    tree.tick(world)
}

pub fn halt(tree: &mut Tree, world: &mut BigWorld) {
    tree.halt(world)
}
EOF

generate() { # size
    local size=$1 arg=$1
    if [ "$SHAPE" = reactive ]; then arg=$(( (size - 2 + 7) / 14 )); fi
    if [ "$SHAPE" = deep ]; then arg=$(( (size - 1 + 25) / 51 )); arg=$(( arg < 1 ? 1 : arg )); fi
    "$WORK/bt-gen" "$SHAPE" "$arg" Generated > "$CRATE/src/tree.rs"
    grep -o 'pub const NODES: usize = [0-9]*' "$CRATE/src/tree.rs" | grep -o '[0-9]*$'
}

build() { # profile -> "wall-seconds cpu-seconds" (CPU: user + system of cargo and rustc)
    local flag=()
    if [ "$1" = release ]; then flag=(--release); fi
    rm -rf "$CARGO_TARGET_DIR/$1/incremental"/bt_build_time-* \
        "$CARGO_TARGET_DIR/$1/.fingerprint"/bt-build-time-*
    local TIMEFORMAT='%R %U %S'
    if ! { time cargo build --quiet "${flag[@]}" --manifest-path "$CRATE/Cargo.toml" \
        2> "$WORK/cargo.err"; } 2> "$WORK/time.txt"; then
        cat "$WORK/cargo.err" >&2
        exit 1
    fi
    cat "$WORK/cargo.err" >&2
    awk '{ printf "%.2f %.2f", $1, $2 + $3 }' "$WORK/time.txt"
}

echo "== dependencies (untimed) =="
generate 10 > /dev/null
cargo build --quiet --manifest-path "$CRATE/Cargo.toml"
cargo build --quiet --release --manifest-path "$CRATE/Cargo.toml"

echo "== build time of one generated tree ($SHAPE shape) =="
echo "bt: $REV; $(rustc --version); $(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
RESULTS=$WORK/results-$SHAPE.txt
: > "$RESULTS"
for size in "${SIZES[@]}"; do
    nodes=$(generate "$size")
    # The size the growth is measured against: the entries for the blackboard shape, else nodes.
    if [ "$SHAPE" = blackboard ]; then scale=$size; else scale=$nodes; fi
    debug=$(build debug)
    release=$(build release)
    # scale, debug wall, debug CPU, release wall, release CPU, nodes
    echo "$scale $debug $release $nodes" | tee -a "$RESULTS" |
        awk '{ printf "  %6d nodes (size %d): debug %7.2f s (CPU %.2f s), release %7.2f s (CPU %.2f s)\n", $6, $1, $2, $3, $4, $5 }'
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
if [ "$SHAPE" = blackboard ]; then UNIT=entry; else UNIT=node; fi
awk -v shape="$SHAPE" -v unit="$UNIT" '
BEGIN {
    first = (shape == "blackboard") ? "| entries | nodes " : "| nodes "
    align = (shape == "blackboard") ? "|---:|---:" : "|---:"
    print first "| debug s | debug CPU s | debug ms/" unit " | debug growth | release s | release CPU s | release ms/" unit " | release growth | CPU growth (debug, release) |"
    print align "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
}
{
    dg = ""; rg = ""; cg = "";
    if (NR > 1) {
        # growth: (time ratio) / (size ratio); 1.0 = linear, 2.0 = twice as much time per node
        dg = sprintf("%.2f", ($2 / d) / ($1 / n));
        rg = sprintf("%.2f", ($4 / r) / ($1 / n));
        cg = sprintf("%.2f, %.2f", ($3 / dc) / ($1 / n), ($5 / rc) / ($1 / n));
    }
    if (shape == "blackboard") printf "| %d | %d ", $1, $6; else printf "| %d ", $1
    printf "| %.2f | %.2f | %.3f | %s | %.2f | %.2f | %.3f | %s | %s |\n", $2, $3, 1000 * $2 / $1, dg, $4, $5, 1000 * $4 / $1, rg, cg
    n = $1; d = $2; dc = $3; r = $4; rc = $5
}' "$RESULTS"
echo
echo "growth = (time / previous time) / ($UNIT count / previous $UNIT count): 1.00 is linear."
echo "ms/$UNIT and growth use the wall time; the CPU columns (user + system) are less sensitive to other load."
