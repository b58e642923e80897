#!/usr/bin/env bash
# Runs Crawlgate on one machine from nothing: system and npm packages, a build, Redis, the embedded database,
# the built-in egress proxy, and a demo organization whose key and a working curl line are printed. Foreground.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/setup.sh
source scripts/lib/progress.sh

with_progress "system packages" install_system_packages
with_progress "npm packages" install_npm_packages
with_progress "build" npm run --silent build
start_redis

export ROLE="${ROLE:-all}"
export PORT="${PORT:-3000}"
export DATA_DIR="${DATA_DIR:-$PWD/data}"
# Migrates the embedded database and issues a fresh key for the demo organization (keys are shown only once).
key=$(node dist/cli.js demo | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).api_key))')
cat <<INFO

  Crawlgate is starting on http://localhost:${PORT}  (ROLE=${ROLE}, data in ${DATA_DIR})
  Demo organization API key (free plan, 1,000 credits a month):

    ${key}

  Try it once the log says it is listening:

    curl -s -H "Authorization: Bearer ${key}" "http://localhost:${PORT}/crawl?url=https://example.com/&js=false"
    curl -s -H "Authorization: Bearer ${key}" "http://localhost:${PORT}/account"

INFO
# Logs are JSON (for collectors) unless a person watches: on a terminal pino-pretty makes them readable. It runs in a
# session of its own so that Ctrl-C reaches only the service, whose graceful stop is still printed.
if [ -t 1 ] && [ -x node_modules/.bin/pino-pretty ]; then
  node dist/main.js | setsid node_modules/.bin/pino-pretty
else
  exec node dist/main.js
fi
