#!/usr/bin/env bash
# Every test, from nothing: system packages, npm packages, Redis and MariaDB on 127.0.0.1, then lint, type check,
# unit and integration tests, the whole e2e suite against the embedded SQLite, the e2e files whose outcome depends on
# the database against MariaDB, then the fault suite once. Jest's summary comes last.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/setup.sh

install_system_packages mariadb-server python3-doc python3 shared-mime-info libtasn1-doc poppler-utils qpdf
install_npm_packages
start_redis
start_mariadb
create_test_database

echo "== lint and type check"
npm run --silent lint
npm run --silent typecheck
echo "== build"
# The type check above covered src, test and bench: the builds only emit (src is checked once, not three times).
npm run --silent build -- --noCheck
npm run --silent build:tools -- --noCheck

status=0
rm -f .test-run/python-client-*.log
# After a failed e2e run, what explains a timing: the app's slow jobs (the step each reached when) and its errors.
app_warnings() {
  echo "== the app's slow jobs and errors during the failed run ($1)"
  grep -h -e 'for its page: ' -e '"level":50' .test-run/app.log 2>/dev/null | tail -n 40 | cut -c1-400 || true
}
# The e2e files that depend on the database (money, ledger, jobs, idempotency, webhooks, accounts) run on MariaDB too;
# every other file reads the database only through programs the integration specs already run on both (the site
# frontier, stored copies and cancels included: site-frontier, page-copy and job-cancel specs).
MARIADB_E2E='test/e2e/(account|account-activity|admin|crawl|jobs|idempotency|webhooks)[.-]'
echo "== unit and integration tests (Redis, MariaDB, SQLite, Chromium)"
node --experimental-vm-modules node_modules/jest/bin/jest.js --selectProjects unit integration 2>&1 | tee .test-run/unit.log || status=1
echo "== e2e tests on SQLite"
node --experimental-vm-modules node_modules/jest/bin/jest.js --selectProjects e2e --runInBand 2>&1 | tee .test-run/e2e-sqlite.log || { status=1; app_warnings SQLite; }
echo "== e2e tests on MariaDB (the files that depend on the database)"
E2E_DATABASE_URL="mysql://crawlgate:crawlgate@127.0.0.1:3306/crawlgate_test" \
  node --experimental-vm-modules node_modules/jest/bin/jest.js --selectProjects e2e --runInBand --testPathPatterns "$MARIADB_E2E" 2>&1 | tee .test-run/e2e-mariadb.log || { status=1; app_warnings MariaDB; }
echo "== fault tests (own Redis, MariaDB, API and workers; kill -9, restarts, SIGTERM)"
node --experimental-vm-modules node_modules/jest/bin/jest.js --selectProjects faults --runInBand 2>&1 | tee .test-run/faults.log || status=1

# The Python client's tests (run by test/e2e/python-client.e2e-spec.ts) write their own `Tests:` line.
count() { cat .test-run/unit.log .test-run/e2e-sqlite.log .test-run/e2e-mariadb.log .test-run/faults.log .test-run/python-client-*.log 2>/dev/null | grep -E '^Tests:' | grep -oE "[0-9]+ $1" | awk '{s+=$1} END {print s+0}' || true; }
summary() { grep -E '^(Tests|Test Suites):' "$1" | tr '\n' ' ' || true; echo; }
# The failed tests by name, last, where a truncated CI log still shows them.
if [ "$status" -ne 0 ]; then
  echo "== failed tests"
  grep -h -E '^ +✕|^  ● ' .test-run/unit.log .test-run/e2e-sqlite.log .test-run/e2e-mariadb.log .test-run/faults.log 2>/dev/null | grep -v '● Console' | head -n 40 || true
fi
echo "== summary"
echo "unit + integration: $(summary .test-run/unit.log)"
echo "e2e (SQLite):       $(summary .test-run/e2e-sqlite.log)"
echo "e2e (MariaDB):      $(summary .test-run/e2e-mariadb.log)"
echo "faults:             $(summary .test-run/faults.log)"
echo "python client:      $(grep -h '^Tests:' .test-run/python-client-*.log 2>/dev/null | tr '\n' ' ' || true)"
echo "Tests: $(count passed) passed, $(count failed) failed"
exit $status
