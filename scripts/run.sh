#!/usr/bin/env bash
# Runs Crawlgate on one machine from nothing: system and npm packages, a build, Redis, the embedded database,
# the built-in egress proxy, and a demo organization whose key and a working curl line are printed. Foreground.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/setup.sh

install_system_packages
install_npm_packages
echo "== build"
npm run --silent build
start_redis

export ROLE="${ROLE:-all}"
export PORT="${PORT:-3000}"
export DATA_DIR="${DATA_DIR:-$PWD/data}"
# The demo key is printed below; the admin API stays off unless ADMIN_TOKEN is set by the operator.
node dist/cli.js demo --port "$PORT"
exec node dist/main.js
