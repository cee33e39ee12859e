#!/usr/bin/env bash
# The fault drill: the suite run twice on the reference server with faults on purpose, each run checked for what a
# user must see (docs/faults.md). Needs a built tree (`mvn verify` first); .ci/run runs it after the build.
#   faults: 5 % of the API route's connections reset (-Dfaults.resetRate), and a 3 s outage of the load ports, set
#           through the admin port while Gatling runs;
#   kill:   the reference server killed (kill -9) while Gatling runs, and never back; a :stop limit on the errors
#           stops each run once they cross it (Gatling's and JMeter's alike).
# Each must: end by itself (never hang), fail at its gate, leave reports/index.html and summary.json with the errors
# counted by kind (resets as resets, in Gatling and JMeter alike) and over time (the outage where it happened), and
# leave no process of this tree running. Each run is kept in reports/runs/drill-<name>/.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=target/drill
mkdir -p "$out"
[ -f target/classes/dev/loadlab/report/ReportMain.class ] || { echo "[loadlab] fault drill: run 'mvn verify' first" >&2; exit 1; }
fail() { echo "[loadlab] fault drill: $*" >&2; exit 1; }
mvn -B -q dependency:build-classpath -Dmdep.outputFile="$out/cp.txt" >"$out/classpath.log" 2>&1 || fail "mvn dependency:build-classpath failed, see $out/classpath.log"

target_value() { sed -n "s/^$1=//p" target/loadlab/target.properties 2>/dev/null; }

# Waits until Gatling's first run of the build has been sending for a few seconds (its simulation.log grows).
wait_for_gatling() {
  for _ in $(seq 1 600); do
    if compgen -G "target/gatling/*/apigatewaysimulation-*/simulation.log" >/dev/null; then
      sleep 3
      return 0
    fi
    kill -0 "$1" 2>/dev/null || fail "the build ended before Gatling ran, see $2"
    sleep 0.5
  done
  fail "Gatling did not start within 5 minutes, see $2"
}

# Waits for the build; a build still running after 10 minutes has hung: stop it and fail.
wait_for_build() {
  local pid=$1 log=$2
  for _ in $(seq 1 600); do
    kill -0 "$pid" 2>/dev/null || { wait "$pid"; return $?; }
    sleep 1
  done
  kill -- -"$pid" 2>/dev/null || kill "$pid"
  fail "the build hung (still running after 10 minutes), see $log"
}

no_process_left() {
  sleep 2 # the server notices its build's end within a second
  local left
  left=$(pgrep -af -- "$root/target" | grep -v pgrep || true)
  [ -z "$left" ] || fail "processes of this tree still run after the $1 run:"$'\n'"$left"
}

# drill NAME ACTION [-Dsetting=value ...]: one short run of the API-gateway experiment, both tools on the one wire they
# share (HTTP/1.1 over TLS: the faults are the point, every wire is verify's), with a longer ramp so that the action
# lands in the middle of Gatling's first run.
drill() {
  local name=$1 action=$2
  shift 2
  local log=$out/$name.log
  echo "[loadlab] fault drill $name: mvn verify -Dexperiments=api-gateway -Dwires=http1-tls $* (log $log)"
  rm -rf target/gatling # an earlier run's simulation.log must not pass for this one's start
  set -m # the build in a process group of its own, so that a hung one is stopped whole
  # the load without loadlab's own tests (-DskipTests would leave the load out too)
  mvn -B -o verify -DskipUnitTests -Dexperiments=api-gateway -Dwires=http1-tls -Dapi.ramp.rampSeconds=10 \
    -Drun.label="drill-$name" "$@" \
    >"$log" 2>&1 &
  local pid=$!
  set +m
  wait_for_gatling "$pid" "$log"
  "$action"
  local status=0
  wait_for_build "$pid" "$log" || status=$?
  [ "$status" -ne 0 ] || fail "$name: the build passed; its gate must fail (see $log)"
  grep -q "loadlab gate: FAILED" "$log" || fail "$name: the build failed before its gate (see $log)"
  [ -f reports/index.html ] && [ -f reports/summary.json ] || fail "$name: no report was written (see $log)"
  # the page's first screen says what the gate said: FAILED, with the same number of failing checks
  local failing
  failing=$(grep -m1 -o 'loadlab gate: FAILED, [0-9]* of [0-9]* checks' "$log" | sed 's/loadlab gate: FAILED, //')
  grep -q "<strong>Gate: FAILED</strong>, $failing:" reports/index.html \
    || fail "$name: index.html does not open on the gate's verdict ($failing failing; see reports/index.html)"
  java -cp "target/test-classes:target/classes:$(cat "$out/cp.txt")" dev.loadlab.checks.FaultDrillCheck "$name" reports/summary.json reports/index.html \
    || fail "$name: the report does not show the faults (see $log and reports/index.html)"
  no_process_left "$name"
  echo "[loadlab] fault drill $name: passed (gate failed as it must; $(grep -m1 'loadlab gate: FAILED' "$log"))"
}

outage() {
  local admin
  admin=$(target_value target.adminUrl)
  [ -n "$admin" ] || fail "no target.adminUrl in target/loadlab/target.properties"
  curl -fsS -X POST "$admin/faults/outage?seconds=3" >/dev/null || fail "the admin port refused the outage"
}

kill_server() {
  kill -9 "$(cat target/reference-server/server.pid)" || fail "no reference server to kill"
}

drill faults outage -Dfaults.resetRate=0.05 -Dfaults.paths=/users/getAllUsers
# A limit that stops the run (docs/report.md): once the server is gone, each run's errors cross 50 % and both tools stop
# it within seconds; the gate names each stop (the studies' own entries kept before it).
drill kill kill_server "-Dgate.limits=stress:errorPct=100;api-gateway:errorPct=50:stop"
for tool in gatling jmeter; do
  grep -q "^[0-9]*	[0-9]*	$tool " target/loadlab/stops.tsv 2>/dev/null \
    || fail "kill: no $tool run was stopped by its :stop limit (target/loadlab/stops.tsv)"
done
grep -q "<td>stopped</td>" reports/index.html \
  || fail "kill: index.html does not name the stopped runs"
echo "[loadlab] fault drill kill: the :stop limit stopped $(wc -l <target/loadlab/stops.tsv) runs, Gatling's and JMeter's"
echo "[loadlab] fault drill: passed"
