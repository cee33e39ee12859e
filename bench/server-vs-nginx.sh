#!/usr/bin/env bash
# Throughput of the reference server's /users/getAllUsers as a ratio to nginx answering the same bytes
# from memory (return 200 '<body>'), back to back in one run: wrk over HTTP/1.1, h2load over h2 (TLS,
# ALPN). Rounds alternate nginx and Jetty so machine noise hits both alike; the ratio per round and the
# median are printed, with each server's user and system CPU a request and what a goal leaves for the user
# time. With PROFILE=1 (the default) one more round per protocol, not measured, is recorded by JDK Flight Recorder
# and summarised by bench/jfr-top.py beside the figures. Needs Debian's wrk, nghttp2-client (h2load),
# nginx-light and openssl.
#
#   bash bench/server-vs-nginx.sh                # 5 rounds of 10 s per tool and server
#   ROUNDS=7 SECONDS_PER_RUN=15 CONNECTIONS=64 PIN=0 bash bench/server-vs-nginx.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

ROUNDS=${ROUNDS:-5}                  # alternating measured runs per server
SECONDS_PER_RUN=${SECONDS_PER_RUN:-10}
WARMUP_SECONDS=${WARMUP_SECONDS:-60} # JIT warm-up per protocol, outside the measured window (one core compiles slowly)
CONNECTIONS=${CONNECTIONS:-32}       # same connection count for both servers
STREAMS=${STREAMS:-10}               # h2load concurrent streams per connection
PROFILE=${PROFILE:-1}                # 1: one more round per protocol, not measured, under JDK Flight Recorder
GOAL_H1=${GOAL_H1:-1.0} GOAL_H2=${GOAL_H2:-1.3} # req per CPU-second against nginx's; what each leaves is printed
# The load generator and the servers get cores of their own, so that neither steals the other's CPU and
# both servers get the same budget: the client on CLIENT_CPUS, nginx and the JVM on SERVER_CPUS (taskset
# lists). PIN=0 lets all of them share every core instead.
PIN=${PIN:-1}
CLIENT_CPUS=${CLIENT_CPUS:-0}
SERVER_CPUS=${SERVER_CPUS:-1}
if [ "$PIN" = 1 ]; then
  client=(taskset -c "$CLIENT_CPUS"); server=(taskset -c "$SERVER_CPUS")
  server_cores=$(awk -F, '{print NF}' <<<"$SERVER_CPUS"); client_threads=$(awk -F, '{print NF}' <<<"$CLIENT_CPUS")
else
  client=(); server=(); server_cores=auto; client_threads=2
fi
for tool in wrk h2load nginx openssl; do
  command -v "$tool" >/dev/null || { echo "bench: $tool is missing: apt-get install wrk nghttp2-client nginx-light openssl" >&2; exit 2; }
done

work=target/bench/server-vs-nginx
rm -rf "$work" && mkdir -p "$work"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

mvn -q -B -Dmaven.test.skip=true package dependency:build-classpath -Dmdep.outputFile="$work/cp.txt" >/dev/null
jetty_http=$(free_port); jetty_tls=$(free_port)
# without the API route's workers (server.usersWorkers=0): nginx answers at once, so must the server
"${server[@]}" java -cp "target/classes:$(cat "$work/cp.txt")" -Djava.util.prefs.userRoot="$work/prefs" -Dserver.usersWorkers=0 \
  -Dserver.httpPort="$jetty_http" -Dserver.tlsPort="$jetty_tls" -Dserver.exitWithPid=$$ \
  dev.loadlab.server.ReferenceServer >"$work/jetty.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do grep -q 'server ready' "$work/jetty.log" && break; sleep 0.2; done
grep -q 'server ready' "$work/jetty.log" || { echo "bench: reference server did not start:"; cat "$work/jetty.log"; exit 1; }

# nginx answers exactly the bytes Jetty sends, from memory, with a throwaway certificate.
curl -sf "http://127.0.0.1:$jetty_http/users/getAllUsers" -o "$work/body.json"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=localhost \
  -keyout "$work/nginx.key" -out "$work/nginx.crt" 2>/dev/null
