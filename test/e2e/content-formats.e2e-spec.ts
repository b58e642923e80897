import { beforeAll, describe, expect, it } from '@jest/globals';
import { createOrganization, getOrganization, TestOrganization } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { call, collect } from '../harness/http.js';

const env = testEnv();
const target = (path: string) => `${env.target.url}${path}`;
const ARTICLE = target('/content/article');
const CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** The article's main content as 8.1's Markdown, as served (js=false) or rendered (its inline script adds a paragraph). */
const articleMarkdown = (rendered: boolean) =>
  [
    '# The tide tables, _explained_',
    `Tides rise and fall **twice a day**. Read the [glossary](${target('/content/glossary#hw')}) or this.`,
    '## Steps',
    '3. Find your port\n4. Read the times\n   - high water\n   - low water',
    '| Port | High water |\n| --- | --- |\n| Dover | 06:12 |\n| Calais | 06:40 |',
    '```python\ndef height(t):\n    return 2.5  # metres\n```',
    '> Time and tide wait for no one.',
    `![A tide gauge](${target('/img/a.png')}) Use \`tide --port dover\` on the command line.`,
    ...(rendered ? ['written by script'] : []),
  ].join('\n\n');

const ARTICLE_TEXT = [
  'The tide tables, explained',
  'Tides rise and fall twice a day. Read the glossary or this.',
  'Steps',
  '3. Find your port\n4. Read the times\n   - high water\n   - low water',
  'Port\tHigh water\nDover\t06:12\nCalais\t06:40',
  'def height(t):\n    return 2.5  # metres',
  'Time and tide wait for no one.',
  'A tide gauge Use tide --port dover on the command line.',
  'written by script',
].join('\n\n');

const requestedPaths = async (): Promise<string[]> =>
  ((await (await fetch(`${env.target.url}/__requests`)).json()) as Array<{ path: string }>).map((request) => request.path);

