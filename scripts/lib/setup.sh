# Shared by scripts/run.sh and scripts/test.sh: idempotent set-up steps for a Debian 12 machine, as root.
export PUPPETEER_SKIP_DOWNLOAD=true
export DEBIAN_FRONTEND=noninteractive
# node-gyp compiles native modules (better-sqlite3: the registry has no prebuilt binary reachable here) on every core.
export JOBS=max
mkdir -p .test-run

BASE_PACKAGES=(chromium chromium-headless-shell redis-server webext-ublock-origin-chromium)

install_system_packages() {
  local wanted=("${BASE_PACKAGES[@]}" "$@") missing=()
  for package in "${wanted[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "== installing ${missing[*]}"
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

install_npm_packages() {
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "== npm ci"
    # No fallback to `npm install`: a lock that `npm ci` refuses must fail here, not drift silently
    # (see scripts/lib/complete-lock.mjs when the registry lacks other platforms' builds).
    npm ci --no-audit --no-fund --loglevel=error
  fi
  # npm may skip install scripts it was not told to trust; the embedded database needs its native module.
  if [ ! -f node_modules/better-sqlite3/build/Release/better_sqlite3.node ]; then
    (cd node_modules/better-sqlite3 && npx --yes node-gyp rebuild --release >/dev/null)
  fi
}

# One Redis on 127.0.0.1: 6379 (the service's and the integration specs'), or the port given (an e2e stack's own).
start_redis() {
  local port=${1:-6379}
  if ! redis-cli -h 127.0.0.1 -p "$port" ping >/dev/null 2>&1; then
    redis-server --daemonize yes --bind 127.0.0.1 --port "$port" --save '' --appendonly no >/dev/null
    for _ in $(seq 1 50); do redis-cli -h 127.0.0.1 -p "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done
  fi
}

start_mariadb() {
  if ! mariadb-admin ping >/dev/null 2>&1; then
    (service mariadb start || (mysqld_safe --user=mysql >/dev/null 2>&1 &)) >/dev/null 2>&1 || true
    for _ in $(seq 1 100); do mariadb-admin ping >/dev/null 2>&1 && break; sleep 0.2; done
  fi
}

create_test_database() {
  mariadb -uroot <<'SQL'
DROP DATABASE IF EXISTS crawlgate_test;
CREATE DATABASE crawlgate_test CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;
CREATE USER IF NOT EXISTS 'crawlgate'@'localhost' IDENTIFIED BY 'crawlgate';
CREATE USER IF NOT EXISTS 'crawlgate'@'127.0.0.1' IDENTIFIED BY 'crawlgate';
GRANT ALL ON crawlgate_test.* TO 'crawlgate'@'localhost';
GRANT ALL ON crawlgate_test.* TO 'crawlgate'@'127.0.0.1';
GRANT ALL ON crawlgate_bench.* TO 'crawlgate'@'localhost';
GRANT ALL ON `crawlgate\_it%`.* TO 'crawlgate'@'localhost';
GRANT ALL ON `crawlgate\_it%`.* TO 'crawlgate'@'127.0.0.1';
GRANT ALL ON crawlgate_bench.* TO 'crawlgate'@'127.0.0.1';
FLUSH PRIVILEGES;
SQL
}
