#!/usr/bin/env bash
# Real BehaviorTree.CPP 4.8.2 (PyPI `behaviortreepy`, its Python bindings) loads and ticks the XML
# test files and the XML that `to_xml()` exports (check.py says what it checks), and resets
# completed children as `bt::custom` says (activations.py). Makes its own
# virtual environment, in the target directory; `cargo test` needs none of this.
set -euo pipefail
cd "$(dirname "$0")/../../.."
target="${CARGO_TARGET_DIR:-target}"
venv="${BT_BTCPP_VENV:-$target/btcpp-venv}"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check 'behaviortreepy==0.1.4'
"$venv/bin/python" tests/xml/btcpp/check.py
# The resets to IDLE behind the activations of the user's own nodes (decision 17).
"$venv/bin/python" tests/xml/btcpp/activations.py
