#!/usr/bin/env bash
# CI's container step: starts dockerd when it is installed but not running (and stops it again),
# runs `npm run test:containers`, or prints one line saying why it does not.
set -euo pipefail
cd "$(dirname "$0")/.."

skip() {
  echo "Container tests skipped: $*"
  exit 0
}

# Even warm they add a quarter of an hour to a CI run that already takes most of an hour on a
# 2-core machine, and from a cold cache the better part of an hour (docs/deploy.md): so CI leaves
# them to be run by hand unless told otherwise. CONTAINER_TESTS=warm runs them when the image's
# dependencies and the previous release are already built here, CONTAINER_TESTS=always runs them.
mode="${CONTAINER_TESTS:-manual}"
case "$mode" in
  always | warm) ;;
  *) skip "run by hand (npm run test:containers), or set CONTAINER_TESTS=warm or always; figures in docs/deploy.md" ;;
esac

command -v docker >/dev/null || skip "no docker client (apt-get install docker.io debootstrap docker-compose)"
docker compose version >/dev/null 2>&1 || command -v docker-compose >/dev/null ||
  skip "neither docker compose nor docker-compose is installed"
started_dockerd=""
if ! docker info >/dev/null 2>&1; then
  [ "$(id -u)" = 0 ] || skip "the Docker daemon is not running, and only root may start it"
  command -v dockerd >/dev/null || skip "the Docker daemon is not installed (apt-get install docker.io)"
  log="$(mktemp)"
  dockerd >"$log" 2>&1 &
  started_dockerd=$!
  trap 'kill "$started_dockerd" 2>/dev/null && wait "$started_dockerd" 2>/dev/null; true' EXIT
  for _ in $(seq 1 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
  docker info >/dev/null 2>&1 || skip "dockerd did not start: $(tail -n 1 "$log")"
fi
# The stand-in bases are made with debootstrap, as root, unless a run before left them.
if ! docker image inspect voice-ideas-test/debian:bookworm >/dev/null 2>&1; then
  command -v debootstrap >/dev/null || skip "no stand-in base images and no debootstrap to make them"
  [ "$(id -u)" = 0 ] || skip "no stand-in base images, and debootstrap needs root"
fi

if [ "$mode" = warm ]; then
  state="$(node scripts/container-images.mjs)"
  [ "$state" = warm ] || skip "the images would build from cold ($state)"
fi

mkdir -p test-results
started=$(date +%s)
npm run test:containers -- --reporter=default --reporter=json --outputFile.json=test-results/containers.json
echo "Container tests took $(($(date +%s) - started)) s"
