#!/usr/bin/env bash
# JMeter's core HTTP/1.1 sampler as an injector, against wrk: requests per second on the same endpoint with
# as many JMeter threads as wrk connections, before tuning (the plugin's JVM defaults: 512 MB heap, default
# GC, every result field saved) and after (loadlab's settings: jmeter.heapMb / jmeter.gcArg of the pom and
# jmeter/tuning.properties). Each round runs wrk, JMeter with defaults and JMeter tuned, one after the other;
# each round's ratios and their medians are printed. With PROFILE=1 one more tuned run, not measured, is
# recorded by JDK Flight Recorder and summarised beside the figures. Floor after tuning: 0.2 of wrk.
#   usage: mvn -B -DskipTests package && bash bench/jmeter-vs-wrk.sh
#   knobs: ROUNDS (3), THREADS (16), DURATION_SECONDS (20), WARMUP_SECONDS (5), BENCH_PATH (/users/getAllUsers),
#          TUNED_JVM ("-Xms1024m -Xmx1024m -XX:+UseParallelGC", keep equal to the pom's jmeter.* values at -Pfull:
#          a saturation of 20 s is a full run's kind, so C2 stays, jmeter.jitTier=4), PROFILE (1)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
THREADS=${THREADS:-16} DURATION_SECONDS=${DURATION_SECONDS:-20} WARMUP_SECONDS=${WARMUP_SECONDS:-5}
BENCH_PATH=${BENCH_PATH:-/users/getAllUsers} ROUNDS=${ROUNDS:-3} PROFILE=${PROFILE:-1}
TUNED_JVM=${TUNED_JVM:-"-Xms1024m -Xmx1024m -XX:+UseParallelGC"}
trap stop_server EXIT
start_server
url="$HTTP_URL$BENCH_PATH"

plan=(-Jprotocol=http1 -Jtarget.url="$HTTP_URL" -Japi.path="$BENCH_PATH")
tuning=(-q "$PWD/jmeter/tuning.properties")

printf '%-6s %10s %14s %7s %12s %7s %7s\n' round "wrk req/s" "JMeter default" ratio "JMeter tuned" ratio errors
defaults=() tuned=()
for r in $(seq "$ROUNDS"); do
  wrk=$(wrk_rate "$url")
  read -r before before_errors < <(run_jmeter jmeter-defaults "-Xms512m -Xmx512m" "${plan[@]}")
  read -r after after_errors < <(run_jmeter jmeter-tuned "$TUNED_JVM" "${tuning[@]}" "${plan[@]}")
  defaults+=("$(ratio "$before" "$wrk")") tuned+=("$(ratio "$after" "$wrk")")
  printf '%-6s %10s %14s %7s %12s %7s %7s\n' "$r" "$wrk" "$before" "${defaults[-1]}" "$after" "${tuned[-1]}" \
    $((before_errors + after_errors))
done
echo "median ratio to wrk ($THREADS connections, ${DURATION_SECONDS}s, $ROUNDS rounds): defaults $(median "${defaults[@]}")," \
  "tuned $(median "${tuned[@]}") (floor 0.2 after tuning)"
if [ "$PROFILE" = 1 ]; then
  echo "profile (JFR, one tuned run): $(profile_run jmeter-tuned-profiled "$TUNED_JVM" "${tuning[@]}" "${plan[@]}")"
fi