nginx_http=$(free_port); nginx_tls=$(free_port)
cat >"$work/nginx.conf" <<EOF
worker_processes $server_cores;
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
    ssl_protocols TLSv1.2 TLSv1.3; # Debian's nginx 1.22 leaves TLSv1.3 out by default; Jetty speaks it
    ssl_certificate $PWD/$work/nginx.crt;
    ssl_certificate_key $PWD/$work/nginx.key;
    location = /users/getAllUsers { default_type application/json; return 200 '$(cat "$work/body.json")'; }
  }
}
EOF
"${server[@]}" nginx -c "$PWD/$work/nginx.conf" -p "$PWD/$work" &
pids+=($!)
sleep 1
[ "$(curl -s "http://127.0.0.1:$nginx_http/users/getAllUsers")" = "$(cat "$work/body.json")" ] \
  || { echo "bench: nginx does not answer the same body"; exit 1; }

# Both servers must encrypt alike: the same TLS version and cipher suite, read off h2load's handshake.
tls_of() { "${client[@]}" h2load -n1 -c1 "$1/users/getAllUsers" 2>/dev/null | awk '/^TLS Protocol|^Cipher/ {printf "%s ", $NF}'; }
nginx_tls_params=$(tls_of "https://127.0.0.1:$nginx_tls"); jetty_tls_params=$(tls_of "https://127.0.0.1:$jetty_tls")
[ -n "$jetty_tls_params" ] && [ "$nginx_tls_params" = "$jetty_tls_params" ] \
  || { echo "bench: the servers negotiate different TLS (nginx: $nginx_tls_params, jetty: $jetty_tls_params)"; exit 1; }
echo "h2load negotiates $jetty_tls_params with both servers"

wrk_rps() { "${client[@]}" wrk -t"$client_threads" -c"$CONNECTIONS" -d"${2}s" "$1/users/getAllUsers" | awk '/Requests\/sec/ {print $2}'; }
h2_rps() { "${client[@]}" h2load -c"$CONNECTIONS" -m"$STREAMS" -t"$client_threads" -D"$2" "$1/users/getAllUsers" 2>/dev/null | awk '/^finished in/ {print $4}'; }

# Requests per CPU-second of the server (cpu_user_system, bench/lib.sh) hold still when other work on the machine
# steals time, so they are printed beside the requests per second, with the server's user and system (kernel) time
# a request: over HTTP/1.1 both servers make one read and one writev a request (strace), so the system time is the
# kernel's own work for it, which no saving in the server's own code takes away.
jetty_pid=${pids[0]}; nginx_pid=${pids[1]}
hz=$(getconf CLK_TCK)

# measure FUNCTION URL PID: "req/s req-per-server-CPU-second user-us-a-request system-us-a-request" for one run.
measure() {
  local before after rps
  before=$(cpu_user_system "$3"); rps=$("$1" "$2" "$SECONDS_PER_RUN"); after=$(cpu_user_system "$3")
  awk -v r="$rps" -v d="$SECONDS_PER_RUN" -v before="$before" -v after="$after" -v hz="$hz" 'BEGIN {
    split(before, b, " "); split(after, a, " "); u = (a[1] - b[1]) / hz; s = (a[2] - b[2]) / hz; n = r * d
    if (n <= 0 || u + s <= 0) { print r, 0, 0, 0; exit }
    printf "%.0f %.0f %.2f %.2f\n", r, n / (u + s), u * 1e6 / n, s * 1e6 / n }'
}

# Several short runs rather than one long one: after a single 60 s run, the next 5 s run was still about a
# third slower than the runs after it, so round 1 would have paid for the rest of the warm-up.
echo "warm-up: ${WARMUP_SECONDS}s each of wrk and h2load against the reference server, in 15 s runs (not measured)"
for _ in $(seq $(((WARMUP_SECONDS + 14) / 15))); do
  wrk_rps "http://127.0.0.1:$jetty_http" 15 >/dev/null
  h2_rps "https://127.0.0.1:$jetty_tls" 15 >/dev/null
done

