#!/usr/bin/env bash
# A new connection per request, JMeter against ab: the latency experiment's JMeter plan (jmeter/latency.jmx: a
# keep-alive warm-up, then the plain run, Use KeepAlive off, then the -k run) against `ab -c C -n N` and
# `ab -k -c C -n N` on the same route of the same reference server (server.fooDelayMs: 5 ms at smoke scale). Rounds
# run ab, ab -k and the plan one after the other; each round's ratios and their medians are printed. The goal: the
# plain run within 10 % of ab, as the -k run is. With PROFILE=1 one more plan run, not measured, is recorded by JDK
# Flight Recorder and summarised beside the figures.
#   usage: mvn -B -DskipTests package && bash bench/plain-vs-ab.sh
#   knobs: ROUNDS (3), CONCURRENCY (10), REQUESTS (5000), LATENCY_PATH (/foo/2/bar/3), JVM (the build's JMeter JVM
#          at smoke scale, "-Xms1024m -Xmx1024m -XX:+UseParallelGC -XX:TieredStopAtLevel=1"; jmeter.jitTier=4,
#          full scale's, without the last option), PROFILE (1)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
ROUNDS=${ROUNDS:-3} CONCURRENCY=${CONCURRENCY:-10} REQUESTS=${REQUESTS:-5000} PROFILE=${PROFILE:-1}
LATENCY_PATH=${LATENCY_PATH:-/foo/2/bar/3} JVM=${JVM:-"-Xms1024m -Xmx1024m -XX:+UseParallelGC -XX:TieredStopAtLevel=1"}
command -v ab >/dev/null || { echo "bench: ab is missing: apt-get install apache2-utils" >&2; exit 2; }
trap stop_server EXIT
start_server
url="$HTTP_URL$LATENCY_PATH"

# ab_rate [-k]: ab's own requests/s; a failed or non-2xx request stops the bench.
ab_rate() {
  local out; out=$(ab "$@" -c "$CONCURRENCY" -n "$REQUESTS" "$url" 2>&1)
  grep -q "^Failed requests: *0$" <<<"$out" && ! grep -q "^Non-2xx" <<<"$out" || { echo "bench: ab failed: $out" >&2; exit 1; }
  awk '/^Requests per second:/ { printf "%.0f", $4 }' <<<"$out"
}

# label_rate CSV LABEL: the samples of LABEL over the time from the first one's start to the last one's end; 0 when
# one failed. (Python's csv: the thread names hold commas, "ab, first run 2-1", so the file quotes them.)
label_rate() {
  python3 - "$1" "$2" <<'PY'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["label"] == sys.argv[2]]
starts = [int(r["timeStamp"]) for r in rows]
ends = [int(r["timeStamp"]) + int(r["elapsed"]) for r in rows]
ok = rows and all(r["success"] == "true" for r in rows) and max(ends) > min(starts)
print(f"{len(rows) / ((max(ends) - min(starts)) / 1000):.0f}" if ok else 0)
PY
}

plan=(-q "$PWD/jmeter/tuning.properties" -Jprotocol=http1 -Jtarget.url="$HTTP_URL" -Jlatency.path="$LATENCY_PATH"
  -Jlatency.runs="${CONCURRENCY}x$REQUESTS")
plain_label="ab -c $CONCURRENCY -n $REQUESTS" keepalive_label="ab -k -c $CONCURRENCY -n $REQUESTS"

# ab's first run on a fresh server was 15 % below its later ones: the server's new-connection path is warmed first.
ab_rate >/dev/null
printf '%-6s %10s %14s %7s %10s %14s %7s\n' round "ab req/s" "JMeter plain" ratio "ab -k" "JMeter -k" ratio
plain=() keepalive=()
for r in $(seq "$ROUNDS"); do
  ab_plain=$(ab_rate) ab_keepalive=$(ab_rate -k)
  jmeter_plan latency "$JVM" latency.jmx "${plan[@]}"
  j_plain=$(label_rate target/bench/latency.csv "$plain_label")
  j_keepalive=$(label_rate target/bench/latency.csv "$keepalive_label")
  [ "$j_plain" != 0 ] && [ "$j_keepalive" != 0 ] || { echo "bench: the plan's runs failed, see target/bench/latency.*" >&2; exit 1; }
  plain+=("$(ratio "$j_plain" "$ab_plain")") keepalive+=("$(ratio "$j_keepalive" "$ab_keepalive")")
  printf '%-6s %10s %14s %7s %10s %14s %7s\n' "$r" "$ab_plain" "$j_plain" "${plain[-1]}" "$ab_keepalive" "$j_keepalive" \
    "${keepalive[-1]}"
done
echo "median ratio of JMeter to ab (-c $CONCURRENCY -n $REQUESTS, $LATENCY_PATH, $ROUNDS rounds):" \
  "plain $(median "${plain[@]}"), -k $(median "${keepalive[@]}") (goal: 0.9 or more)"
if [ "$PROFILE" = 1 ]; then
  rm -f target/bench/latency-profiled.jfr
  jmeter_plan latency-profiled "$JVM $(jfr_jvm "$PWD/target/bench/latency-profiled.jfr")" latency.jmx "${plan[@]}"
  python3 bench/jfr-top.py --threads "^ab, first run" target/bench/latency-profiled.jfr >target/bench/latency-profiled-profile.txt
  echo "profile of the plain run's threads (JFR): target/bench/latency-profiled-profile.txt"
fi
