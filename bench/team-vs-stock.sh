#!/usr/bin/env bash
# A team's run at the tool's own speed: the same closed loop (USERS users for DURATION s, each sending the reference
# server's fast route, /calibrate with no latency, one after another) in a stock project of the tool's own Maven plugin
# and in a team's project made from loadlab's archetype (`mvn verify -Dexperiments=loop`), against one reference server
# started alone. TOOL=gatling: a simulation, run by a stock gatling-maven-plugin project's `mvn gatling:test` and as
# the team's experiment on loadlab's base class; TOOL=jmeter: one plan, loop.jmx, run by a stock jmeter-maven-plugin
# project's `mvn verify` (its configure and jmeter goals, its own JVM options) and as the team's jmeter/loop.jmx. Rounds
# alternate the two so that the machine's noise hits both alike. Each run's rate is the server's own count of its tag
# over its first arrival to its last answer (/calibrate/counts), so that both are measured by the same clock and
# neither tool's own report. Prints each round's rates and ratio, and the median ratio (goal: 0.97 or more).
#   usage: mvn -B -f parent install -DskipTests && bash bench/team-vs-stock.sh
#   knobs: TOOL (gatling|jmeter), ROUNDS (3), USERS (50), DURATION (30), TEAM_OPTS (more -D options for the team's
#          build, e.g. -Dgatling.jitTier=1 to see the smoke default)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
source scripts/loadlab-version.sh

TOOL=${TOOL:-gatling}
[[ "$TOOL" =~ ^(gatling|jmeter)$ ]] || fail "TOOL=$TOOL is not allowed: expected gatling or jmeter"
int_knob ROUNDS 3 1 99
int_knob USERS 50 1 10000
int_knob DURATION 30 1 3600
read -ra team_opts <<<"${TEAM_OPTS:-}"

version=$(loadlab_version)
[ -d "$HOME/.m2/repository/dev/loadlab/loadlab-archetype/$version" ] \
  || fail "loadlab $version is not installed: run 'mvn -B -f parent install -DskipTests' first"
out=target/bench/team-vs-stock-$TOOL
rm -rf "$out" && mkdir -p "$out"
pinned() { sed -n "s|.*<$1>\\([^<]*\\)</$1>.*|\\1|p" parent/pom.xml; }

# The loop as a simulation, one definition for both projects: only the base class and the protocol's line differ, as
# they must (a team's simulation takes the build's target from loadlab's base class; a stock one names its own URL).
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

# The loop as a JMeter plan, one file for both projects: the target's host and port, the users, the duration and the
# tag are properties (a team's build hands it target.host, target.port and its own loop.* settings; the stock pom, its
# user properties). JMeter's own HTTP Request, keep-alive, no assertion: a status under 400 passes, as JMeter's default.
loop_plan() {
  cat <<'PLAN'
<?xml version="1.0" encoding="UTF-8"?>
<jmeterTestPlan version="1.2" properties="5.0" jmeter="5.6.3">
  <hashTree>
    <TestPlan guiclass="TestPlanGui" testclass="TestPlan" testname="loop"/>
    <hashTree>
      <ThreadGroup guiclass="ThreadGroupGui" testclass="ThreadGroup" testname="loop">
        <stringProp name="ThreadGroup.num_threads">${__P(loop.users,50)}</stringProp>
        <stringProp name="ThreadGroup.ramp_time">0</stringProp>
        <boolProp name="ThreadGroup.same_user_on_next_iteration">true</boolProp>
        <stringProp name="ThreadGroup.on_sample_error">continue</stringProp>
        <elementProp name="ThreadGroup.main_controller" elementType="LoopController" guiclass="LoopControlPanel" testclass="LoopController">
          <stringProp name="LoopController.loops">-1</stringProp>
          <boolProp name="LoopController.continue_forever">false</boolProp>
        </elementProp>
        <boolProp name="ThreadGroup.scheduler">true</boolProp>
        <stringProp name="ThreadGroup.duration">${__P(loop.durationSeconds,30)}</stringProp>
        <stringProp name="ThreadGroup.delay"></stringProp>
      </ThreadGroup>
      <hashTree>
        <HTTPSamplerProxy guiclass="HttpTestSampleGui" testclass="HTTPSamplerProxy" testname="calibrate">
          <stringProp name="HTTPSampler.domain">${__P(target.host)}</stringProp>
          <stringProp name="HTTPSampler.port">${__P(target.port)}</stringProp>
          <stringProp name="HTTPSampler.protocol">http</stringProp>
          <stringProp name="HTTPSampler.path">/calibrate?tag=${__P(loop.tag,bench)}&amp;latencyMs=0</stringProp>
          <stringProp name="HTTPSampler.method">GET</stringProp>
          <boolProp name="HTTPSampler.use_keepalive">true</boolProp>
        </HTTPSamplerProxy>
        <hashTree/>
      </hashTree>
    </hashTree>
  </hashTree>
</jmeterTestPlan>
PLAN
}

# stock_pom BODY: the stock project's pom, its coordinates around BODY (the tool's dependencies and plugins)
stock_pom() {
  cat >"$out/stock/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>bench</groupId><artifactId>stock</artifactId><version>1</version>
$1
</project>
EOF
}

