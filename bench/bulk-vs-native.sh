#!/usr/bin/env bash
# The bulk bench's rows/s for 1,000,000 rows as a ratio to each database's own bulk paths, measured side by
# side in one run: INSERT ... SELECT from a generated series everywhere, COPY ... FROM STDIN on PostgreSQL.
# Prints the best pair and flush size per mode against the floors of issue 5 (PostgreSQL sequential 0.7,
# parallel 1.0; H2 in server mode 0.6).
#
# Run it under the machine's build lock (it builds, then loads the databases):
#   bash bench/bulk-vs-native.sh
# Knobs (environment): REPETITIONS (3), PAIRS ("1x1000000 10x100000 100x10000"), FLUSH_ROWS_LIST ("0,10000,1000"),
#   DATABASES ("h2 postgresql mariadb"), MAX_CONNECTIONS (10), STATEMENT_ROWS (0: the database's choice), PG_URL, PG_USER (postgres), MARIADB_URL, MARIADB_USER (root).
# Exit status: 0 when every floor is met (or the database has none), 1 when one is not.
set -euo pipefail
cd "$(dirname "$0")/.."

REPETITIONS="${REPETITIONS:-3}"
PAIRS="${PAIRS:-1x1000000 10x100000 100x10000}"
FLUSH_ROWS_LIST="${FLUSH_ROWS_LIST:-0,10000,1000}"
DATABASES="${DATABASES:-h2 postgresql mariadb}"
MAX_CONNECTIONS="${MAX_CONNECTIONS:-10}"
STATEMENT_ROWS="${STATEMENT_ROWS:-0}"
PG_URL="${PG_URL:-jdbc:postgresql://127.0.0.1:5432/test}"
MARIADB_URL="${MARIADB_URL:-jdbc:mariadb://127.0.0.1:3306/test}"
OUT=target/bench
mkdir -p "$OUT"

mvn -B -q compile dependency:build-classpath -Dmdep.outputFile="$OUT/classpath.txt" >"$OUT/build.log" 2>&1 \
  || { echo "bulk-vs-native: the build failed, see $OUT/build.log"; exit 2; }
CLASSPATH_BULK="target/classes:$(cat "$OUT/classpath.txt")"

status=0
for db in $DATABASES; do
  echo "=== $db ==="
  url=""
  user=""
  case "$db" in
    h2) ;;
    postgresql) url="$PG_URL"; user="${PG_USER:-postgres}" ;;
    mariadb) url="$MARIADB_URL"; user="${MARIADB_USER:-root}" ;;
    *) echo "bulk-vs-native: DATABASES: unknown '$db'; allowed: h2, postgresql, mariadb"; exit 2 ;;
  esac
  set +e
  BULK_USER="$user" java -cp "$CLASSPATH_BULK" dev.loadlab.bulk.BulkVsNative \
    --url="$url" --pairs="$PAIRS" --repetitions="$REPETITIONS" --maxConnections="$MAX_CONNECTIONS" --statementRows="$STATEMENT_ROWS" \
    --flushRowsList="$FLUSH_ROWS_LIST" --resultsFile="$OUT/bulk-vs-native-$db.json"
  rc=$?
  set -e
  case $rc in
    0) ;;
    1) status=1 ;;
    *) echo "bulk-vs-native: $db skipped (see the line above)" ;;
  esac
done
exit $status
