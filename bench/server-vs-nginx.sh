#!/usr/bin/env bash
# Throughput of the reference server's /users/getAllUsers as a ratio to nginx answering the same bytes
# from memory (return 200 '<body>'), back to back in one run: wrk over HTTP/1.1, h2load over h2 (TLS,
# ALPN). Rounds alternate nginx and Jetty so machine noise hits both alike; the ratio per round and the
# median are printed. Needs Debian's wrk, nghttp2-client (h2load), nginx-light and openssl.
#
#   bench/server-vs-nginx.sh                     # 3 rounds of 10 s per tool and server
#   ROUNDS=5 SECONDS_PER_RUN=15 CONNECTIONS=64 bench/server-vs-nginx.sh
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-3}                  # alternating measured runs per server
SECONDS_PER_RUN=${SECONDS_PER_RUN:-10}
WARMUP_SECONDS=${WARMUP_SECONDS:-10} # JIT warm-up of the JVM, outside the measured window
CONNECTIONS=${CONNECTIONS:-32}       # same connection count for both servers
STREAMS=${STREAMS:-10}               # h2load concurrent streams per connection
for tool in wrk h2load nginx openssl; do
  command -v "$tool" >/dev/null || { echo "bench: $tool is missing: apt-get install wrk nghttp2-client nginx-light openssl" >&2; exit 2; }
done

work=target/bench/server-vs-nginx
rm -rf "$work" && mkdir -p "$work"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

mvn -q -B -DskipTests package dependency:build-classpath -Dmdep.outputFile="$work/cp.txt" >/dev/null
jetty_http=$(free_port); jetty_tls=$(free_port)
java -cp "target/classes:$(cat "$work/cp.txt")" -Djava.util.prefs.userRoot="$work/prefs" \
  dev.loadlab.server.ReferenceServer --http-port="$jetty_http" --tls-port="$jetty_tls" \
  --exit-with-pid=$$ >"$work/jetty.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do grep -q 'server ready' "$work/jetty.log" && break; sleep 0.2; done
grep -q 'server ready' "$work/jetty.log" || { echo "bench: reference server did not start:"; cat "$work/jetty.log"; exit 1; }

# nginx answers exactly the bytes Jetty sends, from memory, with a throwaway certificate.
curl -sf "http://127.0.0.1:$jetty_http/users/getAllUsers" -o "$work/body.json"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=localhost \
  -keyout "$work/nginx.key" -out "$work/nginx.crt" 2>/dev/null
nginx_http=$(free_port); nginx_tls=$(free_port)
cat >"$work/nginx.conf" <<EOF
worker_processes auto;
daemon off;
pid $PWD/$work/nginx.pid;
error_log $PWD/$work/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:$nginx_http;
    listen 127.0.0.1:$nginx_tls ssl http2;
    ssl_certificate $PWD/$work/nginx.crt;
    ssl_certificate_key $PWD/$work/nginx.key;
    location = /users/getAllUsers { default_type application/json; return 200 '$(cat "$work/body.json")'; }
  }
}
EOF
nginx -c "$PWD/$work/nginx.conf" -p "$PWD/$work" &
pids+=($!)
sleep 1
[ "$(curl -s "http://127.0.0.1:$nginx_http/users/getAllUsers")" = "$(cat "$work/body.json")" ] \
  || { echo "bench: nginx does not answer the same body"; exit 1; }

wrk_rps() { wrk -t2 -c"$CONNECTIONS" -d"${2}s" "$1/users/getAllUsers" | awk '/Requests\/sec/ {print $2}'; }
h2_rps() { h2load -c"$CONNECTIONS" -m"$STREAMS" -t2 -D"$2" "$1/users/getAllUsers" 2>/dev/null | awk '/^finished in/ {print $4}'; }

echo "warm-up: ${WARMUP_SECONDS}s of wrk and h2load against the reference server (not measured)"
wrk_rps "http://127.0.0.1:$jetty_http" "$WARMUP_SECONDS" >/dev/null
h2_rps "https://127.0.0.1:$jetty_tls" "$WARMUP_SECONDS" >/dev/null

printf '\n%-6s %-9s %12s %12s %7s\n' round tool "nginx req/s" "jetty req/s" ratio
h1=(); h2=()
for r in $(seq "$ROUNDS"); do
  n=$(wrk_rps "http://127.0.0.1:$nginx_http" "$SECONDS_PER_RUN"); j=$(wrk_rps "http://127.0.0.1:$jetty_http" "$SECONDS_PER_RUN")
  ratio=$(awk -v j="$j" -v n="$n" 'BEGIN {printf "%.2f", j / n}'); h1+=("$ratio")
  printf '%-6s %-9s %12.0f %12.0f %7s\n' "$r" "wrk h1" "$n" "$j" "$ratio"
  n=$(h2_rps "https://127.0.0.1:$nginx_tls" "$SECONDS_PER_RUN"); j=$(h2_rps "https://127.0.0.1:$jetty_tls" "$SECONDS_PER_RUN")
  ratio=$(awk -v j="$j" -v n="$n" 'BEGIN {printf "%.2f", j / n}'); h2+=("$ratio")
  printf '%-6s %-9s %12.0f %12.0f %7s\n' "$r" "h2load h2" "$n" "$j" "$ratio"
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
echo
echo "median ratio to nginx, HTTP/1.1 (wrk):  $(median "${h1[@]}")   (floor 0.7)"
echo "median ratio to nginx, h2 (h2load, TLS): $(median "${h2[@]}")   (floor 0.7)"
