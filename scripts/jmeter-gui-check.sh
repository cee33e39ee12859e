#!/usr/bin/env bash
# Opens a plan in the JMeter GUI on a virtual X display (Xvfb), right-clicks its first thread group and opens
# Add > Sampler with real mouse events (scripts/jmeter-gui-menu.groovy, run by JMeter as its JSR-223 init
# script), fails unless that menu lists loadlab's sampler or JMeter logged an error, and saves a screenshot
# of the open menu to target/jmeter-gui.png (the project's). Skips with a notice where Xvfb is not installed.
# Needs the JMeter home that `mvn package` configures (our sampler and its jars in lib/ext), in this tree or in a
# team's project (LOADLAB_PROJECT=<its folder>: the home its own build configured, as `mvn jmeter:gui` there opens).
# GUI_MENU and GUI_EXPECT_CLASS ask another Add submenu (JMeter's resource key, e.g. menu_timer) for another class (a
# plugin's GUI class), as a team's plugin shows in its menu.
#   usage: [LOADLAB_PROJECT=dir] scripts/jmeter-gui-check.sh [plan.jmx]      (default: jmeter/api-gateway.jmx)
set -euo pipefail
plan=$(realpath "${1:-$(dirname "$0")/../jmeter/api-gateway.jmx}")
project=$(realpath "${LOADLAB_PROJECT:-$(dirname "$0")/..}")
cd "$(dirname "$0")/.."
sampler_class=${GUI_EXPECT_CLASS:-dev.loadlab.jmeter.Http2Sampler}
menu_key=${GUI_MENU:-menu_generative_controller}
menu_driver=$PWD/scripts/jmeter-gui-menu.groovy
out=$project/target/jmeter-gui.png
log=$project/target/jmeter-gui.log
wait_seconds=${GUI_WAIT_SECONDS:-60}

if ! command -v Xvfb >/dev/null 2>&1; then
  echo "[loadlab] JMeter GUI check skipped: no Xvfb here (Debian/Ubuntu: apt-get install xvfb)"
  exit 0
fi
[ -f "$plan" ] || { echo "[loadlab] JMeter GUI check: plan $plan does not exist" >&2; exit 1; }
jmeter_home=$(python3 -c 'import json,sys
for c in json.load(open(sys.argv[1]))["configurations"]:
    if c["executionID"] == "configuration-http1": print(c["jmeterDirectoryPath"])' "$project/target/config.json" 2>/dev/null || true)
if [ -z "$jmeter_home" ] || [ ! -d "$jmeter_home/bin" ]; then
  echo "[loadlab] JMeter GUI check: no configured JMeter home in $project/target/config.json: run 'mvn -DskipTests package' first" >&2
  exit 1
fi
runtime_jar=$(cd "$jmeter_home/bin" && ls ApacheJMeter-*.jar | head -1)

pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT

# -displayfd: Xvfb picks a free display number and writes it to the given descriptor.
display_file=$(mktemp)
Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp 3>"$display_file" 2>/dev/null &
pids+=($!)
for _ in $(seq 50); do [ -s "$display_file" ] && break; sleep 0.1; done
display=":$(head -1 "$display_file")"; rm -f "$display_file"
[ "$display" != ":" ] || { echo "[loadlab] JMeter GUI check: Xvfb did not start" >&2; exit 1; }

rm -f "$log" "$out"
prefs=$project/target/prefs   # the GUI keeps its recent files in Java preferences: not under ~
mkdir -p "$prefs"
(cd "$jmeter_home/bin" && DISPLAY=$display exec java -Xms256m -Xmx512m \
   -Djava.util.prefs.userRoot="$prefs" -jar "$runtime_jar" -t "$plan" -j "$log" \
   -Jjsr223.init.file="$menu_driver" -Jloadlab.gui.expectClass="$sampler_class" -Jloadlab.gui.menu="$menu_key" \
   -Jloadlab.gui.waitSeconds="$wait_seconds") >/dev/null 2>&1 &
pids+=($!)

# JMeter logs the plan it opened (a plan it cannot read is logged as an error), then the menu driver logs
# one "loadlab GUI check:" line: what Add > Sampler lists, or why it could not open it.
for _ in $(seq $((wait_seconds * 2))); do
  grep -q -E "loadlab GUI check:| ERROR " "$log" 2>/dev/null && break
  kill -0 "${pids[1]}" 2>/dev/null || { echo "[loadlab] JMeter GUI exited early; see $log" >&2; exit 1; }
  sleep 0.5
done
sleep "${GUI_SETTLE_SECONDS:-1}"   # the last submenu paints
DISPLAY=$display java -cp target/test-classes dev.loadlab.checks.Screenshot "$out"
grep -q "Loading file: $plan" "$log" 2>/dev/null || { echo "[loadlab] JMeter GUI did not open $plan within ${wait_seconds}s; see $log" >&2; exit 1; }
if grep -E " ERROR " "$log"; then
  echo "[loadlab] JMeter GUI logged errors while opening $plan; see $log" >&2
  exit 1
fi
if ! grep -q "loadlab GUI check: Add > .* of .* lists $sampler_class as" "$log"; then
  echo "[loadlab] JMeter GUI check failed: $(grep -o 'loadlab GUI check:.*' "$log" || echo "no answer within ${wait_seconds}s") (see $log, $out)" >&2
  exit 1
fi
echo "[loadlab] JMeter GUI opened $plan; $(grep -o 'Add > .* of .* lists .*' "$log"); screenshot of the open menu: $out"
