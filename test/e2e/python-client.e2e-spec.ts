import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { RUN_DIR } from '../harness/app-process.js';
import { testEnv } from '../harness/env.js';

const env = testEnv();
const database = env.databaseUrl ? 'mariadb' : 'sqlite';

interface PythonRun {
  readonly code: number | null;
  readonly output: string;
}

/** `python3 -m unittest` over clients/python/tests, against this stack, its output (stdout and stderr) kept whole. */
function runPythonTests(): Promise<PythonRun> {
  const child = spawn('python3', ['-m', 'unittest', 'discover', '-v', '-s', 'clients/python/tests', '-t', 'clients/python'], {
    env: {
      ...process.env,
      PYTHONDONTWRITEBYTECODE: '1',
      PYTHONUNBUFFERED: '1',
      CRAWLGATE_BASE_URL: env.baseUrl,
      CRAWLGATE_ADMIN_TOKEN: env.adminToken,
      CRAWLGATE_TARGET_URL: env.target.url,
      CRAWLGATE_RECIPE_SITE_URL: env.recipeSite.url,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((done, failed) => {
    child.once('error', failed);
    child.once('close', (code) => done({ code, output }));
  });
}

/** unittest's closing lines as counts: `Ran N tests` then `OK (skipped=K)` or `FAILED (failures=F, errors=E, ...)`. */
function counts(output: string): { ran: number; failed: number; skipped: number } {
  const figure = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? 0);
  const ran = figure(/^Ran (\d+) tests? in/m);
  const failed = figure(/^FAILED \(.*?failures=(\d+)/m) + figure(/^FAILED \(.*?errors=(\d+)/m) + figure(/^FAILED \(.*?unexpected successes=(\d+)/m);
  return { ran, failed, skipped: figure(/skipped=(\d+)/m) };
}

describe('clients/python (python3 -m unittest against this stack)', () => {
  it('passes every Python client test; the only skips are routes not yet in /openapi.json', async () => {
    const { code, output } = await runPythonTests();
    const { ran, failed, skipped } = counts(output);
    const pending = [...new Set(output.match(/pending: [^"\n]*/g) ?? [])];
    // scripts/test.sh adds this line to its summary's count.
    writeFileSync(resolve(RUN_DIR, `python-client-${database}.log`), `${output}\nTests: ${ran - failed - skipped} passed, ${failed} failed, ${skipped} skipped\n`);
    // The report names what waits for its route (decisions 9 routes not merged yet).
    if (pending.length > 0) console.info(`Python tests waiting for their routes: ${pending.join('; ')}`);
    if (code !== 0) throw new Error(`python3 -m unittest exited ${code}:\n${output}`);
    expect(ran).toBeGreaterThanOrEqual(39);
    // A skip names its pending route; any other skip fails.
    expect(skipped === 0 || pending.length > 0).toBe(true);
    expect(output.split('\n').filter((line) => / \.\.\. skipped /.test(line) && !line.includes('pending: '))).toEqual([]);
  }, 600_000);
});