# the stock Gatling project: Gatling's plugin and its Scala compiler, as Gatling's own Maven demo has them
stock_gatling() {
  mkdir -p "$out/stock/src/test/scala/bench"
  stock_pom "  <properties><maven.compiler.release>17</maven.compiler.release><project.build.sourceEncoding>UTF-8</project.build.sourceEncoding></properties>
  <dependencies>
    <dependency><groupId>io.gatling.highcharts</groupId><artifactId>gatling-charts-highcharts</artifactId><version>$(pinned gatling.version)</version><scope>test</scope></dependency>
  </dependencies>
  <build><plugins>
    <plugin><groupId>net.alchim31.maven</groupId><artifactId>scala-maven-plugin</artifactId><version>$(pinned scala-maven-plugin.version)</version>
      <executions><execution><goals><goal>testCompile</goal></goals></execution></executions></plugin>
    <plugin><groupId>io.gatling</groupId><artifactId>gatling-maven-plugin</artifactId><version>$(pinned gatling-maven-plugin.version)</version></plugin>
  </plugins></build>"
  loop_simulation "" "Simulation" 'http.baseUrl(System.getProperty("target.url"))' \
    >"$out/stock/src/test/scala/bench/LoopSimulation.scala"
}

# the stock JMeter project: jmeter-maven-plugin's configure and jmeter goals, the plan in src/test/jmeter, the loop's
# settings as JMeter user properties (the target's host and port and the tag from the command line's -D)
stock_jmeter() {
  mkdir -p "$out/stock/src/test/jmeter"
  stock_pom "  <build><plugins>
    <plugin><groupId>com.lazerycode.jmeter</groupId><artifactId>jmeter-maven-plugin</artifactId><version>$(pinned jmeter-maven-plugin.version)</version>
      <executions>
        <execution><id>configuration</id><goals><goal>configure</goal></goals></execution>
        <execution><id>jmeter-tests</id><goals><goal>jmeter</goal></goals></execution>
      </executions>
      <configuration>
        <jmeterVersion>$(pinned jmeter.version)</jmeterVersion>
        <propertiesUser>
          <target.host>\${target.host}</target.host><target.port>\${target.port}</target.port><loop.tag>\${loop.tag}</loop.tag>
          <loop.users>$USERS</loop.users><loop.durationSeconds>$DURATION</loop.durationSeconds>
        </propertiesUser>
      </configuration>
    </plugin>
  </plugins></build>"
  loop_plan >"$out/stock/src/test/jmeter/loop.jmx"
}

# the team's project, from the installed archetype, with the loop as its one experiment in the tool's form
team() {
  (cd "$out" && mvn -B -o -q org.apache.maven.plugins:maven-archetype-plugin:3.4.1:generate -DinteractiveMode=false \
    -DarchetypeGroupId=dev.loadlab -DarchetypeArtifactId=loadlab-archetype -DarchetypeVersion="$version" \
    -DgroupId=bench -DartifactId=team >generate.log 2>&1) || fail "the archetype made no project, see $out/generate.log"
  if [ "$TOOL" = gatling ]; then
    mkdir -p "$out/team/src/test/scala/bench"
    loop_simulation "import dev.loadlab.OwnSimulation" "OwnSimulation" "httpProtocol" \
      >"$out/team/src/test/scala/bench/LoopSimulation.scala"
  else
    loop_plan >"$out/team/jmeter/loop.jmx"
    echo "tag=bench" >"$out/team/src/test/resources/loadlab/loop.properties" # the plan's own setting, loop.tag
  fi
}

"stock_$TOOL"
team

# online once, without load: the stock project takes what its plugins and tool need as they come (logback's, say,
# and the surefire plugin of Maven's default lifecycle), loadlab's its pins
for project in stock team; do
  (cd "$out/$project" && mvn -B -q verify -DskipTests >"../$project-compile.log" 2>&1) \
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
  local run=(gatling:test -Dgatling.simulationClass=bench.LoopSimulation -Dtarget.url="$url" -Dbench.tag="stock-$1")
  [ "$TOOL" = jmeter ] && run=(verify -Dtarget.host=127.0.0.1 -Dtarget.port="${url##*:}" -Dloop.tag="stock-$1")
  (cd "$out/stock" && mvn -B -o "${run[@]}" >"../stock-$1.log" 2>&1) || fail "the stock run failed, see $out/stock-$1.log"
  rate "stock-$1"
}

team_round() {
  local tag=(-Dbench.tag="team-$1")
  [ "$TOOL" = jmeter ] && tag=(-Dloop.tag="team-$1" -Dloop.users="$USERS" -Dloop.durationSeconds="$DURATION")
  (cd "$out/team" && mvn -B -o verify -Dexperiments=loop -Dtarget.url="$url" "${tag[@]}" "${team_opts[@]}" \
    >"../team-$1.log" 2>&1) || fail "the team's run failed, see $out/team-$1.log"
  rate "team-$1"
}

if [ "$TOOL" = gatling ]; then
  tools="Gatling $(pinned gatling.version), the stock plugin $(pinned gatling-maven-plugin.version)"
else
  tools="JMeter $(pinned jmeter.version), the stock plugin $(pinned jmeter-maven-plugin.version)"
fi
echo "$USERS users for $DURATION s on $url/calibrate, $tools, against loadlab $version ${TEAM_OPTS:-};" \
  "$(nproc) cores shared"
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
