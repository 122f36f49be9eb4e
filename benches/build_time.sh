#!/usr/bin/env bash
# What a tree costs to compile: build time, peak memory and expanded lines of generated trees.
#
# Generates trees of the given sizes with benches/gen/gen.rs, puts each in a scratch crate under
# target/bt-build-time/ (a library that depends on `bt`, defines the world and the leaves and
# exposes non-generic `new`/`tick`/`halt`, so the tree is expanded, type-checked and compiled to
# machine code), builds it, and prints per build the seconds (wall clock and CPU: user + system of
# cargo and rustc), the peak memory (the largest process's maximum resident set, rustc's) and the
# growth from one size to the next (1.0 = linear).
#
# Usage: bash benches/build_time.sh [SIZE...]     (default sizes: 100 1000 5000 10000;
#                                                  with SHAPE=blackboard: 500 1000 2000)
# Environment:
#   SHAPE=memory|wide|deep|reactive|kinds|user|mixed|blackboard
#       memory (default): nested Sequences of fan-out 10;
#       wide: one Sequence of SIZE - 1 leaves;
#       deep: 51 nodes per level, the size is rounded to 1 + 51k;
#       reactive: groups of 14 nodes, the size is rounded to 2 + 14k;
#       kinds: nested Sequences and Fallbacks of fan-out 10, every fifth inner node an Inverter;
#       user: the kinds tree with the user's own control nodes and decorators in place of the
#             built-in ones (Control(USeq), Control(USel), Decorator(UInv), defined below);
#       mixed: twelve composite kinds and eight decorators in turn, fan-out 6, leaves of every
#              form (inline, typed, stateful, a port, a script, a pre-condition), a blackboard;
#       blackboard: SIZE is the number of blackboard entries, each used by one leaf (a Script,
#             ScriptCondition, SetBlackboard or #[on_success]) under nested Sequences of fan-out
#             10, about 1.11 nodes per entry.
#   FRONT=dsl|xml|hand  the tree as written in the DSL (default), as BehaviorTree.CPP XML read by
#                       `xml = ".."` (the leaves become typed leaves mapped in `nodes { .. }`), or
#                       as a hand-written state machine (memory, wide, deep, reactive, kinds: the
#                       floor, see gen.rs's `Hand`)
#   PROFILES="debug release"  the profiles to build (default both)
#   EXPAND=1            also count the expanded code's lines per node by part
#                       (benches/expanded_lines.py over rustc's `-Zunpretty=expanded`);
#                       EXPAND_MAX=N only for trees of at most N nodes
#   ICOUNT=rustc|macro  also count the instructions of the debug build of each tree with valgrind's
#                       callgrind (exact whatever the load; about 50 times the build's time):
#                       all of rustc's (rustc), or the macro's own, from its entry
#                       `bt_macros::behavior_tree_at` (macro). In a target directory of its own,
#                       whose dependencies are built once under the wrapper that runs callgrind.
#   BT_SOURCE=head|worktree build against a snapshot of the committed HEAD (default; the work
#                       tree may be in the middle of someone's change) or the work tree
#   BT_REV=<commit>     with BT_SOURCE=head: a snapshot of that commit instead of HEAD (a before
#                       and after of one change with the same script)
#
# Only the scratch crate is timed: its dependencies (bt, bt-core, bt-macros, syn, ...) are built
# first, untimed, in its own target directory (target/bt-build-time/target), so the main
# target/ directory is neither used nor locked. Each timed build starts without the scratch
# crate's incremental cache. Expect several minutes; say the load average with the figures.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$ROOT/target/bt-build-time
SHAPE=${SHAPE:-memory}
FRONT=${FRONT:-dsl}
read -r -a PROFILE_LIST <<< "${PROFILES:-debug release}"
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
    # `-m`: the files dated now, not at the commit's time, so that cargo rebuilds bt and its
    # macros after a build of another commit (an older date would look unchanged to it).
    git -C "$ROOT" archive "${BT_REV:-HEAD}" | tar -x -m -C "$BT"
    REV="${BT_REV:-HEAD} $(git -C "$ROOT" rev-parse --short "${BT_REV:-HEAD}")"
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
bt = { package = "bt-compiled", path = "$BT" }

[workspace]
EOF
cp "$ROOT/Cargo.lock" "$CRATE/Cargo.lock" # the same dependency versions as the project
cat > "$CRATE/src/lib.rs" <<'EOF'
//! Scratch crate of benches/build_time.sh: one generated tree (src/tree.rs) and its world.
#![allow(dead_code)]
use bt::{
    Child, Children, Condition, ControlNode, DecoratorNode, Input, Outcome, Ports, StatefulAction,
    Status, SyncAction,
};

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

