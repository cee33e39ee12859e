#!/usr/bin/env bash
# A user's own scenarios in a copy of this tree, as docs/own-scenarios.md says: one added by hand (a simulation and a
# plan named alike, from docs/examples/own-scenario/), and one imported from headless Chromium's recording of the
# reference server's demo page (mvn exec:java@har). `mvn verify -Dexperiments=checkout,demo-shop` runs both in both
# tools: their rows in the report, nothing else run, the gate passed, and for the recording each tool's count of each
# request equal to the server's. Needs a built tree (`mvn verify` first, for the local Maven repository); .ci/run runs
# it after the build.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/target/own-scenario
tree=$out/tree

fail() {
  echo "[loadlab] own scenario check: $*" >&2
  exit 1
}

rm -rf "$out"
mkdir -p "$tree"
git ls-files -z | (cd "$root" && xargs -0 cp --parents -t "$tree")
mkdir -p "$tree/src/test/scala/shop"
cp docs/examples/own-scenario/CheckoutSimulation.scala "$tree/src/test/scala/shop/"
cp docs/examples/own-scenario/checkout.jmx "$tree/jmeter/"
(cd "$tree" && mvn -B -o -q compile exec:java@har -Dhar=src/test/resources/dev/loadlab/recording/demo-shop.har \
  >"$out/har.log" 2>&1) || fail "the HAR import failed, see $out/har.log"
echo "[loadlab] own scenario check: mvn verify -Dexperiments=checkout,demo-shop in a copy with shop.CheckoutSimulation," \
  "jmeter/checkout.jmx and the recording's recorded.DemoShopSimulation and jmeter/demo-shop.jmx"
# the load without the unit tests (-DskipTests would leave the load out too)
(cd "$tree" && mvn -B -o verify -Dmaven.test.skip.exec=true -Dexperiments=checkout,demo-shop >"$out/verify.log" 2>&1) \
  || fail "mvn verify failed, see $out/verify.log"
grep -q "loadlab gate: passed" "$out/verify.log" || fail "the gate did not pass, see $out/verify.log"
python3 - "$tree/reports/summary.json" <<'PY' || fail "summary.json is not as expected, see $tree/reports/summary.json"
import json, sys
s = json.load(open(sys.argv[1]))
assert s["run"]["experiments"] == ["checkout", "demo-shop"], s["run"]["experiments"]
runs = sorted({(r["tool"], r["protocol"], r["run"]) for r in s["scenarios"]})
tls, wires = ("HTTP/1.1 over TLS", "h2"), ("HTTP/1.1", "h2c", "HTTP/1.1 over TLS", "h2")
expected = sorted([("gatling", w, sim) for w in tls for sim in ("CheckoutSimulation", "DemoShopSimulation")]
                  + [("jmeter", w, plan) for w in wires for plan in ("checkout", "demo-shop")])
assert runs == expected, runs
for r in s["scenarios"]:
    assert r["samples"] > 0 and r["errorPct"] == 0, r
requests = [r for r in s["ownRequests"] if r["experiment"] == "demo-shop"]
assert len(requests) == 5 * 4, requests  # the recording's 5 requests on each of JMeter's 4 wires
for r in requests:
    assert r["jmeterSamples"] > 0 and r["jmeterSamples"] == r["serverJmeter"], r
    if r["protocol"] in tls:
        assert r["gatlingSamples"] > 0 and r["gatlingSamples"] == r["serverGatling"], r
print("[loadlab] own scenario check: %d rows: %s" % (len(s["scenarios"]), ", ".join("%s %s %s" % t for t in runs)))
print("[loadlab] own scenario check: the recording's %d requests x wires, each tool's count = the server's: %s" % (
    len(requests), ", ".join("%s %s %s/%s" % (r["request"], r["protocol"], r["gatlingSamples"], r["jmeterSamples"])
                             for r in requests if r["protocol"] == "h2")))
PY
echo "[loadlab] own scenario check: passed"
