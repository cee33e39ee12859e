#!/usr/bin/env bash
# A target no one here wrote, for checking the suite as a user points it at their own service: Debian's Apache
# httpd (apt-get install apache2) serving only the API-gateway study's two routes, over HTTP/1.1 and h2c on one
# cleartext port and HTTP/1.1 and h2 (ALPN) on one TLS port, both on loopback, every route behind basic auth.
#
#   scripts/apache-target.sh start DIR   # prints the mvn verify command that points the suite at it
#   scripts/apache-target.sh stop DIR
#
# DIR holds the config, the self-signed certificate, the password file and the logs. The user and password are
# made up per start and kept in DIR/credentials (mode 600), never in the repository.
set -euo pipefail
action=${1:?start|stop}
dir=$(mkdir -p "${2:?DIR}" && cd "$2" && pwd)
http_port=${APACHE_HTTP_PORT:-18080}
tls_port=${APACHE_TLS_PORT:-18443}

if [ "$action" = stop ]; then
  [ -f "$dir/httpd.pid" ] && kill "$(cat "$dir/httpd.pid")" 2>/dev/null || true
  for _ in $(seq 50); do [ -f "$dir/httpd.pid" ] || exit 0; sleep 0.1; done
  exit 0
fi
[ "$action" = start ] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }
command -v apache2 >/dev/null || { echo "apache-target: no apache2 here (apt-get install apache2)" >&2; exit 1; }

# The study's documents: a user list, and /foo/{id}/bar/{id} as its router answers it, string ids (60 bytes).
mkdir -p "$dir/www/users" "$dir/www/foo/2/bar"
printf '[{"id":1,"name":"Ann"},{"id":2,"name":"Bob"}]' >"$dir/www/users/getAllUsers"
printf '{"foo_id": "2", "bar_id": "3", "message": "all bars by foo"}' >"$dir/www/foo/2/bar/3"
chmod -R a+rX "$dir/www"

openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
  -keyout "$dir/key.pem" -out "$dir/cert.pem" 2>/dev/null
user=loadlab password=$(openssl rand -hex 12)
htpasswd -cb "$dir/htpasswd" "$user" "$password" 2>/dev/null
chmod 644 "$dir/htpasswd"
(umask 077; printf 'LOADLAB_TARGET_USER=%s\nLOADLAB_TARGET_PASSWORD=%s\n' "$user" "$password" >"$dir/credentials")

m=/usr/lib/apache2/modules
cat >"$dir/httpd.conf" <<CONF
ServerRoot $dir
ServerName 127.0.0.1
PidFile $dir/httpd.pid
ErrorLog $dir/error.log
CustomLog $dir/access.log "%h \"%r\" %>s %b %H"
User www-data
Group www-data
LoadModule mpm_event_module $m/mod_mpm_event.so
LoadModule authn_core_module $m/mod_authn_core.so
LoadModule authn_file_module $m/mod_authn_file.so
LoadModule authz_core_module $m/mod_authz_core.so
LoadModule authz_user_module $m/mod_authz_user.so
LoadModule auth_basic_module $m/mod_auth_basic.so
LoadModule mime_module $m/mod_mime.so
LoadModule http2_module $m/mod_http2.so
LoadModule ssl_module $m/mod_ssl.so
LoadModule socache_shmcb_module $m/mod_socache_shmcb.so
# room for the smoke runs' few hundred concurrent users
ServerLimit 4
ThreadsPerChild 256
ThreadLimit 256
MaxRequestWorkers 1024
KeepAliveTimeout 30
MaxKeepAliveRequests 0
Protocols h2 h2c http/1.1
H2Direct on
TypesConfig /etc/mime.types
DocumentRoot $dir/www
<Directory $dir/www>
  ForceType application/json
  AuthType Basic
  AuthName target
  AuthUserFile $dir/htpasswd
  Require valid-user
</Directory>
Listen 127.0.0.1:$http_port
Listen 127.0.0.1:$tls_port
SSLSessionCache shmcb:$dir/ssl_cache(512000)
<VirtualHost 127.0.0.1:$tls_port>
  SSLEngine on
  SSLCertificateFile $dir/cert.pem
  SSLCertificateKeyFile $dir/key.pem
</VirtualHost>
CONF
apache2 -f "$dir/httpd.conf" -k start
for _ in $(seq 50); do [ -s "$dir/httpd.pid" ] && break; sleep 0.1; done
cat <<HINT
apache-target: http://127.0.0.1:$http_port (HTTP/1.1, h2c) and https://127.0.0.1:$tls_port (HTTP/1.1, h2), basic auth
  set -a; . $dir/credentials; set +a
  mvn verify -Dtarget.url=http://127.0.0.1:$http_port -Dtarget.tlsUrl=https://127.0.0.1:$tls_port \\
    -Dexperiments=api-gateway,latency -Dtarget.auth=basic -Dtarget.certificate=$dir/cert.pem
  $0 stop $dir
HINT
