import { beforeAll, describe, expect, it } from '@jest/globals';
import { hostileSchemas } from '../../src/infra/llm/hostile-schemas.fixture.js';
import { createOrganization, ledger } from '../factories/organization.factory.js';
import type { TestOrganization } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { call } from '../harness/http.js';
import { processCpuMs, slowestWhile } from '../harness/process-cpu.js';

const env = testEnv();

/** GET /crawl with the schema as curl sends it: only what a query must escape is escaped, so it fits Node's 16 KiB of headers. */
const crawlWithSchema = (key: string, schema: string) =>
  call(`/crawl?url=${encodeURIComponent(`${env.target.url}/`)}&ai_schema=${schema.replace(/[%&#+ ]/g, encodeURIComponent)}`, { key });

// issue 36.1: a schema within the 10,000-character bound once took 24 s of the API's CPU to compile, before admission.
describe('GET /crawl compiles ai_schema after admission, off the event loop, in bounded time', () => {
  let poor: TestOrganization;

  beforeAll(async () => {
    poor = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 1 });
    // The content threads start on first use: that start is not the compile's cost.
    expect((await crawlWithSchema(poor.apiKey, '{"type":"object"}')).status).toBe(402);
  });

  it.each(Object.entries(hostileSchemas()))('the %s schema costs under a second of CPU, and GET /health/live answers at once meanwhile', async (_name, schema) => {
    const cpuBefore = processCpuMs(env.appPid);
    // 1 credit, a 6-credit request: the schema is compiled (it is admitted past the burst token), then 402.
    const answer = crawlWithSchema(poor.apiKey, schema);
    const slowestLive = await slowestWhile(answer, async () => expect((await call('/health/live')).status).toBe(200));
    expect((await answer).status).toBe(402);
    const cpuMs = processCpuMs(env.appPid) - cpuBefore;
    console.log(`issue 36.1 ${_name}: ${schema.length} chars, app CPU ${cpuMs} ms, slowest /health/live ${slowestLive} ms`);
    expect(cpuMs).toBeLessThan(1_000);
    expect(slowestLive).toBeLessThan(500);
  });

  it('refuses a schema past its bound on references with 422, before the burst token, charging nothing', async () => {
    const refs = Array.from({ length: 257 }, () => ({ $ref: '#/$defs/a' }));
    const result = await crawlWithSchema(poor.apiKey, JSON.stringify({ type: 'object', $defs: { a: {} }, properties: { a: { prefixItems: refs } } }));
    expect([result.status, result.body]).toEqual([422, { message: 'ai_schema: ai_schema must have at most 256 references', errors: { ai_schema: ['ai_schema must have at most 256 references'] } }]);
    expect((await ledger(env.baseUrl, env.adminToken, poor.id)).entries).toHaveLength(1);
  });
});