impl bt::Clock for BigWorld {
    fn now(&self) -> core::time::Duration {
        core::time::Duration::from_millis(self.steps)
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

// The typed leaves of the mixed shape and of the XML trees.
#[derive(Default)]
pub struct IsOk;
impl Condition<BigWorld> for IsOk {
    fn check(&mut self, w: &BigWorld) -> bool {
        w.acts < u64::MAX
    }
}

#[derive(Default)]
pub struct DoIt;
impl SyncAction<BigWorld> for DoIt {
    fn execute(&mut self, w: &mut BigWorld) -> Outcome {
        w.acts += 1;
        Outcome::Success
    }
}

#[derive(Default)]
pub struct Step {
    ticks: u8,
}
impl StatefulAction<BigWorld> for Step {
    fn on_start(&mut self, _: &mut BigWorld) -> Status {
        self.ticks = 0;
        Status::Running
    }
    fn on_running(&mut self, _: &mut BigWorld) -> Status {
        self.ticks += 1;
        if self.ticks < 2 { Status::Running } else { Status::Success }
    }
}

#[derive(Default)]
pub struct Forever;
impl StatefulAction<BigWorld> for Forever {
    fn on_start(&mut self, _: &mut BigWorld) -> Status {
        Status::Running
    }
    fn on_running(&mut self, w: &mut BigWorld) -> Status {
        w.steps += 1;
        Status::Running
    }
}

#[derive(Default, Ports)]
pub struct Put {
    pub v: Input<u32>,
}
impl SyncAction<BigWorld> for Put {
    fn execute(&mut self, w: &mut BigWorld) -> Outcome {
        w.acts += u64::from(*self.v);
        Outcome::Success
    }
}

// The user's own nodes of the user shape: a Sequence, a Fallback and an Inverter.
#[derive(Default)]
pub struct USeq {
    current: usize,
}
impl<Ctx: ?Sized> ControlNode<Ctx> for USeq {
    fn on_start(&mut self, _: &mut Ctx) {
        self.current = 0;
    }
    fn tick(node: &mut impl Children<Ctx, Self>, ctx: &mut Ctx) -> Status {
        while node.current < node.child_count() {
            let index = node.current;
            match node.tick_child(ctx, index) {
                Status::Success | Status::Skipped => node.current += 1,
                other => return other,
            }
        }
        Status::Success
    }
}

#[derive(Default)]
pub struct USel {
    current: usize,
}
impl<Ctx: ?Sized> ControlNode<Ctx> for USel {
    fn on_start(&mut self, _: &mut Ctx) {
        self.current = 0;
    }
    fn tick(node: &mut impl Children<Ctx, Self>, ctx: &mut Ctx) -> Status {
        while node.current < node.child_count() {
            let index = node.current;
            match node.tick_child(ctx, index) {
                Status::Failure | Status::Skipped => node.current += 1,
                other => return other,
            }
        }
        Status::Failure
    }
}

#[derive(Default)]
pub struct UInv;
impl<Ctx: ?Sized> DecoratorNode<Ctx> for UInv {
    fn tick(node: &mut impl Child<Ctx, Self>, ctx: &mut Ctx) -> Status {
        match node.tick_child(ctx) {
            Status::Success => Status::Failure,
            Status::Failure => Status::Success,
            other => other,
        }
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

generate() { # size -> node count
    local size=$1 arg=$1 extra=()
    if [ "$SHAPE" = reactive ]; then arg=$(( (size - 2 + 7) / 14 )); fi
    if [ "$SHAPE" = deep ]; then arg=$(( (size - 1 + 25) / 51 )); arg=$(( arg < 1 ? 1 : arg )); fi
    if [ "$FRONT" = xml ]; then extra=(--xml "$CRATE/src/tree.xml"); fi
    if [ "$FRONT" = hand ]; then extra=(--hand); fi
    "$WORK/bt-gen" "$SHAPE" "$arg" Generated "${extra[@]}" > "$CRATE/src/tree.rs"
    grep -o 'pub const NODES: usize = [0-9]*' "$CRATE/src/tree.rs" | grep -o '[0-9]*$'
}

# profile -> "wall-seconds cpu-seconds peak-MB" (CPU: user + system of cargo and rustc; peak: the
# largest maximum resident set of the process tree, which is rustc's)
build() {
    local flag=()
    if [ "$1" = release ]; then flag=(--release); fi
    rm -rf "$CARGO_TARGET_DIR/$1/incremental"/bt_build_time-* \
        "$CARGO_TARGET_DIR/$1/.fingerprint"/bt-build-time-*
    if ! /usr/bin/time -f '%e %U %S %M' -o "$WORK/time.txt" \
        cargo build --quiet "${flag[@]}" --manifest-path "$CRATE/Cargo.toml" 2> "$WORK/cargo.err"; then
        cat "$WORK/cargo.err" >&2
        exit 1
    fi
    cat "$WORK/cargo.err" >&2
    tail -n 1 "$WORK/time.txt" | awk '{ printf "%.2f %.2f %.0f", $1, $2 + $3, $4 / 1024 }'
}

# The instructions of one debug build of the scratch crate (ICOUNT=rustc|macro), counted by
# callgrind: a RUSTC_WRAPPER runs rustc under valgrind for the scratch crate only.
icount() {
    local toggle=""
    case "$ICOUNT" in
        rustc) ;;
        macro) toggle="--collect-atstart=no --toggle-collect='*bt_macros::behavior_tree_at*'" ;;
        *) echo "build_time.sh: ICOUNT is rustc or macro, not $ICOUNT" >&2; exit 2 ;;
    esac
    command -v valgrind > /dev/null || { echo "build_time.sh: ICOUNT needs valgrind" >&2; exit 1; }
    cat > "$WORK/icount-rustc.sh" << WRAPPER
#!/usr/bin/env bash
if [[ " \$* " == *" --crate-name bt_build_time "* ]]; then
    exec valgrind --tool=callgrind $toggle --callgrind-out-file=$WORK/callgrind.out "\$@" 2> /dev/null
fi
exec "\$@"
WRAPPER
    chmod +x "$WORK/icount-rustc.sh"
    rm -rf "$WORK/callgrind.out" "$WORK/target-icount/debug/.fingerprint"/bt-build-time-*
    RUSTC_WRAPPER=$WORK/icount-rustc.sh CARGO_INCREMENTAL=0 CARGO_TARGET_DIR=$WORK/target-icount \
        cargo build --quiet --manifest-path "$CRATE/Cargo.toml" 2> /dev/null
    callgrind_annotate "$WORK/callgrind.out" 2> /dev/null |
        awk '/PROGRAM TOTALS/ { gsub(",", "", $1); printf "%.3f G", $1 / 1e9; exit }'
}

echo "== dependencies (untimed) =="
SAVED_SHAPE=$SHAPE
if [ "$FRONT" = hand ]; then SHAPE=memory; fi
generate 10 > /dev/null
SHAPE=$SAVED_SHAPE
for profile in "${PROFILE_LIST[@]}"; do
    if [ "$profile" = release ]; then
        cargo build --quiet --release --manifest-path "$CRATE/Cargo.toml"
    else
        cargo build --quiet --manifest-path "$CRATE/Cargo.toml"
    fi
done

echo "== build time of one generated tree ($SHAPE shape, $FRONT) =="
echo "bt: $REV; $(rustc --version); $(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
RESULTS=$WORK/results-$SHAPE-$FRONT.txt
: > "$RESULTS"
for size in "${SIZES[@]}"; do
    nodes=$(generate "$size")
    # The size the growth is measured against: the entries for the blackboard shape, else nodes.
    if [ "$SHAPE" = blackboard ]; then scale=$size; else scale=$nodes; fi
    row="$scale $nodes"
    for profile in "${PROFILE_LIST[@]}"; do
        figures=$(build "$profile")
        row="$row $figures"
        echo "  $nodes nodes (size $size), $profile: $figures (wall s, CPU s, peak MB)"
    done
    echo "$row" >> "$RESULTS"
    if [ -n "${ICOUNT:-}" ]; then
        echo "  $nodes nodes (size $size), debug: $(icount) instructions ($ICOUNT)"
    fi
    if [ "${EXPAND:-0}" = 1 ] && [ "$nodes" -le "${EXPAND_MAX:-1000000}" ]; then
        # In a target directory of its own: RUSTC_BOOTSTRAP makes proc-macro2's build script
        # probe again, which would rebuild syn and the macro before the next timed build.
        RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR=$WORK/target-expand cargo rustc --quiet --profile check \
            --lib --manifest-path "$CRATE/Cargo.toml" -- -Zunpretty=expanded > "$WORK/expanded.rs"
        python3 "$ROOT/benches/expanded_lines.py" --nodes "$nodes" "$WORK/expanded.rs"
    fi
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
if [ "$SHAPE" = blackboard ]; then UNIT=entry; else UNIT=node; fi
awk -v shape="$SHAPE" -v unit="$UNIT" -v profiles="${PROFILE_LIST[*]}" '
BEGIN {
    np = split(profiles, p, " ")
    head = (shape == "blackboard") ? "| entries | nodes " : "| nodes "
    align = (shape == "blackboard") ? "|---:|---:" : "|---:"
    for (i = 1; i <= np; i++) {
        head = head "| " p[i] " s | " p[i] " CPU s | " p[i] " peak MB | " p[i] " ms/" unit " | " p[i] " CPU growth "
        align = align "|---:|---:|---:|---:|---:"
    }
    print head "|"
    print align "|"
}
{
    line = (shape == "blackboard") ? sprintf("| %d | %d ", $1, $2) : sprintf("| %d ", $1)
    for (i = 1; i <= np; i++) {
        w = $(3 * i); c = $(3 * i + 1); m = $(3 * i + 2)
        # growth: (CPU time ratio) / (size ratio); 1.0 = linear, 2.0 = twice as much time per node
        g = (NR > 1) ? sprintf("%.2f", (c / prev[i]) / ($1 / n)) : ""
        line = line sprintf("| %.2f | %.2f | %d | %.3f | %s ", w, c, m, 1000 * w / $1, g)
        prev[i] = c
    }
    print line "|"
    n = $1
}' "$RESULTS"
echo
echo "growth = (CPU time / previous CPU time) / ($UNIT count / previous $UNIT count): 1.00 is linear."
echo "ms/$UNIT uses the wall time; the CPU columns (user + system) are less sensitive to other load."
