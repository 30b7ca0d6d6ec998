#!/usr/bin/env bash
# Runs deploy/nginx-lending.conf on loopback in front of two server processes on a throwaway
# PostgreSQL database, checks what docs/DEPLOYMENT.md promises, then stops everything it started.
# Needs Debian's nginx, PostgreSQL on 127.0.0.1:5432, openssl and curl. Not part of CI.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in nginx openssl curl createdb dropdb pg_isready; do
  command -v "$tool" >/dev/null || { echo "try-nginx: $tool is missing (nginx: apt-get install nginx)"; exit 2; }
done
pg_isready -h 127.0.0.1 -p 5432 -q || { echo "try-nginx: no PostgreSQL on 127.0.0.1:5432"; exit 2; }

# Ports of our own, away from the usual ones; override with the environment.
HTTP_PORT="${HTTP_PORT:-18080}"
HTTPS_PORT="${HTTPS_PORT:-18443}"
API_PORTS=("${API_PORT_1:-13001}" "${API_PORT_2:-13002}")
DB="lending_try_nginx_$$"
DB_URL="postgres://postgres@127.0.0.1:5432/$DB"
ADMIN_PASSWORD="try-$(openssl rand -hex 8)"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/lending-nginx-XXXXXX")"
PIDS=()

cleanup() {
  [ -f "$WORK/nginx.pid" ] && kill -QUIT "$(cat "$WORK/nginx.pid")" 2>/dev/null || true
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  dropdb -h 127.0.0.1 -U postgres --if-exists "$DB" || true
  rm -rf "$WORK"
}
trap cleanup EXIT

failures=0
check() { # check <what> <command...>: prints ok/FAILED, counts failures
  local what="$1"
  shift
  if "$@"; then echo "  ok      $what"; else echo "  FAILED  $what"; failures=$((failures + 1)); fi
}

echo "--- PostgreSQL database $DB, two server processes on ports ${API_PORTS[*]} (production mode)"
createdb -h 127.0.0.1 -U postgres "$DB"
mkdir -p "$WORK/data"
for index in 0 1; do
  # Started together on an empty database: one migrates and seeds under the start-up lock.
  NODE_ENV=production DATABASE_URL="$DB_URL" ADMIN_PASSWORD="$ADMIN_PASSWORD" \
    PORT="${API_PORTS[$index]}" HOST=127.0.0.1 TRUST_PROXY=127.0.0.1 \
    PUBLIC_URL="https://127.0.0.1:$HTTPS_PORT" DATA_DIR="$WORK/data" LOG_LEVEL=info \
    node --import tsx apps/server/src/main.ts >"$WORK/api-$index.log" 2>&1 &
  PIDS+=("$!")
done
for port in "${API_PORTS[@]}"; do
  for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 1; done
  curl -sf "http://127.0.0.1:$port/api/health" >/dev/null || { cat "$WORK"/api-*.log; exit 1; }
done

echo "--- nginx with deploy/nginx-lending.conf on :$HTTP_PORT (http) and :$HTTPS_PORT (https, self-signed)"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=127.0.0.1" \
  -keyout "$WORK/key.pem" -out "$WORK/cert.pem" 2>/dev/null
sed -e "s|listen 80;|listen 127.0.0.1:$HTTP_PORT;|" \
  -e "s|listen 443 ssl http2;|listen 127.0.0.1:$HTTPS_PORT ssl http2;|" \
  -e "s|https://\$host\$request_uri|https://\$host:$HTTPS_PORT\$request_uri|" \
  -e "s|127.0.0.1:3001|127.0.0.1:${API_PORTS[0]}|" -e "s|127.0.0.1:3002|127.0.0.1:${API_PORTS[1]}|" \
  -e "s|/etc/letsencrypt/live/lending.example.in/fullchain.pem|$WORK/cert.pem|" \
  -e "s|/etc/letsencrypt/live/lending.example.in/privkey.pem|$WORK/key.pem|" \
  deploy/nginx-lending.conf >"$WORK/lending.conf"
