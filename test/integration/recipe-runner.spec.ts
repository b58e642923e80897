import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import puppeteer, { Browser, Page } from 'puppeteer';
import { ErrorCode } from '../../src/common/errors/error-code.js';
import { CausedNavigationFailure, settleAfterAction } from '../../src/infra/browser/caused-navigation.js';
import { IDLE_ALLOWANCE, NavigationIdle } from '../../src/infra/browser/navigation-idle.js';
import type { PageOptions, PageSession, WaitUntil } from '../../src/infra/browser/page-options.js';
import { TabFrames } from '../../src/infra/browser/tab-frames.js';
import type { AppConfig } from '../../src/config/app-config.js';
import { loadPricing } from '../../src/config/json-files.js';
import type { TaskContext } from '../../src/modules/jobs/operation.js';
import { parseRecipe } from '../../src/modules/recipe/dto/parse-recipe.js';
import { parseRecipeRequest, RecipeOperation } from '../../src/modules/recipe/recipe.operation.js';
import { runRecipe } from '../../src/modules/recipe/recipe.runner.js';
import type { RecipeResult } from '../../src/modules/recipe/recipe.types.js';
import { FixtureServer, serveDirectory, startRecipeSite } from '../fixtures/recipe-site.js';

const PYTHON_DOCS = ['/usr/share/doc/python3/html', '/usr/share/doc/python3-doc/html', '/usr/share/doc/python3.11/html'];

const SCREENSHOT = { maxHeight: 20000, quality: 80 };

let browser: Browser;
let site: FixtureServer;
const pages: Page[] = [];

/** A PageSession as infra/browser hands out (its navigation waits included), minus proxy and network policy; `reuse` a tab. */
async function session(deadline: number, waitUntil: WaitUntil, js = true, reuse?: Page): Promise<PageSession> {
  const page = reuse ?? (await browser.newPage());
  pages.push(page);
  await page.setJavaScriptEnabled(js);
  const frames = await TabFrames.open(page, () => undefined, async () => undefined);
  const options: PageOptions = { js, images: false, adblock: false, waitUntil, viewport: { width: 1280, height: 800 }, userAgent: null };
  return {
    page,
    options,
    async goto(url) {
      const allowed = IDLE_ALLOWANCE[waitUntil];
      const idle = allowed === undefined ? null : new NavigationIdle(page, frames, allowed);
      try {
        const response = await page.goto(url, { waitUntil: idle ? 'domcontentloaded' : waitUntil, timeout: deadline - Date.now() });
        if (!response) throw new Error(`no response for ${url}`);
        await idle?.reached(deadline - Date.now());
        return { status: response.status(), finalUrl: page.url(), mediaType: 'text/html', rawBody: () => response.text() };
      } finally {
        idle?.dispose();
      }
    },
    assertNotBlocked: () => undefined,
    remainingMs: () => deadline - Date.now(),
    mark: () => undefined,
    captureJpeg: async () => '',
    afterAction: (action) => settleAfterAction(page, frames, waitUntil, deadline - Date.now(), action),
    evaluateScript: async () => null,
  };
}

/** start at `source`, extract title and price, paginate `.next` back to the title extract. */
function listRecipe(source: string, expectedOutput?: string) {
  return parseRecipe({
    ...(expectedOutput ? { expectedOutput } : {}),
    blocks: [
      { type: 'start', details: { type: 'url', source } },
      { type: 'extract', id: 'title', details: { selector: '.item .title', name: 'title' } },
      { type: 'extract', details: { selector: '.item .price', name: 'price' } },
      { type: 'paginate', details: { selector: '.next', startBlock: 'title' } },
    ],
  });
}

async function run(path: string, options: { expectedOutput?: string; maxPages?: number; waitUntil?: WaitUntil } = {}): Promise<RecipeResult> {
  const deadline = Date.now() + 20000;
  const recipe = listRecipe(`${site.url}${path}`, options.expectedOutput);
  const { result } = await runRecipe(await session(deadline, options.waitUntil ?? 'load'), recipe, { maxPages: options.maxPages ?? 20, deadline, screenshot: SCREENSHOT, pdfMaxPages: 200 });
  return result;
}

beforeAll(async () => {
  browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium-headless-shell', headless: 'shell', args: ['--no-sandbox'] });
  site = await startRecipeSite();
});

afterAll(async () => {
  await Promise.all(pages.map((page) => page.close().catch(() => undefined)));
  await browser?.close();
  await site?.close();
});

