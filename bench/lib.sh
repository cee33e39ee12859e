# Shared by the benchmarks: start the reference server, run one JMeter plan, read its throughput; ratios and
# medians; the JDK Flight Recorder settings of every profile they take.
# Source it from a bench script that runs from the project root under the build lock.

fail() { echo "bench: $*" >&2; exit 2; }

# int_knob NAME DEFAULT MIN MAX: the environment's NAME, else DEFAULT, or one line naming it and the allowed values
int_knob() {
  local value="${!1:-$2}"
  [[ "$value" =~ ^[0-9]+$ ]] && (( value >= $3 && value <= $4 )) || fail "$1=$value is not allowed: expected an integer in [$3, $4]"
  printf -v "$1" '%s' "$value"
}

# server_alone OUT: the reference server as a process of its own on free loopback ports, its classpath from
# OUT/cp.txt and its files in OUT, without the API route's workers (server.usersWorkers=0: a bench measures the
# injectors, not the route's knee); it exits with this script (server.exitWithPid) and is stopped on exit. Sets
# SERVER_URL (its HTTP URL).
server_alone() {
  local out=$1
  java -cp "target/classes:$(cat "$out/cp.txt")" -Djava.util.prefs.userRoot="$out/prefs" -Dserver.usersWorkers=0 \
    -Dserver.httpPort=0 -Dserver.tlsPort=0 -Dserver.adminPort=0 -Dserver.certPem="$out/cert.pem" \
    -Dserver.exitWithPid=$$ dev.loadlab.server.ReferenceServer >"$out/server.log" 2>&1 &
  SERVER_PID=$!
  trap 'kill "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null || true' EXIT
  for _ in $(seq 1 100); do grep -q "ready: http=" "$out/server.log" && break; sleep 0.2; done
  SERVER_URL=$(grep -o "ready: http=http://[0-9.]*:[0-9]*" "$out/server.log" | cut -d= -f2) \
    || fail "the server did not start, see $out/server.log"
}

# JMeter home that `mvn -DskipTests package` configured (execution "configuration-http1").
jmeter_home() {
  python3 -c 'import json,sys
for c in json.load(open(sys.argv[1]))["configurations"]:
    if c["executionID"] == "configuration-http1": print(c["jmeterDirectoryPath"])' target/config.json
}

# Where the benches' reference server is written down: ServerControl up writes target.properties beside this
# settings file and keeps the server's log, pid and certificate in target/bench/reference-server.
BENCH_SETTINGS=$PWD/target/bench/loadlab/settings.properties

server_control() { # up|down, as the build runs it
  CLASSPATH="target/classes:$(cat target/cp.txt)" java -Dloadlab.resolved="$BENCH_SETTINGS" \
    dev.loadlab.steps.control.ServerControl "$1"
}

target_value() { sed -n "s/^$1=//p" "${BENCH_SETTINGS%/*}/target.properties"; }

# Starts the reference server on free ports the way the build does (ServerControl up; it exits with this
# script); sets HTTP_URL, TLS_URL, CERT_PEM. With BENCH_HTTP_URL, BENCH_TLS_URL and BENCH_CERT_PEM set,
# uses that loopback target instead.
start_server() {
  if [ -n "${BENCH_HTTP_URL:-}" ]; then
    HTTP_URL=$BENCH_HTTP_URL TLS_URL=$BENCH_TLS_URL CERT_PEM=$BENCH_CERT_PEM
    return 0
  fi
  [ -s target/cp.txt ] || mvn -B -q dependency:build-classpath -Dmdep.outputFile=target/cp.txt >/dev/null
  mkdir -p "${BENCH_SETTINGS%/*}"
  # the benches measure the tools, not the API route's capacity (server.usersWorkers): no knee there
  printf 'scale=smoke\nserver.usersWorkers=0\n' >"$BENCH_SETTINGS"
  server_control up >target/bench/server-control.out 2>&1 \
    || { echo "reference server did not start:" >&2; cat target/bench/server-control.out >&2; return 1; }
  SERVER_STARTED=1
  HTTP_URL=$(target_value target.url) TLS_URL=$(target_value target.tlsUrl) CERT_PEM=$(target_value jmeter.trustedCertificate)
}

stop_server() {
  [ -n "${SERVER_STARTED:-}" ] && server_control down >/dev/null 2>&1 || true
  SERVER_STARTED=
}

