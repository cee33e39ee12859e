#!/usr/bin/env bash
# The reference server under load far past its limits: thousands of connections holding slow requests, bodies at
# the size limit, trickled heads and bodies, clients that never read large answers, h2c clients that open many
# streams and never read. Per scenario it prints what the clients got by kind (status codes, or how the
# connection ended), the server's heap before, at its peak and after, and how long after the load stopped a plain
# GET /users/getAllUsers on a fresh connection was answered 200 again. See docs/server.md, "Limits and shedding".
#
# Run it by hand, under the machine's build lock (it builds, then loads the machine):
#   bash bench/server-overload.sh
#   SCENARIOS=connections,h2c CONNECTIONS=20000 HEAP=256m bash bench/server-overload.sh
# Knobs (environment): HEAP (the server's -Xmx, 512m: a fixed cap, as the JVM's default of a quarter of the RAM
#   would hide growth), SERVER_OPTS (more -Dserver.* limits, given to the server and to the driver alike),
#   SCENARIOS (all, or a comma list of connections, bodies, slow-heads, slow-bodies, never-read, h2c),
#   CONNECTIONS (11500) with HOLD_MS (3000), BODY_CLIENTS (32) with BODY_SECONDS (10), SLOW_CLIENTS (2000),
#   NEVER_READ_CLIENTS (2000) with ANSWER_KB (8192: more than the kernels buffer), H2_CONNECTIONS (200) with H2_STREAMS (200).
# Exit status: 0 when the server answered 200 again and let go of the load's connections after every scenario.
set -euo pipefail
cd "$(dirname "$0")/.."

HEAP=${HEAP:-512m}
work=target/bench/server-overload
rm -rf "$work" && mkdir -p "$work"

# Both JVMs hold one descriptor per connection: the server up to server.maxConnections (10,000), the driver all of
# its clients. Raise the soft limit as far as the hard one allows.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
command -v jcmd >/dev/null || { echo "server-overload: jcmd (from the JDK) is missing: it reads the live heap" >&2; exit 2; }

mvn -B -q -Dmaven.test.skip=true compile dependency:build-classpath -Dmdep.outputFile="$work/cp.txt" >"$work/build.log" 2>&1 \
  || { echo "server-overload: the build failed, see $work/build.log" >&2; exit 2; }
classpath="target/classes:$(cat "$work/cp.txt")"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
http_port=$(free_port); tls_port=$(free_port)
# Without the API route's workers (server.usersWorkers=0): the probe must measure the limits, not that knee.
# shellcheck disable=SC2206
server_opts=(-Dserver.bindHost=127.0.0.1 -Dserver.httpPort="$http_port" -Dserver.tlsPort="$tls_port"
  -Dserver.usersWorkers=0 ${SERVER_OPTS:-})

server_pid=
cleanup() { [ -z "$server_pid" ] || { kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; }; }
trap cleanup EXIT
java -Dh2.bindAddress=127.0.0.1 -Xmx"$HEAP" -cp "$classpath" -Djava.util.prefs.userRoot="$work/prefs" \
  "${server_opts[@]}" -Dserver.exitWithPid=$$ dev.loadlab.server.ReferenceServer >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 150); do grep -q 'server ready' "$work/server.log" && break; sleep 0.2; done
grep -q 'server ready' "$work/server.log" || { echo "server-overload: the server did not start:" >&2; cat "$work/server.log" >&2; exit 1; }

echo "reference server: pid $server_pid, -Xmx$HEAP, http://127.0.0.1:$http_port, descriptors $(ulimit -n) per process," \
  "accept queue capped at $(cat /proc/sys/net/core/somaxconn) (net.core.somaxconn)${SERVER_OPTS:+, $SERVER_OPTS}"
args=(url="http://127.0.0.1:$http_port" serverPid="$server_pid" scenarios="${SCENARIOS:-all}")
arg() { [ -z "${!1:-}" ] || args+=("$2=${!1}"); }
arg CONNECTIONS connections; arg HOLD_MS holdMs; arg BODY_CLIENTS bodyClients; arg BODY_SECONDS bodySeconds
arg SLOW_CLIENTS slowClients; arg NEVER_READ_CLIENTS neverReadClients; arg ANSWER_KB answerKb
arg H2_CONNECTIONS h2Connections; arg H2_STREAMS h2Streams
set +e
java -Dh2.bindAddress=127.0.0.1 -Xmx1g -cp "$classpath" "${server_opts[@]}" dev.loadlab.bench.overload.OverloadBench "${args[@]}"
status=$?
set -e
kill -0 "$server_pid" 2>/dev/null || { echo "server-overload: the server died, see $work/server.log" >&2; status=1; }
grep -E 'OutOfMemoryError|Too many open files' "$work/server.log" | head -3 || true
exit $status
