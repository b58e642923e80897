import { beforeAll, describe, expect, it } from '@jest/globals';
import { createApiKey, createOrganization, getOrganization, grant, ledger, revokeApiKey } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { call } from '../harness/http.js';

const env = testEnv();
const asAdmin = { key: env.adminToken };

describe('admin API: authentication', () => {
  let orgId: string;
  let orgKey: string;

  beforeAll(async () => {
    ({ id: orgId, apiKey: orgKey } = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 10 }));
  });

  it.each([
    ['POST', '/admin/organizations', { name: 'x' }],
    ['GET', '/admin/organizations/ORG', undefined],
    ['PATCH', '/admin/organizations/ORG', { plan: 'pro' }],
    ['POST', '/admin/organizations/ORG/api-keys', undefined],
    ['POST', '/admin/organizations/ORG/credits', { amount: 5, reason: 'x' }],
    ['GET', '/admin/organizations/ORG/ledger', undefined],
    ['GET', '/admin/organizations/ORG/usage', undefined],
    ['DELETE', '/admin/api-keys/nothing', undefined],
    ['POST', '/admin/users', { email: 'a@example.test', organization_id: 'ORG' }],
  ])('%s %s answers 401 without the admin token, with a wrong one and with an organization key', async (method, path, body) => {
    const route = path.replace('ORG', orgId);
    const answers = await Promise.all([
      call(route, { method, body }),
      call(route, { method, body, key: `${env.adminToken}x` }),
      call(route, { method, body, key: orgKey }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401]);
    expect(answers[0].body).toEqual({ message: expect.any(String) });
    // Nothing moved behind the refusals.
    expect((await getOrganization(env.baseUrl, env.adminToken, orgId))).toMatchObject({ plan: 'lite', credits_remaining: 10 });
  });
});

