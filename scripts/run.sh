#!/usr/bin/env bash
# Runs Crawlgate on one machine from nothing: system and npm packages, a build, Redis, the embedded database,
# the built-in route (the worker's relay connects to targets itself, after the network policy), and a demo organization (a paid plan with credits to try everything at once) whose plan,
# key and working curl lines are printed. Foreground.
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
demo=$(node dist/cli.js demo)
field() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s)[process.argv[1]]))' "$1" <<<"$demo"; }
key=$(field api_key)
plan=$(field plan)
credits=$(field credits_remaining)
cat <<INFO

  Crawlgate is starting on http://localhost:${PORT}  (ROLE=${ROLE}, data in ${DATA_DIR})
  Demo organization API key (${plan} plan, ${credits} credits):

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
