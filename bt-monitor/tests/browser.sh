#!/usr/bin/env bash
# The monitor's page in a real browser: Debian's chromium, headless, driven by playwright-core
# (npm) through tests/browser.mjs against examples/agents.rs. `.ci/run` runs it.
#
#   bash bt-monitor/tests/browser.sh                               # the checks
#   bash bt-monitor/tests/browser.sh --screenshot docs/monitor.png  # and README's picture
#
# It installs what it needs: chromium with apt-get (as root, as CI runs) and playwright-core in
# bt-monitor/target/browser-test (npm; playwright-core never downloads a browser of its own).
set -euo pipefail
cd "$(dirname "$0")/.."
screenshot=""
if [ "${1:-}" = "--screenshot" ]; then screenshot=$(realpath -m "../${2:?--screenshot needs a path}"); fi

if ! command -v chromium >/dev/null; then
    if [ "$(id -u)" = 0 ]; then
        echo "browser.sh: installing chromium"
        apt-get update -qq >/dev/null
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    else
        echo "browser.sh: chromium is not installed (apt-get install chromium, as root)" >&2
        exit 1
    fi
fi
command -v node >/dev/null || { echo "browser.sh: node is not installed" >&2; exit 1; }
work=target/browser-test
mkdir -p "$work"
if [ ! -d "$work/node_modules/playwright-core" ]; then
    echo '{"private": true}' > "$work/package.json"
    (cd "$work" && npm install --no-audit --no-fund --silent playwright-core@1.64.1)
fi

cargo build --example agents --quiet
bin=target/debug/examples/agents
# The replay files: a short, fast run that writes the navigator's .btlog and JSON-lines trace.
"$bin" --port 0 --villagers 0 --hz 100 --ticks 120 \
    --btlog "$work/navigator.btlog" --trace "$work/navigator.jsonl" > /dev/null
# The live program: 40 villagers, ticked 20 times a second.
"$bin" --port 0 --villagers 40 --hz 20 > "$work/agents.out" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
url=""
for _ in $(seq 100); do
    url=$(sed -n 's/^monitor: //p' "$work/agents.out")
    [ -n "$url" ] && break
    sleep 0.1
done
[ -n "$url" ] || { echo "browser.sh: the example did not start"; cat "$work/agents.out"; exit 1; }
BT_BROWSER_MODULES="$PWD/$work/node_modules" BT_BROWSER_FILES="$PWD/$work" \
    BT_SCREENSHOT="$screenshot" timeout 180 node tests/browser.mjs "$url"
