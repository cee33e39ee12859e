#!/usr/bin/env bash
# Green on a busy machine, red on a wrong tool (issue 45). Two series of builds, each with a CPU hog beside it (HOG
# busy shell loops at normal priority, as a shared CI runner's other jobs): first BUILDS default builds of this tree
# (`mvn -B -o verify`), each of which must be green; then BUILDS builds of a copy whose JMeter HTTP/2 sampler waits
# DELAY_MS inside its timed request path (a tool made wrong on purpose), each of which must be red on a truth check.
# Per build: its outcome, its time, the checks that failed, and the largest stall the report measured (Machine
# stalls); last, the counts of each series. Builds run in clones under WORK, never in this tree.
#   usage: mvn -B -DskipTests install && bash bench/busy-machine.sh
#   knobs: BUILDS (10), HOG (2), DELAY_MS (10), WRONG_ARGS (the wrong tool's builds' Maven arguments; default none,
#          i.e. default builds too; -Dexperiments=calibration runs only the experiment the truth checks read),
#          WORK (a temporary folder)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILDS=${BUILDS:-10} HOG=${HOG:-2} DELAY_MS=${DELAY_MS:-10} WRONG_ARGS=${WRONG_ARGS:-}
WORK=${WORK:-$(mktemp -d)}
hogs=()
stop_hogs() {
  for pid in "${hogs[@]}"; do kill "$pid" 2>/dev/null || true; done
  hogs=()
}
trap stop_hogs EXIT
start_hogs() {
  for _ in $(seq "$HOG"); do
    sh -c 'while :; do :; done' &
    hogs+=($!)
  done
}

# A clone of this tree's working copy (committed or not), so the series run what is here.
copy_tree() {
  rm -rf "$1"
  mkdir -p "$1"
  git ls-files -co --exclude-standard -z | xargs -0 cp --parents -t "$1"
}

# build DIR NAME [maven args]: one build with the hog beside it; prints one line, returns 0 when green.
build() {
  local dir=$1 name=$2; shift 2
  local started=$SECONDS rc=0
  start_hogs
  (cd "$dir" && mvn -B -o verify "$@" >"$WORK/$name.log" 2>&1) || rc=$?
  stop_hogs
  local failed stall
  failed=$(python3 - "$dir/target/gate-reports/TEST-loadlab-gate.xml" <<'PY'
import sys, xml.etree.ElementTree as ET
try:
    cases = ET.parse(sys.argv[1]).getroot().iter("testcase")
    print("; ".join(c.get("name") for c in cases if c.find("failure") is not None) or "-")
except (OSError, ET.ParseError):
    print("no gate report")
PY
)
  stall=$(python3 - "$dir/reports/summary.json" <<'PY'
import json, sys
try:
    runs = json.load(open(sys.argv[1])).get("stalls", [])
    tops = [(r[side]["maxMs"], r[side]["p99Ms"]) for r in runs for side in ("generator", "server") if r.get(side)]
    print("max %.1f ms, worst run's p99 %.1f ms" % (max(t[0] for t in tops), max(t[1] for t in tops)) if tops else "none")
except (OSError, ValueError):
    print("no summary")
PY
)
  printf '%-8s %s  %4d s  stalls: %s  failed: %s\n' "$name" "$([ $rc -eq 0 ] && echo green || echo red)" \
    $(( SECONDS - started )) "$stall" "$failed"
  [ $rc -eq 0 ]
}

echo "busy machine: $HOG busy loops beside each build; builds in $WORK"
copy_tree "$WORK/tree"
copy_tree "$WORK/wrong"
# the wrong tool: every HTTP/2 sample of JMeter's (our sampler) waits DELAY_MS after its timer started
python3 - "$WORK/wrong/src/main/java/dev/loadlab/jmeter/ThreadConnection.java" "$DELAY_MS" <<'PY'
import sys
path, delay = sys.argv[1], sys.argv[2]
src = open(path).read()
start = "        result.sampleStart();\n"
assert src.count(start) == 1, "the sampler's timer start moved: update this bench"
src = src.replace(start, start + "        try { Thread.sleep(%s); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }\n" % delay)
open(path, "w").write(src)
PY
(cd "$WORK/wrong" && mvn -B -o -q spotless:apply >/dev/null)

green=0
for i in $(seq "$BUILDS"); do
  build "$WORK/tree" "busy-$i" && green=$((green + 1)) || true
done
caught=0
for i in $(seq "$BUILDS"); do
  # shellcheck disable=SC2086
  if build "$WORK/wrong" "wrong-$i" $WRONG_ARGS; then :; elif grep -qE "^truth +jmeter h2 calibration" "$WORK/wrong-$i.log"; then
    caught=$((caught + 1))
  fi
done
echo "busy machine, right tools: $green of $BUILDS builds green (goal: all)"
echo "busy machine, JMeter's sampler ${DELAY_MS} ms late: $caught of $BUILDS builds red on its truth check (goal: all)"
[ "$green" -eq "$BUILDS" ] && [ "$caught" -eq "$BUILDS" ]
