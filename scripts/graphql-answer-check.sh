#!/usr/bin/env bash
# A figure only from a valid answer (docs/studies.md, 003): the gateway study run as docs/studies.md gives it on a
# GraphQL server of an engine the docs do not name (graphql-yoga, scripts/graphql-yoga-target.mjs), three times:
# - the query as written: green, every answer the study's (data, no errors, the payload within a tenth of 100 KB);
# - a payload the server refuses (256 KB, over its limit): every answer a GraphQL error with HTTP 200; red, the gate
#   naming the error as the answers' kind, no step sustained;
# - a query with a wrong field: refused before any load, in one line that names the GraphQL error.
# Needs the build's dependencies offline (.ci/run runs mvn verify first) and the npm registry once.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/check-start.sh
check_start "graphql answer check"

npm install --silent --prefix "$work/npm" graphql-yoga@5.24.1 graphql@16.15.0 >"$work/npm.log" 2>&1 \
  || { cat "$work/npm.log"; fail "npm install failed"; }
node scripts/graphql-yoga-target.mjs "$work/npm" "$work/port" &
server=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.2; done
[ -s "$work/port" ] || fail "the GraphQL server wrote no port"
url="http://127.0.0.1:$(cat "$work/port")"
sed 's/ text }/ txt }/' scripts/graphql-target-query.json >"$work/typo.json"
grep -q ' txt }' "$work/typo.json" || fail "the wrong query was not made from scripts/graphql-target-query.json"

# run NAME ARGS...: the study on that server as docs/studies.md gives it, its log kept; says whether the build passed
run() {
  local name=$1
  shift
  local started=$SECONDS
  local rc=0
  mvn -B -o verify -DskipUnitTests -Dexperiments=gateway-capacity -Dtarget.url="$url" -Dgateway.path=/graphql \
    -Dgateway.method=POST -Dgateway.sizeParam=none -Dgateway.latencyParam=none "$@" >"$work/$name.log" 2>&1 || rc=$?
  echo "[loadlab] graphql answer check: $(( SECONDS - started )) s: $name (exit $rc)"
  return $rc
}

run whole -Dgateway.body=@scripts/graphql-target-query.json \
  || { tail -40 "$work/whole.log"; fail "the study's own query failed on a GraphQL server that answers it"; }
grep -q 'loadlab gate: passed' "$work/whole.log" || fail "no gate verdict in the run of the study's query"
[ -s reports/summary.json ] || fail "the run of the study's query wrote no reports/summary.json"
! grep -E 'graphql error|short answer|long answer' reports/summary.json >/dev/null \
  || fail "an answer of the study's own query was judged invalid (reports/summary.json)"

! run refused -Dgateway.body=@scripts/graphql-target-query.json -Dgateway.payloadKb=256 \
  || fail "every answer was a GraphQL error, and the build passed"
grep -q 'answer.*graphql error: payload over 200 KB is refused' "$work/refused.log" \
  || { tail -40 "$work/refused.log"; fail "the gate did not name the GraphQL error as the answers' kind"; }
grep -q 'max sustainable rate: none' "$work/refused.log" || { tail -40 "$work/refused.log"; fail "a step of GraphQL errors held"; }

! run typo -Dgateway.body=@"$work/typo.json" || fail "a query with a wrong field passed"
grep -q 'graphql error: Cannot query field \\\?"txt\\\?" on type' "$work/typo.log" \
  || { tail -40 "$work/typo.log"; fail "the refusal did not name the GraphQL error"; }
! grep -q 'GatewayCapacitySimulation.*started\|Simulation .* started' "$work/typo.log" \
  || fail "the wrong query was loaded: it must be refused before any load"

echo "[loadlab] graphql answer check: passed"
