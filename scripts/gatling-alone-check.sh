#!/usr/bin/env bash
# Gatling's own habit outside `mvn verify`: `mvn gatling:test -Dgatling.simulationClass=...` runs the simulation on a
# reference server of its own (no -Dtarget.url) and writes Gatling's report; a simulation that stops at start (here on a
# target that does not answer) fails the build with its cause in one line. Needs a built tree; .ci/run runs it after the build.
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/gatling-alone
rm -rf "$out"
mkdir -p "$out"

fail() {
  echo "[loadlab] gatling alone: $*" >&2
  exit 1
}

simulation=dev.loadlab.simulations.CalibrationSimulation
touch "$out/start"
mvn -B -o gatling:test -Dgatling.simulationClass=$simulation \
  -Dcalibration.warmupSeconds=1 -Dcalibration.windowSeconds=2 >"$out/run.log" 2>&1 \
  || fail "mvn gatling:test failed, see $out/run.log"
grep -q "a reference server in this JVM" "$out/run.log" || fail "no in-process target, see $out/run.log"
report=$(find target/gatling -maxdepth 2 -path '*/calibrationsimulation-*' -name index.html -newer "$out/start" | head -1)
[ -n "$report" ] || fail "no new Gatling report under target/gatling, see $out/run.log"
echo "[loadlab] gatling alone: mvn gatling:test -Dgatling.simulationClass=$simulation: BUILD SUCCESS, report $report"

# a target where nothing listens (port 1 on loopback): the simulation stops before any load
if mvn -B -o gatling:test -Dgatling.simulationClass=$simulation -Dtarget.url=http://127.0.0.1:1 >"$out/refused.log" 2>&1; then
  fail "a simulation that stopped at start left the build green, see $out/refused.log"
fi
line=$(grep -m1 "^loadlab: CalibrationSimulation: " "$out/refused.log") || fail "no one-line cause, see $out/refused.log"
grep -q "BUILD FAILURE" "$out/refused.log" || fail "no BUILD FAILURE, see $out/refused.log"
echo "[loadlab] gatling alone: a simulation that stops at start: BUILD FAILURE with \"$line\""
echo "[loadlab] gatling alone: passed"
