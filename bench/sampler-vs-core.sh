#!/usr/bin/env bash
# loadlab's HTTP/2 sampler against JMeter's core HTTP/1.1 sampler (HttpClient4): requests per second with the
# same plan (jmeter/api-gateway.jmx), the same endpoint and the same thread count, one after the other on
# one reference server. Floor for the ratio: 0.6.
#   usage: mvn -B package && bash bench/sampler-vs-core.sh
#   knobs: THREADS (16), DURATION_SECONDS (20), WARMUP_SECONDS (5), BENCH_PATH (/users/getAllUsers)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
THREADS=${THREADS:-16} DURATION_SECONDS=${DURATION_SECONDS:-20} WARMUP_SECONDS=${WARMUP_SECONDS:-5}
BENCH_PATH=${BENCH_PATH:-/users/getAllUsers}
trap stop_server EXIT
start_server
tuned=(-q "$PWD/jmeter/tuning.properties")
jvm="-Xms1g -Xmx1g -XX:+UseParallelGC"

read -r core core_errors < <(run_jmeter core-http1 "$jvm" "${tuned[@]}" -Jprotocol=http1 -Jtarget.url="$HTTP_URL" -Japi.path="$BENCH_PATH")
read -r h2c h2c_errors < <(run_jmeter loadlab-h2c "$jvm" "${tuned[@]}" -Jprotocol=http2 -Jtarget.url="$HTTP_URL" -Japi.path="$BENCH_PATH")
read -r h2 h2_errors < <(run_jmeter loadlab-h2 "$jvm" "${tuned[@]}" -Jprotocol=http2 -Jtarget.url="$TLS_URL" -Japi.path="$BENCH_PATH" \
  -Jjmeter.trustedCertificate="$CERT_PEM")
read -r core_tls core_tls_errors < <(run_jmeter core-http1-tls "$jvm" "${tuned[@]}" -Jprotocol=http1 -Jtarget.url="$TLS_URL" -Japi.path="$BENCH_PATH")

# The server's own count of requests per protocol: the HTTP/2 samples must have arrived as h2c and h2.
echo "server /metrics requests: $(curl -s "$HTTP_URL/metrics" | grep -o '"requests":{[^}]*}')"
printf '%-44s %10s %8s %8s\n' "sampler ($THREADS threads, ${DURATION_SECONDS}s, $BENCH_PATH)" "req/s" "errors" "ratio"
printf '%-44s %10s %8s %8s\n' "core HTTP/1.1 (HttpClient4), http://" "$core" "$core_errors" "1.00"
printf '%-44s %10s %8s %8s\n' "loadlab http2 (h2c prior knowledge), http://" "$h2c" "$h2c_errors" "$(ratio "$h2c" "$core")"
printf '%-44s %10s %8s %8s\n' "core HTTP/1.1 (HttpClient4), https://" "$core_tls" "$core_tls_errors" "1.00"
printf '%-44s %10s %8s %8s\n' "loadlab http2 (h2 via ALPN), https://" "$h2" "$h2_errors" "$(ratio "$h2" "$core_tls")"
