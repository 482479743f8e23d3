#!/usr/bin/env bash
# Starts the built server (`npm run build` first) with the `node` on PATH on an empty embedded data
# directory, as `npm start` does, waits for /health (at most 180 s), checks that the web app is
# served, then stops it with SIGTERM. CI runs it under the current LTS Node beside the README's
# supported oldest, so a newcomer's Node starts the product as it is tested.
set -uo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
echo "start-check: $(node --version), port $port"
start=$(date +%s)
PORT=$port DATA_DIR="$work/data" setsid node apps/server/dist/main.js >"$work/start.log" 2>&1 &
pid=$!
fail() { tail -30 "$work/start.log"; kill -KILL -- -"$pid" 2>/dev/null; echo "start-check: FAIL $1"; exit 1; }
until curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1; do
  kill -0 "$pid" 2>/dev/null || fail "the server exited"
  [ $(( $(date +%s) - start )) -lt 180 ] || fail "/health did not answer within 180 s"
  sleep 1
done
echo "start-check: healthy after $(( $(date +%s) - start )) s"
curl -fsS "http://127.0.0.1:$port/" | grep -qi '<div id="\?root' || fail "GET / does not serve the web app"
kill -TERM -- -"$pid" 2>/dev/null
for _ in $(seq 1 15); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
kill -0 "$pid" 2>/dev/null && fail "still running 15 s after SIGTERM"
echo "start-check: PASS"
