#!/usr/bin/env bash
# Makes the stand-in base images the container tests build and run on, where no image registry
# can be reached: a minimal Debian bookworm from debootstrap, and on it Node (this machine's),
# PostgreSQL and Redis (Debian's packages). Each image carries a label with the hash of its
# recipe, so a second run reuses it and a changed recipe remakes it.
#
#   sudo deploy/test/make-bases.sh            # prints the images as NAME=tag lines
#   eval "$(sudo deploy/test/make-bases.sh)"  # exports NODE_IMAGE, POSTGRES_IMAGE, REDIS_IMAGE
#
# Needs root, docker (a running daemon), debootstrap and node >= 20.19 on PATH. Progress goes to
# stderr; stdout has only the NAME=tag lines.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
SUITE=bookworm
PREFIX="${STANDIN_PREFIX:-voice-ideas-test}"
LABEL=org.voice-ideas.recipe

log() { printf '[make-bases] %s\n' "$*" >&2; }

command -v docker >/dev/null || { log "docker is not installed"; exit 1; }
docker info >/dev/null 2>&1 || { log "the docker daemon does not answer"; exit 1; }

node_bin="$(readlink -f "$(command -v node)")"
node_prefix="$(dirname "$(dirname "$node_bin")")"
npm_dir="$node_prefix/lib/node_modules/npm"
node_include="$node_prefix/include/node"
[ -d "$npm_dir" ] || { log "npm not found at $npm_dir"; exit 1; }
[ -d "$node_include" ] || { log "Node's headers not found at $node_include"; exit 1; }

# The CA certificates this machine trusts beyond Debian's (a TLS proxy's); the images need them
# to fetch packages.
extra_cas=(/usr/local/share/ca-certificates/*.crt)
[ -e "${extra_cas[0]}" ] || extra_cas=()

recipe_hash() {
  {
    printf '%s\n' "$MIRROR" "$SUITE" "$@"
    for f in "${extra_cas[@]}"; do sha256sum <"$f"; done
  } | sha256sum | cut -c1-16
}

current() {
  local tag="$1" want="$2"
  [ "$(docker image inspect --format "{{ index .Config.Labels \"$LABEL\" }}" "$tag" 2>/dev/null || true)" = "$want" ]
}

workdir="$(mktemp -d)"
trap 'rm -rf "$workdir"' EXIT

# --- Debian -----------------------------------------------------------------------------------
debian_tag="$PREFIX/debian:$SUITE"
# What makes the Debian image: change this line when the steps below change what it contains
# (an edit elsewhere in this script leaves every image as it is).
debian_recipe="minbase+ca-certificates, sources: main updates security, apt: no recommends, no docs; v1"
debian_hash="$(recipe_hash "$debian_recipe")"
if current "$debian_tag" "$debian_hash"; then
  log "$debian_tag is current"
else
  log "debootstrap $SUITE from $MIRROR (a few minutes)"
  root="$workdir/rootfs"
  debootstrap --variant=minbase --include=ca-certificates "$SUITE" "$root" "$MIRROR" >"$workdir/debootstrap.log" 2>&1 \
    || { tail -n 20 "$workdir/debootstrap.log" >&2; exit 1; }
  cat >"$root/etc/apt/sources.list" <<SOURCES
deb $MIRROR $SUITE main
deb $MIRROR $SUITE-updates main
deb ${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security} $SUITE-security main
SOURCES
  # What Debian's own container images set: no recommends, no cached .debs, no docs.
  cat >"$root/etc/apt/apt.conf.d/docker-clean" <<'APT'
APT::Install-Recommends "false";
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb || true"; };
APT
  for ca in "${extra_cas[@]}"; do cp "$ca" "$root/usr/local/share/ca-certificates/"; done
  chroot "$root" update-ca-certificates >/dev/null 2>&1
  chroot "$root" apt-get clean
  rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/log/*.log \
    "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/tmp/*
  : >"$root/etc/hostname"
  tar --numeric-owner -C "$root" -c . \
    | docker import --change "LABEL $LABEL=$debian_hash" --change 'CMD ["bash"]' - "$debian_tag" >/dev/null
  log "made $debian_tag"
fi

# --- the images built on it ----------------------------------------------------------------------
# build_on_debian TAG DOCKERFILE CONTEXT-MAKER [RECIPE...]: CONTEXT-MAKER prints the build
# context's folder, and runs only when the image has to be made.
build_on_debian() {
  local tag="$1" dockerfile="$2" context="$3"
  shift 3
  local hash
  hash="$(recipe_hash "$debian_hash" "$(sha256sum <"$here/$dockerfile")" "$@")"
  if current "$tag" "$hash"; then
    log "$tag is current"
    return
  fi
  log "building $tag"
  DOCKER_BUILDKIT=0 docker build -q --build-arg "DEBIAN_IMAGE=$debian_tag" --label "$LABEL=$hash" \
    -f "$here/$dockerfile" -t "$tag" "$("$context")" >/dev/null
  log "made $tag"
}

node_context() {
  local ctx="$workdir/node"
  mkdir -p "$ctx"
  cp "$node_bin" "$ctx/node"
  cp -r "$npm_dir" "$ctx/npm"
  cp -r "$node_include" "$ctx/include"
  printf '%s\n' "$ctx"
}
here_context() { printf '%s\n' "$here"; }

node_version="$(node --version)"
node_major="${node_version#v}"
node_major="${node_major%%.*}"
node_tag="$PREFIX/node:$node_major-$SUITE"
build_on_debian "$node_tag" node.Dockerfile node_context "$node_version" "$(npm --version)"

postgres_tag="$PREFIX/postgres:15-$SUITE"
build_on_debian "$postgres_tag" postgres.Dockerfile here_context "$(sha256sum <"$here/postgres-entrypoint.sh")"

redis_tag="$PREFIX/redis:7-$SUITE"
build_on_debian "$redis_tag" redis.Dockerfile here_context "$(sha256sum <"$here/redis-entrypoint.sh")"

printf 'export NODE_IMAGE=%s\nexport POSTGRES_IMAGE=%s\nexport REDIS_IMAGE=%s\n' \
  "$node_tag" "$postgres_tag" "$redis_tag"