printf '\n%-6s %-9s %12s %12s %7s   %14s %14s %7s   %s\n' round tool "nginx req/s" "jetty req/s" ratio \
  "nginx req/cpu-s" "jetty req/cpu-s" ratio "us a request, user + system: nginx, jetty"
declare -A rates=() costs=() cpu=()
for r in $(seq "$ROUNDS"); do
  for tool in h1 h2; do
    if [ "$tool" = h1 ]; then run=wrk_rps label="wrk h1" nginx_url=http://127.0.0.1:$nginx_http jetty_url=http://127.0.0.1:$jetty_http
    else run=h2_rps label="h2load h2" nginx_url=https://127.0.0.1:$nginx_tls jetty_url=https://127.0.0.1:$jetty_tls; fi
    read -r n_rps n_eff n_user n_sys < <(measure "$run" "$nginx_url" "$nginx_pid")
    read -r j_rps j_eff j_user j_sys < <(measure "$run" "$jetty_url" "$jetty_pid")
    rates[$tool]+="$(ratio "$j_rps" "$n_rps") "; costs[$tool]+="$(ratio "$j_eff" "$n_eff") "
    cpu[$tool-nginx-user]+="$n_user "; cpu[$tool-nginx-sys]+="$n_sys "
    cpu[$tool-jetty-user]+="$j_user "; cpu[$tool-jetty-sys]+="$j_sys "
    printf '%-6s %-9s %12s %12s %7s   %14s %14s %7s   %s + %s, %s + %s\n' "$r" "$label" "$n_rps" "$j_rps" \
      "$(ratio "$j_rps" "$n_rps")" "$n_eff" "$j_eff" "$(ratio "$j_eff" "$n_eff")" "$n_user" "$n_sys" "$j_user" "$j_sys"
  done
done
echo
# shellcheck disable=SC2086
{
  echo "median ratio to nginx, HTTP/1.1 (wrk):   req/s $(median ${rates[h1]})   req per server CPU-second $(median ${costs[h1]})   (floor 0.7)"
  echo "median ratio to nginx, h2 (h2load, TLS):  req/s $(median ${rates[h2]})   req per server CPU-second $(median ${costs[h2]})   (floor 0.7)"
  # What a goal asks of the server's user time once its kernel time is paid: goal G a CPU-second needs jetty's
  # user + system at most nginx's / G.
  for tool in h1 h2; do
    goal=$GOAL_H1; [ "$tool" = h2 ] && goal=$GOAL_H2
    awk -v t="$tool" -v g="$goal" -v nu="$(median ${cpu[$tool-nginx-user]})" -v ns="$(median ${cpu[$tool-nginx-sys]})" \
      -v ju="$(median ${cpu[$tool-jetty-user]})" -v js="$(median ${cpu[$tool-jetty-sys]})" 'BEGIN {
      budget = (nu + ns) / g
      printf "median CPU a request, %s (us): nginx user %.2f + system %.2f, jetty %.2f + %.2f; %.1f of nginx a CPU-second " \
        "needs jetty at %.2f, which leaves its user time %.2f after its system time\n", t, nu, ns, ju, js, g, budget, budget - js }'
  done
}

# The profile comes from rounds of its own after the measured ones, so that the recorder costs them nothing.
if [ "$PROFILE" = 1 ]; then
  for tool in h1 h2; do
    jcmd "$jetty_pid" JFR.start name="$tool" $JFR_SETTINGS filename="$PWD/$work/server-$tool.jfr" >/dev/null
    if [ "$tool" = h1 ]; then wrk_rps "http://127.0.0.1:$jetty_http" "$SECONDS_PER_RUN" >/dev/null
    else h2_rps "https://127.0.0.1:$jetty_tls" "$SECONDS_PER_RUN" >/dev/null; fi
    jcmd "$jetty_pid" JFR.stop name="$tool" >/dev/null
    python3 bench/jfr-top.py "$work/server-$tool.jfr" >"$work/server-$tool-profile.txt"
  done
  echo "profiles of the reference server (JFR, one round each): $work/server-h1-profile.txt, $work/server-h2-profile.txt"
fi
