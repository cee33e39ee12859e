#!/usr/bin/env bash
# A team's project made as docs/team-project.md says (the archetype, in a temporary folder outside this tree) and run as
# a team runs it, its builds offline:
# - the template's experiments: checkout (a Scala simulation and a plan named alike) and orders (a plan as JMeter users
#   write it with its CSV and body file, a Java simulation with a CSV feeder, a declared setting);
# - demo-app: headless Chromium's recording of the reference server's demo app logging in (a CSRF field, a session
#   cookie, a redirect's visit, a bearer token, an order id, all made by the server; a password the user typed),
#   imported with exec:java@har and replayed with each of those carried and this run's password from the environment,
#   then the replay check (-Dreplay=true) of it and of its import with the recorded values (-Dhar.carry=false);
# (a team's JDBC driver, JMeter plugin and scale-out: scripts/own-build-check.sh, in a project of its own).
# First on the embedded target: each tool's rows and nothing else, none of loadlab's unit tests, the gate passed, the
# recording's requests replayed without an error and each counted by the server as each tool counted them, orders.region reaching both tools. Then a
# target the build did not start (the reference server run alone): docs/ci.md's three pipelines in clean clones of the
# team's repository, its settings in loadlab.properties, each an experiment of its own alone, timed
# (scripts/ci-recipes-check.py). (.ci/run runs this tree's unit tests with a target's -D, which they never see.)
# Needs loadlab in ~/.m2 (`mvn -f parent install -DskipTests`) and deployed (scripts/release-check.sh), which .ci/run
# runs first.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/target/own-scenario
check="own scenario check"

fail() {
  echo "[loadlab] $check: $* (the project: $work)" >&2
  exit 1
}

server=
work=$(mktemp -d)
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; wait 2>/dev/null || true; }
trap cleanup EXIT

rm -rf "$out"
mkdir -p "$out"
. scripts/team-project.sh
team_project "$work" "$out"
for kept in .gitignore loadlab.properties; do [ -f "$project/$kept" ] || fail "the archetype made no $kept"; done
lines=$(wc -l <"$project/pom.xml")
[ "$lines" -le 30 ] || fail "the team's pom has $lines lines, more than 30"
# the recording of an app with a login (docs/own-scenarios.md): its password typed at recording is not the one the
# server now has; both tools get this run's from the environment, as a team's CI gives a secret
cp src/test/resources/dev/loadlab/recording/demo-app.har "$project/"
(cd "$project" && mvn -B -o -q compile exec:java@har -Dhar=demo-app.har >"$out/har.log" 2>&1) \
  || fail "the HAR import failed, see $out/har.log"
grep -q "^carried id: from POST /demo/app/api/orders answer" "$out/har.log" || fail "the import carried no order id, see $out/har.log"
LOADLAB_DEMO_PASSWORD=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')
export LOADLAB_DEMO_PASSWORD LOADLAB_DEMO_APP_PASSWORD=$LOADLAB_DEMO_PASSWORD

verify "$project" "$out/verify.log" -Dexperiments=checkout,demo-app,orders -Dorders.region=eu
! grep -q "Tests run:" "$out/verify.log" || fail "a unit test ran in the team's build, see $out/verify.log"
grep -q "jmeter/orders.jmx runs on the HTTP/1.1 wires only" "$out/verify.log" \
  || fail "no line said why orders.jmx is left out of h2, see $out/verify.log"
python3 - "$project/reports/summary.json" <<'PY' || fail "summary.json is not as expected, see $project/reports/summary.json"
import json, sys
s = json.load(open(sys.argv[1]))
assert s["run"]["experiments"] == ["checkout", "demo-app", "orders"], s["run"]["experiments"]
runs = sorted({(r["tool"], r["protocol"], r["run"]) for r in s["scenarios"]})
tls = ("HTTP/1.1 over TLS", "h2")
sims = ("CheckoutSimulation", "DemoAppSimulation", "OrdersSimulation")
expected = sorted([("gatling", w, sim) for w in tls for sim in sims]
                  + [("jmeter", w, plan) for w in tls for plan in ("checkout", "demo-app")]
                  + [("jmeter", "HTTP/1.1 over TLS", "orders")])
