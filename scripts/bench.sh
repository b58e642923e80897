#!/usr/bin/env bash
# npm run bench / bench:crawl / bench:site / bench:billing: builds the benchmark and prints its tables. Needs what the tests need.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/setup.sh
install_system_packages mariadb-server python3-doc
install_npm_packages
start_redis
start_mariadb
create_test_database >/dev/null
mariadb -uroot -e "CREATE DATABASE IF NOT EXISTS crawlgate_bench"
npx tsc -p tsconfig.tools.json
case "${1:-all}" in
  billing) node dist-tools/bench/billing.js ;;
  crawl) npm run --silent build && node dist-tools/bench/crawl.js "${@:2}" ;;
  site) npm run --silent build && node dist-tools/bench/site.js ;;
  all) node dist-tools/bench/billing.js; npm run --silent build && node dist-tools/bench/crawl.js ;;
esac
