# Sourced by the checks that need a target the build did not start: the reference server alone.
#   reference_server CLASSPATH OUT: starts it on free loopback ports (it exits with the calling script), its
#   certificate in OUT/cert.pem and its log in OUT/server.log; sets server (its pid), http and tls (its URLs).
reference_server() {
  local classpath=$1 out=$2
  java -cp "$classpath" -Dserver.httpPort=0 -Dserver.tlsPort=0 -Dserver.adminPort=0 -Dserver.certPem="$out/cert.pem" \
    -Dserver.exitWithPid=$$ dev.loadlab.server.ReferenceServer >"$out/server.log" 2>&1 &
  server=$!
  for _ in $(seq 1 120); do grep -q "ready:" "$out/server.log" 2>/dev/null && break; sleep 0.5; done
  grep -q "ready:" "$out/server.log" || fail "the reference server did not start, see $out/server.log"
  http=$(sed -n 's/.*ready: http=\([^ ]*\).*/\1/p' "$out/server.log")
  tls=$(sed -n 's/.* tls=\([^ ]*\).*/\1/p' "$out/server.log")
}