describe('admin API: organizations', () => {
  it('creates a free organization with the free allowance, granted through the ledger', async () => {
    const created = await call('/admin/organizations', { ...asAdmin, method: 'POST', body: { name: 'Acme' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9]{24}$/),
      name: 'Acme',
      plan: 'free',
      credits_remaining: 1000,
      api_key: expect.stringMatching(/^cg_[A-Za-z0-9]{43}$/),
      api_key_id: expect.stringMatching(/^[A-Za-z0-9]+$/),
    });
    const { entries } = await ledger(env.baseUrl, env.adminToken, created.body.id);
    expect(entries).toEqual([
      { id: expect.any(String), amount: 1000, balance_after: 1000, reason: 'initial credits', created_at: expect.any(String) },
    ]);
    expect(Number.isNaN(Date.parse(entries[0].created_at))).toBe(false);
    expect(await getOrganization(env.baseUrl, env.adminToken, created.body.id)).toEqual({
      id: created.body.id, name: 'Acme', plan: 'free', credits_remaining: 1000, concurrency: 1, daily_limit: 20,
    });
  });

  it('creates a lite organization with the credits asked for', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 5000 });
    expect(await getOrganization(env.baseUrl, env.adminToken, org.id)).toMatchObject({ plan: 'lite', credits_remaining: 5000, concurrency: 5, daily_limit: 500 });
    expect((await ledger(env.baseUrl, env.adminToken, org.id)).entries.map((entry) => entry.amount)).toEqual([5000]);
  });

  it('gives a paid plan no credits by default, and writes no ledger entry for nothing', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'pro' });
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(0);
    expect((await ledger(env.baseUrl, env.adminToken, org.id)).entries).toEqual([]);
  });

  it.each([
    [{ name: 'x', plan: 'gold' }, 'plan'],
    [{ name: 'x', credits: -1 }, 'credits'],
    [{ name: 'x', credits: 2.5 }, 'credits'],
    [{ name: 'x', credits: '100' }, 'credits'],
    [{ plan: 'free' }, 'name'],
    [{ name: 'x', balance: 100 }, 'balance'],
  ])('refuses %j with 422 on %s', async (body, field) => {
    const answer = await call('/admin/organizations', { ...asAdmin, method: 'POST', body });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual([field]);
  });

  it('answers 404 for an unknown organization on every route that names one', async () => {
    const routes: Array<[string, string, unknown]> = [
      ['GET', '/admin/organizations/nope', undefined],
      ['PATCH', '/admin/organizations/nope', { plan: 'pro' }],
      ['POST', '/admin/organizations/nope/api-keys', undefined],
      ['POST', '/admin/organizations/nope/credits', { amount: 5, reason: 'x' }],
      ['GET', '/admin/organizations/nope/ledger', undefined],
      ['GET', '/admin/organizations/nope/usage', undefined],
      ['POST', '/admin/users', { email: 'a@example.test', organization_id: 'nope' }],
    ];
    for (const [method, path, body] of routes) {
      const answer = await call(path, { ...asAdmin, method, body });
      expect([path, answer.status, answer.body]).toEqual([path, 404, { message: 'No such organization.' }]);
    }
  });

  it('changes plan, concurrency and daily limit, and clears overrides with null', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'free' });
    const patch = (body: unknown) => call(`/admin/organizations/${org.id}`, { ...asAdmin, method: 'PATCH', body });
    const changed = await patch({ plan: 'standard', concurrency: 7, daily_limit: 3 });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ id: org.id, name: expect.any(String), plan: 'standard', credits_remaining: 1000, concurrency: 7, daily_limit: 3 });
    expect(await getOrganization(env.baseUrl, env.adminToken, org.id)).toMatchObject({ plan: 'standard', concurrency: 7, daily_limit: 3 });
    expect((await patch({ daily_limit: 'unlimited' })).body).toMatchObject({ concurrency: 7, daily_limit: null });
    expect((await patch({ concurrency: null, daily_limit: null })).body).toMatchObject({ plan: 'standard', concurrency: 50, daily_limit: 5000 });
    expect((await patch({})).body).toMatchObject({ plan: 'standard', concurrency: 50, daily_limit: 5000 });
  });

  it.each([
    [{ plan: 'gold' }, 'plan'],
    [{ plan: null }, 'plan'],
    [{ concurrency: 0 }, 'concurrency'],
    [{ daily_limit: -1 }, 'daily_limit'],
    [{ credits_remaining: 5 }, 'credits_remaining'],
  ])('refuses the patch %j with 422 on %s', async (body, field) => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite' });
    const answer = await call(`/admin/organizations/${org.id}`, { ...asAdmin, method: 'PATCH', body });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual([field]);
    expect(await getOrganization(env.baseUrl, env.adminToken, org.id)).toMatchObject({ plan: 'lite', concurrency: 5, daily_limit: 500 });
  });
});

describe('admin API: keys', () => {
  it('issues a key that authenticates, and revokes it at once', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 1 });
    const issued = await call(`/admin/organizations/${org.id}/api-keys`, { ...asAdmin, method: 'POST' });
    expect(issued.status).toBe(201);
    expect(issued.body).toEqual({ id: expect.any(String), api_key: expect.stringMatching(/^cg_/) });
    expect(issued.body.api_key).not.toBe(org.apiKey);
    const account = await call('/account', { key: issued.body.api_key });
    expect([account.status, account.body.organization?.id]).toEqual([200, org.id]);

    const revoked = await call(`/admin/api-keys/${issued.body.id}`, { ...asAdmin, method: 'DELETE' });
    expect([revoked.status, revoked.text]).toEqual([204, '']);
    expect((await call('/account', { key: issued.body.api_key })).status).toBe(401);
    // The organization's other key lives on; revoking twice is still a success.
    expect((await call('/account', { key: org.apiKey })).status).toBe(200);
    expect((await call(`/admin/api-keys/${issued.body.id}`, { ...asAdmin, method: 'DELETE' })).status).toBe(204);
  });

  it('revokes the first key of an organization through the factory helpers', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 1 });
    const second = await createApiKey(env.baseUrl, env.adminToken, org.id);
    await revokeApiKey(env.baseUrl, env.adminToken, org.apiKeyId);
    expect((await call('/account', { key: org.apiKey })).status).toBe(401);
    expect((await call('/account', { key: second.api_key })).status).toBe(200);
  });

  it('refuses a field in the body of a key request (it takes none): 422, no key made', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 1 });
    const refused = await call(`/admin/organizations/${org.id}/api-keys`, { ...asAdmin, method: 'POST', body: { name: 'ci' } });
    expect([refused.status, refused.body]).toEqual([422, { message: expect.any(String), errors: { name: ['name is not accepted here'] } }]);
    const empty = await call(`/admin/organizations/${org.id}/api-keys`, { ...asAdmin, method: 'POST', body: {} });
    expect([empty.status, Object.keys(empty.body)]).toEqual([201, ['id', 'api_key']]);
  });

  it('answers 404 for an unknown key id', async () => {
    const answer = await call('/admin/api-keys/doesnotexist', { ...asAdmin, method: 'DELETE' });
    expect([answer.status, answer.body]).toEqual([404, { message: 'No such API key.' }]);
  });
});

