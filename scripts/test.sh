#!/usr/bin/env bash
# Every test, from nothing: system packages, npm packages, Redis and MariaDB on 127.0.0.1, the build, then the suites,
# side by side, each with its own log (most of a suite's time is waiting on pages, timers and processes, not the CPU):
#   lint and type check; unit tests; integration tests; the e2e files on SQLite in four shards, each against a stack
#   of its own (an app, a Chromium, fixture servers, a Redis); the e2e files whose outcome depends on the database
#   against MariaDB; the fault suite (own Redis, MariaDB and service processes per file).
# Each suite's log is printed when all are done, then the failed tests by name and the summary.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/setup.sh

# apt and npm side by side: npm ci needs neither Chromium nor the databases (Puppeteer's download is skipped), and
# both mostly wait on the network (npm's one long step, better-sqlite3's compile, overlaps apt's downloads).
install_system_packages mariadb-server python3-doc python3 shared-mime-info libtasn1-doc poppler-utils qpdf >.test-run/apt.log 2>&1 &
apt=$!
install_npm_packages
wait "$apt" || { cat .test-run/apt.log; echo "== installing the system packages failed"; exit 1; }
cat .test-run/apt.log
start_redis
start_mariadb
create_test_database

RUN=.test-run
rm -rf "$RUN"/suite-* "$RUN"/e2e-* "$RUN"/faults
mkdir -p "$RUN"
JEST=(node --experimental-vm-modules node_modules/jest/bin/jest.js)
SQLITE_SHARDS=4
# The e2e files that depend on the database (money, ledger, jobs, idempotency, webhooks, accounts) run on MariaDB too;
# every other file reads the database only through programs the integration specs already run on both (the site
# frontier, stored copies and cancels included: site-frontier, page-copy and job-cancel specs).
MARIADB_E2E='test/e2e/(account|account-activity|admin|crawl|jobs|idempotency|webhooks)[.-]'

echo "== build (emit only: the type check covers src, test and bench once)"
npm run --silent build -- --noCheck
npm run --silent build:tools -- --noCheck

SUITES=()
started=$(date +%s)
# suite NAME COMMAND...: runs in the background, its output in $RUN/suite-NAME.log, its exit code and seconds beside.
suite() {
  local name=$1
  shift
  SUITES+=("$name")
  (
    local from=$SECONDS code=0
    "$@" >"$RUN/suite-$name.log" 2>&1 || code=$?
    echo "$code $((SECONDS - from))" >"$RUN/suite-$name.status"
  ) &
}

# An e2e stack of its own: a run directory (env file, logs, data) and a Redis server (its databases and the ones
# its files derive for their own apps).
e2e_stack() {
  local dir=$1 port=$2
  start_redis "$port"
  redis-cli -h 127.0.0.1 -p "$port" flushall >/dev/null
  echo "TEST_RUN_DIR=$RUN/$dir E2E_REDIS_URL=redis://127.0.0.1:$port/3"
}

# Two phases: what keeps the CPU busy first (lint, type check, unit tests), then what mostly waits (integration, e2e,
# faults) side by side, so no timing a test measures runs beside a compiler.
echo "== phase 1: lint, type check, unit tests (logs in $RUN/suite-*.log)"
suite lint-typecheck bash -c 'npm run --silent lint && npm run --silent typecheck'
suite unit "${JEST[@]}" --selectProjects unit --maxWorkers=2
wait
echo "== phase 2: integration, e2e ($SQLITE_SHARDS SQLite shards and the MariaDB files), faults, side by side"
suite integration "${JEST[@]}" --selectProjects integration --maxWorkers=1
for shard in $(seq 1 "$SQLITE_SHARDS"); do
  suite "e2e-sqlite-$shard" env $(e2e_stack "e2e-sqlite-$shard" $((6390 + shard))) \
    "${JEST[@]}" --selectProjects e2e --runInBand --shard="$shard/$SQLITE_SHARDS"
done
suite e2e-mariadb env $(e2e_stack e2e-mariadb 6399) E2E_DATABASE_URL="mysql://crawlgate:crawlgate@127.0.0.1:3306/crawlgate_test" \
  "${JEST[@]}" --selectProjects e2e --runInBand --testPathPatterns "$MARIADB_E2E"
suite faults env TEST_RUN_DIR="$RUN/faults" "${JEST[@]}" --selectProjects faults --maxWorkers=2
wait

status=0
for name in "${SUITES[@]}"; do
  read -r code seconds <"$RUN/suite-$name.status"
  echo "== $name: exit $code, ${seconds} s"
  cat "$RUN/suite-$name.log"
  if [ "$code" -ne 0 ]; then
    status=1
    # After a failed e2e run, what explains a timing: the app's slow jobs (the step each reached when) and its errors.
    if [ -f "$RUN/$name/app.log" ]; then
      echo "== the app's slow jobs and errors during $name"
      grep -h -e 'for its page: ' -e '"level":50' "$RUN/$name/app.log" | tail -n 40 | cut -c1-400 || true
    fi
  fi
done

# The Python client's tests (run by test/e2e/python-client.e2e-spec.ts) write their own `Tests:` line.
python_logs() { ls "$RUN"/e2e-*/python-client-*.log 2>/dev/null || true; }
counted() { cat "$RUN"/suite-*.log $(python_logs) | grep -E '^Tests:' | grep -oE "[0-9]+ $1" | awk '{s+=$1} END {print s+0}' || true; }
if [ "$status" -ne 0 ]; then
  echo "== failed tests"
  grep -h -E '^ +✕|^  ● ' "$RUN"/suite-*.log | grep -v '● Console' | head -n 40 || true
fi
echo "== summary (the suites took $(($(date +%s) - started)) s)"
for name in "${SUITES[@]}"; do
  read -r code seconds <"$RUN/suite-$name.status"
  printf '%-18s %4s s  %s\n' "$name" "$seconds" "$(grep -hE '^(Tests|Test Suites):' "$RUN/suite-$name.log" | tr '\n' ' ')"
done
echo "python client:     $(cat $(python_logs) /dev/null | grep -h '^Tests:' | tr '\n' ' ')"
echo "Tests: $(counted passed) passed, $(counted failed) failed"
exit $status
