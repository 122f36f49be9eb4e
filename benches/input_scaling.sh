#!/usr/bin/env bash
# Compile time against input size for the inputs of issue 39 that are not trees of many nodes:
# a long number literal, an XML element with many attributes, a deeply nested script. (Trees of
# many siblings: `SHAPE=wide [FRONT=xml] bash benches/build_time.sh 1000 10000 100000`.)
#
# For each input and size, writes one `behavior_tree!` invocation into a scratch crate that
# depends on `bt` (a snapshot of BT_REV, default HEAD), builds it in debug and prints the wall and
# CPU seconds (user + system of cargo and rustc), the peak memory, and how the build ended: `ok`
# or the number of errors reported. The dependencies are built first, untimed, in the scratch
# crate's own target directory (target/bt-input-scaling/target). A size that runs past LIMIT
# seconds (default 300) is stopped and shown as `> LIMIT`. Say the load average with the figures.
#
# Usage: bash benches/input_scaling.sh [INPUT...]   (default: digits attributes script)
#   digits      a blackboard entry initialised by a number literal of 1,000, 10,000, 30,000 digits
#   attributes  an XML `<AlwaysSuccess>` with 100, 1,000, 5,000 attributes
#   script      an XML `<Script>` of 1,000, 3,000, 100,000 nested parentheses
# Environment: BT_REV=<commit> (the code measured), LIMIT=<seconds>.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$ROOT/target/bt-input-scaling
LIMIT=${LIMIT:-300}
INPUTS=("$@")
[ ${#INPUTS[@]} -eq 0 ] && INPUTS=(digits attributes script)

mkdir -p "$WORK"
export CARGO_TARGET_DIR=$WORK/target CARGO_INCREMENTAL=0
BT=$WORK/bt
rm -rf "$BT" && mkdir -p "$BT"
git -C "$ROOT" archive "${BT_REV:-HEAD}" | tar -x -m -C "$BT"
CRATE=$WORK/scratch
mkdir -p "$CRATE/src"
cat > "$CRATE/Cargo.toml" <<EOF
[package]
name = "bt-input-scaling"
version = "0.0.0"
edition = "2021"
publish = false

[lib]
path = "src/lib.rs"

[dependencies]
bt = { package = "bt-compiled", path = "$BT" }

[workspace]
EOF

# The input of kind $1 and size $2, as the crate's source.
source_of() {
    local kind=$1 size=$2
    echo 'pub struct World;'
    case $kind in
        digits)
            printf 'bt::behavior_tree! { pub tree T for World { blackboard { n: u64 = '
            head -c "$size" /dev/zero | tr '\0' '1'
            printf ' } AlwaysSuccess } }\n'
            ;;
        attributes)
            printf 'bt::behavior_tree! { pub tree T for World { xml_text = r#"<root BTCPP_format="4"><BehaviorTree ID="Main"><AlwaysSuccess'
            for ((i = 0; i < size; i++)); do printf ' a%d="1"' "$i"; done
            printf '/></BehaviorTree></root>"#, } }\n'
            ;;
        script)
            printf 'bt::behavior_tree! { pub tree T for World { blackboard { x: i64 = 0 } xml_text = r#"<root BTCPP_format="4"><BehaviorTree ID="Main"><Script code="x := '
            head -c "$size" /dev/zero | tr '\0' '('
            printf 1
            head -c "$size" /dev/zero | tr '\0' ')'
            printf '"/></BehaviorTree></root>"#, } }\n'
            ;;
        *) echo "unknown input $kind" >&2; exit 2 ;;
    esac
}

sizes_of() {
    case $1 in
        digits) echo 1000 10000 30000 ;;
        attributes) echo 100 1000 5000 ;;
        script) echo 1000 3000 100000 ;;
    esac
}

echo "bt: ${BT_REV:-HEAD} ($(git -C "$ROOT" rev-parse --short "${BT_REV:-HEAD}")); load: $(cut -d' ' -f1-3 /proc/loadavg)"
# The dependencies, untimed.
echo 'pub struct World;' > "$CRATE/src/lib.rs"
(cd "$CRATE" && cargo build -q 2>/dev/null)
echo
echo "| input | size | wall s | CPU s | peak MB | result |"
echo "|---|---:|---:|---:|---:|---|"
for kind in "${INPUTS[@]}"; do
    for size in $(sizes_of "$kind"); do
        source_of "$kind" "$size" > "$CRATE/src/lib.rs"
        set +e
        (cd "$CRATE" && /usr/bin/time -f '%e %U %S %M' -o "$WORK/time.txt" \
            timeout "$LIMIT" cargo build -q > "$WORK/out.txt" 2>&1)
        code=$?
        set -e
        read -r wall user sys rss < <(tail -n 1 "$WORK/time.txt")
        errors=$(grep -c '^error' "$WORK/out.txt" || true)
        if [ "$code" = 124 ]; then
            result="stopped"; wall="> $LIMIT"
        elif grep -qi 'overflow\|SIGSEGV\|panicked' "$WORK/out.txt"; then
            result="crash: $(grep -i -m1 'overflow\|SIGSEGV\|panicked' "$WORK/out.txt" | cut -c1-80)"
        elif [ "$code" = 0 ]; then
            result="ok"
        else
            # The last line of cargo's own count ("could not compile .. due to N previous errors").
            result="$((errors > 0 ? errors - 1 : 0)) errors: $(grep -m1 '^error' "$WORK/out.txt" | cut -c1-70)"
        fi
        cpu=$(echo "$user + $sys" | bc)
        echo "| $kind | $size | $wall | $cpu | $((rss / 1024)) | $result |"
    done
done
