#!/usr/bin/env bash
# The live page as a team's monitoring and a person see it (docs/report.md, "While it runs: the live page"), during a
# real build of the calibration study (both tools, the wires it runs): a real Prometheus (Debian's package) scrapes the
# page's /metrics every second, and headless Chromium keeps the page open while the build loads and looks at it twice
# (scripts/live-page-look.mjs). It fails unless Chromium's page lists every row the page's /state had before, took
# readings between the looks and a row's count grew (or a row began), and, after the build, Prometheus' highest reading of each row's
# requests equals the report's count (reports/summary.json), and each query of the docs' Grafana dashboard
# (docs/grafana-loadlab.json) is answered. The second look's screenshot: target/live-page.png.
# Installs Prometheus where missing (without its recommended exporters).
# Needs the build's dependencies offline (.ci/run runs mvn verify first).
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/check-start.sh
check_start "live page check"

if ! command -v prometheus >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >"$work/apt.log" 2>&1 \
    || { cat "$work/apt.log"; fail "Prometheus could not be installed"; }
fi
chromium=${CHROMIUM:-/usr/bin/chromium}
[ -x "$chromium" ] || fail "no $chromium here (Debian/Ubuntu: apt-get install chromium)"
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
page_port=$(free_port)
prometheus_port=$(free_port)
page="http://127.0.0.1:$page_port"
prometheus_url="http://127.0.0.1:$prometheus_port"

cat >"$work/prometheus.yml" <<YAML
global: {scrape_interval: 1s, scrape_timeout: 1s}
scrape_configs:
  - job_name: loadlab
    static_configs: [{targets: ['127.0.0.1:$page_port']}]
YAML
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/tsdb" \
  --web.listen-address="127.0.0.1:$prometheus_port" >"$work/prometheus.log" 2>&1 &
check_pids+=($!)

mvn -B -o verify -DskipUnitTests -Dexperiments=calibration -Dlive.port="$page_port" >"$work/build.log" 2>&1 &
build=$!
check_pids+=($build)
for _ in $(seq 240); do
  grep -q "live page of this build: $page/" "$work/build.log" && break
  kill -0 "$build" 2>/dev/null || { tail -20 "$work/build.log"; fail "the build ended before it printed its live page"; }
  sleep 0.5
done
grep -q "live page of this build: $page/" "$work/build.log" || fail "the build printed no live page on port $page_port"

# once a row runs: the page's /state, then Chromium's two looks at the page (4 s, then 3 s more of its events)
for _ in $(seq 240); do
  rows=$(curl -sf "$page/state" | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["rows"]))' 2>/dev/null || true)
  [ "${rows:-0}" -gt 0 ] && break
  sleep 0.5
done
curl -sf "$page/state" >"$work/state.json" || fail "the page's /state did not answer"
mkdir -p target
node --experimental-websocket --no-warnings scripts/live-page-look.mjs "$chromium" "$page/" "$PWD/target/live-page.png" \
  "$work/chromium" >"$work/looks.json" 2>"$work/chromium.log" || { cat "$work/chromium.log"; fail "Chromium's look failed"; }
date +%s >"$work/looked-at" # while the build loads: when the dashboard's queries are asked for (the page ends with it)
wait "$build" || { tail -20 "$work/build.log"; fail "the build failed"; }

python3 - "$work" "$prometheus_url" reports/summary.json <<'PY' || fail "see the line above"
import json, sys, urllib.parse, urllib.request
work, prometheus, summary = sys.argv[1:]

looks = json.load(open(f"{work}/looks.json"))
def shown(look):
    """(tool, wire, request) -> requests of each row Chromium's page listed."""
    return {(r["cells"][0], r["cells"][1], r["cells"][3]): r["requests"] for r in looks[look]["rows"]}
first, second = shown("first"), shown("second")
wanted = {(r["tool"], r["wire"], r["request"]) for r in json.load(open(f"{work}/state.json"))["rows"]}
if not wanted or not wanted <= set(first):
    sys.exit(f"Chromium's page listed {sorted(first)}, not every row of /state before it: {sorted(wanted)}")
if looks["second"]["readings"] <= looks["first"]["readings"]:
    sys.exit(f"the page took no reading between the looks: {looks['first']['readings']}, {looks['second']['readings']}")
moved = [k for k in second if second[k] > first.get(k, 0)] # a count that grew, or a row that began
if not moved:
    sys.exit(f"no row's count moved between the two looks: {first} then {second}")
# each chart drawn with lines: the rows' requests, p95 and errors per second, and the machine's stalls by kind of JVM
charts = looks["second"]["charts"]
for chart in ("rate-chart", "p95-chart", "error-chart", "stall-chart"):
    if charts.get(chart, 0) < 1:
        sys.exit(f"the page's {chart} has no line with points: {charts}")
if "server-reference-server" not in looks["second"]["stalls"]:
    sys.exit(f"the page's stalls did not list the target's server: {looks['second']['stalls']}")
# the finished report keeps the same timeline
if 'id="build-timeline"' not in open("reports/index.html").read():
    sys.exit("reports/index.html has no section build-timeline (the live page's timeline)")

query = urllib.parse.urlencode({"query": "max_over_time(loadlab_requests_total[30m])"})
answer = json.load(urllib.request.urlopen(f"{prometheus}/api/v1/query?{query}"))
scraped = {(s["metric"]["tool"], s["metric"]["wire"], s["metric"]["request"]): int(float(s["value"][1]))
           for s in answer["data"]["result"]}
report = {(r["tool"], r["protocol"], r["scenario"]): r["samples"]
          for r in json.load(open(summary))["scenarios"] if r["scenario"] not in ("all requests", "all samples")}
if not report or scraped != report:
    diff = {k: (scraped.get(k), report.get(k)) for k in set(scraped) | set(report) if scraped.get(k) != report.get(k)}
    sys.exit(f"Prometheus' counts (left) differ from the report's (right): {diff}")
# the docs' Grafana dashboard: each panel's query answered by this Prometheus, and but the errors' (none here) not empty
panels = 0
for panel in json.load(open("docs/grafana-loadlab.json"))["panels"]:
    for target in panel["targets"]:
        query = urllib.parse.urlencode({"query": target["expr"], "time": open(f"{work}/looked-at").read().strip()})
        answer = json.load(urllib.request.urlopen(f"{prometheus}/api/v1/query?{query}"))
        if answer["status"] != "success" or (not answer["data"]["result"] and "errors" not in target["expr"]):
            sys.exit(f"the dashboard's panel {panel['title']!r}: {target['expr']} gave {answer}")
        panels += 1
print(f"[loadlab] live page check: {panels} queries of docs/grafana-loadlab.json answered;")
print(f"[loadlab] live page check: Chromium's page listed every running row twice ({len(first)}, then {len(second)}),"
      f" {len(moved)} counts moved, charts {charts}, stalls of {looks['second']['stalls']}; Prometheus scraped {len(scraped)} rows, each count the report's"
      f" ({sum(report.values())} requests); screenshot target/live-page.png")
PY
