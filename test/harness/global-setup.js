// Jest's global setup does not get the module mapping of the test files, so the e2e stack runs as its own
// compiled process (dist-tools, built by `npm run build:tools`): fixture servers plus the app, shared by all e2e files.
// TEST_RUN_DIR (test/harness/run-dir.ts) lets scripts/test.sh run several stacks side by side.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const RUN_DIR = resolve(process.env.TEST_RUN_DIR ?? '.test-run');
const ENV_FILE = join(RUN_DIR, 'env.json');

export default async function globalSetup() {
  mkdirSync(RUN_DIR, { recursive: true });
  rmSync(ENV_FILE, { force: true });
  const log = openSync(join(RUN_DIR, 'stack.log'), 'w');
  const stack = spawn(process.execPath, ['dist-tools/test/harness/stack.js'], { stdio: ['ignore', log, log], env: process.env });
  globalThis.__e2eStack = stack;
  const until = Date.now() + 120_000;
  while (!existsSync(ENV_FILE)) {
    if (stack.exitCode !== null) throw new Error(`the e2e stack exited with ${stack.exitCode}; see ${RUN_DIR}/stack.log and app.log`);
    if (Date.now() > until) throw new Error(`the e2e stack was not ready within 120 s; see ${RUN_DIR}/stack.log`);
    await new Promise((done) => setTimeout(done, 200));
  }
}