describe('runRecipe on the fixture site', () => {
  it('lists every item of the three pages in order, a missing price null, and stops at the aria-disabled next link', async () => {
    await expect(run('/list?page=1', { expectedOutput: 'list' })).resolves.toEqual({
      items: [
        { title: 'Apple', price: '$1.00' },
        { title: 'Banana', price: '$2.00' },
        { title: 'Cherry', price: '$3.00' },
        { title: 'Date', price: '$4.00' },
        { title: 'Elderberry', price: null },
        { title: 'Fig', price: '$6.00' },
        { title: 'Grape', price: '$7.00' },
      ],
      pages: 3,
    });
  }, 30000);

  it('gives every name its values across pages without expectedOutput', async () => {
    await expect(run('/list?page=1')).resolves.toEqual({
      fields: {
        title: ['Apple', 'Banana', 'Cherry', 'Date', 'Elderberry', 'Fig', 'Grape'],
        price: ['$1.00', '$2.00', '$3.00', '$4.00', '$6.00', '$7.00'],
      },
      pages: 3,
    });
  }, 30000);

  it('succeeds with empty results when every selector misses', async () => {
    await expect(run('/empty', { expectedOutput: 'list' })).resolves.toEqual({ items: [], pages: 1 });
    await expect(run('/empty')).resolves.toEqual({ fields: { title: [], price: [] }, pages: 1 });
  }, 30000);

  it('stops when the next link leads back to a page already read', async () => {
    const result = await run('/loop?page=1');
    expect(result).toEqual({ fields: { title: ['Loop 1', 'Loop 2', 'Loop 3'], price: ['$1.00', '$2.00', '$3.00'] }, pages: 3 });
  }, 30000);

  it('stops at a next link carrying the disabled attribute', async () => {
    await expect(run('/short?page=1')).resolves.toEqual({ fields: { title: ['Short 1', 'Short 2'], price: [] }, pages: 2 });
  }, 30000);

  it('reads at most maxPages pages, the start page included', async () => {
    const result = await run('/endless?page=1', { maxPages: 4 });
    expect(result).toEqual({ fields: { title: ['Endless 1', 'Endless 2', 'Endless 3', 'Endless 4'], price: [] }, pages: 4 });
  }, 30000);

  it('follows a client-side pager (DOM change, no navigation) until its button is disabled', async () => {
    const result = await run('/spa', { waitUntil: 'networkidle0' });
    expect(result).toEqual({ fields: { title: ['One', 'Two', 'Three', 'Four', 'Five'], price: [] }, pages: 3 });
  }, 30000);

  it('turns a page with networkidle0 on a reused tab the way goto settles it, whatever a frame keeps open', async () => {
    const deadline = Date.now() + 15000;
    const first = await session(deadline, 'networkidle0');
    await runRecipe(first, listRecipe(`${site.url}/list?page=1`), { maxPages: 20, deadline, screenshot: SCREENSHOT, pdfMaxPages: 200 });
    const started = Date.now();
    const reused = await session(deadline, 'networkidle0', true, first.page);
    const { result } = await runRecipe(reused, listRecipe(`${site.url}/framed?page=1`), { maxPages: 20, deadline, screenshot: SCREENSHOT, pdfMaxPages: 200 });
    expect(result).toEqual({ fields: { title: ['Framed 1', 'Framed 2'], price: [] }, pages: 2 });
    // puppeteer's networkidle0 waits for the frame's request and meets the deadline; the job's own idle takes about a second a page.
    expect(Date.now() - started).toBeLessThan(8000);
  }, 30000);

  it('reads DOM properties, falls back to attributes, and repeats from the start block on the page reached', async () => {
    const deadline = Date.now() + 20000;
    const recipe = parseRecipe({
      expectedOutput: 'list',
      blocks: [
        { type: 'start', id: 'begin', details: { type: 'url', source: `${site.url}/list?page=2` } },
        { type: 'extract', details: { selector: '.item a.title', name: 'link', property: 'href' } },
        { type: 'extract', details: { selector: '.item', name: 'sku', property: 'data-sku' } },
        { type: 'extract', details: { selector: '.item .price', name: 'html', property: 'outerHTML' } },
        { type: 'paginate', details: { selector: 'a.next', startBlock: 'begin' } },
      ],
    });
    const { result, navigation } = await runRecipe(await session(deadline, 'load'), recipe, { maxPages: 20, deadline, screenshot: SCREENSHOT, pdfMaxPages: 200 });
    expect(result).toEqual({
      items: [
        { link: `${site.url}/item/Date`, sku: 'sku-date', html: '<span class="price">$4.00</span>' },
        { link: `${site.url}/item/Elderberry`, sku: 'sku-elderberry', html: null },
        { link: `${site.url}/item/Fig`, sku: 'sku-fig', html: '<span class="price">$6.00</span>' },
        { link: `${site.url}/item/Grape`, sku: 'sku-grape', html: '<span class="price">$7.00</span>' },
      ],
      pages: 2,
    });
    expect([navigation.status, navigation.finalUrl]).toEqual([200, `${site.url}/list?page=2`]);
  }, 30000);

  it('fails with page_too_large when `*` with outerHTML passes MAX_PAGE_BYTES, and closes the tab', async () => {
    const deadline = Date.now() + 20000;
    const recipe = parseRecipe({
      blocks: [
        { type: 'start', details: { type: 'url', source: `${site.url}/list?page=1` } },
        { type: 'extract', details: { selector: '*', name: 'all', property: 'outerHTML' } },
      ],
    });
    const tab = await session(deadline, 'load');
    await expect(runRecipe(tab, recipe, { maxPages: 20, deadline, maxBytes: 2000, screenshot: SCREENSHOT, pdfMaxPages: 200 })).rejects.toMatchObject({ code: ErrorCode.PageTooLarge });
    expect(tab.page.isClosed()).toBe(true);
    const fits = await runRecipe(await session(deadline, 'load'), recipe, { maxPages: 20, deadline, maxBytes: 1_000_000, screenshot: SCREENSHOT, pdfMaxPages: 200 });
    expect(JSON.stringify(fits.result)).toContain('<html');
  }, 30000);

  // issue 36.4: 49 extracts with 200-character names over 5,000 empty <i> built 48 MiB counted as 0 bytes.
  it('counts each value as its stored JSON with the name it is stored under: empty values over many names fail page_too_large', async () => {
    const deadline = Date.now() + 20000;
    const extracts = Array.from({ length: 49 }, (_, i) => ({ type: 'extract', details: { selector: 'i', name: `${i}`.padEnd(200, 'n') } }));
    const recipe = parseRecipe({ expectedOutput: 'list', blocks: [{ type: 'start', details: { type: 'url', source: `${site.url}/empty-tags` } }, ...extracts] });
    const rssBefore = process.memoryUsage().rss;
    const run = runRecipe(await session(deadline, 'load'), recipe, { maxPages: 1, deadline, maxBytes: 20 * 1024 * 1024, screenshot: SCREENSHOT, pdfMaxPages: 200 });
    await expect(run).rejects.toMatchObject({ code: ErrorCode.PageTooLarge });
    console.log(`issue 36.4: RSS grew ${Math.round((process.memoryUsage().rss - rssBefore) / 1048576)} MiB`);
  }, 60000);

  it("keys a page by its rendered text hashed in the isolated world: a page's own innerText never crosses the pipe", async () => {
    const deadline = Date.now() + 30000;
    const recipe = parseRecipe({ blocks: [{ type: 'start', details: { type: 'url', source: `${site.url}/huge-text` } }, { type: 'extract', details: { selector: 'p', name: 'text' } }] });
    const rssBefore = process.memoryUsage().rss;
    const { result } = await runRecipe(await session(deadline, 'load'), recipe, { maxPages: 1, deadline, maxBytes: 1_000_000, screenshot: SCREENSHOT, pdfMaxPages: 200 });
    const grownMib = Math.round((process.memoryUsage().rss - rssBefore) / 1048576);
    console.log(`issue 36.5: RSS grew ${grownMib} MiB reading a page whose innerText is 64 Mi characters`);
    expect(result).toEqual({ fields: { text: ['real text'] }, pages: 1 });
    expect(grownMib).toBeLessThan(48);
  }, 60000);

  it("captures the job's viewport through the pixel budget, whatever the page says innerWidth and innerHeight are", async () => {
    const deadline = Date.now() + 20000;
    const recipe = parseRecipe({ blocks: [{ type: 'start', details: { type: 'url', source: `${site.url}/wide-window` } }, { type: 'screenshot', details: {} }] });
    const tab = await session(deadline, 'load');
    const clips: unknown[] = [];
    const recording: PageSession = { ...tab, captureJpeg: async (request) => (clips.push(request.clip), 'jpeg') };
    const { result } = await runRecipe(recording, recipe, { maxPages: 1, deadline, maxBytes: 1_000_000, screenshot: SCREENSHOT, pdfMaxPages: 200 });
    expect(result).toMatchObject({ screenshots: ['jpeg'] });
    expect(clips).toEqual([{ x: 0, y: 0, width: 1280, height: 800 }]);
  }, 30000);

  it('says which navigation a click started and how it failed (the job decides whose failure it is: 8.4)', async () => {
    const page = await browser.newPage();
    pages.push(page);
    const frames = await TabFrames.open(page, () => undefined, async () => undefined);
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    await page.setContent(`<a href="http://127.0.0.1:${closed}/gone">away</a>`);
    const clicked = settleAfterAction(page, frames, 'load', 5000, async () => void (await page.click('a')));
    await expect(clicked).rejects.toBeInstanceOf(CausedNavigationFailure);
    await expect(clicked).rejects.toThrow(`net::ERR_CONNECTION_REFUSED at http://127.0.0.1:${closed}/gone`);
  }, 30000);

  it('fails with navigation_timeout when the next page does not come before the deadline', async () => {
    const deadline = Date.now() + 4000;
    const recipe = listRecipe(`${site.url}/slow`);
    const started = Date.now();
    await expect(runRecipe(await session(deadline, 'load'), recipe, { maxPages: 20, deadline, screenshot: SCREENSHOT, pdfMaxPages: 200 })).rejects.toMatchObject({
      code: ErrorCode.NavigationTimeout,
    });
    expect(Date.now() - started).toBeLessThan(6000);
  }, 30000);
});