assert runs == expected, runs
for r in s["scenarios"]:
    assert r["samples"] > 0 and r["errorPct"] == 0, r
region = {(r["tool"], r["protocol"]) for r in s["scenarios"] if r["scenario"] == "GET users eu"}
assert region == {("gatling", w) for w in tls} | {("jmeter", "HTTP/1.1 over TLS")}, region
requests = s["figures"]["demo-app"]["ownRequests"]  # each own experiment's under its name
assert len(requests) == 7 * 2, requests  # the recording's 7 requests (a login, a token, an order) on the TLS pair
for r in requests:
    assert r["jmeterSamples"] > 0 and r["jmeterSamples"] == r["serverJmeter"], r
    assert r["gatlingSamples"] > 0 and r["gatlingSamples"] == r["serverGatling"], r
print("[loadlab] own scenario check: %d rows: %s" % (len(s["scenarios"]), ", ".join("%s %s %s" % t for t in runs)))
print("[loadlab] own scenario check: -Dorders.region=eu reached %s" % sorted(region))
print("[loadlab] own scenario check: the login recording's %d requests x wires replayed with 0 errors, each tool's count"
      " = the server's: %s" % (
    len(requests), ", ".join("%s %s %s/%s" % (r["request"], r["protocol"], r["gatlingSamples"], r["jmeterSamples"])
                             for r in requests if r["protocol"] == "h2")))
PY

# The replay check as docs/own-scenarios.md gives it (-Dreplay=true): each tool's journey once, one user, request by
# request beside the recording. Beside the import above, the same recording imported with each value replayed as
# recorded (-Dhar.carry=false): its login must fail (the CSRF field and the session it names are stale), the first
# difference named with what was sent, the password never shown; the import above must replay as recorded
(cd "$project" && mvn -B -o -q exec:java@har -Dhar=demo-app.har -Dhar.carry=false -Dhar.name=demo-literal \
  >"$out/har-literal.log" 2>&1) || fail "the HAR import with -Dhar.carry=false failed, see $out/har-literal.log"
export LOADLAB_DEMO_LITERAL_PASSWORD=$LOADLAB_DEMO_PASSWORD LOADLAB_DEMO_LITERAL_CSRF=as-recorded
echo "[loadlab] own scenario check: mvn verify -Dexperiments=demo-app,demo-literal -Dreplay=true (log $out/replay.log)"
! (cd "$project" && timeout 600 mvn -B -o verify -Dexperiments=demo-app,demo-literal -Dreplay=true >"$out/replay.log" 2>&1) \
  || fail "the replay of the recorded literals passed, see $out/replay.log"
! grep -qF "$LOADLAB_DEMO_PASSWORD" "$out/replay.log" "$project/target/loadlab/replay.tsv" || fail "the password was shown"
for tool in gatling jmeter; do
  grep -q "^loadlab replay: $tool HTTP/1.1 over TLS demo-literal: first difference at POST /demo/app/login: recorded 302,"\
" replayed 403; sent: POST https://.*body: csrf=\*\*\*\*&user=alice&password=\*\*\*\*$" "$out/replay.log" \
    || fail "the literal replay's first difference in $tool is not the login, see $out/replay.log"
done
python3 - "$project/target/loadlab/replay.tsv" <<'PY' || fail "the replay of demo-app is not as recorded, see $out/replay.log"
import sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
for tool in ("gatling", "jmeter"):
    statuses = [int(r[4]) for r in rows if r[0] == tool and r[2] == "demo-app"]
    assert statuses == [200, 302, 200, 200, 201, 200, 200], (tool, statuses)  # once each, as recorded
print("[loadlab] own scenario check: the replay check passed demo-app's 7 requests in both tools and failed its"
      " literal import at POST /demo/app/login (403, recorded 302) in both")
PY
rm -f "$project"/src/test/scala/recorded/DemoLiteralSimulation.scala "$project"/jmeter/demo-literal.jmx \
  "$project"/src/test/resources/loadlab/demo-literal.*

