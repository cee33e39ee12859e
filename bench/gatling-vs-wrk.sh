#!/usr/bin/env bash
# Injector efficiency: requests per second that Gatling's ApiGatewaySimulation (profile=saturate, closed loop)
# reaches against /users/getAllUsers, as a ratio to wrk with the same connection count, back to back, against the
# same reference server. Both are measured warm: wrk after an unmeasured wrk warm-up, Gatling after its own
# "warm-up" group; only Gatling's "measured" group counts. Floor: 0.5.
#
#   bash bench/gatling-vs-wrk.sh
#
# Knobs (environment): CONNECTIONS (50), WARMUP_SECONDS (5), MEASURED_SECONDS (10), WRK_THREADS (2), FLOOR_RATIO (0.5)
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "bench: $*" >&2; exit 2; }
int_knob() { # name default min max
  local value="${!1:-$2}"
  [[ "$value" =~ ^[0-9]+$ ]] && (( value >= $3 && value <= $4 )) || fail "$1=$value is not allowed: expected an integer in [$3, $4]"
  printf -v "$1" '%s' "$value"
}
int_knob CONNECTIONS 50 1 10000
int_knob WARMUP_SECONDS 5 1 600
int_knob MEASURED_SECONDS 10 1 3600
int_knob WRK_THREADS 2 1 64
FLOOR_RATIO="${FLOOR_RATIO:-0.5}"
[[ "$FLOOR_RATIO" =~ ^(0|1)?\.[0-9]+$|^1$ ]] || fail "FLOOR_RATIO=$FLOOR_RATIO is not allowed: expected a number in [0, 1]"
command -v wrk >/dev/null || fail "wrk is not installed: apt-get install wrk"

out=target/bench-gatling-vs-wrk
rm -rf "$out" && mkdir -p "$out"
# online: on a new machine the dependency plugin (Maven's default 2.8) may not be in ~/.m2 yet
mvn -B -q compile dependency:build-classpath -Dmdep.includeScope=runtime -Dmdep.outputFile="$out/cp.txt" >"$out/build.log" 2>&1 \
  || fail "build failed, see $out/build.log"

# The reference server on free loopback ports; it also exits by itself if this script dies (server.exitWithPid).
# Without the API route's workers (server.usersWorkers=0): the bench measures the injectors, not the route's knee.
java -cp "target/classes:$(cat "$out/cp.txt")" -Djava.util.prefs.userRoot="$out/prefs" -Dserver.usersWorkers=0 \
  -Dserver.httpPort=0 -Dserver.tlsPort=0 -Dserver.certPem="$out/cert.pem" -Dserver.exitWithPid=$$ \
  dev.loadlab.server.ReferenceServer >"$out/server.log" 2>&1 &
server_pid=$!
trap 'kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do grep -q "ready: http=" "$out/server.log" && break; sleep 0.2; done
base=$(grep -o "ready: http=http://[0-9.]*:[0-9]*" "$out/server.log" | cut -d= -f2) || fail "server did not start, see $out/server.log"
url="$base/users/getAllUsers"

echo "endpoint $url: $CONNECTIONS connections, warm-up ${WARMUP_SECONDS} s (not measured), measured ${MEASURED_SECONDS} s, $(nproc) cores shared"

wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"${WARMUP_SECONDS}s" "$url" >"$out/wrk-warmup.txt"
wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"${MEASURED_SECONDS}s" "$url" >"$out/wrk.txt"
! grep -q "Non-2xx\|Socket errors" "$out/wrk.txt" || fail "wrk saw errors, see $out/wrk.txt"
wrk_rps=$(awk '/^Requests\/sec:/ {print $2}' "$out/wrk.txt")

# console.light=false: the bench reads the measured group's counts from Gatling's full console table
mvn -B -o gatling:test -Dgatling.simulationClass=dev.loadlab.simulations.ApiGatewaySimulation -Dapi.profile=saturate \
  -Dgatling.data.console.light=false \
  -Dapi.saturate.users="$CONNECTIONS" -Dapi.saturate.warmupSeconds="$WARMUP_SECONDS" -Dapi.saturate.durationSeconds="$MEASURED_SECONDS" \
  -Dtarget.url="$base" >"$out/gatling.log" 2>&1 || fail "gatling run failed, see $out/gatling.log"
# The last console table holds the final counts: "> measured / getAllUsers | total | ok | ko".
read -r measured_ok measured_ko < <(grep "> measured / getAllUsers" "$out/gatling.log" | tail -1 | awk -F'|' '{gsub(/[ ,]/,""); print $3, $4}')
[[ "${measured_ko:-x}" == "0" ]] || fail "gatling saw errors (KO=$measured_ko), see $out/gatling.log"
gatling_rps=$(awk -v n="$measured_ok" -v s="$MEASURED_SECONDS" 'BEGIN {printf "%.1f", n / s}')

ratio=$(awk -v g="$gatling_rps" -v w="$wrk_rps" 'BEGIN {printf "%.2f", g / w}')
verdict=$(awk -v r="$ratio" -v f="$FLOOR_RATIO" 'BEGIN {print (r >= f) ? "PASS" : "BELOW FLOOR"}')
printf '%-8s %12s req/s\n' wrk "$wrk_rps" gatling "$gatling_rps"
echo "ratio gatling/wrk: $ratio (floor $FLOOR_RATIO) $verdict"
[[ "$verdict" == PASS ]]
