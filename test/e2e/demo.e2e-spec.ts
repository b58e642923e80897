import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import { MIGRATIONS } from '../../src/infra/database/data-source-options.js';
import { testEnv } from '../harness/env.js';
import { call } from '../harness/http.js';

const env = testEnv();

/** `node dist/cli.js demo`, as scripts/run.sh runs it, against the e2e app's database. */
async function demo(): Promise<{ organization_id: string; plan: string; credits_remaining: number; api_key: string }> {
  const { stdout } = await promisify(execFile)(process.execPath, ['dist/cli.js', 'demo'], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...env.appEnv } });
  return JSON.parse(stdout);
}

describe('scripts/run.sh demo organization', () => {
  it('is on a paid plan with credits: a newcomer’s requests sent at once are all served, and a second run keeps it so', async () => {
    const first = await demo();
    expect(first).toEqual({ organization_id: expect.any(String), plan: 'pro', credits_remaining: 100_000, api_key: expect.any(String) });
    const query = { url: `${env.target.url}/static`, js: 'false' };
    const answers = await Promise.all([call('/crawl', { key: first.api_key, query }), call('/crawl', { key: first.api_key, query })]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const account = await call('/account', { key: first.api_key });
    expect([account.status, account.body.plan, account.body.credits_remaining]).toEqual([200, 'pro', 100_000 - 2]);

    const again = await demo();
    expect(again).toEqual({ organization_id: first.organization_id, plan: 'pro', credits_remaining: 100_000, api_key: expect.any(String) });
    expect(again.api_key).not.toBe(first.api_key);
  });
});

/** better-sqlite3 ships no types: the little used here. */
interface Sqlite { prepare(sql: string): { all(): Array<{ name: string }> }; close(): void }
const Database = createRequire(import.meta.url)('better-sqlite3') as new (path: string, options: { readonly: boolean }) => Sqlite;

describe('node dist/cli.js db:migrate (k8s/migrate-job.yaml)', () => {
  it('brings a new database to the latest schema, every migration once, and exits; a second run finds nothing to do', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'crawlgate-migrate-'));
    try {
      const migrate = () => promisify(execFile)(process.execPath, ['dist/cli.js', 'db:migrate'], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', DATA_DIR: dataDir } });
      const applied = () => {
        const database = new Database(join(dataDir, 'crawlgate.sqlite'), { readonly: true });
        try {
          return database.prepare('SELECT name FROM migrations ORDER BY id').all().map((row) => row.name);
        } finally {
          database.close();
        }
      };
      expect(JSON.parse((await migrate()).stdout)).toEqual({ migrated: true });
      const expected = MIGRATIONS.map((Migration) => new Migration().name);
      expect(applied()).toEqual(expected);
      expect(JSON.parse((await migrate()).stdout)).toEqual({ migrated: true });
      expect(applied()).toEqual(expected);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
