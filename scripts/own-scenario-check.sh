#!/usr/bin/env bash
# A user's own scenario, added by hand to a copy of this tree as docs/own-scenarios.md says (a simulation and a plan
# named alike, from docs/examples/own-scenario/), runs with `mvn verify -Dexperiments=checkout`: both tools' rows in the
# report, the gate passed, nothing else run. Needs a built tree (`mvn verify` first, for the local Maven repository);
# .ci/run runs it after the build.
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
echo "[loadlab] own scenario check: mvn verify -Dexperiments=checkout in a copy with shop.CheckoutSimulation and jmeter/checkout.jmx"
# the load without the unit tests (-DskipTests would leave the load out too)
(cd "$tree" && mvn -B -o verify -Dmaven.test.skip.exec=true -Dexperiments=checkout >"$out/verify.log" 2>&1) \
  || fail "mvn verify failed, see $out/verify.log"
grep -q "loadlab gate: passed" "$out/verify.log" || fail "the gate did not pass, see $out/verify.log"
python3 - "$tree/reports/summary.json" <<'PY' || fail "summary.json is not as expected, see $tree/reports/summary.json"
import json, sys
s = json.load(open(sys.argv[1]))
assert s["run"]["experiments"] == ["checkout"], s["run"]["experiments"]
runs = sorted({(r["tool"], r["protocol"], r["run"]) for r in s["scenarios"]})
expected = sorted([("gatling", w, "CheckoutSimulation") for w in ("HTTP/1.1 over TLS", "h2")]
                  + [("jmeter", w, "checkout") for w in ("HTTP/1.1", "h2c", "HTTP/1.1 over TLS", "h2")])
assert runs == expected, runs
for r in s["scenarios"]:
    assert r["samples"] > 0 and r["errorPct"] == 0, r
print("[loadlab] own scenario check: %d rows: %s" % (len(s["scenarios"]), ", ".join("%s %s %s" % t for t in runs)))
PY
echo "[loadlab] own scenario check: passed"
