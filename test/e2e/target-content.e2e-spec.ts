import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import puppeteer, { Browser, Page } from 'puppeteer';
import { createOrganization, TestOrganization } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';

const env = testEnv();
const CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** The document as Chromium holds it, read through the DevTools protocol: no script of ours runs in the page. */
async function documentSource(page: Page): Promise<string> {
  const session = await page.createCDPSession();
  const { root } = await session.send('DOM.getDocument', { depth: 0 });
  const { outerHTML } = await session.send('DOM.getOuterHTML', { nodeId: root.nodeId });
  await session.detach();
  return outerHTML;
}

describe('target content in a browser never runs as the service (decisions.md 8.5)', () => {
  let browser: Browser;
  let page: Page;
  let org: TestOrganization;
  const requested: string[] = [];

  beforeAll(async () => {
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 1000 });
    const executablePath = existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium';
    browser = await puppeteer.launch({ executablePath, headless: 'shell', args: ['--no-sandbox'] });
    page = await browser.newPage();
    page.on('request', (request) => requested.push(request.url()));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("opens a crawled page from the service's origin without running its script", async () => {
    const link = new URL('/crawl', env.baseUrl);
    link.search = new URLSearchParams({ key: org.apiKey, js: 'false', url: `${env.target.url}/content/hostile` }).toString();
    const response = await page.goto(link.href, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toBe(CSP);
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    // The script would have run by the load event; a moment more for its fetch to be asked.
    await new Promise((done) => setTimeout(done, 300));
    const source = await documentSource(page);
    expect(source).toContain('<p id="x">Hello</p>');
    expect(source).not.toContain('data-ran');
    expect(requested.filter((url) => url.includes('/account'))).toEqual([]);
  });
});
