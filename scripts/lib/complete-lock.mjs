// Records other platforms' optional native packages in package-lock.json when the reachable registry lacks the
// exact versions the lock wants (some mirrors only carry a few platforms). `npm ci` refuses a lock that misses an
// optional edge, yet skips these packages on a platform they do not fit, so an entry with the platform fields is
// all it needs. Run after `npm install --package-lock-only`; it changes nothing when the lock is complete.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = 'package-lock.json';
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const added = [];

for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    lock.packages[`node_modules/${name}`] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added.push(`${name}@${version}`);
  }
}

lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `completed the lock with ${added.join(', ')}` : 'lock already complete');

/** The os/cpu/libc fields of the newest version the registry has; platform packages keep them across versions. */
function platformOf(name) {
  const out = execFileSync('npm', ['view', name, 'os', 'cpu', 'libc', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const view = JSON.parse(out || '{}');
  const fields = {};
  for (const key of ['os', 'cpu', 'libc']) if (view[key]) fields[key] = [view[key]].flat();
  return fields;
}
