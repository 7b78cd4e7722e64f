#!/usr/bin/env bash
# CI's container step: starts dockerd when it is installed but not running (and stops it again),
# runs `npm run test:containers`, or prints one line saying why it does not.
set -euo pipefail
cd "$(dirname "$0")/.."

skip() {
  echo "Container tests skipped: $*"
  exit 0
}

# Warm (the image's dependencies and the previous release already built here) they add minutes to
# CI; from cold, the better part of an hour, which would push CI past its hour (docs/deploy.md,
# ADR 161). So CI runs them when they are warm and otherwise says why not; whoever changes a
# dependency or adds a migration runs them by hand once, which warms them for CI.
# CONTAINER_TESTS=always runs them whatever the cache holds, manual leaves them to be run by hand.
mode="${CONTAINER_TESTS:-warm}"
case "$mode" in
  always | warm) ;;
  manual) skip "CONTAINER_TESTS=manual: run npm run test:containers by hand; figures in docs/deploy.md" ;;
  *) skip "CONTAINER_TESTS=$mode is none of warm, always, manual" ;;
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
  [ "$state" = warm ] ||
    skip "the images would build from cold ($state): run npm run test:containers by hand once (docs/deploy.md), or set CONTAINER_TESTS=always"
fi

mkdir -p test-results
started=$(date +%s)
npm run test:containers -- --reporter=default --reporter=json --outputFile.json=test-results/containers.json
echo "Container tests took $(($(date +%s) - started)) s"
