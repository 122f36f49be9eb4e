#!/usr/bin/env bash
# Our Groot2 publisher against BehaviorTree.CPP 4.8.2's and against btview (tests/groot2/check.py).
# Makes its own virtual environment (in the target directory, reused by later runs), builds
# examples/monitor.rs and runs the check. Called by .ci/run; `cargo test` never needs Python.
set -euo pipefail
cd "$(dirname "$0")/../.."
target=${CARGO_TARGET_DIR:-target}
venv="$target/groot2-venv"
packages=(behaviortreepy==0.1.4 btview==0.2.0 pyzmq msgpack)
if ! "$venv/bin/python" -c 'import behaviortreepy, btview, zmq, msgpack' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "${packages[@]}"
fi
# The `test` profile: `cargo test` built the example already (`dev` would build everything again).
cargo build --quiet --profile test --example monitor
"$venv/bin/python" tests/groot2/check.py "$target/debug/examples/monitor"
