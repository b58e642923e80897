import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { createOrganization, getOrganization, ledger } from '../factories/organization.factory.js';
import type { TestOrganization } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { runBlocks } from '../harness/recipe-calls.js';

const env = testEnv();
const appRssMib = () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${env.appPid}/status`, 'utf8'))?.[1]) / 1024);

// issue 36.4: 49 extracts with 200-character names over 5,000 empty <i> built 48 MiB on the worker, counted as 0 bytes.
describe('POST /crawl counts a recipe as the JSON it will store (MAX_PAGE_BYTES)', () => {
  let org: TestOrganization;

  beforeAll(async () => {
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 1000 });
  });

  it('fails 49 extracts of empty values under 200-character names with page_too_large, refunded, the worker RSS flat', async () => {
    const rssBefore = appRssMib();
    const extracts = Array.from({ length: 49 }, (_, i) => ({ type: 'extract', details: { selector: 'i', name: `${i}`.padEnd(200, 'n') } }));
    const result = await runBlocks(org.apiKey, '/empty-tags', extracts, { expectedOutput: 'list' });
    const grown = appRssMib() - rssBefore;
    console.log(`issue 36.4 e2e: ${result.status} ${result.headers.get('x-error-code')}, app RSS ${rssBefore} -> +${grown} MiB`);
    expect([result.status, result.headers.get('x-error-code'), result.headers.get('x-credits-charged')]).toEqual([500, 'page_too_large', '0']);
    expect(result.body).toMatchObject({ status: 'failed', credits_charged: 0, credits_remaining: 1000 });
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(1000);
    const entries = (await ledger(env.baseUrl, env.adminToken, org.id)).entries.filter((entry) => entry.job_id === result.body.job_id);
    // Its charge and the refund of it.
    expect(entries).toHaveLength(2);
    expect(entries[0].amount + entries[1].amount).toBe(0);
    expect(grown).toBeLessThan(64);
  });
});
