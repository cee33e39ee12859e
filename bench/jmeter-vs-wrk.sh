#!/usr/bin/env bash
# JMeter's core HTTP/1.1 sampler as an injector, against wrk: requests per second on the same endpoint with
# as many JMeter threads as wrk connections, before tuning (the plugin's JVM defaults: 512 MB heap, default
# GC, every result field saved) and after (loadlab's settings: jmeter.heapMb / jmeter.gcArg of the pom and
# jmeter/tuning.properties). Floor after tuning: 0.2 of wrk.
#   usage: mvn -B package && bash bench/jmeter-vs-wrk.sh
#   knobs: THREADS (16), DURATION_SECONDS (20), WARMUP_SECONDS (5), BENCH_PATH (/users/getAllUsers),
#          TUNED_JVM ("-Xms1024m -Xmx1024m -XX:+UseParallelGC", keep equal to the pom's jmeter.* values)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
THREADS=${THREADS:-16} DURATION_SECONDS=${DURATION_SECONDS:-20} WARMUP_SECONDS=${WARMUP_SECONDS:-5}
BENCH_PATH=${BENCH_PATH:-/users/getAllUsers}
TUNED_JVM=${TUNED_JVM:-"-Xms1024m -Xmx1024m -XX:+UseParallelGC"}
trap stop_server EXIT
start_server
url="$HTTP_URL$BENCH_PATH"

wrk_before=$(wrk_rate "$url")
read -r before before_errors < <(run_jmeter jmeter-defaults "-Xms512m -Xmx512m" \
  -Jprotocol=http1 -Jtarget.url="$HTTP_URL" -Japi.path="$BENCH_PATH")
read -r after after_errors < <(run_jmeter jmeter-tuned "$TUNED_JVM" -q "$PWD/jmeter/tuning.properties" \
  -Jprotocol=http1 -Jtarget.url="$HTTP_URL" -Japi.path="$BENCH_PATH")
wrk_after=$(wrk_rate "$url")

printf '%-40s %10s %8s %12s\n' "injector ($THREADS connections, ${DURATION_SECONDS}s)" "req/s" "errors" "ratio to wrk"
printf '%-40s %10s %8s %12s\n' "wrk -t2 (before the JMeter runs)" "$wrk_before" "-" "1.00"
printf '%-40s %10s %8s %12s\n' "JMeter core sampler, defaults" "$before" "$before_errors" "$(ratio "$before" "$wrk_before")"
printf '%-40s %10s %8s %12s\n' "JMeter core sampler, tuned" "$after" "$after_errors" "$(ratio "$after" "$wrk_before")"
printf '%-40s %10s %8s %12s\n' "wrk -t2 (after the JMeter runs)" "$wrk_after" "-" "$(ratio "$wrk_after" "$wrk_before")"
