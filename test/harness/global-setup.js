// Jest's global setup does not get the module mapping of the test files, so the e2e stack runs as its own
// compiled process (dist-tools, built by `npm run build:tools`): fixture servers plus the app, shared by all e2e files.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, rmSync } from 'node:fs';

const ENV_FILE = '.test-run/env.json';

export default async function globalSetup() {
  mkdirSync('.test-run', { recursive: true });
  rmSync(ENV_FILE, { force: true });
  const log = openSync('.test-run/stack.log', 'w');
  const stack = spawn(process.execPath, ['dist-tools/test/harness/stack.js'], { stdio: ['ignore', log, log], env: process.env });
  globalThis.__e2eStack = stack;
  const until = Date.now() + 120_000;
  while (!existsSync(ENV_FILE)) {
    if (stack.exitCode !== null) throw new Error(`the e2e stack exited with ${stack.exitCode}; see .test-run/stack.log and .test-run/app.log`);
    if (Date.now() > until) throw new Error('the e2e stack was not ready within 120 s; see .test-run/stack.log');
    await new Promise((done) => setTimeout(done, 200));
  }
}