describe('admin API: credits, ledger and usage', () => {
  it('grants and corrects with exact balances, each change a ledger entry, newest first', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'free' });
    const plus = await call(`/admin/organizations/${org.id}/credits`, { ...asAdmin, method: 'POST', body: { amount: 100, reason: 'goodwill' } });
    expect(plus.status).toBe(201);
    expect(plus.body).toEqual({ entry_id: expect.any(String), credits_remaining: 1100 });
    expect(await grant(env.baseUrl, env.adminToken, org.id, -50, 'correction')).toEqual({ entry_id: expect.any(String), credits_remaining: 1050 });

    const { entries } = await ledger(env.baseUrl, env.adminToken, org.id);
    expect(entries.map(({ amount, balance_after, reason }) => ({ amount, balance_after, reason }))).toEqual([
      { amount: -50, balance_after: 1050, reason: 'correction' },
      { amount: 100, balance_after: 1100, reason: 'goodwill' },
      { amount: 1000, balance_after: 1000, reason: 'initial credits' },
    ]);
    expect(entries[1].id).toBe(plus.body.entry_id);
    expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining);
  });

  it('refuses a correction below zero with 422 and moves nothing', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 30 });
    const answer = await call(`/admin/organizations/${org.id}/credits`, { ...asAdmin, method: 'POST', body: { amount: -31, reason: 'too much' } });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual(['amount']);
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(30);
    expect((await ledger(env.baseUrl, env.adminToken, org.id)).entries).toHaveLength(1);
    expect(await grant(env.baseUrl, env.adminToken, org.id, -30, 'to zero')).toMatchObject({ credits_remaining: 0 });
  });

  it.each([
    [{ amount: 0, reason: 'x' }, 'amount'],
    [{ amount: 1.5, reason: 'x' }, 'amount'],
    [{ amount: '5', reason: 'x' }, 'amount'],
    [{ amount: 5 }, 'reason'],
    [{ amount: 5, reason: 'x', kind: 'refund' }, 'kind'],
  ])('refuses the grant %j with 422 on %s', async (body, field) => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 1 });
    const answer = await call(`/admin/organizations/${org.id}/credits`, { ...asAdmin, method: 'POST', body });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual([field]);
  });

  it('answers an empty usage list for a range without traffic and for a new organization', async () => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 1 });
    const range = await call(`/admin/organizations/${org.id}/usage`, { ...asAdmin, query: { from: '2020-01-01', to: '2020-01-31' } });
    expect([range.status, range.body]).toEqual([200, { days: [] }]);
    const month = await call(`/admin/organizations/${org.id}/usage`, asAdmin);
    expect([month.status, month.body]).toEqual([200, { days: [] }]);
  });

  it.each([
    [{ from: '2024-02-30' }, 'from'],
    [{ from: '01/02/2024' }, 'from'],
    [{ to: '2024-13-01' }, 'to'],
    [{ from: '2024-03-02', to: '2024-03-01' }, 'from'],
    [{ day: '2024-03-01' }, 'day'],
  ])('refuses the usage query %j with 422 on %s', async (query, field) => {
    const org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 1 });
    const answer = await call(`/admin/organizations/${org.id}/usage`, { ...asAdmin, query });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual([field]);
  });
});