# A study of the team's own by loadlab's door (docs/own-scenarios.md#a-study-of-your-own): scripts/own-study's class in
# src/main/java named in META-INF/services, and its simulation; run by name, its rows gated with its own limit, its
# figures in summary.json under its name, its section in index.html and compare.html
cp -r scripts/own-study/src "$project/"
verify "$project" "$out/study.log" -Dexperiments=cart-size
python3 - "$project" <<'PY' || fail "the team's study is not in the report as expected, see $out/study.log"
import json, sys
project = sys.argv[1]
s = json.load(open(project + "/reports/summary.json"))
assert s["run"]["experiments"] == ["cart-size"], s["run"]["experiments"]
points = s["figures"]["cart-size"]["points"]
assert sorted((p["protocol"], p["items"]) for p in points) == sorted(
    (w, n) for w in ("HTTP/1.1 over TLS", "h2") for n in (1, 10, 100)), points
rows = [r for r in s["scenarios"] if r["experiment"] == "cart-size"]
checks = json.load(open(project + "/target/loadlab/gate-checks.json"))
held = [c for c in checks["checks"] if c.get("limit") == "<= 1000"]
assert len(held) == len(rows) == 8, (len(held), len(rows))
assert '<section id="cart-size">' in open(project + "/reports/index.html").read()
assert 'id="cart-size-cart-size-points-0"' in open(project + "/reports/compare.html").read()
print("[loadlab] own scenario check: the team's study cart-size ran %d rows, each held to its own p95 limit, its %d"
      " points in summary.json, its section in index.html and compare.html" % (len(rows), len(points)))
PY
rm -rf "$project/src/main" "$project/src/test/java/shop/CartSizeSimulation.java"

# the report opens on what ran: no section of a study the build left out
for id in stress write gateway ab bulk; do
  ! grep -q "<section id=\"$id\">" "$project/reports/index.html" \
    || fail "index.html has the section '$id' of a study that did not run, see $project/reports/index.html"
done
# the JMeter home the team's build configured (what mvn jmeter:gui opens there) shows loadlab's sampler
LOADLAB_PROJECT="$project" bash scripts/jmeter-gui-check.sh "$project/jmeter/checkout.jmx" \
  || fail "the JMeter GUI of the team's project did not offer loadlab's sampler"
# and opens the recording's plan (its extractors, cookie manager, replay log and one-pass switch) without an error
LOADLAB_PROJECT="$project" bash scripts/jmeter-gui-check.sh "$project/jmeter/demo-app.jmx" \
  || fail "the JMeter GUI of the team's project did not open the recording's plan"

# A team's service: the reference server run alone, which the build neither starts nor knows
# the class path of the server alone: Maven's dependency plugin may need fetching once, so not offline
(cd "$project" && mvn -B -q dependency:build-classpath -Dmdep.outputFile="$out/cp.txt" >"$out/classpath.log" 2>&1) \
  || fail "mvn dependency:build-classpath failed, see $out/classpath.log"
. scripts/reference-server.sh
reference_server "$(cat "$out/cp.txt")" "$out"
served() { curl -sf --max-time 5 "$http/metrics" | python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)["requests"]))'; }

# A journey across two services (docs/own-scenarios.md#where-load-goes): the login recording with its order API on an
# origin of its own, as a real app's may be, imported with that origin as the named target api; replayed in both tools
# with api on the same server by another name (localhost), each request of it counted by target and by the server
python3 - "$project/demo-app.har" "$project/demo-split.har" <<'PY'
import json, re, sys
har = json.load(open(sys.argv[1]))
for entry in har["log"]["entries"]:
    entry["request"]["url"] = re.sub(r"^https?://[^/]+(/demo/app/api/orders)", r"https://api.demo.test\1",
                                     entry["request"]["url"])
json.dump(har, open(sys.argv[2], "w"))
PY
(cd "$project" && mvn -B -o -q compile exec:java@har -Dhar=demo-split.har -Dhar.targets=api=https://api.demo.test \
  >"$out/har-split.log" 2>&1) || fail "the HAR import of two origins failed, see $out/har-split.log"
