import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createOrganization } from '../factories/organization.factory.js';
import { startLeakSite, type LeakSite } from '../fixtures/leak-site.js';
import { startRecordingProxy, type RecordingProxy } from '../fixtures/recording-proxy.js';
import { AppProcess, RUN_DIR, startAppProcess } from '../harness/app-process.js';
import { testEnv } from '../harness/env.js';

const env = testEnv();
const LEAK_HOST = 'leak-probe.test';
/** What the worker's DNS answers for LEAK_HOST: a public address, which only the test proxy maps to 127.0.0.1. */
const LEAK_ADDRESS = '11.22.33.44';

/**
 * A second app in pool mode with production defaults (private targets refused). The page is reached by a name the
 * worker resolves to a public address (the relay sends that address, never the name, to the proxy), which only the
 * pool proxy maps to the site on 127.0.0.1; everything the page aims at 127.0.0.1 must be stopped.
 */
describe('nothing a page does leaves around the relay (pool mode, ALLOW_PRIVATE_TARGETS=false)', () => {
  let app: AppProcess;
  let site: LeakSite;
  let proxy: RecordingProxy;
  let key: string;

  beforeAll(async () => {
    site = await startLeakSite();
    proxy = await startRecordingProxy({ [LEAK_ADDRESS]: '127.0.0.1' });
    app = await startAppProcess('app-leaks', {
      NODE_OPTIONS: `--import ${resolve('test/harness/worker-hosts.mjs')}`,
      CRAWLGATE_TEST_HOSTS: JSON.stringify({ [LEAK_HOST]: LEAK_ADDRESS }),
      ROLE: 'all',
      DATA_DIR: `${RUN_DIR}/data-leaks-${Date.now()}`,
      // Its own Redis database: its worker must not take the main app's jobs.
      REDIS_URL: process.env.E2E_LEAKS_REDIS_URL ?? env.redisUrl.replace(/\/\d+$/, '/9'),
      ADMIN_TOKEN: env.adminToken,
      PROXY_STANDARD: proxy.url,
      PROXY_PREMIUM: proxy.url,
      BROWSER_CONCURRENCY: '1',
    });
    key = (await createOrganization(app.baseUrl, env.adminToken, { plan: 'standard', credits: 100 })).apiKey;
  });
  afterAll(async () => {
    await app?.stop();
    await proxy?.close();
    await site?.close();
  });

  it('answers the page (billed) while the service worker, popup, preconnect, STUN and TURN reach nothing private', async () => {
    const url = new URL('/crawl', app.baseUrl);
    url.searchParams.set('url', `http://${LEAK_HOST}:${site.port}/`);
    const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('x-credits-charged')).toBe('5');
    expect(body).toContain('<p id="done">done</p>');
    // The one slot serves the next job only once the leak page's tab is wiped (its worker, popup and peer connection gone).
    const after = new URL('/crawl', app.baseUrl);
    after.searchParams.set('url', `http://${LEAK_HOST}:${site.port}/sw.js`);
    expect((await fetch(after, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    expect(site.records).toEqual({ tcp: [], udp: [] });
    const carried = (await (await fetch(`${proxy.controlUrl}/records`)).json()) as Array<{ hostname: string }>;
    expect(carried.length).toBeGreaterThan(0);
    expect(carried.filter((record) => record.hostname !== LEAK_ADDRESS)).toEqual([]);
  });
});
