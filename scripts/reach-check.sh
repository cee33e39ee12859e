#!/usr/bin/env bash
# Only where you aim (docs/own-scenarios.md#where-load-goes), checked with material no one here wrote, in a team's
# project made from the archetype and built as a team builds it:
# - JMeter's own template plans, as its GUI's Templates menu offers them (from the JMeter the build runs,
#   ApacheJMeter_config): the web plan, and the advanced web plan with its CSV under a property, a cookie manager and a
#   second host;
# - Gatling's tutorial simulations, as its bundles on Maven Central ship them: the computer database's (Java, 3.11.5)
#   and the basic one (Scala, 2.3.0);
# their hosts set to local stand-ins that count every connection and request they get (scripts/stand-in.py).
# 1. As written: the build stops before any load, one line per host naming the file, the element or line and the host;
#    no stand-in got a connection.
# 2. A journey that builds its hosts while it runs (a setting's in Gatling, a CSV's in JMeter; an embedded resource, a
#    redirect and a request to that host): nothing sent there, each tool's gate failing on the host with its count.
# 3. Adapted as docs/own-scenarios.md says: green, and each tool's count of requests equal to the stand-ins' (the build's
#    own probes aside).
# Needs loadlab in ~/.m2 (`mvn -f parent install -DskipTests`, which .ci/run runs first); fetches the material from Maven Central.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/target/reach-check
jmeter=$(sed -n 's|.*<jmeter.version>\([^<]*\)</jmeter.version>.*|\1|p' parent/pom.xml)

fail() {
  echo "[loadlab] reach check: $* (the project: $project)" >&2
  exit 1
}

standins=
work=$(mktemp -d)
project=$work/web-load
cleanup() { [ -n "$standins" ] && kill "$standins" 2>/dev/null; wait 2>/dev/null || true; }
trap cleanup EXIT
rm -rf "$out"
mkdir -p "$out/material"

# --- the material, as published ---
for artifact in "org.apache.jmeter:ApacheJMeter_config:$jmeter" \
  io.gatling.highcharts:gatling-charts-highcharts-bundle:3.11.5:zip \
  io.gatling.highcharts:gatling-charts-highcharts-bundle:2.3.0:zip:bundle; do
  mvn -B -q dependency:copy -Dartifact="$artifact" -DoutputDirectory="$out/material" >>"$out/material.log" 2>&1 \
    || fail "could not fetch $artifact, see $out/material.log"
done
. scripts/team-project.sh
team_project "$work" "$out" web-load
config="$out/material/ApacheJMeter_config-$jmeter.jar"
bundle3="$out/material/gatling-charts-highcharts-bundle-3.11.5.zip"
bundle2="$out/material/gatling-charts-highcharts-bundle-2.3.0-bundle.zip"
web=build-web-test-plan
adv=build-adv-web-test-plan
mkdir -p "$project/src/test/java/computerdatabase" "$project/src/test/scala/computerdatabase"
unzip -p "$config" "bin/templates/$web.jmx" >"$project/jmeter/$web.jmx"
unzip -p "$config" "bin/templates/$adv.jmx" >"$project/jmeter/$adv.jmx"
unzip -p "$bundle3" gatling-charts-highcharts-bundle-3.11.5/src/test/java/computerdatabase/ComputerDatabaseSimulation.java \
  >"$project/src/test/java/computerdatabase/ComputerDatabaseSimulation.java"
unzip -p "$bundle3" gatling-charts-highcharts-bundle-3.11.5/src/test/resources/search.csv >"$project/src/test/resources/search.csv"
unzip -p "$bundle2" gatling-charts-highcharts-bundle-2.3.0/user-files/simulations/computerdatabase/BasicSimulation.scala \
  >"$project/src/test/scala/computerdatabase/BasicSimulation.scala"

# --- the stand-ins: site (the templates' host), bugs (the advanced plan's second host), computers (the tutorials'),
# elsewhere (a host no target is on) ---
python3 scripts/stand-in.py --ports 0 0 0 0 --counts "$out/counts.json" >"$out/stand-ins.log" 2>&1 &
standins=$!
for _ in $(seq 1 50); do grep -q "ready on" "$out/stand-ins.log" && break; sleep 0.1; done
read -r site bugs computers elsewhere < <(sed -n 's/.*ready on //p' "$out/stand-ins.log")
[ -n "$elsewhere" ] || fail "the stand-ins did not start, see $out/stand-ins.log"
echo "[loadlab] reach check: stand-ins on 127.0.0.1 ports $site (site), $bugs (bugs), $computers (computers), $elsewhere (elsewhere)"

