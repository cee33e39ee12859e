#!/usr/bin/env bash
# The report's pages in headless Chromium: each page's size and the time from navigation to its last chart drawn
# (the page's own data-drawn-ms), median of three loads, at smoke (reports/ as `mvn verify` left it) and at -Pfull's
# size (dev.loadlab.report.FullSizePages grows the smoke summary to -Pfull's shape: every timeline at 120 buckets,
# the write study's 48 record counts x 11 series per wire, three times the rows). Goal: each page within 2 s.
#   usage: mvn verify && bash bench/report-pages.sh
set -euo pipefail
cd "$(dirname "$0")/.."
chromium=${CHROMIUM:-/usr/bin/chromium}
[ -x "$chromium" ] || { echo "[loadlab] report pages: no $chromium (apt-get install chromium)" >&2; exit 1; }
[ -f reports/summary.json ] || { echo "[loadlab] report pages: run 'mvn verify' first" >&2; exit 1; }
mvn -B -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=dev.loadlab.report.FullSizePages
profile=$(mktemp -d "$PWD/target/chromium-profile.XXXXXX")
trap 'rm -rf "$profile"' EXIT

drawn_ms() { # page -> milliseconds from navigation to its last chart, one load
  timeout 60 "$chromium" --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --user-data-dir="$profile" --dump-dom "file://$PWD/$1" 2>/dev/null \
    | sed -n 's/.*data-drawn-ms="\([0-9]*\)".*/\1/p' | head -1
}
printf '%-28s %8s %16s\n' page KB "drawn ms (median)"
for page in reports/index.html reports/compare.html target/full-size/index.html target/full-size/compare.html; do
  times=$(for _ in 1 2 3; do drawn_ms "$page"; done | sort -n | tr '\n' ' ')
  printf '%-28s %8d %16s   (%s)\n' "$page" $(( $(stat -c%s "$page") / 1024 )) "$(echo "$times" | awk '{print $2}')" "$times"
done
