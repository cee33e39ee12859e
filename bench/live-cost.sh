#!/usr/bin/env bash
# What the live page costs a run: the calibration study (Gatling's CalibrationSimulation and JMeter's calibration.jmx,
# the closed loop on the server's fast route, on the wires it runs) built with the page on and off, rounds
# alternating, each tool's "fast measured" throughput read from the run's summary.json. Prints each round's rates and
# the ratio on/off per tool and wire, then the median ratios (goal: within noise of 1).
#   usage: bash bench/live-cost.sh     knobs: ROUNDS (3)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
int_knob ROUNDS 3 1 99
out=target/bench/live-cost
rm -rf "$out" && mkdir -p "$out"

# build ON|OFF ROUND: one build of the calibration; prints "tool wire requests/s" for each fast measured row
build() {
  mvn -B -o verify -DskipUnitTests -Dexperiments=calibration -Dlive="$1" -Drun.label="live-cost-$1-$2" \
    >"$out/$1-$2.log" 2>&1 || fail "the build with -Dlive=$1 failed, see $out/$1-$2.log"
  python3 -c 'import json, sys
for r in json.load(open("reports/summary.json"))["scenarios"]:
    if r["scenario"] == "fast measured":
        print(r["tool"], r["protocol"].replace(" ", "_"), "%.0f" % r["throughputPerSec"])'
}

declare -A ratios
for round in $(seq "$ROUNDS"); do
  on=$(build true "$round")
  off=$(build false "$round")
  while read -r tool wire rate; do
    off_rate=$(awk -v t="$tool" -v w="$wire" '$1 == t && $2 == w { print $3 }' <<<"$off")
    r=$(ratio "$rate" "$off_rate")
    ratios[$tool/$wire]+="$r "
    echo "round $round: $tool $wire: on $rate, off $off_rate requests/s: $r"
  done <<<"$on"
done
for key in "${!ratios[@]}"; do
  # shellcheck disable=SC2086
  echo "$key: median on/off $(median ${ratios[$key]}) (${ratios[$key]% })"
done | sort
