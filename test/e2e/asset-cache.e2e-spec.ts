import { beforeAll, describe, expect, it } from '@jest/globals';
import { createOrganization } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { call } from '../harness/http.js';

const env = testEnv();
const PAGE = `${env.target.url}/assets`;

/** How many times the standard pool's recording proxy carried a request for `path`. */
async function carried(path: string): Promise<number> {
  const records = (await (await fetch(`${env.proxies.standard.controlUrl}/records`)).json()) as Array<{ path: string }>;
  return records.filter((record) => record.path === path).length;
}

/** Decisions 9.7 through the service: an organization's cacheable assets serve its own jobs only. */
describe("GET /crawl keeps an organization's cacheable assets for that organization only", () => {
  let a: { apiKey: string };
  let b: { apiKey: string };

  beforeAll(async () => {
    a = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 1000 });
    b = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 1000 });
    await fetch(`${env.proxies.standard.controlUrl}/reset`);
  });

  it("organization B's first fetch of A's page goes through the proxy; A's next fetch at most once more", async () => {
    const crawl = async (key: string) => {
      const result = await call('/crawl', { key, query: { url: PAGE } });
      expect(result.status).toBe(200);
      expect(result.text).toContain('<h1>Assets</h1>');
    };
    await crawl(a.apiKey);
    expect(await carried('/assets/public.css')).toBe(1);
    await crawl(b.apiKey);
    expect(await carried('/assets/public.css')).toBe(2);
    await crawl(a.apiKey);
    expect(await carried('/assets/public.css')).toBeLessThanOrEqual(3);
    // The document and the no-store stylesheet are fetched by every job.
    expect([await carried('/assets'), await carried('/assets/no-store.css')]).toEqual([3, 3]);
  });
});
