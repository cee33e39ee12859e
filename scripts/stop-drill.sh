#!/usr/bin/env bash
# When the build dies, the load stops: against a target the build did not start (the reference server run alone), a
# `mvn verify` is killed with kill -9 while Gatling loads it, then another while JMeter does, then a controller build
# whose plan runs on a remote engine. Each time every process the build had started must be gone within a few seconds,
# and the target must count no request from then on; the engine stops its test and stays up.
# Needs a built tree (`mvn verify` first); .ci/run runs it after the build. Every process it starts is stopped when
# it ends, also when a step fails.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/target/stop-drill
# the agent looks for the build every 0.5 s; a JVM halts at once: a few seconds are plenty
grace_seconds=4
quiet_seconds=8

fail() {
  echo "[loadlab] stop drill: $*" >&2
  exit 1
}

[ -f target/loadlab/stop-with-build.jar ] || fail "run 'mvn verify' first"
rm -rf "$out"
mkdir -p "$out"
mvn -B -q dependency:build-classpath -Dmdep.outputFile="$out/cp.txt" >"$out/classpath.log" 2>&1 \
  || fail "mvn dependency:build-classpath failed, see $out/classpath.log"
classpath="$root/target/classes:$(cat "$out/cp.txt")"

server=
build=
engine=
cleanup() {
  [ -n "$build" ] && kill -9 -- -"$build" 2>/dev/null || true
  [ -n "$engine" ] && kill -- -"$engine" 2>/dev/null || true
  [ -n "$server" ] && kill "$server" 2>/dev/null || true
  wait 2>/dev/null || true
}
trap cleanup EXIT

# the target: the reference server alone, on free loopback ports; it exits with this script
. scripts/reference-server.sh
reference_server "$classpath" "$out"

# every request the target counted, over every protocol (its /metrics, which it does not count itself)
served() {
  curl -sf --max-time 5 "$http/metrics" | sed -n 's/.*"requests":{\([^}]*\)}.*/\1/p' \
    | awk -F, '{ s = 0; for (i = 1; i <= NF; i++) { split($i, kv, ":"); s += kv[2] } print s }'
}

# every process below PID, deepest first
tree() {
  local child
  for child in $(ps -o pid= --ppid "$1"); do
    tree "$child"
    echo "$child"
  done
}

# drill TOOL PATTERN ARGS...: a build loading the target with TOOL (whose JVM's command line matches PATTERN) is
# killed with kill -9 once the target counts its load; then nothing of it may run, and the target may count no more.
drill() {
  local tool=$1 pattern=$2
  shift 2
  local log="$out/$tool.log" before pids loading=
  echo "[loadlab] stop drill $tool: mvn verify $* (log $log)"
  set -m
  # the load without loadlab's own tests (-DskipTests would leave the load out too)
  mvn -B -o verify -DskipUnitTests -Dexperiments=api-gateway -Drun.label="stop-drill-$tool" \
    -Dtarget.url="$http" -Dtarget.tlsUrl="$tls" -Dtarget.certificate="$out/cert.pem" "$@" >"$log" 2>&1 &
  build=$!
  set +m
  before=$(served)
  for _ in $(seq 1 600); do
    if pgrep -f "$pattern" >/dev/null && [ "$(served)" -gt $((before + 100)) ]; then
      loading=yes
      break
    fi
    kill -0 "$build" 2>/dev/null || fail "$tool: the build ended before its load began, see $log"
    sleep 0.5
  done
  [ -n "$loading" ] || fail "$tool: no load within 5 minutes, see $log"
  pids=$(tree "$build")
  kill -9 "$build"
  sleep "$grace_seconds"
  local after_grace left
  after_grace=$(served)
  left=$(for p in $pids; do kill -0 "$p" 2>/dev/null && ps -o pid=,args= -p "$p" | cut -c1-150; done || true)
  sleep "$quiet_seconds"
  local at_end
  at_end=$(served)
  echo "[loadlab] stop drill $tool: $(echo "$pids" | wc -w) processes below Maven at the kill; alive ${grace_seconds} s" \
    "later: $(echo -n "$left" | grep -c . || true); requests counted from ${grace_seconds} s to" \
    "$((grace_seconds + quiet_seconds)) s after the kill: $((at_end - after_grace))"
  [ -z "$left" ] || fail "$tool: still running ${grace_seconds} s after the build was killed:"$'\n'"$left"
  [ "$at_end" -eq "$after_grace" ] \
    || fail "$tool: the target counted $((at_end - after_grace)) requests from ${grace_seconds} s after the kill on"
  build=
}

# Gatling alone (the h2 wire: JMeter's h2 runs come later, after Gatling's), its ramp long enough to be killed in it
drill gatling io.gatling.app.Gatling -Dwires=h2 -Dapi.ramp.users=20 -Dapi.ramp.rampSeconds=2 \
  -Dapi.requestsPerUser=1000000 -Dapi.ramp.durationSeconds=120
# JMeter alone (h2c: Gatling has no h2c), its first thread group long enough to be killed in it
drill jmeter ApacheJMeter -Dwires=h2c -Djmeter.config1.durationSeconds=120 -Djmeter.config1.iterationsPerUser=1000000

# A remote engine (its own process, started here as on its host) running the plan for a controller build that is
# killed: the engine stops the test once its controller is gone, and stays up for the next one.
port=
for p in $(shuf -i 20000-32000 -n 100); do (exec 3<>"/dev/tcp/127.0.0.2/$p") 2>/dev/null || { port=$p; break; }; done
[ -n "$port" ] || fail "no free port on 127.0.0.2"
set -m
target/jmeter-engine/bin/loadlab-engine.sh --host 127.0.0.2 --port "$port" >"$out/engine.log" 2>&1 &
engine=$!
set +m
for _ in $(seq 1 120); do (exec 3<>"/dev/tcp/127.0.0.2/$port") 2>/dev/null && break; sleep 0.5; done
drill engine "ApacheJMeter.*-R" -Pdistributed -Djmeter.engines="127.0.0.2:$port" -Dwires=h2c \
  -Djmeter.config1.durationSeconds=120 -Djmeter.config1.iterationsPerUser=1000000
kill -0 "$engine" 2>/dev/null || fail "engine: the engine itself ended, see $out/engine.log"
engine_log=$(ls target/jmeter-engine/logs/engine-127.0.0.2-"$port".log)
grep -q "is gone; stopping the test now" "$engine_log" || fail "engine: its log does not say it stopped, see $engine_log"
echo "[loadlab] stop drill engine: $(grep -o 'the controller at .* is gone; stopping the test now' "$engine_log")"
echo "[loadlab] stop drill: passed"
