import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { createConnection } from 'mysql2/promise';
import { createOrganization, createUser, TestOrganization } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { call } from '../harness/http.js';
import { pastNewestJobSecond } from '../fixtures/wall-clock.js';

const env = testEnv();
const today = new Date().toISOString().slice(0, 10);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** better-sqlite3 (what TypeORM drives for the embedded database) ships no types: the little used here. */
type Sqlite = {
  prepare(sql: string): { run(...values: unknown[]): unknown };
  transaction(fn: () => void): () => void;
  close(): void;
};
const Database = createRequire(import.meta.url)('better-sqlite3') as new (path: string, options: { timeout: number }) => Sqlite;

/** Usage rows written straight into the app's database: `count` hosts on each of `days` past days. */
async function seedUsage(organizationId: string, days: number, count: number): Promise<void> {
  const rows = Array.from({ length: days }, (_, day) => new Date(Date.now() - (day + 1) * 86_400_000).toISOString().slice(0, 10))
    .flatMap((day) => Array.from({ length: count }, (_, index) => [organizationId, day, `host-${String(index).padStart(5, '0')}.example`]));
  const sql = 'INSERT INTO usage_tally (organization_id, day, host, requests, attempts, crawls, credits) VALUES (?, ?, ?, 1, 1, 1, 1)';
  if (env.databaseUrl) {
    const connection = await createConnection(env.databaseUrl);
    for (let start = 0; start < rows.length; start += 1000) {
      const chunk = rows.slice(start, start + 1000);
      await connection.query(`INSERT INTO usage_tally (organization_id, day, host, requests, attempts, crawls, credits) VALUES ${chunk.map(() => '(?, ?, ?, 1, 1, 1, 1)').join(', ')}`, chunk.flat());
    }
    await connection.end();
    return;
  }
  const database = new Database(join(env.dataDir, 'crawlgate.sqlite'), { timeout: 10_000 });
  const insert = database.prepare(sql);
  database.transaction(() => rows.forEach((row) => insert.run(...row)))();
  database.close();
}

