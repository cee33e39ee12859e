#!/usr/bin/env bash
# JMeter's core HTTP/1.1 sampler as an injector, against wrk: requests per second on the same endpoint with
# as many JMeter threads as wrk connections, before tuning (the plugin's JVM defaults: 512 MB heap, default
# GC, every result field saved) and after (loadlab's settings: jmeter.heapMb / jmeter.gcArg of the pom and
# jmeter/tuning.properties). Each round runs wrk, JMeter with defaults and JMeter tuned, one after the other;
# each round's ratios and their medians are printed, with the CPU a request of each tool and of the server
# (bench/lib.sh cpu_split) and what JMeter may spend a request to make GOAL_RATIO of wrk with both cores full.
# With PROFILE=1 one more tuned run, not measured, is recorded by JDK Flight Recorder and summarised beside the
# figures.
# Floor after tuning: 0.2 of wrk.
#   usage: mvn -B -DskipTests package && bash bench/jmeter-vs-wrk.sh
#   knobs: ROUNDS (3), THREADS (16), DURATION_SECONDS (20), WARMUP_SECONDS (5), BENCH_PATH (/users/getAllUsers),
#          TUNED_JVM ("-Xms1024m -Xmx1024m -XX:+UseParallelGC", keep equal to the pom's jmeter.* values at -Pfull:
#          a saturation of 20 s is a full run's kind, so C2 stays, jmeter.jitTier=4), GOAL_RATIO (0.7), PROFILE (1)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
THREADS=${THREADS:-16} DURATION_SECONDS=${DURATION_SECONDS:-20} WARMUP_SECONDS=${WARMUP_SECONDS:-5}
BENCH_PATH=${BENCH_PATH:-/users/getAllUsers} ROUNDS=${ROUNDS:-3} PROFILE=${PROFILE:-1} GOAL_RATIO=${GOAL_RATIO:-0.7}
TUNED_JVM=${TUNED_JVM:-"-Xms1024m -Xmx1024m -XX:+UseParallelGC"}
trap stop_server EXIT
start_server
url="$HTTP_URL$BENCH_PATH"

plan=(-Jprotocol=http1 -Jtarget.url="$HTTP_URL" -Japi.path="$BENCH_PATH")
tuning=(-q "$PWD/jmeter/tuning.properties")

# Beside each run's rate, the CPU a request of the tool and of the server (cpu_split), over a window inside its
# measured part: a JMeter run's begins after its JVM's start (about 4 s) and the warm-up, as the profile's does.
window=$((DURATION_SECONDS - WARMUP_SECONDS - 6)); ((window >= 1)) || window=1
split=target/bench/cpu-split

printf '%-6s %10s %14s %7s %12s %7s %7s   %s\n' round "wrk req/s" "JMeter default" ratio "JMeter tuned" ratio errors \
  "us/req: wrk, default, tuned (server under each)"
defaults=() tuned=() cpu_wrk=() cpu_defaults=() cpu_tuned=() cpu_server_wrk=() cpu_server_tuned=()
for r in $(seq "$ROUNDS"); do
  wrk=$(split_run "$split-wrk" "$HTTP_URL/metrics" "^wrk .*$url" 5 "$window" wrk_rate "$url")
  read -r before before_errors < <(split_run "$split-defaults" "$HTTP_URL/metrics" "ApacheJMeter.*jmeter-defaults.csv" \
    $((WARMUP_SECONDS + 4)) "$window" run_jmeter jmeter-defaults "-Xms512m -Xmx512m" "${plan[@]}")
  read -r after after_errors < <(split_run "$split-tuned" "$HTTP_URL/metrics" "ApacheJMeter.*jmeter-tuned.csv" \
    $((WARMUP_SECONDS + 4)) "$window" run_jmeter jmeter-tuned "$TUNED_JVM" "${tuning[@]}" "${plan[@]}")
  read -r w_us sw_us <"$split-wrk"; read -r d_us sd_us <"$split-defaults"; read -r t_us st_us <"$split-tuned"
  defaults+=("$(ratio "$before" "$wrk")") tuned+=("$(ratio "$after" "$wrk")")
  cpu_wrk+=("$w_us") cpu_defaults+=("$d_us") cpu_tuned+=("$t_us") cpu_server_wrk+=("$sw_us") cpu_server_tuned+=("$st_us")
  printf '%-6s %10s %14s %7s %12s %7s %7s   %s, %s, %s (%s, %s, %s)\n' "$r" "$wrk" "$before" "${defaults[-1]}" "$after" \
    "${tuned[-1]}" $((before_errors + after_errors)) "$w_us" "$d_us" "$t_us" "$sw_us" "$sd_us" "$st_us"
done
echo "median ratio to wrk ($THREADS connections, ${DURATION_SECONDS}s, $ROUNDS rounds): defaults $(median "${defaults[@]}")," \
  "tuned $(median "${tuned[@]}") (floor 0.2 after tuning)"
s_w=$(median "${cpu_server_wrk[@]}") s_t=$(median "${cpu_server_tuned[@]}") w=$(median "${cpu_wrk[@]}")
echo "median CPU a request (us): wrk $w, JMeter defaults $(median "${cpu_defaults[@]}"), tuned $(median "${cpu_tuned[@]}");" \
  "server $s_w under wrk, $s_t under tuned JMeter; $GOAL_RATIO of wrk needs JMeter at most" \
  "$(goal_budget "$GOAL_RATIO" "$s_w" "$w" "$s_t") us a request"
if [ "$PROFILE" = 1 ]; then
  echo "profile (JFR, one tuned run): $(profile_run jmeter-tuned-profiled "$TUNED_JVM" "${tuning[@]}" "${plan[@]}")"
fi
