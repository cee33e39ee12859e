#!/usr/bin/env bash
# A team's own scenarios in a copy of this tree, added as docs/own-scenarios.md says and run as a user runs them, with
# loadlab's unit tests on (a check that skipped them hid that a plan added as documented turned them red):
# - checkout: a Scala simulation and a plan named alike (docs/examples/own-scenario/);
# - demo-shop: headless Chromium's recording of the reference server's demo page, imported (mvn exec:java@har);
# - orders: a plan as JMeter users write it (HTTP Request Defaults from target.host/port/scheme, a CSV Data Set and a
#   body file beside it, JMeter's HTTP Request alone), a Java simulation with a CSV feeder, and a declared setting.
# First on the embedded target: each tool's rows and nothing else, the gate passed, the recording's requests each
# counted by the server as each tool counted them, orders.region reaching both tools. Then the README's command for a
# team's service: `mvn verify -Dtarget.url=... -Dexperiments=orders` against the reference server run alone, a target
# the build did not start. Needs a built tree (`mvn verify` first); .ci/run runs it after the build.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/target/own-scenario
tree=$out/tree
examples=docs/examples/own-scenario

fail() {
  echo "[loadlab] own scenario check: $*" >&2
  exit 1
}

server=
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; wait 2>/dev/null || true; }
trap cleanup EXIT

rm -rf "$out"
mkdir -p "$tree"
git ls-files -z | (cd "$root" && xargs -0 cp --parents -t "$tree")
mkdir -p "$tree/src/test/scala/shop" "$tree/src/test/java/shop" "$tree/src/test/resources/loadlab"
cp $examples/CheckoutSimulation.scala "$tree/src/test/scala/shop/"
cp $examples/checkout.jmx $examples/orders.jmx $examples/orders.csv $examples/cart.json "$tree/jmeter/"
cp $examples/OrdersSimulation.java "$tree/src/test/java/shop/"
cp $examples/orders.csv "$tree/src/test/resources/"
cp $examples/orders.properties "$tree/src/test/resources/loadlab/"
(cd "$tree" && mvn -B -o -q compile exec:java@har -Dhar=src/test/resources/dev/loadlab/recording/demo-shop.har \
  >"$out/har.log" 2>&1) || fail "the HAR import failed, see $out/har.log"

# verify LOG ARGS...: mvn verify in the copy as a user runs it, unit tests on; the gate must pass
verify() {
  local log=$1
  shift
  echo "[loadlab] own scenario check: mvn verify $* (log $log)"
  # bounded: a plan that never ends must not hold CI (the stop-with-build agent ends every JVM with Maven)
  (cd "$tree" && timeout 900 mvn -B -o verify "$@" >"$log" 2>&1) || fail "mvn verify failed, see $log"
  grep -q "Tests run: [1-9][0-9]*, Failures: 0, Errors: 0" "$log" || fail "loadlab's unit tests did not run, see $log"
  grep -q "loadlab gate: passed" "$log" || fail "the gate did not pass, see $log"
}

verify "$out/verify.log" -Dexperiments=checkout,demo-shop,orders -Dorders.region=eu
grep -q "jmeter/orders.jmx runs on the HTTP/1.1 wires only" "$out/verify.log" \
  || fail "no line said why orders.jmx is left out of h2c and h2, see $out/verify.log"
python3 - "$tree/reports/summary.json" <<'PY' || fail "summary.json is not as expected, see $tree/reports/summary.json"
import json, sys
s = json.load(open(sys.argv[1]))
assert s["run"]["experiments"] == ["checkout", "demo-shop", "orders"], s["run"]["experiments"]
runs = sorted({(r["tool"], r["protocol"], r["run"]) for r in s["scenarios"]})
tls, wires = ("HTTP/1.1 over TLS", "h2"), ("HTTP/1.1", "h2c", "HTTP/1.1 over TLS", "h2")
expected = sorted([("gatling", w, sim) for w in tls for sim in ("CheckoutSimulation", "DemoShopSimulation", "OrdersSimulation")]
                  + [("jmeter", w, plan) for w in wires for plan in ("checkout", "demo-shop")]
                  + [("jmeter", w, "orders") for w in ("HTTP/1.1", "HTTP/1.1 over TLS")])
assert runs == expected, runs
for r in s["scenarios"]:
    assert r["samples"] > 0 and r["errorPct"] == 0, r
region = {(r["tool"], r["protocol"]) for r in s["scenarios"] if r["scenario"] == "GET users eu"}
assert region == {("gatling", w) for w in tls} | {("jmeter", w) for w in ("HTTP/1.1", "HTTP/1.1 over TLS")}, region
requests = [r for r in s["ownRequests"] if r["experiment"] == "demo-shop"]
assert len(requests) == 5 * 4, requests  # the recording's 5 requests on each of JMeter's 4 wires
for r in requests:
    assert r["jmeterSamples"] > 0 and r["jmeterSamples"] == r["serverJmeter"], r
    if r["protocol"] in tls:
        assert r["gatlingSamples"] > 0 and r["gatlingSamples"] == r["serverGatling"], r
print("[loadlab] own scenario check: %d rows: %s" % (len(s["scenarios"]), ", ".join("%s %s %s" % t for t in runs)))
print("[loadlab] own scenario check: -Dorders.region=eu reached %s" % sorted(region))
print("[loadlab] own scenario check: the recording's %d requests x wires, each tool's count = the server's: %s" % (
    len(requests), ", ".join("%s %s %s/%s" % (r["request"], r["protocol"], r["gatlingSamples"], r["jmeterSamples"])
                             for r in requests if r["protocol"] == "h2")))
PY

# A team's service: the reference server run alone, which the build neither starts nor knows
(cd "$tree" && mvn -B -q dependency:build-classpath -Dmdep.outputFile="$out/cp.txt" >"$out/classpath.log" 2>&1) \
  || fail "mvn dependency:build-classpath failed, see $out/classpath.log"
. scripts/reference-server.sh
reference_server "$tree/target/classes:$(cat "$out/cp.txt")" "$out"
served() { curl -sf --max-time 5 "$http/metrics" | python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)["requests"]))'; }
before=$(served)
verify "$out/target.log" -Dtarget.url="$http" -Dtarget.tlsUrl="$tls" -Dtarget.certificate="$out/cert.pem" \
  -Dexperiments=orders -Dorders.region=eu
python3 - "$tree/reports/summary.json" "$before" "$(served)" <<'PY' || fail "the team's target run is not as expected"
import json, sys
s = json.load(open(sys.argv[1]))
runs = sorted({(r["tool"], r["protocol"], r["run"]) for r in s["scenarios"]})
assert runs == [("gatling", "HTTP/1.1 over TLS", "OrdersSimulation"), ("gatling", "h2", "OrdersSimulation"),
                ("jmeter", "HTTP/1.1", "orders"), ("jmeter", "HTTP/1.1 over TLS", "orders")], runs
before, after = json.loads(sys.argv[2]), json.loads(sys.argv[3])
sent = sum(r["samples"] for r in s["scenarios"] if r["scenario"] in ("POST cart", "GET users eu"))
served = sum(after.values()) - sum(before.values())
assert sent > 0 and served >= sent, (sent, served)
print("[loadlab] own scenario check: a target the build did not start: %d requests of orders sent, the target"
      " counted %d (with the checks before load)" % (sent, served))
PY
echo "[loadlab] own scenario check: passed"
