#!/usr/bin/env bash
# loadlab's HTTP/2 sampler against JMeter's core HTTP/1.1 sampler (HttpClient4): requests per second with the
# same plan (jmeter/api-gateway.jmx), the same endpoint and the same thread count on one reference server. Each
# round runs the four one after the other; each round's ratios and their medians are printed. With PROFILE=1,
# one more run of the core sampler and of the h2c sampler, not measured, is recorded by JDK Flight Recorder and
# summarised beside the figures. Floor for the median ratio: 0.6.
# Before the measured rounds, one round of the four (WARMUP_ROUND_SECONDS each, not measured) warms the server up:
# it lives through the whole bench, so without it the first run over each wire also pays for the server's JIT (the
# h2 run, first over TLS, made 0.79 and 0.87 of the core sampler in round 1 against 0.94-1.07 in rounds 2 and 3).
#   usage: mvn -B -DskipTests package && bash bench/sampler-vs-core.sh
#   knobs: ROUNDS (3), THREADS (16), DURATION_SECONDS (20), WARMUP_SECONDS (5), BENCH_PATH (/users/getAllUsers),
#          WARMUP_ROUND_SECONDS (10; 0: no warm-up round), PROFILE (1)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
THREADS=${THREADS:-16} DURATION_SECONDS=${DURATION_SECONDS:-20} WARMUP_SECONDS=${WARMUP_SECONDS:-5}
BENCH_PATH=${BENCH_PATH:-/users/getAllUsers} ROUNDS=${ROUNDS:-3} PROFILE=${PROFILE:-1}
WARMUP_ROUND_SECONDS=${WARMUP_ROUND_SECONDS:-10}
trap stop_server EXIT
start_server
tuned=(-q "$PWD/jmeter/tuning.properties")
jvm="-Xms1g -Xmx1g -XX:+UseParallelGC"

h1=(-Jprotocol=http1 -Jtarget.url="$HTTP_URL" -Japi.path="$BENCH_PATH")
h2c=(-Jprotocol=http2 -Jtarget.url="$HTTP_URL" -Japi.path="$BENCH_PATH")
h2=(-Jprotocol=http2 -Jtarget.url="$TLS_URL" -Japi.path="$BENCH_PATH" -Jjmeter.trustedCertificate="$CERT_PEM")
h1_tls=(-Jprotocol=http1 -Jtarget.url="$TLS_URL" -Japi.path="$BENCH_PATH")

# warm_up NAME [JMeter options...]: one run of WARMUP_ROUND_SECONDS, not measured
warm_up() { DURATION_SECONDS=$WARMUP_ROUND_SECONDS WARMUP_SECONDS=0 run_jmeter "warm-up-$1" "$jvm" "${tuned[@]}" "${@:2}" >/dev/null; }
if ((WARMUP_ROUND_SECONDS > 0)); then
  echo "warm-up: each of the four for ${WARMUP_ROUND_SECONDS}s against the server (not measured)"
  warm_up core-http1 "${h1[@]}" && warm_up h2c "${h2c[@]}" && warm_up h2 "${h2[@]}" && warm_up core-http1-tls "${h1_tls[@]}"
fi

printf '%-6s %12s %10s %7s %12s %10s %7s %7s\n' round "core http://" "h2c" ratio "core https://" "h2" ratio errors
cleartext=() secure=()
for r in $(seq "$ROUNDS"); do
  read -r core core_errors < <(run_jmeter core-http1 "$jvm" "${tuned[@]}" "${h1[@]}")
  read -r h2c_rate h2c_errors < <(run_jmeter loadlab-h2c "$jvm" "${tuned[@]}" "${h2c[@]}")
  read -r h2_rate h2_errors < <(run_jmeter loadlab-h2 "$jvm" "${tuned[@]}" "${h2[@]}")
  read -r core_tls core_tls_errors < <(run_jmeter core-http1-tls "$jvm" "${tuned[@]}" "${h1_tls[@]}")
  cleartext+=("$(ratio "$h2c_rate" "$core")") secure+=("$(ratio "$h2_rate" "$core_tls")")
  printf '%-6s %12s %10s %7s %12s %10s %7s %7s\n' "$r" "$core" "$h2c_rate" "${cleartext[-1]}" "$core_tls" "$h2_rate" \
    "${secure[-1]}" $((core_errors + h2c_errors + h2_errors + core_tls_errors))
done

# The server's own count of requests per protocol: the HTTP/2 samples must have arrived as h2c and h2.
echo "server /metrics requests: $(curl -s "$HTTP_URL/metrics" | grep -o '"requests":{[^}]*}')"
echo "median ratio to the core sampler ($THREADS threads, ${DURATION_SECONDS}s, $BENCH_PATH, $ROUNDS rounds):" \
  "h2c $(median "${cleartext[@]}"), h2 $(median "${secure[@]}") (floor 0.6)"
if [ "$PROFILE" = 1 ]; then
  echo "profiles (JFR, one run each): $(profile_run core-http1-profiled "$jvm" "${tuned[@]}" "${h1[@]}")" \
    "$(profile_run loadlab-h2c-profiled "$jvm" "${tuned[@]}" "${h2c[@]}")"
fi