grep -q "^target api: its requests go to target.api.url" "$out/har-split.log" || fail "no request went to api, see $out/har-split.log"
export LOADLAB_DEMO_SPLIT_PASSWORD=$LOADLAB_DEMO_PASSWORD
verify "$project" "$out/split.log" -Dexperiments=demo-split -Dtarget.url="$http" -Dtarget.tlsUrl="$tls" \
  -Dtarget.certificate="$out/cert.pem" -Dtarget.api.url="${http/127.0.0.1/localhost}" \
  -Dtarget.api.tlsUrl="${tls/127.0.0.1/localhost}" -Dtarget.api.certificate="$out/cert.pem"
python3 - "$project/reports/summary.json" <<'PY' || fail "the journey of two origins is not as expected, see $out/split.log"
import json, sys
s = json.load(open(sys.argv[1]))
by_run = {(t["tool"], t["protocol"]): t["requests"] for t in s["targets"]}
assert sorted(by_run) == [(tool, w) for tool in ("gatling", "jmeter") for w in ("HTTP/1.1 over TLS", "h2")], by_run
for run, requests in by_run.items():
    assert requests.get("target", 0) > 0 and requests.get("api", 0) > 0, (run, requests)
    assert all(k in ("target", "api") for k in requests), (run, requests)
rows = s["figures"]["demo-split"]["ownRequests"]
assert len(rows) == 7 * 2, rows
for r in rows:  # a target the build did not start keeps no count of its own: the tools' are set side by side
    assert r["gatlingSamples"] > 0 and r["jmeterSamples"] > 0, r
    assert r["gatlingErrorPct"] == 0 and r["jmeterErrorPct"] == 0, r
print("[loadlab] own scenario check: the recording of two origins replayed in both tools, by target: %s" % by_run)
PY
rm -f "$project"/src/test/scala/recorded/DemoSplitSimulation.scala "$project"/jmeter/demo-split.jmx \
  "$project"/src/test/resources/loadlab/demo-split.*

before=$(served)
# The pipelines of docs/ci.md as written, each in a clean clone of the team's repository (the project, its own
# loadlab.properties checked in: orders alone, its region, the target's TLS URL and certificate), against that target;
# each build is the one a team runs while it writes a journey: one experiment of its own (goal: 60 s)
# each on a runner of its own with nothing of this machine's Maven: loadlab from the repository the release check deployed
# it to (served again here), the rest from Maven Central (scripts/release-check.sh, which .ci/run runs before this)
released=$root/target/release-check
[ -d "$released/repository/dev/loadlab" ] \
  || fail "no release to fetch loadlab from: run bash scripts/release-check.sh first"
started=$SECONDS
LOADLAB_CI_REPOSITORY="$released/repository" LOADLAB_CI_WORK="$out/ci" python3 scripts/ci-recipes-check.py "$project" "$http" experiments=orders orders.region=eu \
  "target.tlsUrl=$tls" "target.certificate=$out/cert.pem" || fail "a pipeline of docs/ci.md did not hold, see $out/ci"
python3 - "$out/ci/github/repo/reports/summary.json" "$before" "$(served)" <<'PY' \
  || fail "the team's target run is not as expected"
import json, sys
s = json.load(open(sys.argv[1]))
runs = sorted({(r["tool"], r["protocol"], r["run"]) for r in s["scenarios"]})
assert runs == [("gatling", "HTTP/1.1 over TLS", "OrdersSimulation"), ("gatling", "h2", "OrdersSimulation"),
                ("jmeter", "HTTP/1.1 over TLS", "orders")], runs
before, after = json.loads(sys.argv[2]), json.loads(sys.argv[3])
sent = sum(r["samples"] for r in s["scenarios"] if r["scenario"] in ("POST cart", "GET users eu"))
served = sum(after.values()) - sum(before.values())
assert sent > 0 and served >= sent, (sent, served)
print("[loadlab] own scenario check: a target the build did not start: %d requests of orders sent, the target"
      " counted %d (with the checks before load)" % (sent, served))
PY
echo "[loadlab] own scenario check: $(( SECONDS - started )) s: docs/ci.md's three pipelines"

kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true
server=

rm -rf "$work"
echo "[loadlab] own scenario check: passed"