describe('RecipeOperation.run', () => {
  const operation = new RecipeOperation({ pricing: loadPricing() } as AppConfig);

  function context(): TaskContext {
    const deadline = Date.now() + 20000;
    return {
      jobId: 'test_job',
      organizationId: 'test_org',
      route: {} as TaskContext['route'],
      deadline,
      signal: AbortSignal.timeout(20000),
      config: { recipeMaxPages: 2, maxPageBytes: 20 * 1024 * 1024, pdf: { maxPages: 200 } } as AppConfig,
      withPage: async (options, fn) => fn(await session(deadline, options.waitUntil, options.js)),
      showPage: () => undefined,
    };
  }

  it('answers a start-only recipe with the page: the raw body without js, the rendered DOM with js', async () => {
    const source = `${site.url}/list?page=1`;
    const start = { blocks: [{ type: 'start', details: { type: 'url', source } }] };
    const raw = await (await fetch(source)).text();
    const plain = await operation.run(context(), parseRecipeRequest({ js: 'false', wait_until: 'load' }, start));
    expect(plain).toEqual({ type: 'page', mediaType: 'text/html', body: Buffer.from(raw), targetStatus: 200, finalUrl: source });
    const rendered = await operation.run(context(), parseRecipeRequest({ wait_until: 'load' }, start));
    expect(rendered).toEqual({ type: 'page', mediaType: 'text/html', body: expect.any(Buffer), targetStatus: 200, finalUrl: source });
    const renderedText = rendered.type === 'page' ? rendered.body.toString('utf8') : '';
    expect(renderedText).toMatch(/^<!DOCTYPE html><html><head>.*<title>List 1<\/title>/s);
    expect(renderedText).not.toEqual(raw);
  }, 30000);

  it('answers a longer recipe with its data, RECIPE_MAX_PAGES applied', async () => {
    const recipe = { blocks: listRecipe(`${site.url}/list?page=1`).blocks };
    const output = await operation.run(context(), parseRecipeRequest({ wait_until: 'load' }, recipe));
    expect(output).toEqual({
      type: 'data',
      data: { fields: { title: ['Apple', 'Banana', 'Cherry', 'Date', 'Elderberry'], price: ['$1.00', '$2.00', '$3.00', '$4.00'] }, pages: 2 },
      targetStatus: 200,
      finalUrl: `${site.url}/list?page=1`,
    });
  }, 30000);
});

