import { describe, expect, it } from '@jest/globals';
import { createOrganization, createUser, updateOrganization } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { call } from '../harness/http.js';

const env = testEnv();

describe('GET /account', () => {
  it('describes a new free organization exactly', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'free', name: 'Account Free' });
    const answer = await call('/account', { key: org.apiKey });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-credits-charged')).toBeNull();
    expect(answer.body).toEqual({
      organization: { id: org.id, name: 'Account Free' },
      plan: 'free',
      credits_remaining: 1000,
      monthly_allowance: 1000,
      concurrency: { limit: 1, in_use: 0 },
      burst: 1,
      daily_limit: { limit: 20, used: 0 },
      usage: { today: { requests: 0, credits: 0 }, month: { requests: 0, credits: 0 } },
    });
  });

  it('describes a paid organization with its overrides: no allowance, an unlimited day', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 5000, name: 'Account Lite' });
    await updateOrganization(env.baseUrl, env.adminToken, org.id, { concurrency: 9, daily_limit: 'unlimited' });
    const answer = await call('/account', { key: org.apiKey });
    expect(answer.body).toEqual({
      organization: { id: org.id, name: 'Account Lite' },
      plan: 'lite',
      credits_remaining: 5000,
      monthly_allowance: 0,
      concurrency: { limit: 9, in_use: 0 },
      burst: 5,
      daily_limit: { limit: null, used: 0 },
      usage: { today: { requests: 0, credits: 0 }, month: { requests: 0, credits: 0 } },
    });
  });

  it('never authenticates through the key query parameter', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'free' });
    const byQuery = await call('/account', { query: { key: org.apiKey } });
    expect([byQuery.status, byQuery.body]).toEqual([401, { message: expect.any(String) }]);
    // With a valid header the parameter is ignored, whatever it says.
    expect((await call('/account', { key: org.apiKey, query: { key: 'nonsense' } })).status).toBe(200);
  });

  it('answers 401 to no key, an unknown key, the admin token and a dashboard user token', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'free' });
    const created = await call('/admin/users', { key: env.adminToken, method: 'POST', body: { email: 'dash@example.test', organization_id: org.id } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), token: expect.stringMatching(/^cgu_/) });
    const helperUser = await createUser(env.baseUrl, env.adminToken, org.id);
    const answers = await Promise.all([
      call('/account'),
      call('/account', { key: 'cg_unknown' }),
      call('/account', { key: env.adminToken }),
      call('/account', { key: created.body.token }),
      call('/account', { key: helperUser.token }),
      call('/account', { headers: { authorization: `Basic ${org.apiKey}` } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 401]);
  });

  it('refuses a malformed user with 422', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'free' });
    const answer = await call('/admin/users', { key: env.adminToken, method: 'POST', body: { email: 'not-an-email', organization_id: org.id } });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual(['email']);
  });
});
