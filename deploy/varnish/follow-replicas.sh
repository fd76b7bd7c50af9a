#!/bin/sh
# compose.yaml's Varnish: varnishd, and its VCL loaded again whenever a replica's address changes.
#
# Varnish looks a backend's host name up once, when the VCL is loaded. A replica that is stopped
# and started (`up -d --no-deps site-1`, a crash and its restart) comes back at another address on
# the compose network: Varnish would go on probing the old one, keep the replica out for good, and
# after a rolling deploy of both have none ready. So every REPLICA_CHECK_S seconds (default 2)
# the names in REPLICA_HOSTS are looked up, and a change loads the VCL again under a new name and
# uses it (varnishadm, in every Varnish package; the cache is kept), then discards the one before.
# Found by npm run test:deploy (scripts/test-deploy.mjs).
set -eu
: "${REPLICA_HOSTS:=site-1 site-2}"
: "${REPLICA_CHECK_S:=2}"
: "${VARNISH_SIZE:=256M}"

addresses() {
  for host in $REPLICA_HOSTS; do
    printf '%s=%s ' "$host" "$(getent hosts "$host" | awk '{print $1}' | sort | tr '\n' ',')"
  done
}

varnishd -F -f /etc/varnish/default.vcl -a http=:80,HTTP -s "malloc,$VARNISH_SIZE" &
varnish=$!
trap 'kill -TERM "$varnish" 2>/dev/null; wait "$varnish"; exit 0' TERM INT
seen=$(addresses)
loaded=
reload() {
  name=replicas_$(date +%s)
  varnishadm vcl.load "$name" /etc/varnish/default.vcl >&2 && varnishadm vcl.use "$name" >&2 || return 1
  [ -z "$loaded" ] || varnishadm vcl.discard "$loaded" >/dev/null 2>&1 || true
  loaded=$name
}
while kill -0 "$varnish" 2>/dev/null; do
  sleep "$REPLICA_CHECK_S" &
  wait $! || true
  now=$(addresses)
  if [ "$now" != "$seen" ]; then
    echo "follow-replicas: $seen -> $now: loading the VCL again" >&2
    if reload; then seen=$now; fi
  fi
done
wait "$varnish"
