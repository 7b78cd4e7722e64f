#!/usr/bin/env bash
# The whole check on a fresh clone: system packages, npm packages, lint, typecheck, unit and API
# tests on SQLite and PostgreSQL, the production build, the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "System packages for audio, browser and memory tests"
missing=()
for pkg in chromium fonts-liberation ffmpeg espeak-ng sox time; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "all present"
fi

step "npm packages"
# The lockfile records every platform's optional addons, so a fresh clone installs exactly it.
npm ci --no-audit --no-fund

step "PostgreSQL for the dialect tests"
PG_HOST=127.0.0.1
PG_PORT=5432
if ! pg_isready -h "$PG_HOST" -p "$PG_PORT" -q; then
  echo "PostgreSQL is down: starting the local cluster"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start
  for _ in $(seq 1 30); do pg_isready -h "$PG_HOST" -p "$PG_PORT" -q && break; sleep 1; done
fi
pg_isready -h "$PG_HOST" -p "$PG_PORT"
CI_DB="voice_ideas_ci_$(date +%s)_$$"
psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -d postgres -qc "CREATE DATABASE $CI_DB"
drop_ci_db() {
  psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -d postgres -qc "DROP DATABASE IF EXISTS $CI_DB WITH (FORCE)" >/dev/null 2>&1 || true
}
trap drop_ci_db EXIT
# Set, so the PostgreSQL suites run and fail (never skip) if the server cannot be reached.
export TEST_DATABASE_URL="postgres://postgres@$PG_HOST:$PG_PORT/$CI_DB"

step "Lint"
npm run lint

step "Typecheck"
npm run typecheck

step "Tests (SQLite and PostgreSQL)"
mkdir -p test-results
npm test -- --reporter=default --reporter=json --outputFile.json=test-results/unit.json

step "Build"
npm run build

if compgen -G "tests/e2e/*.test.ts" >/dev/null; then
  step "Browser tests"
  npm run test:e2e
fi

step "Container tests (the image and compose.yaml on Docker)"
# They need a Docker daemon, debootstrap for the stand-in bases, and root for both; a machine
# without them says so here and goes on (docs/deploy.md has the figures of the last run).
bash scripts/containers-ci.sh

step "Summary"
node scripts/test-summary.mjs test-results/unit.json test-results/e2e.json test-results/containers.json
