#!/usr/bin/env bash
# Starts (or reuses) a throwaway PostgreSQL cluster for the tests and prints its URL on stdout:
#   export TEST_DATABASE_URL="$(scripts/start-test-postgres.sh)"
# Everything else goes to stderr. Trust authentication, listening on 127.0.0.1 only.
#
#   PG_TEST_PORT  port (default 54329)
#   PG_TEST_DIR   cluster directory (default /tmp/driver-application-pg-test-<port>)
#   PG_TEST_DB    database to create (default app_test)
#   PG_BIN        PostgreSQL's bin directory (default: newest /usr/lib/postgresql/*/bin, else pg_config --bindir)
#   --stop        stop the cluster instead (its files stay for the next start)
#
# As root the server runs as the `postgres` user (PostgreSQL refuses to run as root); as any other
# user it runs as that user. Needs PostgreSQL's server binaries (Debian/Ubuntu: apt-get install postgresql).
set -euo pipefail

port="${PG_TEST_PORT:-54329}"
dir="${PG_TEST_DIR:-/tmp/driver-application-pg-test-${port}}"
database="${PG_TEST_DB:-app_test}"
data="$dir/data"
log="$dir/server.log"
url="postgres://postgres@127.0.0.1:${port}/${database}"

say() { echo "start-test-postgres: $*" >&2; }

bin="${PG_BIN:-}"
if [ -z "$bin" ]; then
  bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
fi
if [ -z "$bin" ] && command -v pg_config >/dev/null 2>&1; then
  bin="$(pg_config --bindir)"
fi
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ] || [ ! -x "$bin/pg_ctl" ]; then
  say "PostgreSQL server binaries not found (initdb, pg_ctl). Install them (apt-get install postgresql) or set PG_BIN."
  exit 1
fi

# Run a command as the cluster's owner.
if [ "$(id -u)" -eq 0 ]; then
  owner=postgres
  if ! id "$owner" >/dev/null 2>&1; then
    say "running as root but there is no 'postgres' user to run the server as"
    exit 1
  fi
  as_owner() { runuser -u "$owner" -- "$@"; }
else
  owner="$(id -un)"
  as_owner() { "$@"; }
fi

running() { [ -f "$data/PG_VERSION" ] && as_owner "$bin/pg_ctl" status -D "$data" >/dev/null 2>&1; }

if [ "${1:-}" = "--stop" ]; then
  if running; then as_owner "$bin/pg_ctl" stop -D "$data" -m fast -w >&2; else say "not running"; fi
  exit 0
fi

if running; then
  say "reusing the cluster in $data (port $port)"
else
  mkdir -p "$dir"
  chmod 0700 "$dir"
  chown "$owner" "$dir"
  if [ ! -f "$data/PG_VERSION" ]; then
    say "creating a cluster in $data"
    rm -rf "$data"
    as_owner "$bin/initdb" -D "$data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
      || as_owner "$bin/initdb" -D "$data" -U postgres --auth=trust --encoding=UTF8 --no-locale >"$dir/initdb.log" 2>&1 \
      || { say "initdb failed:"; cat "$dir/initdb.log" >&2; exit 1; }
  fi
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    say "port $port is already in use by something else; set PG_TEST_PORT to another port"
    exit 1
  fi
  say "starting PostgreSQL on 127.0.0.1:$port"
  # Test-only settings: no durability (fsync off), sockets in the cluster directory (no clash with a system server).
  if ! as_owner "$bin/pg_ctl" start -D "$data" -l "$log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories='$dir' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100" \
    >&2; then
    say "PostgreSQL did not start; its log:"
    tail -n 40 "$log" >&2 || true
    exit 1
  fi
fi

for _ in $(seq 1 60); do
  if "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -U postgres; then break; fi
  sleep 0.5
done
if ! "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -U postgres; then
  say "PostgreSQL is not accepting connections on 127.0.0.1:$port"
  exit 1
fi

psql=("$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -qtA)
if [ "$("${psql[@]}" -c "select 1 from pg_database where datname = '$database'")" != "1" ]; then
  say "creating database $database"
  "${psql[@]}" -c "create database \"$database\"" >&2
fi

echo "$url"