describe('GET /account/usage and GET /account/jobs', () => {
  let org: TestOrganization;
  let other: TestOrganization;
  let doneJob: string;
  let failedJob: string;
  let otherJob: string;

  beforeAll(async () => {
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 100 });
    other = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 100 });
    const done = await call('/crawl', { key: org.apiKey, query: { url: `${env.target.url}/static`, js: 'false' } });
    // Jobs are listed newest first by creation time: in a later second, their order is certain on every database.
    await pastNewestJobSecond(org.apiKey);
    const failed = await call('/crawl', { key: org.apiKey, query: { url: 'http://127.0.0.1:9/nothing', js: 'false' } });
    const foreign = await call('/crawl', { key: other.apiKey, query: { url: `${env.target.url}/static`, js: 'true' } });
    expect([done.status, failed.status, foreign.status]).toEqual([200, 500, 200]);
    [doneJob, failedJob, otherJob] = [done, failed, foreign].map((answer) => answer.headers.get('x-job-id')!);
  });

  it("answers the organization's own days, per host, in the admin route's shape", async () => {
    const mine = await call('/account/usage', { key: org.apiKey, query: { from: today, to: today } });
    expect([mine.status, mine.body]).toEqual([200, { days: [{ date: today, host: '127.0.0.1', crawls: 1, attempts: 2, credits: 1 }] }]);
    const theirs = await call('/account/usage', { key: other.apiKey, query: { from: today, to: today } });
    expect(theirs.body).toEqual({ days: [{ date: today, host: '127.0.0.1', crawls: 1, attempts: 1, credits: 5 }] });
    // Without a range: the current UTC month, today included.
    expect((await call('/account/usage', { key: org.apiKey })).body).toEqual(mine.body);
    expect((await call('/account/usage', { key: org.apiKey, query: { from: '2020-01-01', to: '2020-01-31' } })).body).toEqual({ days: [] });
    // An end alone starts on its month's first day (a past month's, not the current one's, which would come after it).
    expect((await call('/account/usage', { key: org.apiKey, query: { to: today } })).body).toEqual(mine.body);
    expect(await call('/account/usage', { key: org.apiKey, query: { to: '2020-01-15' } })).toMatchObject({ status: 200, body: { days: [] } });
  });

  it("lists the organization's own jobs, newest first, with what each costs now", async () => {
    const answer = await call('/account/jobs', { key: org.apiKey });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      jobs: [
        { job_id: failedJob, kind: 'crawl', status: 'failed', host: '127.0.0.1', credits: 0, created_at: expect.stringMatching(ISO_TIME), finished_at: expect.stringMatching(ISO_TIME), error: expect.any(String) },
        { job_id: doneJob, kind: 'crawl', status: 'done', host: '127.0.0.1', credits: 1, created_at: expect.stringMatching(ISO_TIME), finished_at: expect.stringMatching(ISO_TIME), error: null },
      ],
    });
    expect(answer.body.jobs[0].error.length).toBeGreaterThan(0);
    expect(Date.parse(answer.body.jobs[0].created_at)).toBeGreaterThan(Date.parse(answer.body.jobs[1].created_at));
    expect((await call('/account/jobs', { key: org.apiKey, query: { limit: '1' } })).body.jobs.map((job: { job_id: string }) => job.job_id)).toEqual([failedJob]);
    expect((await call('/account/jobs', { key: other.apiKey })).body.jobs.map((job: { job_id: string }) => job.job_id)).toEqual([otherJob]);
  });

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '101' }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ limit: '2.5' }, 'limit'],
  ])('refuses GET /account/jobs %j with 422 on %s', async (query, field) => {
    const answer = await call('/account/jobs', { key: org.apiKey, query });
    expect([answer.status, Object.keys(answer.body.errors)]).toEqual([422, [field]]);
  });

  it.each([
    [{ from: '2026-02-30' }, 'from'],
    [{ to: 'yesterday' }, 'to'],
    [{ from: '2026-03-02', to: '2026-03-01' }, 'from'],
    [{ from: '2024-01-01', to: '2025-01-01' }, 'from'],
  ])('refuses GET /account/usage %j with 422 on %s', async (query, field) => {
    const answer = await call('/account/usage', { key: org.apiKey, query });
    expect([answer.status, Object.keys(answer.body.errors)]).toEqual([422, [field]]);
  });

  it('refuses a parameter given twice', async () => {
    const answer = await call('/account/jobs?limit=1&limit=2', { key: org.apiKey });
    expect([answer.status, answer.body.errors]).toEqual([422, { limit: ['limit must be given once'] }]);
  });

  it.each(['/account/usage', '/account/jobs'])('%s: header only; the key query parameter never authenticates and is ignored with a header', async (path) => {
    const byQuery = await call(path, { query: { key: org.apiKey } });
    expect([byQuery.status, byQuery.body]).toEqual([401, { message: expect.any(String) }]);
    const mine = await call(path, { key: org.apiKey });
    const withOtherKey = await call(path, { key: org.apiKey, query: { key: other.apiKey } });
    expect([withOtherKey.status, withOtherKey.body]).toEqual([200, mine.body]);
  });

  it.each(['/account/usage', '/account/jobs'])('%s: 401 to no key, an unknown key, the admin token and a dashboard user', async (path) => {
    const user = await createUser(env.baseUrl, env.adminToken, org.id);
    const answers = await Promise.all([call(path), call(path, { key: 'cg_unknown' }), call(path, { key: env.adminToken }), call(path, { key: user.token })]);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401]);
  });

  it('answers at most 5000 rows, those of the newest whole days, and says it cut them', async () => {
    const busy = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 100 });
    await seedUsage(busy.id, 3, 2000);
    const from = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    const usage = await call('/account/usage', { key: busy.apiKey, query: { from, to: today } });
    expect(usage.status).toBe(200);
    expect(usage.body.truncated).toBe(true);
    // Three days of 2000 hosts: the newest two whole, the oldest (which 5000 rows would cut in half) left out.
    expect(usage.body.days).toHaveLength(4000);
    const dates = [...new Set(usage.body.days.map((row: { date: string }) => row.date))];
    const newest = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(dates).toHaveLength(2);
    expect(dates[1]).toBe(newest);
    for (const date of dates) expect(usage.body.days.filter((row: { date: string }) => row.date === date)).toHaveLength(2000);
  });
});
