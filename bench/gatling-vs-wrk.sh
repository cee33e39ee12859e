#!/usr/bin/env bash
# Injector efficiency: requests per second that Gatling's ApiGatewaySimulation (profile=saturate, closed loop)
# reaches against /users/getAllUsers, as a ratio to wrk with the same connection count, against the same reference
# server. Rounds alternate wrk and Gatling so that the machine's noise hits both alike; each round's ratio and the
# median are printed. Both are measured warm: wrk after an unmeasured wrk warm-up, Gatling after its own "warm-up"
# group; only Gatling's "measured" group counts. Beside each rate, the CPU a request of each tool and of the server
# over the measured time (bench/lib.sh cpu_split), and what Gatling may spend to make GOAL_RATIO of wrk. With
# PROFILE=1 one more Gatling run, not measured, is recorded by JDK Flight Recorder over its measured group, and
# bench/jfr-top.py's summary of it is kept beside the figures.
#
#   bash bench/gatling-vs-wrk.sh
#
# Knobs (environment): ROUNDS (3), CONNECTIONS (50), WARMUP_SECONDS (20), MEASURED_SECONDS (10), WRK_THREADS (2),
# FLOOR_RATIO (0.5), GOAL_RATIO (0.8), PROFILE (1), GATLING_OPTS (more -D options for the Gatling run, e.g. to try
# a setting)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

int_knob ROUNDS 3 1 99
int_knob CONNECTIONS 50 1 10000
# Gatling's JVM reaches its steady rate about 20 s after Maven starts it (the server's count every 5 s: 7k, 18k,
# 39k, 50k, then 41-56k); with a 5 s warm-up the measured group ran on code still being compiled (0.44 of wrk
# against 0.54 with 25 s, same machine and hour).
int_knob WARMUP_SECONDS 20 1 600
int_knob MEASURED_SECONDS 10 1 3600
int_knob WRK_THREADS 2 1 64
FLOOR_RATIO="${FLOOR_RATIO:-0.5}"
[[ "$FLOOR_RATIO" =~ ^(0|1)?\.[0-9]+$|^1$ ]] || fail "FLOOR_RATIO=$FLOOR_RATIO is not allowed: expected a number in [0, 1]"
GOAL_RATIO="${GOAL_RATIO:-0.8}"
[[ "$GOAL_RATIO" =~ ^(0|1)?\.[0-9]+$|^1$ ]] || fail "GOAL_RATIO=$GOAL_RATIO is not allowed: expected a number in [0, 1]"
PROFILE="${PROFILE:-1}"
[[ "$PROFILE" =~ ^[01]$ ]] || fail "PROFILE=$PROFILE is not allowed: expected 0 or 1"
read -ra gatling_opts <<<"${GATLING_OPTS:-}"
command -v wrk >/dev/null || fail "wrk is not installed: apt-get install wrk"

out=target/bench-gatling-vs-wrk
rm -rf "$out" && mkdir -p "$out"
# online: on a new machine the dependency plugin (Maven's default 2.8) may not be in ~/.m2 yet
mvn -B -q compile dependency:build-classpath -Dmdep.includeScope=runtime -Dmdep.outputFile="$out/cp.txt" >"$out/build.log" 2>&1 \
  || fail "build failed, see $out/build.log"

server_alone "$out"
base=$SERVER_URL
url="$base/users/getAllUsers"

echo "endpoint $url: $CONNECTIONS connections, warm-up ${WARMUP_SECONDS} s (not measured), measured ${MEASURED_SECONDS} s, $(nproc) cores shared"

wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"${WARMUP_SECONDS}s" "$url" >"$out/wrk-warmup.txt"

# wrk_round N: wrk's requests/s over the measured time, into $out/wrk-N.txt
wrk_round() {
  wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"${MEASURED_SECONDS}s" "$url" >"$out/wrk-$1.txt"
  ! grep -q "Non-2xx\|Socket errors" "$out/wrk-$1.txt" || fail "wrk saw errors, see $out/wrk-$1.txt"
  awk '/^Requests\/sec:/ {print $2}' "$out/wrk-$1.txt"
}