# The frame a distribution's nginx.conf would give: here in the work folder, in the foreground.
cat >"$WORK/nginx.conf" <<EOF
daemon off;
worker_processes 1;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log;
events { worker_connections 256; }
http {
  access_log $WORK/nginx-access.log;
  client_body_temp_path $WORK/tmp/body;
  proxy_temp_path $WORK/tmp/proxy;
  fastcgi_temp_path $WORK/tmp/fastcgi;
  uwsgi_temp_path $WORK/tmp/uwsgi;
  scgi_temp_path $WORK/tmp/scgi;
  include $WORK/lending.conf;
}
EOF
mkdir -p "$WORK/tmp"
# nginx's workers drop root for "nobody": let them write their temporary files.
chmod -R a+rwx "$WORK/tmp"
nginx -t -q -c "$WORK/nginx.conf" -p "$WORK"
nginx -c "$WORK/nginx.conf" -p "$WORK" 2>>"$WORK/nginx-error.log" &
PIDS+=("$!")
for _ in $(seq 1 50); do curl -sk "https://127.0.0.1:$HTTPS_PORT/api/health" >/dev/null && break; sleep 0.2; done

BASE="https://127.0.0.1:$HTTPS_PORT"
echo "--- checks through nginx"
http_answer="$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' "http://127.0.0.1:$HTTP_PORT/api/health")"
check "http answers 301 to https ($http_answer)" test "$http_answer" = "301 https://127.0.0.1:$HTTPS_PORT/api/health"

healthy=0
for _ in $(seq 1 20); do
  [ "$(curl -sk "$BASE/api/health")" = '{"status":"ok"}' ] && healthy=$((healthy + 1))
done
check "GET /api/health over https: $healthy of 20 answered {\"status\":\"ok\"}" test "$healthy" = 20

hsts="$(curl -sk -D - -o /dev/null "$BASE/api/health" | grep -ci '^strict-transport-security' || true)"
check "HSTS sent over https (X-Forwarded-Proto believed from TRUST_PROXY)" test "$hsts" = 1
direct_hsts="$(curl -s -D - -o /dev/null "http://127.0.0.1:${API_PORTS[0]}/api/health" | grep -ci '^strict-transport-security' || true)"
check "no HSTS on plain http straight to a process" test "$direct_hsts" = 0

login="$(curl -sk -H 'content-type: application/json' \
  -d "{\"email\":\"admin@example.com\",\"password\":\"$ADMIN_PASSWORD\"}" "$BASE/api/auth/login")"
token="$(printf '%s' "$login" | sed -n 's/.*"token":"\([^"]*\)".*/\1/p')"
check "sign-in through nginx answers a token" test -n "$token"
me_ok=0
for _ in $(seq 1 10); do
  [ "$(curl -sk -o /dev/null -w '%{http_code}' -H "authorization: Bearer $token" "$BASE/api/auth/me")" = 200 ] &&
    me_ok=$((me_ok + 1))
done
check "the session works on either process: $me_ok of 10 GET /api/auth/me answered 200" test "$me_ok" = 10

# The client's own address reaches the server through X-Forwarded-For (curl from 127.0.0.2).
curl -sk --interface 127.0.0.2 -o /dev/null "$BASE/api/health"
seen_as="$(grep -h '"url":"/api/health"' "$WORK"/api-*.log | grep -c '"remoteAddress":"127.0.0.2"' || true)"
check "a client at 127.0.0.2 is logged as 127.0.0.2, not as nginx ($seen_as line)" test "$seen_as" = 1

# 30 MB, far past nginx's default 1 MB: the server itself must be the one to judge it (not an APK: 415).
head -c 30000000 /dev/zero >"$WORK/big.apk"
upload="$(curl -sk -o "$WORK/upload.json" -w '%{http_code}' -H "authorization: Bearer $token" \
  -F version=9.9.9 -F "apk=@$WORK/big.apk;type=application/vnd.android.package-archive" \
  "$BASE/api/admin/app-update/upload")"
check "a 30 MB upload passes nginx and is judged by the server ($upload $(cat "$WORK/upload.json"))" test "$upload" = 415

served=()
for index in 0 1; do
  served+=("$(grep -c '"msg":"request completed"' "$WORK/api-$index.log" || true)")
done
check "requests reached both processes (${served[0]} and ${served[1]} answered)" \
  test "${served[0]}" -gt 5 -a "${served[1]}" -gt 5

echo "--- stopping nginx and both processes; dropping $DB"
if [ "$failures" -gt 0 ]; then
  echo "try-nginx: $failures check(s) failed; nginx error log:"
  cat "$WORK/nginx-error.log"
  exit 1
fi
echo "try-nginx: every check passed"
