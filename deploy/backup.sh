#!/bin/sh
# Backs up the running compose deployment into DIR (new or empty):
#
#   sh deploy/backup.sh /backups/$(date +%F)
#
# What the foundation has and nothing else holds: Strapi's PostgreSQL (pages, posts, delivered
# submissions, donors) as pg_dump's custom format, Strapi's uploads, and each replica's DATA_DIR
# (submissions and mails not yet delivered, donations in flight) by SQLite's online backup while
# the replica runs. Redis and Varnish hold nothing to keep. The folder holds personal data: it is
# written 0700; copy it off the machine. docs/operations.md, "Backups and restore", has the rest.
#
# It talks to the container engine (ENGINE: docker, the default, or podman) about the compose
# project's containers and volumes (PROJECT, default joinus) by compose's own labels, not through
# the compose command: podman-compose prints its commands on the standard output the backup is
# streamed through. REPLICAS names the replicas' services (default "site-1 site-2").
set -eu
out=${1:?usage: deploy/backup.sh DIR (a new or empty folder)}
ENGINE=${ENGINE:-docker}
PROJECT=${PROJECT:-joinus}
REPLICAS=${REPLICAS:-site-1 site-2}
. "$(dirname "$0")/compose-parts.sh"
if [ -d "$out" ] && [ -n "$(ls -A "$out")" ]; then
  echo "backup: $out is not empty: back up into a new folder" >&2
  exit 2
fi
umask 077
mkdir -p "$out"
stamp=backup-$(date -u +%Y%m%dT%H%M%SZ)
started=$(date +%s)
db=$(running db)

# Strapi's database, consistent while Strapi writes (pg_dump reads one snapshot).
$ENGINE exec -i "$db" pg_dump -U strapi -d strapi --format=custom > "$out/strapi.dump"
# Strapi's uploads, read from their volume (whether or not Strapi runs) by a container of the
# database's image, which has tar.
$ENGINE run --rm -i -v "${PROJECT}_cms-uploads:/uploads:ro" --entrypoint tar "$(image_of "$db")" -C /uploads -czf - . > "$out/cms-uploads.tgz"
# Each replica's store and the uploads its records name, made inside the running replica.
for replica in $REPLICAS; do
  c=$(running "$replica")
  $ENGINE exec -i "$c" node dist/scripts/submissions.cjs backup --out "/data/backups/$stamp" >&2
  $ENGINE exec -i "$c" tar -C /data/backups -cf - "$stamp" > "$out/$replica-data.tar"
  $ENGINE exec -i "$c" rm -rf "/data/backups/$stamp"
done
echo "$stamp" > "$out/STAMP"
echo "backup: $out, $(du -sh "$out" | cut -f1) in $(( $(date +%s) - started )) s" >&2
