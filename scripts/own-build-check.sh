#!/usr/bin/env bash
# A team's build grown as docs/bulk.md, docs/jmeter.md#plugins and docs/scale-out.md say, in a project of its own made
# from the archetype (scripts/team-project.sh), its builds offline:
# - it inherits what it uses: no JDBC driver but H2's until its pom names one, without a version; JMeter plugins in its
#   plans, the Ultimate Thread Group, which loadlab's build brings, and the Throughput Shaping Timer, which its pom adds.
#   One build runs both: the bulk bench on this machine's PostgreSQL, and the plan at the timer's rate; then the GUI of
#   the team's JMeter home lists the added timer;
# - then it scales out on one machine, the calibration by name (its counts, not its latency): two JMeter engines for a
#   controller, two Gatling injectors merged, all against one reference server; totals = sum of the parts = the server's
#   count (scripts/scale-out-check.sh with LOADLAB_PROJECT).
# Needs loadlab in ~/.m2 (`mvn -f parent install -DskipTests`), which .ci/run runs first.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$PWD/target/own-build
check="own build check"

fail() {
  echo "[loadlab] $check: $* (the project: ${project:-none yet})" >&2
  exit 1
}

work=$(mktemp -d)
rm -rf "$out"
mkdir -p "$out"
. scripts/team-project.sh
team_project "$work" "$out"
# the JMeter plugin the team adds, as its first build with it would fetch it (Maven Central); all after runs offline
plugin=kg.apc:jmeter-plugins-tst:2.5
(cd "$work" && mvn -B -q dependency:get -Dartifact="$plugin" -Dtransitive=false >"$out/plugin.log" 2>&1) \
  || fail "the JMeter plugin could not be fetched, see $out/plugin.log"

started=$SECONDS
(cd "$project" && mvn -B -o -q dependency:list -DincludeScope=test -DoutputFile="$out/deps.txt" >"$out/deps.log" 2>&1) \
  || fail "mvn dependency:list failed, see $out/deps.log"
! grep -Eq "postgresql|mariadb-java-client|ngdbc" "$out/deps.txt" || fail "the team's project inherits a JDBC driver: $out/deps.txt"
sed -i 's#</dependencies>#<dependency><groupId>org.postgresql</groupId><artifactId>postgresql</artifactId></dependency></dependencies>#' \
  "$project/pom.xml"
cp scripts/own-plugin/shaped.jmx "$project/jmeter/"
sed -i "s#</project>#<build><plugins><plugin><groupId>com.lazerycode.jmeter</groupId><artifactId>jmeter-maven-plugin</artifactId><configuration><jmeterExtensions combine.children=\"append\"><artifact>$plugin</artifact></jmeterExtensions></configuration></plugin></plugins></build></project>#" \
  "$project/pom.xml"
verify "$project" "$out/bulk-plugin.log" -Dexperiments=bulk,shaped -Dbulk.url=jdbc:postgresql://127.0.0.1:5432/test
grep -q "^database: PostgreSQL" "$out/bulk-plugin.log" && grep -q "bulk gate: passed" "$out/bulk-plugin.log" \
  || fail "the bulk bench did not run on PostgreSQL, see $out/bulk-plugin.log"
python3 - "$project/reports/summary.json" <<'PY' || fail "the plan with plugins is not as expected, see $project/reports/summary.json"
import json, sys
s = json.load(open(sys.argv[1]))
rows = [r for r in s["scenarios"] if r["run"] == "shaped" and r["scenario"] != "all samples"]
assert rows and all(r["tool"] == "jmeter" and r["errorPct"] == 0 for r in rows), rows
# 4 threads unpaced would send thousands in its 5 s: the timer holds them to 20 requests/s
assert all(80 <= r["samples"] <= 140 for r in rows), [(r["protocol"], r["samples"]) for r in rows]
print("[loadlab] own build check: a plan with plugins, shaped to 20 requests/s for 5 s: %s" % ", ".join(
    "%s %s %d samples" % (r["protocol"], r["scenario"], r["samples"]) for r in rows))
PY
GUI_MENU=menu_timer GUI_EXPECT_CLASS=kg.apc.jmeter.timers.VariableThroughputTimerGui LOADLAB_PROJECT="$project" \
  bash scripts/jmeter-gui-check.sh "$project/jmeter/shaped.jmx" || fail "the team's JMeter GUI did not list its plugin"
echo "[loadlab] $check: $(( SECONDS - started )) s: the JDBC driver and the JMeter plugin a team names"

# Scale out from the team's project, which the build above gave its JMeter engine, as docs/scale-out.md says: its
# engines for a controller build, then two Gatling injectors in copies of the project, merged
started=$SECONDS
LOADLAB_PROJECT="$project" bash scripts/scale-out-check.sh || fail "scaling out from the team's project failed"
echo "[loadlab] $check: $(( SECONDS - started )) s: the scale-out check"
rm -rf "$work"
echo "[loadlab] $check: passed"
