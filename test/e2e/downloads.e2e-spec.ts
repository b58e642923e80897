import { beforeAll, describe, expect, it } from '@jest/globals';
import { createOrganization, getOrganization, TestOrganization } from '../factories/organization.factory.js';
import { OCTET_TEXT, OVERSIZED_DOWNLOAD_BYTES, SAVED_JSON, SAVED_PAGE } from '../fixtures/download-routes.js';
import { testEnv } from '../harness/env.js';
import { call, settle } from '../harness/http.js';
import type { CallResult } from '../harness/http.js';

const env = testEnv();
const target = (path: string) => `${env.target.url}${path}`;
const MAX_PAGE_BYTES = 20 * 1024 * 1024;
const CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:";
const fence = (text: string) => `\`\`\`\n${text}\n\`\`\``;
const answerHeaders = (result: CallResult) =>
  Object.fromEntries(['content-type', 'x-credits-charged', 'x-target-status', 'x-final-url', 'content-security-policy'].map((name) => [name, result.headers.get(name)]));

/**
 * decisions.md 2 and 7.1: an answer Chromium would save rather than show (an attachment of any type, a plain
 * application/octet-stream) is still the target's answer: billed, its status and final URL, its body as delivered.
 */
describe('answers a browser turns into downloads', () => {
  let org: TestOrganization;
  beforeAll(async () => {
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 5000 });
    // A first job warms the browser up, so the answers below come within SYNC_WAIT_MS with their headers.
    await crawl(target('/static'));
  });
  const balance = async () => (await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining;
  const crawl = async (url: string, query: Record<string, string> = {}) =>
    settle(await call('/crawl', { key: org.apiKey, query: { url, js: 'false', ...query } }), org.apiKey);

  it('answers an HTML attachment with its body as delivered, billed, with js=false and with js=true (nothing was rendered)', async () => {
    for (const [js, price] of [['false', 1], ['true', 5]] as const) {
      const before = await balance();
      const result = await crawl(target('/download/page.html'), { js });
      expect({ js, status: result.status, headers: answerHeaders(result), body: result.text }).toEqual({
        js,
        status: 200,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'x-credits-charged': String(price),
          'x-target-status': '200',
          'x-final-url': target('/download/page.html'),
          'content-security-policy': CSP,
        },
        body: SAVED_PAGE,
      });
      expect(await balance()).toBe(before - price);
    }
    // Its own status, and its content read from the page as served: its script never ran.
    const missing = await crawl(target('/download/page.html?status=404'), { js: 'true', format: 'markdown' });
    expect([missing.status, missing.headers.get('x-target-status'), missing.text]).toEqual([200, '404', '# Tide tables\n\nHigh water at **noon**.']);
  });

  it('reads an attachment of another type and a plain application/octet-stream as text: one <pre> of the body', async () => {
    for (const { path, text } of [{ path: '/download/tides.json', text: SAVED_JSON }, { path: '/download/octet', text: OCTET_TEXT }]) {
      for (const js of ['false', 'true']) {
        const html = await crawl(target(path), { js });
        expect({ js, path, status: html.status, targetStatus: html.headers.get('x-target-status'), body: html.text }).toEqual({ js, path, status: 200, targetStatus: '200', body: text });
        expect({ js, path, markdown: (await crawl(target(path), { js, format: 'markdown' })).text }).toEqual({ js, path, markdown: fence(text) });
        const json = await crawl(target(path), { js, format: 'text', output: 'json', extract: JSON.stringify({ pre: 'pre' }) });
        expect({ js, path, content: json.body.content, extracted: json.body.data.extracted }).toEqual({ js, path, content: text, extracted: { pre: text } });
      }
    }
  });

  it('answers a download met after a redirect with its final URL, fetched once through the proxy', async () => {
    await fetch(`${env.proxies.standard.controlUrl}/reset`);
    const result = await crawl(target(`/redirect?to=${encodeURIComponent('/download/octet?hop=1')}`), { js: 'true' });
    expect([result.status, result.headers.get('x-target-status'), result.headers.get('x-final-url'), result.text]).toEqual([200, '200', target('/download/octet?hop=1'), OCTET_TEXT]);
    const records = (await (await fetch(`${env.proxies.standard.controlUrl}/records`)).json()) as Array<{ path: string; port: number }>;
    const port = Number(new URL(env.target.url).port);
    // The proxy records paths without their query: nothing else fetched /download/octet since the reset.
    expect(records.filter((record) => record.port === port && record.path === '/download/octet')).toHaveLength(1);
  });

  it('answers a stored copy of a download as its fetch was answered (decisions.md 9.6)', async () => {
    const url = target(`/download/octet?copy=${Date.now()}`);
    const asked = { js: 'true', format: 'markdown', max_age: '600000' };
    const miss = await crawl(url, asked);
    const hit = await crawl(url, asked);
    expect([miss.headers.get('x-cache'), miss.text]).toEqual(['miss', fence(OCTET_TEXT)]);
    expect([hit.headers.get('x-cache'), hit.headers.get('x-credits-charged'), hit.headers.get('x-target-status'), hit.text]).toEqual(['hit', '1', '200', fence(OCTET_TEXT)]);
    expect((await crawl(url, { ...asked, format: 'html' })).text).toBe(OCTET_TEXT);
  });

  it('refuses a download past MAX_PAGE_BYTES, at its Content-Length or once read past it: page_too_large, refunded', async () => {
    const cases = [
      { path: '/download/oversized', js: 'true', error: `The page is ${OVERSIZED_DOWNLOAD_BYTES} bytes, more than ${MAX_PAGE_BYTES} (MAX_PAGE_BYTES).` },
      { path: '/download/oversized-unsized', js: 'false', error: `The page exceeds ${MAX_PAGE_BYTES} bytes, the most an operation returns.` },
    ];
    for (const { path, js, error } of cases) {
      const before = await balance();
      const first = await call('/crawl', { key: org.apiKey, query: { url: target(path), js } });
      const answer = await settle(first, org.apiKey);
      expect({ path, status: answer.status, code: answer.headers.get('x-error-code'), error: answer.body.error }).toEqual({ path, status: 500, code: 'page_too_large', error });
      // Refunded when met during the synchronous wait (a collected failure keeps its charge: decisions.md 2).
      const charged = first.status === 202 ? (js === 'true' ? 5 : 1) : 0;
      expect(await balance()).toBe(before - charged);
    }
  });

  it('answers a start-only recipe with the download; a click that starts one leaves the page as it was, as in a browser', async () => {
    const recipe = async (blocks: object[]) => settle(await call('/crawl', { method: 'POST', key: org.apiKey, body: { blocks } }), org.apiKey);
    const start = (source: string) => ({ type: 'start', details: { type: 'url', source } });
    const only = await recipe([start(target('/download/octet'))]);
    expect([only.status, only.headers.get('x-target-status'), only.text]).toEqual([200, '200', OCTET_TEXT]);
    const clicked = await recipe([start(target('/download/link')), { type: 'click', details: { selector: '#save' } }, { type: 'extract', details: { selector: 'h1', name: 'heading' } }]);
    expect([clicked.status, clicked.body.data]).toEqual([200, { fields: { heading: ['Downloads'] }, pages: 1 }]);
  });

  it('still reads a PDF attachment as a document (decisions.md 9.5)', async () => {
    const result = await crawl(target('/pdf/attachment.pdf'), { format: 'text', output: 'json' });
    expect(result.status).toBe(200);
    expect(result.body.content).toBe('High water at Dover is at noon.');
    expect(result.body.metadata).toMatchObject({ content_type: 'application/pdf', pages: 1, pages_read: 1, truncated: false });
  });
});