describe('runRecipe on the Python documentation (python3-doc)', () => {
  let docs: FixtureServer | undefined;

  afterAll(async () => {
    await docs?.close();
  });

  it('follows five "next" links and reads five distinct section titles', async () => {
    const root = PYTHON_DOCS.find((dir) => existsSync(`${dir}/tutorial/index.html`));
    if (!root) throw new Error(`python3-doc HTML not found (looked in ${PYTHON_DOCS.join(', ')}); install the python3-doc package`);
    docs = await serveDirectory(root);
    const deadline = Date.now() + 40000;
    const recipe = parseRecipe({
      blocks: [
        { type: 'start', details: { type: 'url', source: `${docs.url}/tutorial/index.html` } },
        { type: 'extract', id: 'title', details: { selector: 'h1', name: 'title' } },
        { type: 'paginate', details: { selector: 'a[accesskey="N"]', startBlock: 'title' } },
      ],
    });
    const { result } = await runRecipe(await session(deadline, 'networkidle0'), recipe, { maxPages: 5, deadline, screenshot: SCREENSHOT, pdfMaxPages: 200 });
    const titles = 'fields' in result ? result.fields.title : [];
    expect(result.pages).toBe(5);
    expect(titles).toHaveLength(5);
    expect(new Set(titles).size).toBe(5);
    expect(titles[0]).toMatch(/^The Python Tutorial/);
    expect(titles[1]).toMatch(/Whetting Your Appetite/);
  }, 50000);
});
