#!/usr/bin/env bash
# Renders reports/index.html and reports/compare.html (written by `mvn verify`) in headless Chromium, saves
# screenshots in target/, and fails when a section is missing or a chart has no data. Skips with a notice where
# Chromium is not installed.
# Chromium runs offline: no background networking, component updates, sync or first-run pages; a fresh profile
# under target/ that is removed afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
chromium=${CHROMIUM:-/usr/bin/chromium}
report=$PWD/reports/index.html
compare=$PWD/reports/compare.html

if [ ! -x "$chromium" ]; then
  echo "[loadlab] report check skipped: no $chromium here (Debian/Ubuntu: apt-get install chromium)"
  exit 0
fi
for page in "$report" "$compare"; do
  [ -f "$page" ] || { echo "[loadlab] report check: no $page: run 'mvn verify' first" >&2; exit 1; }
done
mkdir -p target
profile=$(mktemp -d "$PWD/target/chromium-profile.XXXXXX")
trap 'rm -rf "$profile"' EXIT
flags=(--headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking
       --disable-component-update --disable-sync --disable-default-apps --disable-extensions
       --hide-scrollbars --user-data-dir="$profile")

# The first screen as a user sees it, the whole page (a tall window), and the DOM as Chromium built it.
# The pages draw their charts with a script (Chart.js, inline): virtual time lets it run before the screenshot.
timeout 120 "$chromium" "${flags[@]}" --virtual-time-budget=5000 --window-size=1400,900 --screenshot="$PWD/target/report.png" "file://$report" 2>>target/report-chromium.log
timeout 120 "$chromium" "${flags[@]}" --virtual-time-budget=5000 --window-size=1400,9000 --screenshot="$PWD/target/report-full.png" "file://$report" 2>>target/report-chromium.log
# no virtual time here: the page's data-drawn-ms is then the real time from navigation to its last chart
timeout 120 "$chromium" "${flags[@]}" --dump-dom "file://$report" >target/report-dom.html 2>>target/report-chromium.log
java -cp target/test-classes dev.loadlab.checks.ReportDomCheck index target/report-dom.html target/report-full.png
# the filter as a user's typing would apply it: index.html#filter=h2 fills every filter box once the page has loaded
timeout 120 "$chromium" "${flags[@]}" --virtual-time-budget=3000 --dump-dom "file://$report#filter=h2" >target/report-filter-dom.html 2>>target/report-chromium.log
java -cp target/test-classes dev.loadlab.checks.ReportDomCheck filter target/report-filter-dom.html target/report.png h2
echo "[loadlab] report check: screenshots target/report.png (first screen: verdict, findings, contents), target/report-full.png"

timeout 120 "$chromium" "${flags[@]}" --virtual-time-budget=5000 --window-size=1400,1800 --screenshot="$PWD/target/compare.png" "file://$compare" 2>>target/report-chromium.log
timeout 120 "$chromium" "${flags[@]}" --dump-dom "file://$compare" >target/compare-dom.html 2>>target/report-chromium.log
java -cp target/test-classes dev.loadlab.checks.ReportDomCheck compare target/compare-dom.html target/compare.png
echo "[loadlab] compare check: screenshot target/compare.png"
echo "[loadlab] page sizes: index.html $(( $(stat -c%s "$report") / 1024 )) KB, compare.html $(( $(stat -c%s "$compare") / 1024 )) KB"
