#!/bin/sh
# A loadlab JMeter engine (JMeter's server mode, -s), from the folder the build made (target/jmeter-engine):
#   bin/loadlab-engine.sh --host 10.0.0.5 --port 4000 [--rmi-tls false]
# It listens on --host only: the RMI registry on --port, the engine on --port + 1. It needs only Java 17+ (java on the
# PATH or JAVA_HOME), fetches nothing and calls out to nobody but the controller that connects to it.
# RMI runs over TLS with rmi/rmi_keystore.p12 (made by the build, shared with the controller); --rmi-tls false is
# refused unless --host is a loopback address (127.0.0.0/8). JVM options: JVM_ARGS (default -Xms1g -Xmx1g).
# A test whose controller is gone (its build killed) stops within seconds; the engine stays up (ControllerWatch).
# The target's secrets (target.auth) are read from this process's environment: LOADLAB_TARGET_TOKEN, ...
set -eu
usage() { echo "usage: $0 --host ADDRESS --port PORT [--rmi-tls true|false]" >&2; exit 2; }
host=""; port=""; tls=true
while [ $# -gt 0 ]; do
  case "$1" in
    --host) host="${2:-}"; shift 2 || usage ;;
    --port) port="${2:-}"; shift 2 || usage ;;
    --rmi-tls) tls="${2:-}"; shift 2 || usage ;;
    *) usage ;;
  esac
done
[ -n "$host" ] && [ -n "$port" ] || usage
case "$port" in ''|*[!0-9]*) echo "loadlab-engine: --port=$port is not allowed: expected an integer in [1, 65534]" >&2; exit 2 ;; esac
if [ "$port" -lt 1 ] || [ "$port" -gt 65534 ]; then
  echo "loadlab-engine: --port=$port is not allowed: expected an integer in [1, 65534]" >&2; exit 2
fi
case "$tls" in
  true) ;;
  false)
    case "$host" in
      127.*|localhost) ;;
      *) echo "loadlab-engine: --rmi-tls false is not allowed with --host $host: expected a loopback host (127.0.0.0/8); off loopback RMI runs over TLS" >&2; exit 2 ;;
    esac ;;
  *) echo "loadlab-engine: --rmi-tls=$tls is not allowed: expected true or false" >&2; exit 2 ;;
esac
home=$(cd "$(dirname "$0")/.." && pwd)
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
agent="$home/agent/loadlab-rmi-bind.jar"
jar=$(ls "$home"/bin/ApacheJMeter*.jar | head -n 1)
mkdir -p "$home/logs"
if [ "$tls" = true ]; then
  [ -r "$home/rmi/rmi.properties" ] || { echo "loadlab-engine: no $home/rmi/rmi.properties (copy the whole folder the build made)" >&2; exit 2; }
  rmi="-Jserver.rmi.ssl.keystore.file=$home/rmi/rmi_keystore.p12 -q $home/rmi/rmi.properties"
else
  rmi="-Jserver.rmi.ssl.disable=true"
fi
cd "$home/bin"
# shellcheck disable=SC2086 # JVM_ARGS and rmi are lists of words
exec "$java" ${JVM_ARGS:--Xms1g -Xmx1g} -Djava.awt.headless=true -Djava.rmi.server.hostname="$host" \
  -Djava.util.prefs.userRoot="$home/prefs" -javaagent:"$agent" \
  -jar "$jar" -s -Jserver_port="$port" -Jserver.rmi.localport=$((port + 1)) \
  -Jjsr223.init.file="$home/bin/loadlab-engine-init.groovy" \
  $rmi -j "$home/logs/engine-$host-$port.log"