# --- each piece's hosts set to the stand-ins (plans: the server, port and protocol fields; simulations: the base URL) ---
python3 scripts/reach-material.py point "$project" "$site" "$bugs" "$computers"

# build LOG ARGS...: mvn verify in the project, as a team runs it (bounded: a plan that never ends must not hold CI)
build() {
  local log=$1
  shift
  echo "[loadlab] reach check: mvn verify $* (log $log)"
  (cd "$project" && timeout 900 mvn -B -o verify "$@" >"$log" 2>&1)
}
# standin PORT FIELD: a stand-in's count so far
standin() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]][sys.argv[3]])' "$out/counts.json" "$1" "$2"; }

# 1. as written: refused before any load, one line per host
if build "$out/as-written.log" -Dexperiments=$web,$adv,computer-database,basic; then
  fail "the build of the material as written passed, see $out/as-written.log"
fi
for line in "jmeter/$web.jmx: HTTP Request Defaults \"HTTP Request Defaults\" names the host 127.0.0.1:$site, on no target" \
  "jmeter/$adv.jmx: HTTP Request Defaults \"HTTP Request Defaults\" (from User Defined Variable host) names the host 127.0.0.1:$site" \
  "jmeter/$adv.jmx: HTTP Request \"BugDetail Page\" (from User Defined Variable bugzilla_host) names the host 127.0.0.1:$bugs" \
  "src/test/java/computerdatabase/ComputerDatabaseSimulation.java:75: \"http://127.0.0.1:$computers\" names the host 127.0.0.1:$computers" \
  "src/test/scala/computerdatabase/BasicSimulation.scala:25: \"http://127.0.0.1:$computers\" names the host 127.0.0.1:$computers"; do
  grep -qF "[loadlab] $line" "$out/as-written.log" || fail "no line said: $line; see $out/as-written.log"
done
grep -q "7 problems stop the build before any load" "$out/as-written.log" || fail "not 7 lines, see $out/as-written.log"
for port in $site $bugs $computers; do
  [ "$(standin "$port" connections)" = 0 ] || fail "stand-in $port was reached before load: $(cat "$out/counts.json")"
done

# the material adapted as the docs say (3. runs it): the project's simulations all compile again
python3 scripts/reach-material.py adapt "$project" "$site" "$bugs"

# 2. a journey that builds its hosts while it runs: not sent there, the gate failing on the host
python3 scripts/reach-material.py elsewhere "$project" "$elsewhere"
if build "$out/elsewhere.log" -Dexperiments=elsewhere -Dtarget.url="http://127.0.0.1:$site" \
  -Delsewhere.other="127.0.0.1:$elsewhere"; then
  fail "the journey that reached for another host passed its gate, see $out/elsewhere.log"
fi
for run in "gatling HTTP/1.1 ElsewhereSimulation" "jmeter HTTP/1.1 elsewhere"; do
  grep -E "^reach +$run +requests not sent to host 127.0.0.1:$elsewhere +- +[1-9]" "$out/elsewhere.log" >/dev/null \
    || fail "no reach check of $run named 127.0.0.1:$elsewhere, see $out/elsewhere.log"
done
[ "$(standin "$elsewhere" requests)" = 0 ] || fail "a request reached the host no target is on: $(cat "$out/counts.json")"
echo "[loadlab] reach check: nothing was sent to 127.0.0.1:$elsewhere; Gatling opened $(standin "$elsewhere" connections)" \
  "connections there before it refused each request (docs/own-scenarios.md#where-load-goes), JMeter none"

# 3. adapted as the docs say: green, each tool's count the stand-ins'
python3 scripts/reach-material.py counts "$out/counts.json" >"$out/counts-before.json"
build "$out/jmeter-adapted.log" -Dexperiments=$web,$adv -Dtarget.url="http://127.0.0.1:$site" \
  -Dtarget.bugs.url="http://127.0.0.1:$bugs" || fail "the adapted templates failed, see $out/jmeter-adapted.log"
cp "$project/reports/summary.json" "$out/jmeter-summary.json"
# the tutorial's Post fails at random on purpose (tryMax, exitHereIfFailed): its row is allowed that
build "$out/gatling-adapted.log" -Dexperiments=computer-database,basic -Dtarget.url="http://127.0.0.1:$computers" \
  "-Dgate.limits=ComputerDatabaseSimulation / Post:errorPct=100" \
  || fail "the adapted tutorials failed, see $out/gatling-adapted.log"
cp "$project/reports/summary.json" "$out/gatling-summary.json"
python3 scripts/reach-material.py agree "$out" "$site" "$bugs" "$computers" \
  || fail "a tool's count is not the stand-ins' (see above)"
echo "[loadlab] reach check: passed"
