import { beforeAll, describe, expect, it } from '@jest/globals';
import { createOrganization, getOrganization, ledger } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { call, collect } from '../harness/http.js';
import { jpegSize, runBlocks, sitePage, STANDARD_BASE64, startAt } from '../harness/recipe-calls.js';

const env = testEnv();
const extract = (selector: string, name: string, property?: string) => ({ type: 'extract', details: { selector, name, ...(property ? { property } : {}) } });

describe('POST /crawl: action blocks (decisions.md 8.3)', () => {
  let org: { id: string; apiKey: string };
  const balance = async () => (await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining;
  beforeAll(async () => {
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 100_000 });
  });

  it('clicks the first match, or every match with all', async () => {
    const one = await runBlocks(org.apiKey, '/actions/clicks', [{ type: 'click', details: { selector: 'button.count' } }, extract('#clicked', 'clicked')]);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual({ fields: { clicked: ['1'] }, pages: 1 });
    const all = await runBlocks(org.apiKey, '/actions/clicks', [{ type: 'click', details: { selector: 'button.count', all: true } }, extract('#clicked', 'clicked')]);
    expect(all.body.data).toEqual({ fields: { clicked: ['3'] }, pages: 1 });
  });

  it.each(['true', 'false'])('follows a click that navigates (js=%s), without beginning a page', async (js) => {
    const blocks = [{ type: 'click', details: { selector: '#go' } }, extract('h1', 'heading'), { type: 'content', details: { format: 'text' } }];
    const result = await runBlocks(org.apiKey, '/actions/clicks', blocks, { query: { js } });
    expect(result.status).toBe(200);
    const contents = [{ url: sitePage('/actions/landing'), format: 'text', content: 'You landed' }];
    expect(result.body.data).toEqual({ fields: { heading: ['You landed'] }, pages: 1, contents });
  });

  it('types one key press per character, each with keydown, input and keyup, characters outside the layout included', async () => {
    const text = 'Hi é!';
    const result = await runBlocks(org.apiKey, '/actions/keys', [{ type: 'type', details: { selector: '#box', text } }, extract('#counts', 'counts'), extract('#echo', 'echo')]);
    expect(result.status).toBe(200);
    const counts = JSON.parse(result.body.data.fields.counts[0]);
    expect({ keydown: counts.keydown, input: counts.input, keyup: counts.keyup }).toEqual({ keydown: 5, input: 5, keyup: 5 });
    expect(result.body.data.fields.echo).toEqual([text]);
  });

  it('submits a form with Enter', async () => {
    const result = await runBlocks(org.apiKey, '/actions/search', [
      { type: 'type', details: { selector: 'input[name=q]', text: 'apple' } },
      { type: 'press', details: { key: 'Enter' } },
      extract('h1', 'heading'),
    ]);
    expect(result.body.data).toEqual({ fields: { heading: ['Results for apple'] }, pages: 1 });
  });

  it('waits for a selector to show, and for milliseconds', async () => {
    const shown = await runBlocks(org.apiKey, '/actions/clicks', [{ type: 'click', details: { selector: '#reveal' } }, { type: 'wait', details: { selector: '#late' } }, extract('#late', 'late', 'innerText')]);
    expect(shown.body.data).toEqual({ fields: { late: ['Here at last'] }, pages: 1 });
    const started = Date.now();
    const slept = await runBlocks(org.apiKey, '/actions/clicks', [{ type: 'wait', details: { milliseconds: 1500 } }, extract('#clicked', 'clicked')]);
    expect(slept.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
  });

  it('fails with action_failed, billed (decisions 9), when a selector matches nothing; the message names the block', async () => {
    const before = await balance();
    const result = await runBlocks(org.apiKey, '/actions/clicks', [extract('h1', 'h'), { type: 'click', details: { selector: '#missing' } }]);
    expect(result.status).toBe(500);
    expect(result.headers.get('x-error-code')).toBe('action_failed');
    expect([result.headers.get('x-credits-charged'), result.headers.get('x-credits-remaining')]).toEqual(['30', String(before - 30)]);
    expect(result.body).toMatchObject({ status: 'failed', credits_charged: 30, credits_remaining: before - 30, data: {}, error: 'Block 2 (click): no element matches "#missing"' });
    expect(await balance()).toBe(before - 30);
    // One charge, no refund.
    // The job's one ledger entry is its charge: no refund follows.
    const entries = (await ledger(env.baseUrl, env.adminToken, org.id)).entries.filter((entry) => entry.job_id === result.body.job_id);
    expect(entries.map((entry) => entry.amount)).toEqual([-30]);
  });

  it('fails a selector never shown after 10 s (past the sync wait: collected 500, charged)', async () => {
    const before = await balance();
    const accepted = await call('/crawl', { method: 'POST', key: org.apiKey, body: { blocks: [startAt('/actions/clicks'), { type: 'wait', details: { selector: '#never' } }] } });
    expect(accepted.status).toBe(202);
    const failed = await collect(accepted.body.job_id, org.apiKey);
    expect(failed.status).toBe(500);
    expect(failed.headers.get('x-error-code')).toBe('action_failed');
    expect(failed.body).toMatchObject({ status: 'failed', error: 'Block 1 (wait): no element matching "#never" was present and visible within 10 s' });
    expect(await balance()).toBe(before - 30);
  });

  it('skips an optional block that fails, and goes on', async () => {
    const result = await runBlocks(org.apiKey, '/actions/clicks', [
      { type: 'click', optional: true, details: { selector: '#missing' } },
      { type: 'evaluate', optional: true, details: { script: 'nope()' } },
      { type: 'click', optional: true, details: { selector: 'button.count' } },
      extract('#clicked', 'clicked'),
    ]);
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ fields: { clicked: ['1'] }, pages: 1, evaluations: [] });
  });

  it('scrolls an infinite list until it has grown', async () => {
    const result = await runBlocks(org.apiKey, '/actions/infinite', [
      { type: 'scroll', details: {} },
      { type: 'wait', details: { selector: '#feed li:nth-child(40)' } },
      { type: 'scroll', details: { direction: 'down', pixels: 2000 } },
      { type: 'wait', details: { selector: '#feed li:nth-child(60)' } },
      { type: 'evaluate', details: { script: 'document.querySelectorAll("#feed li").length' } },
    ]);
    expect(result.status).toBe(200);
    expect(result.body.data.evaluations).toEqual([60]);
  });

  it('scrolls an element into view with a selector, and up by pixels', async () => {
    const result = await runBlocks(org.apiKey, '/actions/infinite', [
      { type: 'scroll', details: { selector: '#end' } },
      { type: 'evaluate', details: { script: 'Math.round(window.scrollY)' } },
      { type: 'wait', details: { selector: '#feed li:nth-child(40)' } },
      { type: 'scroll', details: { direction: 'up', pixels: 500 } },
      { type: 'evaluate', details: { script: 'Math.round(window.scrollY)' } },
    ]);
    const [down, up] = result.body.data.evaluations as number[];
    expect(down).toBeGreaterThan(500);
    expect(up).toBe(down - 500);
  });

  it('appends JPEG screenshots of the viewport and of the full page, taller than the viewport', async () => {
    const result = await runBlocks(org.apiKey, '/actions/more', [
      { type: 'click', details: { selector: '#load-more' } },
      { type: 'wait', details: { selector: '#results > li:nth-child(20)' } },
      { type: 'screenshot', details: {} },
      { type: 'screenshot', details: { full_page: true } },
    ], { query: { viewport: '800x600' } });
    expect(result.status).toBe(200);
    const [viewport, full] = result.body.data.screenshots as string[];
    for (const image of [viewport, full]) {
      expect(image).toMatch(STANDARD_BASE64);
      expect(Buffer.from(image, 'base64').subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
    expect(jpegSize(viewport)).toEqual({ width: 800, height: 600 });
    expect(jpegSize(full).width).toBe(800);
    expect(jpegSize(full).height).toBeGreaterThan(20 * 120);
    expect(Object.keys(result.body.data)).toEqual(['fields', 'pages', 'screenshots']);
  });

  it('reads the content before and after a click', async () => {
    const result = await runBlocks(org.apiKey, '/actions/tabs', [
      { type: 'content', details: {} },
      { type: 'click', details: { selector: '#second' } },
      { type: 'content', details: { format: 'text', main_content: false } },
    ]);
    expect(result.status).toBe(200);
    const [before, after] = result.body.data.contents as { url: string; format: string; content: string }[];
    expect([before.url, before.format, after.url, after.format]).toEqual([sitePage('/actions/tabs'), 'markdown', sitePage('/actions/tabs'), 'text']);
    expect(before.content).toContain('# Fruit tabs\n\nThe first panel tells of apples and apricots.');
    expect(before.content).not.toMatch(/Copyright fixture|Home|<p/);
    expect(after.content).toContain('The second panel tells of pears and plums.');
    expect(after.content).toContain('Copyright fixture');
    expect(after.content).not.toContain('first panel');
  });

  it('repeats a click on every page that paginate reaches', async () => {
    const result = await runBlocks(org.apiKey, '/actions/paged?page=1', [
      { type: 'click', id: 'show', details: { selector: '.show' } },
      extract('.detail', 'detail'),
      { type: 'paginate', details: { selector: 'a.next', startBlock: 'show' } },
    ]);
    expect(result.body.data).toEqual({ fields: { detail: ['Detail of page 1', 'Detail of page 2', 'Detail of page 3'] }, pages: 3 });
  });

  it('adds no data key when no such block ran', async () => {
    const result = await runBlocks(org.apiKey, '/actions/clicks', [{ type: 'click', details: { selector: 'button.count' } }, { type: 'wait', details: { milliseconds: 1 } }, extract('#clicked', 'clicked')], { expectedOutput: 'list' });
    expect(result.body.data).toEqual({ items: [{ clicked: '1' }], pages: 1 });
  });
});