# jmeter_plan NAME "JVM ARGS" PLAN [JMeter options...]: runs jmeter/PLAN in non-GUI mode with the build's
# properties (target/loadlab/jmeter.properties), its requests held to the bench's target as a build's run holds them
# (loadlab.reach: the fragments JMeter takes from bin/ run JMeter's HTTP Request as loadlab's guarded one); its
# results go to target/bench/NAME.csv, its log beside them.
jmeter_plan() {
  local name=$1 jvm_args=$2 plan=$3; shift 3
  local home; home=$(jmeter_home)
  rm -f "$PWD/target/bench/$name.csv"
  # shellcheck disable=SC2086
  (cd "$home/bin" && java $jvm_args -Djava.util.prefs.userRoot="$OLDPWD/target/prefs" -jar ApacheJMeter-*.jar -n \
     -q "$OLDPWD/target/loadlab/jmeter.properties" -t "$OLDPWD/jmeter/$plan" -l "$OLDPWD/target/bench/$name.csv" \
     -j "$OLDPWD/target/bench/$name.log" -Jloadlab.reach="$(bench_reach)" "$@") >/dev/null
}

# The bench's target as the build writes its reach (dev.loadlab.settings.Reach): its URLs' hosts and ports.
bench_reach() {
  local url reach=
  for url in "$HTTP_URL" "$TLS_URL"; do
    [ -n "$url" ] && reach="${reach:+$reach,}target=$(python3 -c 'import sys, urllib.parse as u
p = u.urlsplit(sys.argv[1]); print("%s:%d" % (p.hostname, p.port or (443 if p.scheme == "https" else 80)))' "$url")"
  done
  echo "$reach"
}

# run_jmeter NAME "JVM ARGS" [JMeter options...]: runs the api-gateway plan's first thread group alone with
# $THREADS users for $DURATION_SECONDS and prints NAME's requests/s after $WARMUP_SECONDS (from its results).
run_jmeter() {
  local name=$1 jvm_args=$2; shift 2
  jmeter_plan "$name" "$jvm_args" api-gateway.jmx \
     -Jjmeter.config1.users="$THREADS" -Jjmeter.config1.rampUpSeconds=0 -Jjmeter.config1.durationSeconds="$DURATION_SECONDS" \
     -Jjmeter.config1.iterationsPerUser=-1 -Jjmeter.config2.users=0 -Jjmeter.config2.durationSeconds=1 "$@"
  throughput "$PWD/target/bench/$name.csv"
}

# Requests per second in a JMeter CSV after the warm-up (columns found by the header's names: the saved
# fields differ with the tuning); prints "rate errors".
throughput() {
  awk -F, -v warm="$WARMUP_SECONDS" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    { t[NR] = $col["timeStamp"]; ok[NR] = $col["success"]
      if (min == "" || t[NR] < min) min = t[NR]; if (t[NR] > max) max = t[NR] }
    END { from = min + warm * 1000; n = 0; bad = 0
          for (i in t) if (t[i] >= from) { n++; if (ok[i] != "true") bad++ }
          if (max <= from) { print "0 0"; exit }
          printf "%.0f %d\n", n / ((max - from) / 1000), bad }' "$1"
}

# wrk_rate URL: requests/s of wrk with $THREADS connections for $DURATION_SECONDS.
wrk_rate() {
  wrk -t2 -c"$THREADS" -d"${DURATION_SECONDS}s" "$1" | awk '/Requests\/sec/ { printf "%.0f\n", $2 }'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }

# median NUMBER...: the middle one (the mean of the middle two for an even count).
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# What every profile records: JFR's profile settings with an execution sample every millisecond (the settings' own
# 10 ms gave under 200 samples in a 10 s round). For jcmd JFR.start, space-separated; for the JVM option, commas.
JFR_SETTINGS="settings=profile jdk.ExecutionSample#period=1ms"

# jfr_jvm FILE [DELAY_SECONDS DURATION_SECONDS]: the JVM option that records the JVM into FILE (absolute), from its
# start to its end unless a delay and duration are given.
jfr_jvm() {
  local window=${2:+,delay=$2s,duration=$3s}
  echo "-XX:StartFlightRecording:${JFR_SETTINGS// /,}$window,filename=$1"
}

