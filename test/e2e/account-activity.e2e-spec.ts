import { beforeAll, describe, expect, it } from '@jest/globals';
import { createOrganization, createUser, TestOrganization } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { call } from '../harness/http.js';

const env = testEnv();
const today = new Date().toISOString().slice(0, 10);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    // Jobs are listed newest first by creation time: a second apart, their order is certain on every database.
    await pause(1100);
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
});
