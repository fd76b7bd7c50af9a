# The compose project's containers, found by the labels compose puts on them (docker compose and
# podman-compose both set com.docker.compose.project and com.docker.compose.service): sourced
# by deploy/backup.sh and deploy/restore.sh, with ENGINE and PROJECT set.

# The container of a service, running or not (empty when there is none).
container_of() {
  $ENGINE ps -aq --filter "label=com.docker.compose.project=$PROJECT" --filter "label=com.docker.compose.service=$1" | head -n 1
}

# The running container of a service, or a stop naming it.
running() {
  c=$($ENGINE ps -q --filter "label=com.docker.compose.project=$PROJECT" --filter "label=com.docker.compose.service=$1" | head -n 1)
  if [ -z "$c" ]; then
    echo "$(basename "$0"): the service $1 of the project $PROJECT is not running (ENGINE=$ENGINE)" >&2
    exit 1
  fi
  echo "$c"
}

image_of() {
  $ENGINE inspect --format '{{.Config.Image}}' "$1"
}
