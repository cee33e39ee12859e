#!/usr/bin/env bash
# A team's run at the tool's own speed: the same closed loop (USERS users for DURATION s, each sending the reference
# server's fast route, /calibrate with no latency, one after another) as a Gatling simulation in a stock
# gatling-maven-plugin project (`mvn gatling:test`, the plugin's own JVM options) and in a team's project made from
# loadlab's archetype (`mvn verify -Dexperiments=loop`, the experiment on loadlab's base class), against one reference
# server started alone. Rounds alternate the two so that the machine's noise hits both alike. Each run's rate is the
# server's own count of its tag over its first arrival to its last answer (/calibrate/counts), so that both are
# measured by the same clock and neither tool's own report. Prints each round's rates and ratio, and the median ratio
# (goal: 0.97 or more).
#   usage: mvn -B -f parent install -DskipTests && bash bench/team-vs-stock.sh
#   knobs: ROUNDS (3), USERS (50), DURATION (30), TEAM_OPTS (more -D options for the team's build, e.g.
#          -Dgatling.jitTier=1 to see the smoke default)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
source scripts/loadlab-version.sh

int_knob ROUNDS 3 1 99
int_knob USERS 50 1 10000
int_knob DURATION 30 1 3600
read -ra team_opts <<<"${TEAM_OPTS:-}"

version=$(loadlab_version)
[ -d "$HOME/.m2/repository/dev/loadlab/loadlab-archetype/$version" ] \
  || fail "loadlab $version is not installed: run 'mvn -B -f parent install -DskipTests' first"
out=target/bench/team-vs-stock
rm -rf "$out" && mkdir -p "$out"
gatling_version=$(sed -n 's|.*<gatling.version>\([^<]*\)</gatling.version>.*|\1|p' parent/pom.xml)
plugin_version=$(sed -n 's|.*<gatling-maven-plugin.version>\([^<]*\)</gatling-maven-plugin.version>.*|\1|p' parent/pom.xml)
scala_plugin_version=$(sed -n 's|.*<scala-maven-plugin.version>\([^<]*\)</scala-maven-plugin.version>.*|\1|p' parent/pom.xml)

# The loop, one definition for both projects: only the base class and the protocol's line differ, as they must (a
# team's simulation takes the build's target from loadlab's base class; a stock one names its own base URL).
loop_simulation() { # base-class import, base class, protocol expression
  cat <<EOF
package bench

$1
import io.gatling.core.Predef._
import io.gatling.http.Predef._
import scala.concurrent.duration._

class LoopSimulation extends $2 {
  private val tag = System.getProperty("bench.tag", "bench")
  private val loop = scenario("loop").forever(
    exec(http("calibrate").get("/calibrate?tag=" + tag + "&latencyMs=0").check(status.is(200))))
  setUp(loop.inject(atOnceUsers($USERS))).protocols($3).maxDuration($DURATION.seconds)
}
EOF
}

# the stock project: Gatling's plugin and its Scala compiler, as Gatling's own Maven demo has them
mkdir -p "$out/stock/src/test/scala/bench"
cat >"$out/stock/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>bench</groupId><artifactId>stock</artifactId><version>1</version>
  <properties><maven.compiler.release>17</maven.compiler.release><project.build.sourceEncoding>UTF-8</project.build.sourceEncoding></properties>
  <dependencies>
    <dependency><groupId>io.gatling.highcharts</groupId><artifactId>gatling-charts-highcharts</artifactId><version>$gatling_version</version><scope>test</scope></dependency>
  </dependencies>
  <build><plugins>
    <plugin><groupId>net.alchim31.maven</groupId><artifactId>scala-maven-plugin</artifactId><version>$scala_plugin_version</version>
      <executions><execution><goals><goal>testCompile</goal></goals></execution></executions></plugin>
    <plugin><groupId>io.gatling</groupId><artifactId>gatling-maven-plugin</artifactId><version>$plugin_version</version></plugin>
  </plugins></build>
</project>
EOF
loop_simulation "" "Simulation" 'http.baseUrl(System.getProperty("target.url"))' \
  >"$out/stock/src/test/scala/bench/LoopSimulation.scala"

# the team's project, from the installed archetype, with the loop as its one experiment
(cd "$out" && mvn -B -o -q org.apache.maven.plugins:maven-archetype-plugin:3.4.1:generate -DinteractiveMode=false \
  -DarchetypeGroupId=dev.loadlab -DarchetypeArtifactId=loadlab-archetype -DarchetypeVersion="$version" \
  -DgroupId=bench -DartifactId=team >generate.log 2>&1) || fail "the archetype made no project, see $out/generate.log"
mkdir -p "$out/team/src/test/scala/bench"
loop_simulation "import dev.loadlab.OwnSimulation" "OwnSimulation" "httpProtocol" \
  >"$out/team/src/test/scala/bench/LoopSimulation.scala"

# online once: the stock project takes what Gatling's artifacts need as they come (logback's, say), loadlab's pins
for project in stock team; do
  (cd "$out/$project" && mvn -B -q test-compile -DskipTests >"../$project-compile.log" 2>&1) \
    || fail "$project did not compile, see $out/$project-compile.log"
done

# the reference server alone, as a target of the team's: a Java process the build did not start
mvn -B -o -q dependency:build-classpath -Dmdep.outputFile="$out/cp.txt" >/dev/null
server_alone "$out"
url=$SERVER_URL

# rate TAG: the server's answers to TAG a second, from its first arrival to its last answer
rate() {
  curl -s "$url/calibrate/counts" | python3 -c 'import json, sys
c = json.load(sys.stdin)[sys.argv[1]]
print("%.0f" % (c["count"] * 1000.0 / (c["lastAnswerMs"] - c["firstArrivalMs"])))' "$1"
}

stock_round() {
  (cd "$out/stock" && mvn -B -o gatling:test -Dgatling.simulationClass=bench.LoopSimulation -Dtarget.url="$url" \
    -Dbench.tag="stock-$1" >"../stock-$1.log" 2>&1) || fail "the stock run failed, see $out/stock-$1.log"
  rate "stock-$1"
}

team_round() {
  (cd "$out/team" && mvn -B -o verify -Dexperiments=loop -Dtarget.url="$url" -Dbench.tag="team-$1" \
    "${team_opts[@]}" >"../team-$1.log" 2>&1) || fail "the team's run failed, see $out/team-$1.log"
  rate "team-$1"
}

echo "$USERS users for $DURATION s on $url/calibrate, Gatling $gatling_version; the stock plugin $plugin_version" \
  "against loadlab $version ${TEAM_OPTS:-}; $(nproc) cores shared"
ratios=()
printf '%-6s %12s %12s %7s\n' round "stock req/s" "team req/s" ratio
for r in $(seq "$ROUNDS"); do
  s=$(stock_round "$r")
  t=$(team_round "$r")
  ratios+=("$(awk -v t="$t" -v s="$s" 'BEGIN {printf "%.2f", t / s}')")
  printf '%-6s %12s %12s %7s\n' "$r" "$s" "$t" "${ratios[-1]}"
done
median=$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}')
echo "median ratio of the team's run to the stock plugin's over $ROUNDS rounds: $median (goal: 0.97 or more)"
