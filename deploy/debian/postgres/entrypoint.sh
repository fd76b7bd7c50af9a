#!/bin/sh
# First start on an empty volume: a cluster whose superuser is POSTGRES_USER with
# POSTGRES_PASSWORD, the database POSTGRES_DB, and password logins from the compose network.
# Later starts find PG_VERSION and start the server as it is.
set -eu
: "${POSTGRES_USER:=postgres}"
: "${POSTGRES_DB:=$POSTGRES_USER}"
mkdir -p /var/run/postgresql
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo "postgres-entrypoint: POSTGRES_PASSWORD is not set; it is the password of $POSTGRES_USER" >&2
    exit 1
  fi
  pwfile=$(mktemp)
  printf '%s' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb --pgdata="$PGDATA" --username="$POSTGRES_USER" --pwfile="$pwfile" \
    --auth-local=trust --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$POSTGRES_DB" != "postgres" ]; then
    # The server that makes the database listens only on a socket of its own: a pg_isready from
    # outside (the healthcheck, deploy/restore.sh) must not take it for the server that follows.
    initsocket=$(mktemp -d)
    pg_ctl --pgdata="$PGDATA" --options="-c listen_addresses='' -c unix_socket_directories=$initsocket" --wait --silent start
    createdb --host="$initsocket" --username="$POSTGRES_USER" "$POSTGRES_DB"
    pg_ctl --pgdata="$PGDATA" --mode=fast --wait --silent stop
    rmdir "$initsocket"
  fi
  echo "postgres-entrypoint: made the database $POSTGRES_DB for $POSTGRES_USER"
fi
exec postgres -c listen_addresses='*' "$@"
