#!/usr/bin/env bash
# Study 003 on the study's own kind of system (docs/studies.md, "On Apollo Gateway"), at smoke scale: Apollo Gateway
# (scripts/apollo-gateway.mjs, versions pinned below) in front of loadlab's subgraph (a reference server's POST
# /graphql), loaded as docs/studies.md gives it. Every step that held must have all of the study's columns: client,
# supergraph and subgraph P95 (the last two each process's own timing, no Server-Timing), the time in the supergraph,
# and the gateway's CPU in millicores and memory in MB read from its process. Needs the build's dependencies offline
# (.ci/run runs mvn verify first), Maven's dependency plugin and the npm registry once.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/check-start.sh
check_start "apollo gateway check"
source scripts/reference-server.sh

npm install --silent --prefix "$work/npm" @apollo/gateway@2.14.4 @apollo/server@5.5.1 graphql@16.15.0 \
  >"$work/npm.log" 2>&1 || { cat "$work/npm.log"; fail "npm install failed"; }
mvn -B -q dependency:build-classpath -Dmdep.outputFile="$work/cp.txt" >"$work/classpath.log" 2>&1 \
  || fail "mvn dependency:build-classpath failed, see $work/classpath.log"
reference_server "target/classes:$(cat "$work/cp.txt")" "$work" # the subgraph: sets server and http
node scripts/apollo-gateway.mjs "$work/npm" "$http/graphql" 0 >"$work/gateway.log" 2>&1 &
check_pids+=($!)
for _ in $(seq 100); do grep -q "on http://" "$work/gateway.log" && break; sleep 0.2; done
url=$(sed -n 's|.* on \(http://127.0.0.1:[0-9]*\)/graphql .*|\1|p' "$work/gateway.log")
[ -n "$url" ] || { cat "$work/gateway.log"; fail "Apollo Gateway did not start"; }

started=$SECONDS
mvn -B -o verify -DskipUnitTests -Dexperiments=gateway-capacity -Dtarget.url="$url" -Dgateway.path=/graphql \
  -Dgateway.method=POST -Dgateway.body=@scripts/graphql-target-query.json -Dgateway.sizeParam=none \
  -Dgateway.latencyParam=none -Dgateway.subgraphUrl="$http" >"$work/verify.log" 2>&1 \
  || { tail -40 "$work/verify.log"; fail "the study on Apollo Gateway failed"; }
echo "[loadlab] apollo gateway check: $(( SECONDS - started )) s: the study on Apollo Gateway before loadlab's subgraph"
grep -q 'loadlab gate: passed' "$work/verify.log" || fail "no gate verdict"

python3 - reports/summary.json <<'PY' || fail "a column of the study is empty (reports/summary.json)"
import json, sys
figures = json.load(open(sys.argv[1]))["figures"]["gateway-capacity"]
held = [s for s in figures["gatewaySteps"] if s["sustained"]]
assert len(held) >= 3, f"{len(held)} steps held"
for s in held:
    columns = {"client P95": s["clientP95Ms"], "supergraph P95": s["gatewayP95Ms"], "subgraph P95": s["upstreamP95Ms"],
               "time in the supergraph": s["timeInGatewayMs"], "gateway CPU": (s["gateway"] or {}).get("cpuMillicores"),
               "gateway memory": (s["gateway"] or {}).get("memoryMb")}
    empty = [name for name, value in columns.items() if value is None]
    assert not empty, f"step {s['stepRps']}/s: no {', '.join(empty)}"
    # the subgraph holds each answer for the latency, and the gateway's time holds the subgraph's call; the client's
    # P95 is of other ends (Gatling's clock, the connection's set-up), and with 1 to 16 answers a step one slow one of
    # either side is its P95: 50 ms is allowed between them
    assert s["latencyMs"] <= s["upstreamP95Ms"] <= s["gatewayP95Ms"] <= s["clientP95Ms"] + 50, s
    assert s["timeInGatewayMs"] == s["gatewayP95Ms"] - s["upstreamP95Ms"], s
    # a step of one or two answers may take the gateway less CPU than the kernel's 10 ms tick: 0 is a reading there
    assert s["gateway"]["cpuMillicores"] >= 0 and 20 < s["gateway"]["memoryMb"] < 4000, s["gateway"]
assert max(s["gateway"]["cpuMillicores"] for s in held) > 0, "the gateway took no CPU in any step that held"
knee = figures["gatewayKnees"][0]
assert knee["notGiven"]["gatewayTiming"] is None and knee["notGiven"]["gatewayUse"] is None, knee["notGiven"]
print(f"[loadlab] apollo gateway check: {len(held)} steps held, each with the study's columns; at "
      f"{held[-1]['stepRps']}/s client {held[-1]['clientP95Ms']} ms, supergraph {held[-1]['gatewayP95Ms']}, subgraph "
      f"{held[-1]['upstreamP95Ms']}, gateway {held[-1]['gateway']['cpuMillicores']:.0f} millicores, "
      f"{held[-1]['gateway']['memoryMb']:.0f} MB")
PY
echo "[loadlab] apollo gateway check: passed"