# gatling_round NAME: Gatling's requests/s in its measured group, its log in $out/gatling-NAME.log.
# console.light=false: the counts come from Gatling's full console table.
gatling_round() {
  mvn -B gatling:test -Dgatling.simulationClass=dev.loadlab.simulations.ApiGatewaySimulation -Dapi.profile=saturate \
    -Dgatling.data.console.light=false "${gatling_opts[@]}" \
    -Dapi.saturate.users="$CONNECTIONS" -Dapi.saturate.warmupSeconds="$WARMUP_SECONDS" \
    -Dapi.saturate.durationSeconds="$MEASURED_SECONDS" -Dtarget.url="$base" >"$out/gatling-$1.log" 2>&1 \
    || fail "gatling run failed, see $out/gatling-$1.log"
  # The last console table holds the final counts: "> measured / getAllUsers | total | ok | ko".
  local ok ko
  read -r ok ko < <(grep "> measured / getAllUsers" "$out/gatling-$1.log" | tail -1 | awk -F'|' '{gsub(/[ ,]/,""); print $3, $4}')
  [[ "${ko:-x}" == "0" ]] || fail "gatling saw errors (KO=$ko), see $out/gatling-$1.log"
  awk -v n="$ok" -v s="$MEASURED_SECONDS" 'BEGIN {printf "%.0f", n / s}'
}

# the CPU split's and the profile's window: the measured time less 2 s
window=$((MEASURED_SECONDS > 3 ? MEASURED_SECONDS - 2 : 1))

ratios=() cpu_wrk=() cpu_gatling=() cpu_server_wrk=() cpu_server_gatling=()
printf '%-6s %12s %12s %7s   %s\n' round "wrk req/s" "gatling req/s" ratio "us/req: wrk, gatling (server under each)"
for r in $(seq "$ROUNDS"); do
  # Gatling's measured group starts after its JVM's start (2 to 4 s) and the warm-up group
  w=$(split_run "$out/cpu-wrk" "$base/metrics" "^wrk .*$url" 1 "$window" wrk_round "$r")
  g=$(split_run "$out/cpu-gatling" "$base/metrics" "io.gatling.app.Gatling" $((WARMUP_SECONDS + 4)) "$window" \
    gatling_round "$r")
  read -r w_us sw_us <"$out/cpu-wrk"; read -r g_us sg_us <"$out/cpu-gatling"
  ratios+=("$(ratio "$g" "$w")") cpu_wrk+=("$w_us") cpu_gatling+=("$g_us") cpu_server_wrk+=("$sw_us") cpu_server_gatling+=("$sg_us")
  printf '%-6s %12.0f %12s %7s   %s, %s (%s, %s)\n' "$r" "$w" "$g" "${ratios[-1]}" "$w_us" "$g_us" "$sw_us" "$sg_us"
done
s_w=$(median "${cpu_server_wrk[@]}") s_g=$(median "${cpu_server_gatling[@]}") w_cpu=$(median "${cpu_wrk[@]}")
echo "median CPU a request (us): wrk $w_cpu, Gatling $(median "${cpu_gatling[@]}"); server $s_w under wrk, $s_g under Gatling;" \
  "$GOAL_RATIO of wrk needs Gatling at most $(goal_budget "$GOAL_RATIO" "$s_w" "$w_cpu" "$s_g") us a request"
median_ratio=$(median "${ratios[@]}")

# The recorder starts on the Gatling JVM about when its measured group begins (the JVM's start, 2 to 4 s, plus the
# warm-up group) and records for the group's length less 2 s; the summary leaves out the thread
# "main", which only builds the simulation and, after the load, the report.
if [ "$PROFILE" = 1 ]; then
  gatling_round profiled >/dev/null &
  round_pid=$!
  gatling_pid=$(await_pid "io.gatling.app.Gatling" 60) || gatling_pid=""
  [ -n "$gatling_pid" ] && jcmd "$gatling_pid" JFR.start name=bench $JFR_SETTINGS \
    delay=$((WARMUP_SECONDS + 3))s duration="$window"s \
    filename="$PWD/$out/gatling.jfr" >/dev/null
  wait "$round_pid"
  if [ -s "$out/gatling.jfr" ]; then
    python3 bench/jfr-top.py --threads "^(?!main$)" "$out/gatling.jfr" >"$out/gatling-profile.txt"
    echo "profile of Gatling's JVM over its measured group (JFR): $out/gatling-profile.txt"
  else
    echo "bench: no profile taken (the Gatling JVM was not found or ended before its measured group)" >&2
  fi
fi

verdict=$(awk -v r="$median_ratio" -v f="$FLOOR_RATIO" 'BEGIN {print (r >= f) ? "PASS" : "BELOW FLOOR"}')
echo "median ratio gatling/wrk over $ROUNDS rounds: $median_ratio (floor $FLOOR_RATIO) $verdict"
[[ "$verdict" == PASS ]]
