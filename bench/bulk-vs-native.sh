#!/usr/bin/env bash
# The bulk bench's rows/s for 1,000,000 rows as a ratio to each database's own bulk paths, measured side by
# side in one run: INSERT ... SELECT from a generated series everywhere, COPY ... FROM STDIN on PostgreSQL.
# Prints the best pair and flush size per mode against the floors of issue 5 (PostgreSQL sequential 0.7,
# parallel 1.0; H2 in server mode 0.6).
#
# Run it under the machine's build lock (it builds, then loads the databases):
#   bash bench/bulk-vs-native.sh
# Knobs (environment): PAIRS ("1x1000000 10x100000 100x10000"), DATABASES ("h2 postgresql mariadb"), PG_URL, PG_USER
#   (postgres), MARIADB_URL, MARIADB_USER (root); and, passed on as -Dbulk.* JVM options only when set (unset: the
#   catalogue's default, dev.loadlab.settings.BulkKnobs): REPETITIONS, FLUSH_ROWS_LIST, MAX_CONNECTIONS, STATEMENT_ROWS.
# Exit status: 0 when every floor is met (or the database has none), 1 when one is not.
set -euo pipefail
cd "$(dirname "$0")/.."

# 1,000,000 rows per run: the size issue 5's floors are stated for.
PAIRS="${PAIRS:-1x1000000 10x100000 100x10000}"
DATABASES="${DATABASES:-h2 postgresql mariadb}"
PG_URL="${PG_URL:-jdbc:postgresql://127.0.0.1:5432/test}"
MARIADB_URL="${MARIADB_URL:-jdbc:mariadb://127.0.0.1:3306/test}"
OUT=target/bench
mkdir -p "$OUT"

mvn -B -q compile dependency:build-classpath -Dmdep.outputFile="$OUT/classpath.txt" >"$OUT/build.log" 2>&1 \
  || { echo "bulk-vs-native: the build failed, see $OUT/build.log"; exit 2; }
CLASSPATH_BULK="target/classes:$(cat "$OUT/classpath.txt")"

# The bench's settings are JVM options (-Dbulk.name=value); a knob left unset keeps the catalogue's default.
opts=(-Dbulk.pairs="$PAIRS")
option() { [[ -z "${!1:-}" ]] || opts+=("-D$2=${!1}"); }
option REPETITIONS bulk.repetitions
option FLUSH_ROWS_LIST bulk.flushRowsList
option MAX_CONNECTIONS bulk.maxConnections
option STATEMENT_ROWS bulk.statementRows

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
  # Credentials are read from the environment only.
  BULK_USER="$user" java -cp "$CLASSPATH_BULK" "${opts[@]}" -Dbulk.url="$url" \
    -Dbulk.resultsFile="$OUT/bulk-vs-native-$db.json" dev.loadlab.bulk.BulkVsNative
  rc=$?
  set -e
  case $rc in
    0) ;;
    1) status=1 ;;
    *) echo "bulk-vs-native: $db skipped (see the line above)" ;;
  esac
done
exit $status