# profile_run NAME "JVM ARGS" [JMeter options...]: one more run like run_jmeter's, not measured, recorded from
# about when its measured part begins (JMeter's start, about 4 s, plus the warm-up) to 2 s before its end; its
# summary (bench/jfr-top.py) goes to target/bench/NAME-profile.txt, whose path is printed.
profile_run() {
  local name=$1 jvm_args=$2; shift 2
  local length=$((DURATION_SECONDS - WARMUP_SECONDS - 6))
  ((length >= 1)) || length=1
  rm -f "target/bench/$name.jfr"
  run_jmeter "$name" "$jvm_args $(jfr_jvm "$PWD/target/bench/$name.jfr" $((WARMUP_SECONDS + 4)) "$length")" "$@" >/dev/null
  python3 bench/jfr-top.py "target/bench/$name.jfr" >"target/bench/$name-profile.txt"
  echo "target/bench/$name-profile.txt"
}

# cpu_split PATTERN METRICS_URL DELAY LENGTH: the CPU a request, in microseconds, of the load tool (the newest
# process whose command line matches PATTERN, all its threads, from /proc) and of the server (its /metrics: process
# CPU and requests answered), over LENGTH seconds that begin DELAY seconds after the tool's process appears (it is
# awaited 30 s). Prints "tool server", or "- -" when the tool was not found or ended inside the window. With both
# cores full, a tool's ratio to another is about (server + other) / (server + tool): what a tool spends a request
# is its ceiling.
cpu_split() {
  local pattern=$1 metrics=$2 delay=$3 length=$4 pid t0 t1 m0 m1
  pid=$(await_pid "$pattern" 30) || { echo "- -"; return 0; }
  sleep "$delay"
  [ -e "/proc/$pid" ] && t0=$(cpu_ticks "$pid") && m0=$(server_cpu_requests "$metrics") || { echo "- -"; return 0; }
  sleep "$length"
  [ -e "/proc/$pid" ] && t1=$(cpu_ticks "$pid") && m1=$(server_cpu_requests "$metrics") || { echo "- -"; return 0; }
  awk -v t=$((t1 - t0)) -v hz="$(getconf CLK_TCK)" -v m0="$m0" -v m1="$m1" 'BEGIN { split(m0, a, " "); split(m1, b, " ")
    n = b[2] - a[2]; if (n <= 0) { print "- -"; exit }
    printf "%.1f %.1f\n", t / hz * 1e6 / n, (b[1] - a[1]) / 1000 / n }'
}

# goal_budget GOAL SERVER_UNDER_REFERENCE REFERENCE SERVER_UNDER_TOOL: the most CPU a request (us) a tool may spend
# to make GOAL of the reference tool's rate, both on the two cores with the server: the ratio is then about
# (S_ref + R) / (S_tool + T), so T = (S_ref + R) / GOAL - S_tool.
goal_budget() { awk -v g="$1" -v sr="$2" -v r="$3" -v st="$4" 'BEGIN { printf "%.1f", (sr + r) / g - st }'; }

# cpu_user_system PID: "user system" CPU time (clock ticks) used so far by a process and its children's threads
# (nginx's master and workers, or a JVM); cpu_ticks PID: their sum.
cpu_user_system() {
  for p in "$1" $(pgrep -P "$1"); do awk '{print $14, $15}' "/proc/$p/stat"; done | awk '{u += $1; s += $2} END {print u, s}'
}
cpu_ticks() { cpu_user_system "$1" | awk '{print $1 + $2}'; }

# await_pid PATTERN SECONDS: the pid of the newest process whose command line matches PATTERN, awaited that long;
# fails when none came.
await_pid() {
  local pid _
  for _ in $(seq $(($2 * 10))); do pid=$(pgrep -n -f "$1") && { echo "$pid"; return 0; }; sleep 0.1; done
  return 1
}

# server_cpu_requests METRICS_URL: "process-CPU-nanoseconds requests-answered" from the reference server's /metrics.
server_cpu_requests() {
  curl -sf "$1" | python3 -c 'import json, sys
m = json.load(sys.stdin); print(m["cpu"]["processCpuNanos"], sum(m["requests"].values()))'
}

# split_run FILE METRICS_URL PATTERN DELAY LENGTH COMMAND...: runs COMMAND, its output kept, while cpu_split reads
# the CPU a request of the process matching PATTERN and of the server into FILE.
split_run() {
  cpu_split "$3" "$2" "$4" "$5" >"$1" &
  local splitter=$!
  "${@:6}"
  wait "$splitter"
}