describe('page formats (decisions.md 8.1)', () => {
  let org: TestOrganization;
  beforeAll(async () => {
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 5000 });
  });
  const balance = async () => (await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining;

  it('answers format=markdown with the main content as text/markdown, the usual headers and the price of a crawl', async () => {
    const before = await balance();
    const result = await call('/crawl', { key: org.apiKey, query: { url: ARTICLE, format: 'markdown' } });
    expect(result.status).toBe(200);
    expect(result.text).toBe(articleMarkdown(true));
    expect(Object.fromEntries(['content-type', 'x-credits-charged', 'x-target-status', 'x-final-url', 'content-security-policy', 'x-content-type-options'].map((name) => [name, result.headers.get(name)]))).toEqual({
      'content-type': 'text/markdown; charset=utf-8',
      'x-credits-charged': '5',
      'x-target-status': '200',
      'x-final-url': ARTICLE,
      'content-security-policy': CSP,
      'x-content-type-options': 'nosniff',
    });
    expect(await balance()).toBe(before - 5);
  });

  it('answers format=text with the same blocks as plain lines', async () => {
    const result = await call('/crawl', { key: org.apiKey, query: { url: ARTICLE, format: 'text' } });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(result.text).toBe(ARTICLE_TEXT);
  });

  it('answers format=html&main_content=true with the fragment of the kept element: no script, comment or javascript: URL, URLs absolute', async () => {
    const result = await call('/crawl', { key: org.apiKey, query: { url: ARTICLE, main_content: 'true', js: 'false' } });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(result.text.startsWith('<article>\n<h1>The tide tables, <em>explained</em></h1>')).toBe(true);
    expect(result.text).toContain(`Read the <a href="${target('/content/glossary#hw')}">glossary</a> or <a>this</a>.</p>`);
    expect(result.text).toContain(`<img src="${target('/img/a.png')}" alt="A tide gauge">`);
    expect(result.text).not.toMatch(/<script|<!--|javascript:|Related|Harbour News/);
    expect(result.text.endsWith('</article>')).toBe(true);
  });

  it('keeps the whole page with main_content=false, and answers format=html exactly as before', async () => {
    const markdown = await call('/crawl', { key: org.apiKey, query: { url: ARTICLE, format: 'markdown', main_content: 'false', js: 'false' } });
    expect(markdown.text.startsWith(`We use cookies. Accept all\n\n[Home](${target('/')}) [News](${target('/content/news')})\n\n# The tide tables`)).toBe(true);
    expect(markdown.text.endsWith(`### Related\n\n[Other story](${target('/content/other')})\n\n© Harbour News`)).toBe(true);
    const html = await call('/crawl', { key: org.apiKey, query: { url: ARTICLE, js: 'false', format: 'html' } });
    const served = await fetch(ARTICLE).then((response) => response.text());
    expect(html.text).toBe(served);
  });

  it('keeps exactly the included elements, in document order, after removing the excluded ones', async () => {
    const result = await call('/crawl', {
      key: org.apiKey,
      query: { url: ARTICLE, format: 'markdown', js: 'false', include_selectors: 'blockquote, h2, table td:first-child', exclude_selectors: 'td + td, nav' },
    });
    expect(result.text).toBe('## Steps\n\nDover\n\nCalais\n\n> Time and tide wait for no one.');
  });

  it.each([
    [{ format: 'pdf' }, 'format', 'format must be one of html, markdown, text'],
    [{ output: 'xml' }, 'output', 'output must be one of page, json'],
    [{ main_content: 'maybe' }, 'main_content', 'main_content must be one of true, false, 1, 0, yes, no, on, off'],
    [{ include_selectors: 'p[' }, 'include_selectors', 'include_selectors is not a valid CSS selector list'],
    [{ exclude_selectors: Array.from({ length: 21 }, (_, i) => `.c${i}`).join(',') }, 'exclude_selectors', 'exclude_selectors must hold at most 20 selectors'],
    [{ include_selectors: `.${'a'.repeat(1000)}` }, 'include_selectors', 'include_selectors must be at most 1000 characters'],
    [{ wait_untill: 'load' }, 'wait_untill', 'wait_untill is not accepted here'],
  ])('refuses %j with 422 on the parameter, nothing charged', async (query, param, message) => {
    const before = await balance();
    const result = await call('/crawl', { key: org.apiKey, query: { url: ARTICLE, ...query } });
    expect(result.status).toBe(422);
    expect(result.body.errors[param][0]).toContain(message);
    expect(Object.keys(result.body.errors)).toEqual([param]);
    expect(await balance()).toBe(before);
  });

  it("refuses another route's parameter: format on /screenshot, viewport on /chat", async () => {
    const screenshot = await call('/screenshot', { key: org.apiKey, query: { url: ARTICLE, format: 'markdown' } });
    expect([screenshot.status, screenshot.body.errors]).toEqual([422, { format: ['format is not accepted here'] }]);
    const chat = await call('/chat', { key: org.apiKey, query: { prompt: 'hi', viewport: '800x600' } });
    expect([chat.status, chat.body.errors]).toEqual([422, { viewport: ['viewport is not accepted here'] }]);
  });

  it('answers output=json with the envelope: content, metadata of the page and its links', async () => {
    const result = await call('/crawl', { key: org.apiKey, query: { url: ARTICLE, format: 'markdown', output: 'json', js: 'false' } });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // A page answer's headers (decisions.md 2), on the envelope made from the page as on the bare page.
    expect([result.headers.get('x-target-status'), result.headers.get('x-final-url')]).toEqual(['200', ARTICLE]);
    expect(result.body).toEqual({
      url: ARTICLE, domain: '127.0.0.1', premium: false, js: false, ai_query: '', city: '',
      data: {},
      content: articleMarkdown(false),
      metadata: {
        title: 'The tide tables, explained',
        description: 'How to read a tide table.',
        language: 'en-GB',
        author: 'Ada Lovelace',
        published_time: '2026-11-02T08:00:00Z',
        site_name: 'Harbour News',
        canonical_url: ARTICLE,
        image: target('/img/tide.png'),
        // Runs of letters and digits in the text rendering: 2.5 and 06:12 are two words each.
        word_count: 63,
      },
      links: [
        { url: target('/'), text: 'Home' },
        { url: target('/content/news'), text: 'News' },
        { url: target('/content/glossary'), text: 'glossary' },
        { url: target('/content/other'), text: 'Other story' },
      ],
      credits_charged: 1, credits_remaining: await balance(),
      job_id: result.headers.get('x-job-id'), status: 'done', position: null, error: null, debug: null,
    });
  });

  it('js=false reads the document as served and downloads no script: no src, preload, prefetch or modulepreload', async () => {
    await fetch(`${env.target.url}/__reset`, { method: 'POST' });
    const served = await call('/crawl', { key: org.apiKey, query: { url: target('/content/client-rendered'), format: 'markdown', js: 'false' } });
    await call('/crawl', { key: org.apiKey, query: { url: ARTICLE, format: 'markdown', js: 'false' } });
    expect(served.text).toBe('# Served heading');
    expect((await requestedPaths()).filter((path) => path.endsWith('.js'))).toEqual([]);
    const rendered = await call('/crawl', { key: org.apiKey, query: { url: target('/content/client-rendered'), format: 'markdown' } });
    expect(rendered.text).toBe('# Served heading\n\nRendered by script');
  });

  it('reads a body that is not HTML as Chromium shows it (one <pre> of its text), with js=false as with js=true', async () => {
    const bodies = [
      { path: '/body.json', text: '{"a":1,"b":"<b>x</b>"}' },
      { path: '/body.txt', text: 'Line one\n\nLine <two> & three' },
    ];
    for (const { path, text } of bodies) {
      for (const js of ['false', 'true']) {
        const ask = async (query: Record<string, string>) => call('/crawl', { key: org.apiKey, query: { url: target(path), js, ...query } });
        expect({ js, path, markdown: (await ask({ format: 'markdown' })).text }).toEqual({ js, path, markdown: `\`\`\`\n${text}\n\`\`\`` });
        expect({ js, path, text: (await ask({ format: 'text' })).text }).toEqual({ js, path, text });
        const json = await ask({ format: 'markdown', output: 'json', extract: JSON.stringify({ pre: 'pre' }) });
        expect({ js, path, content: json.body.content, extracted: json.body.data.extracted }).toEqual({ js, path, content: `\`\`\`\n${text}\n\`\`\``, extracted: { pre: text } });
      }
      // decisions.md 2: format=html alone is the body exactly as the server delivered it.
      expect((await call('/crawl', { key: org.apiKey, query: { url: target(path), js: 'false', format: 'html' } })).text).toBe(text);
      const stored = { url: target(`${path}?stored=${Date.now()}`), js: 'false', format: 'markdown', max_age: '600000' };
      await call('/crawl', { key: org.apiKey, query: stored });
      const hit = await call('/crawl', { key: org.apiKey, query: stored });
      expect({ cache: hit.headers.get('x-cache'), markdown: hit.text }).toEqual({ cache: 'hit', markdown: `\`\`\`\n${text}\n\`\`\`` });
    }
  });

  it('reads a <noscript> as a reader saw it: its text where scripts ran (js=true), its elements as served (js=false)', async () => {
    const ask = async (js: string) => call('/crawl', {
      key: org.apiKey,
      query: { url: target('/content/noscript'), js, format: 'markdown', output: 'json', extract: JSON.stringify({ p: 'noscript p' }), include_selectors: 'main p' },
    });
    const rendered = await ask('true');
    expect({ extracted: rendered.body.data.extracted, content: rendered.body.content }).toEqual({ extracted: { p: null }, content: 'High water at noon.' });
    const served = await ask('false');
    expect({ extracted: served.body.data.extracted, content: served.body.content })
      .toEqual({ extracted: { p: 'Enable scripts for the tide chart.' }, content: 'High water at noon.\n\nEnable scripts for the tide chart.' });
  });

  it('answers a collected job in its format, with the target-content headers', async () => {
    const accepted = await call('/crawl', { key: org.apiKey, query: { url: target('/slow?ms=9000'), format: 'text', js: 'false' } });
    expect(accepted.status).toBe(202);
    const result = await collect(accepted.body.job_id as string, org.apiKey);
    expect(result.status).toBe(200);
    expect(result.text).toBe('Slow');
    expect([result.headers.get('content-type'), result.headers.get('content-security-policy'), result.headers.get('x-target-status'), result.headers.get('x-credits-charged')])
      .toEqual(['text/plain; charset=utf-8', CSP, '200', null]);
  });

  it('feeds ai_query the main content as Markdown, and carries content only with output=json', async () => {
    const question = 'When is high water at Dover?';
    const result = await call('/crawl', { key: org.apiKey, query: { url: ARTICLE, ai_query: question, js: 'false' } });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ answer: `Answer to "${question}" from page containing ${articleMarkdown(false).length} chars: # The tide tables, _explained_\n\nTides ri` });
    expect(result.body).not.toHaveProperty('content');
    expect(result.headers.get('x-credits-charged')).toBe('6');
    const selected = await call('/crawl', { key: org.apiKey, query: { url: ARTICLE, ai_query: question, js: 'false', include_selectors: 'table', output: 'json', format: 'text' } });
    expect(selected.body.data).toEqual({ answer: `Answer to "${question}" from page containing 72 chars: | Port | High water |\n| --- | --- |\n| Do` });
    expect(selected.body.content).toBe('Port\tHigh water\nDover\t06:12\nCalais\t06:40');
  });

  it('answers a start-only recipe in its format, and with output=json the envelope', async () => {
    const recipe = { blocks: [{ type: 'start', details: { type: 'url', source: ARTICLE } }] };
    const text = await call('/crawl', { method: 'POST', key: org.apiKey, query: { format: 'text', js: 'true' }, body: recipe });
    expect([text.status, text.headers.get('content-type'), text.headers.get('x-credits-charged')]).toEqual([200, 'text/plain; charset=utf-8', '30']);
    expect(text.text).toBe(ARTICLE_TEXT);
    const json = await call('/crawl', { method: 'POST', key: org.apiKey, query: { output: 'json', include_selectors: 'h2', format: 'markdown', main_content: 'true' }, body: recipe });
    expect([json.status, json.body.content, json.body.data]).toEqual([200, '## Steps', { fields: {}, pages: 1 }]);
    const refused = await call('/crawl', { method: 'POST', key: org.apiKey, query: { main_content: 'yes' }, body: recipe });
    expect([refused.status, refused.body.errors]).toEqual([422, { main_content: ['main_content must be true or false'] }]);
  });

  it('answers a longer recipe with output=json: its data, and the content, metadata and links of the page it ended on', async () => {
    const start = target('/content/to-article');
    const recipe = {
      blocks: [
        { type: 'start', details: { type: 'url', source: start } },
        { type: 'click', details: { selector: 'a.to-article' } },
        { type: 'evaluate', details: { script: "document.querySelector('h2').textContent = 'Changed', location.pathname" } },
      ],
    };
    const json = await call('/crawl', { method: 'POST', key: org.apiKey, query: { output: 'json', format: 'markdown' }, body: recipe });
    expect(json.status).toBe(200);
    expect([json.headers.get('x-target-status'), json.headers.get('x-final-url')]).toEqual(['200', start]);
    expect(json.body.data).toEqual({ fields: {}, pages: 1, evaluations: ['/content/article'] });
    expect(json.body.content).toBe(articleMarkdown(true).replace('## Steps', '## Changed'));
    expect(json.body.metadata).toEqual(expect.objectContaining({ title: 'The tide tables, explained', canonical_url: ARTICLE }));
    expect(json.body.links).toEqual(expect.arrayContaining([{ url: target('/content/glossary'), text: 'glossary' }]));
    const bare = await call('/crawl', { method: 'POST', key: org.apiKey, query: { format: 'markdown' }, body: recipe });
    expect([bare.status, bare.body.data, bare.body.content]).toEqual([200, { fields: {}, pages: 1, evaluations: ['/content/article'] }, undefined]);
  });
});
