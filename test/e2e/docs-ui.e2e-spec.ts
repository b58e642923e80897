import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import puppeteer, { Browser } from 'puppeteer';
import { testEnv } from '../harness/env.js';
import { call } from '../harness/http.js';

const env = testEnv();
let browser: Browser;

beforeAll(async () => {
  browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium-headless-shell', headless: 'shell', args: ['--no-sandbox'] });
});
afterAll(async () => {
  await browser?.close();
});

describe('GET /docs (Swagger UI)', () => {
  it('answers HTML without a key', async () => {
    const answer = await call('/docs');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.text).toContain('swagger-ui');
  });

  it('renders every operation in Chromium with no request leaving 127.0.0.1', async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      requested.push(request.url());
      const { protocol, hostname } = new URL(request.url());
      // Anything else is cut off, so the test proves the page works offline rather than merely not noticing.
      if (protocol === 'data:' || hostname === '127.0.0.1') void request.continue();
      else void request.abort();
    });
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(String(error)));
    await page.goto(`${env.baseUrl}/docs`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('.opblock', { timeout: 20_000 });
    const operations = await page.$$eval('.opblock-summary-method', (methods) => methods.length);
    const document = (await call('/openapi.json')).body as { paths: Record<string, object> };
    const expected = Object.values(document.paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
    expect(operations).toBe(expected);
    expect(await page.$eval('.info .title', (title) => title.textContent)).toContain('Crawlgate');
    expect(requested.filter((url) => !url.startsWith('data:') && new URL(url).hostname !== '127.0.0.1')).toEqual([]);
    // The assets and the document (inlined by swagger-ui-init.js) come from the service itself.
    expect(requested).toEqual(expect.arrayContaining([`${env.baseUrl}/docs/swagger-ui-bundle.js`, `${env.baseUrl}/docs/swagger-ui-init.js`]));
    expect(failures).toEqual([]);
    await page.close();
  });
});
