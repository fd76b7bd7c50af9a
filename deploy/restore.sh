#!/bin/sh
# Restores a backup made by deploy/backup.sh into an empty deployment (no volumes: a new machine,
# or after `down -v`), from the repository's root, then starts it:
#
#   sh deploy/restore.sh /backups/2026-12-07
#
# In order, before Strapi or a replica starts: every container created, PostgreSQL alone started
# and Strapi's database restored into it (Strapi would otherwise seed an empty one); Strapi's
# uploads into their volume; each replica's DATA_DIR through its own restore command, which marks
# every waiting submission to be looked up in Strapi before it is sent (one delivered after the
# backup is never stored twice). Then everything starts and the replicas deliver what was waiting.
# It refuses a deployment whose database already holds tables. COMPOSE is the compose command
# (default `docker compose`; `podman-compose` with its -p/-f options works too); ENGINE, PROJECT
# and REPLICAS as for deploy/backup.sh. Afterwards repeat the erasures made since the backup
# (docs/operations.md).
set -eu
from=${1:?usage: deploy/restore.sh DIR (a folder deploy/backup.sh wrote)}
COMPOSE=${COMPOSE:-docker compose}
ENGINE=${ENGINE:-docker}
PROJECT=${PROJECT:-joinus}
REPLICAS=${REPLICAS:-site-1 site-2}
. "$(dirname "$0")/compose-parts.sh"
for f in strapi.dump cms-uploads.tgz STAMP; do
  [ -f "$from/$f" ] || { echo "restore: $from holds no $f: name a folder deploy/backup.sh wrote" >&2; exit 2; }
done
for replica in $REPLICAS; do
  [ -f "$from/$replica-data.tar" ] || { echo "restore: $from holds no $replica-data.tar" >&2; exit 2; }
done
stamp=$(cat "$from/STAMP")
started=$(date +%s)

# Containers, network and volumes, nothing started; then the database alone.
$COMPOSE up --no-start >&2
db=$(container_of db)
$ENGINE start "$db" >/dev/null
tries=0
until $ENGINE exec "$db" pg_isready -U strapi -d strapi >/dev/null 2>&1; do
  tries=$((tries + 1))
  [ "$tries" -lt 120 ] || { echo "restore: PostgreSQL did not start within 120 s" >&2; exit 1; }
  sleep 1
done
tables=$($ENGINE exec "$db" psql -U strapi -d strapi -tAc "select count(*) from information_schema.tables where table_schema = 'public'")
if [ "$tables" != "0" ]; then
  echo "restore: the database already holds $tables tables: restore into an empty deployment" >&2
  exit 2
fi
$ENGINE exec -i "$db" pg_restore -U strapi -d strapi --no-owner --exit-on-error < "$from/strapi.dump"
# Each volume mounted where its service mounts it, by its service's image and user: a new volume
# takes the owner of that folder in the image (uid 1000 for Strapi's uploads and a replica's /data).
cms=$(container_of cms)
$ENGINE run --rm -i -v "${PROJECT}_cms-uploads:/app/public/uploads" --entrypoint tar "$(image_of "$cms")" -C /app/public/uploads -xzf - < "$from/cms-uploads.tgz"
for replica in $REPLICAS; do
  c=$(container_of "$replica")
  $ENGINE run --rm -i -v "${PROJECT}_$replica-data:/data" --entrypoint sh "$(image_of "$c")" \
    -c "mkdir -p /tmp/restore && tar -C /tmp/restore -xf - && node dist/scripts/submissions.cjs restore --from /tmp/restore/$stamp" < "$from/$replica-data.tar" >&2
done
$COMPOSE up -d >&2
echo "restore: $from restored and started in $(( $(date +%s) - started )) s" >&2
