# Sourced first by a check that starts processes of its own: check_start NAME makes work (a temporary folder),
# defines fail MESSAGE (one line naming the check, exit 1) and, at exit, ends the processes whose pids the check put
# in check_pids, then removes work. A pid set later by reference_server (server) is ended too.
check_start() {
  check_name=$1
  work=$(mktemp -d)
  check_pids=()
  trap check_cleanup EXIT
}

check_cleanup() {
  local pid
  for pid in "${check_pids[@]}" ${server:-}; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}

fail() {
  echo "[loadlab] $check_name: $*" >&2
  exit 1
}
