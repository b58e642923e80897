import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { wordF1 } from '../../bench/wcxb/word-f1.js';
import { createOrganization, getOrganization, TestOrganization } from '../factories/organization.factory.js';
import { LIBTASN1_PDF, SHARED_MIME_PDF } from '../fixtures/pdf-documents.js';
import { testEnv } from '../harness/env.js';
import { call, collect, settle } from '../harness/http.js';
import type { CallResult } from '../harness/http.js';

const env = testEnv();
const target = (path: string) => `${env.target.url}${path}`;
const SPEC = target('/pdf/shared-mime-info-spec.pdf');
const pdftotext = (path: string) => execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { maxBuffer: 64 << 20 }).toString('utf8');
const firstPages = (path: string, last: number) => execFileSync('pdftotext', ['-enc', 'UTF-8', '-l', String(last), path, '-']).toString('utf8');
const llmRequests = async () => (await (await fetch(new URL('/__requests', env.llm.url))).json()) as Array<{ body: { messages: Array<{ content: string }> } }>;

// decisions.md 9.5 on the e2e stack: PDF_MAX_PAGES=20, PDF_MAX_BYTES=4 MiB, JOB_TIMEOUT_MS=20000.
describe('PDF documents (decisions.md 9.5)', () => {
  let org: TestOrganization;
  beforeAll(async () => {
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 5000 });
    // A first job warms the browser up, so the answers below come within SYNC_WAIT_MS with their headers.
    await crawl(target('/static'));
  });
  const balance = async () => (await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining;
  // A busy machine may pass SYNC_WAIT_MS: the job is then collected.
  const settled = (result: CallResult) => settle(result, org.apiKey);
  const crawl = async (url: string, query: Record<string, string> = {}) => settled(await call('/crawl', { key: org.apiKey, query: { url, js: 'false', ...query } }));

  it('reads a PDF as Markdown through the proxy: the words of pdftotext, headings, a rule between pages, the fetch price', async () => {
    await fetch(`${env.proxies.standard.controlUrl}/reset`);
    const before = await balance();
    const result = await crawl(SPEC, { format: 'markdown' });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(result.headers.get('x-credits-charged')).toBe('1');
    expect(result.headers.get('x-target-status')).toBe('200');
    expect(await balance()).toBe(before - 1);
    expect(wordF1(result.text, pdftotext(SHARED_MIME_PDF)).f1).toBeGreaterThanOrEqual(0.95);
    expect(result.text.startsWith('# Shared MIME-info Database\n\n')).toBe(true);
    expect(result.text).toContain('\n\n## 2. Unified system\n\n');
    expect(result.text).toContain('\n\nThis specification proposes:\n\n- A standard way for applications to install new MIME related information.\n- A standard way of getting the MIME type for a file.\n');
    expect(result.text.split('\n').filter((line) => line === '---')).toHaveLength(16);
    // One fetch, through the proxy route: the proxy carried the document once.
    const records = (await (await fetch(`${env.proxies.standard.controlUrl}/records`)).json()) as Array<{ path: string; port: number }>;
    const port = Number(new URL(SPEC).port);
    expect(records.filter((record) => record.port === port && record.path === '/pdf/shared-mime-info-spec.pdf')).toHaveLength(1);
  });

  it('gives text, the simple HTML of the same blocks, and output=json with the document metadata', async () => {
    const text = await crawl(target('/pdf/libtasn1.pdf'), { format: 'text' });
    expect(text.status).toBe(200);
    expect(wordF1(text.text, firstPages(LIBTASN1_PDF, 20)).f1).toBeGreaterThanOrEqual(0.95);
    // js=true as well: the tab is shown an empty page, the document is read from the navigation's bytes.
    const html = await crawl(SPEC, { format: 'html', js: 'true' });
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.text).toMatch(/^<!doctype html><html><head><meta charset="utf-8"><\/head><body>\n<h1>Shared MIME-info Database<\/h1>\n/);
    expect(html.text).toContain('<h2>2. Unified system</h2>\n<p>In discussions about the previous systems');
    const json = await crawl(target('/pdf/libtasn1.pdf'), { format: 'markdown', output: 'json' });
    expect(json.status).toBe(200);
    expect(json.body.metadata).toMatchObject({ title: null, author: null, content_type: 'application/pdf', pages: 36, pages_read: 20, truncated: true });
    expect(json.body.links).toEqual([]);
    expect(json.body.content.split('\n').filter((line: string) => line === '---')).toHaveLength(19);
  });

  it("takes title and author from the document's info", async () => {
    const result = await crawl(target('/pdf/titled.pdf'), { format: 'text', output: 'json' });
    expect(result.status).toBe(200);
    expect(result.body.content).toBe('High water at Dover is at noon.');
    expect(result.body.metadata).toMatchObject({ title: 'Tide tables', author: 'Harbour Office', word_count: 7, content_type: 'application/pdf', pages: 1, pages_read: 1, truncated: false });
  });

  it('reads a PDF served as application/octet-stream by its %PDF- bytes', async () => {
    const result = await crawl(target('/pdf/unlabelled'), { format: 'markdown', output: 'json' });
    expect(result.status).toBe(200);
    expect(result.body.metadata).toMatchObject({ content_type: 'application/pdf', pages: 17, pages_read: 17, truncated: false });
    expect(wordF1(result.body.content, pdftotext(SHARED_MIME_PDF)).f1).toBeGreaterThanOrEqual(0.95);
  });

  it.each(['true', 'false'])('reads a PDF its server labels text/html by its %%PDF- bytes (js=%s), asked again, charged once', async (js) => {
    const before = await balance();
    const result = await crawl(target('/pdf/mislabelled'), { format: 'text', output: 'json', js });
    expect(result.status).toBe(200);
    expect(result.body.content).toBe('High water at Dover is at noon.');
    expect(result.body.metadata).toMatchObject({ title: 'Tide tables', content_type: 'application/pdf', pages: 1, pages_read: 1 });
    expect(await balance()).toBe(before - Number(result.headers.get('x-credits-charged')));
    expect(result.headers.get('x-credits-charged')).toBe(js === 'true' ? '5' : '1');
  });

  it('lets ai_query read the text, gives extract null and include_selectors nothing', async () => {
    const asked = await crawl(SPEC, { ai_query: 'Which directories hold the database?' });
    expect(asked.status).toBe(200);
    expect(asked.body.data.answer).toMatch(/^Answer to "Which directories hold the database\?" from page containing \d+ chars: /);
    const requests = await llmRequests();
    const sent = requests[requests.length - 1].body.messages.map((message) => message.content).join('\n');
    expect(sent).toContain('XDG_DATA_HOME:XDG_DATA_DIRS');
    const extracted = await crawl(SPEC, { extract: JSON.stringify({ title: 'h1' }), output: 'json', format: 'markdown', include_selectors: 'h1' });
    expect(extracted.status).toBe(200);
    expect(extracted.body.data).toEqual({ extracted: null });
    expect(extracted.body.content).toBe('');
  });

  it('answers a stored copy of a PDF as a document, as its fetch was answered (directly and through a redirect)', async () => {
    const asked = { max_age: '600000', output: 'json', format: 'markdown', extract: JSON.stringify({ h: 'h1' }), include_selectors: 'h1' };
    const stamp = `${Date.now()}`;
    for (const url of [target(`/pdf/titled.pdf?copy=${stamp}`), target(`/redirect?to=${encodeURIComponent(`/pdf/libtasn1.pdf?copy=${stamp}`)}`)]) {
      const miss = await crawl(url, asked);
      const hit = await crawl(url, asked);
      expect([miss.headers.get('x-cache'), hit.headers.get('x-cache')]).toEqual(['miss', 'hit']);
      const { cached_at: cachedAt, ...hitMetadata } = hit.body.metadata;
      expect(cachedAt).toEqual(expect.any(String));
      expect(hitMetadata).toEqual(miss.body.metadata);
      expect(hit.body.metadata).toMatchObject({ content_type: 'application/pdf', pages: expect.any(Number), pages_read: expect.any(Number), truncated: expect.any(Boolean) });
      expect(hit.body.data).toEqual({ extracted: null });
      expect(hit.body.content).toBe('');
    }
  });

  it('maps a site from a start URL that answers a PDF, as GET /crawl reads it: no page links, 200 at the fetch price (decisions 9.2)', async () => {
    const before = await balance();
    const mapped = await settled(await call('/map', { key: org.apiKey, query: { url: target('/pdf/libtasn1.pdf'), sitemap: 'skip' } }));
    expect([mapped.status, mapped.body.data?.links, mapped.headers.get('x-credits-charged')]).toEqual([200, [], '1']);
    expect(await balance()).toBe(before - 1);
  });

  it('answers a start-only recipe with the document', async () => {
    const recipe = { blocks: [{ type: 'start', details: { type: 'url', source: SPEC } }] };
    const result = await settled(await call('/crawl', { method: 'POST', key: org.apiKey, query: { format: 'markdown' }, body: recipe }));
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(result.text).toContain('\n\n## 2. Unified system\n\n');
  });

  it('reads the document in a longer recipe: content gives its text, extract finds nothing, flat 30', async () => {
    const recipe = {
      blocks: [
        { type: 'start', details: { type: 'url', source: SPEC } },
        { type: 'content', details: { format: 'text' } },
        { type: 'extract', details: { selector: 'h1', name: 'heading' } },
      ],
    };
    const result = await settled(await call('/crawl', { method: 'POST', key: org.apiKey, body: recipe }));
    expect(result.status).toBe(200);
    expect(result.body.credits_charged).toBe(30);
    const { contents, ...rest } = result.body.data;
    expect(rest).toEqual({ fields: { heading: [] }, pages: 1 });
    expect(contents).toHaveLength(1);
    expect(contents[0]).toMatchObject({ url: SPEC, format: 'text' });
    expect(wordF1(contents[0].content, pdftotext(SHARED_MIME_PDF)).f1).toBeGreaterThanOrEqual(0.95);
  });

  it.each([
    ['/pdf/encrypted.pdf', 'document_unreadable'],
    ['/pdf/corrupt.pdf', 'document_unreadable'],
    ['/pdf/oversized.pdf', 'page_too_large'],
  ])('refunds %s with %s', async (path, code) => {
    const before = await balance();
    const result = await crawl(target(path), { format: 'markdown' });
    expect(result.status).toBe(500);
    expect(result.headers.get('x-error-code')).toBe(code);
    expect(result.headers.get('x-credits-charged')).toBe('0');
    expect(result.body).toMatchObject({ status: 'failed', credits_charged: 0, credits_remaining: before });
    expect(await balance()).toBe(before);
  });

  it('stops a PDF that keeps the parser past its budget while other organizations\' jobs go on (paid at 202, failed after acceptance)', async () => {
    const before = await balance();
    const other = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100 });
    const otherCrawl = async (url: string) => {
      const answer = await call('/crawl', { key: other.apiKey, query: { url, js: 'false', format: 'text' } });
      return settle(answer, other.apiKey);
    };
    let slowEnded = false;
    const accepting = call('/crawl', { key: org.apiKey, query: { url: target('/pdf/slow.pdf'), js: 'false', format: 'text' } });
    const slow = accepting.then((accepted) => {
      expect(accepted.status).toBe(202);
      return collect(accepted.body.job_id as string, org.apiKey);
    }).finally(() => {
      slowEnded = true;
    });
    // Once the target has served the slow PDF, its parse has begun (or is about to): the others run beside it.
    const served = async () => ((await (await fetch(`${env.target.url}/__requests`)).json()) as Array<{ path: string }>).some((entry) => entry.path === '/pdf/slow.pdf');
    for (const until = Date.now() + 10_000; !(await served()) && Date.now() < until;) await new Promise((done) => setTimeout(done, 50));
    // The content threads serve one task of an organization at a time: another organization's page and PDF go on.
    const others = await Promise.all([otherCrawl(target('/static')), otherCrawl(SPEC)]);
    expect({ statuses: others.map((answer) => answer.status), slowEnded }).toEqual({ statuses: [200, 200], slowEnded: false });
    const stopped = await slow;
    expect(stopped.status).toBe(500);
    expect(stopped.headers.get('x-error-code')).toBe('page_too_large');
    expect(stopped.body).toMatchObject({ status: 'failed', error: "The page's content took more than 10 s to work out; the most a page of its size may take." });
    expect(await balance()).toBe(before - 1);
    expect((await crawl(SPEC, { format: 'text' })).status).toBe(200);
  });
});
