import { existsSync, mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import puppeteer, { Browser, Page } from 'puppeteer';
import { createOrganization, TestOrganization } from '../factories/organization.factory.js';
import { RUN_DIR } from '../harness/app-process.js';
import { testEnv } from '../harness/env.js';
import { call } from '../harness/http.js';
import { pastNewestJobSecond } from '../fixtures/wall-clock.js';

const env = testEnv();
const SHOT = `${RUN_DIR}/dashboard.png`;

async function texts(page: Page, selector: string): Promise<string[][]> {
  return page.$$eval(selector, (rows) => rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent ?? '')));
}

async function signIn(page: Page, key: string): Promise<void> {
  await page.waitForSelector('#sign-in:not([hidden])');
  await page.type('#api-key', key);
  await Promise.all([page.waitForSelector('body[data-state="ready"]'), page.click('#sign-in button[type="submit"]')]);
}

describe('GET /dashboard in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let org: TestOrganization;
  const requested: string[] = [];
  const authorized: string[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 1500, name: 'Acme Analytics' });
    // Known traffic: a 1-credit page, a 5-credit rendered page, and a refunded failure, each in a later second.
    for (const query of [{ url: `${env.target.url}/static`, js: 'false' }, { url: `${env.target.url}/static`, js: 'true' }, { url: 'http://127.0.0.1:9/nothing', js: 'false' }]) {
      await call('/crawl', { key: org.apiKey, query });
      await pastNewestJobSecond(org.apiKey);
    }
    const executablePath = existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium';
    browser = await puppeteer.launch({ executablePath, headless: 'shell', args: ['--no-sandbox'], defaultViewport: { width: 1280, height: 900 } });
    page = await browser.newPage();
    page.on('request', (request) => {
      requested.push(request.url());
      if (request.headers().authorization === `Bearer ${org.apiKey}`) authorized.push(new URL(request.url()).pathname);
    });
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(String(error)));
    await page.goto(`${env.baseUrl}/dashboard`, { waitUntil: 'load' });
    await signIn(page, org.apiKey);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the exact figures of the organization', async () => {
    const figure = (id: string) => page.$eval(id, (element) => element.textContent);
    expect(await Promise.all(['#org-name', '#balance', '#plan', '#concurrency', '#month-credits', '#month-requests'].map(figure))).toEqual([
      'Acme Analytics',
      '1,494',
      'Lite',
      '0 / 5',
      '6',
      'credits, 3 requests',
    ]);
    expect(await texts(page, '#hosts tbody tr')).toEqual([['127.0.0.1', '3', '2', '6']]);
    const jobs = await texts(page, '#jobs tbody tr');
    expect(jobs.map((row) => row.slice(1))).toEqual([
      ['crawl', '127.0.0.1', 'failed', '0'],
      ['crawl', '127.0.0.1', 'done', '5'],
      ['crawl', '127.0.0.1', 'done', '1'],
    ]);
    expect(jobs.every((row) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(row[0]))).toBe(true);
  });

  it('draws the 30-day chart: today carries the requests and credits, the canvas is painted', async () => {
    const chart = await page.evaluate(() => {
      const canvas = document.getElementById('daily-chart') as HTMLCanvasElement;
      const drawn = (window as unknown as { Chart: { getChart(c: HTMLCanvasElement): { data: { labels: string[]; datasets: { label: string; data: number[] }[] } } } }).Chart.getChart(canvas);
      const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let painted = 0;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) painted++;
      return { labels: drawn.data.labels, sets: drawn.data.datasets.map((set) => [set.label, set.data]), painted, width: canvas.width };
    });
    const today = new Date().toISOString().slice(5, 10);
    expect(chart.labels.length).toBe(30);
    expect(chart.labels.at(-1)).toBe(today);
    expect(chart.sets).toEqual([
      ['Requests', [...Array(29).fill(0), 3]],
      ['Credits', [...Array(29).fill(0), 6]],
    ]);
    expect(chart.width).toBeGreaterThan(600);
    expect(chart.painted).toBeGreaterThan(5000);
    mkdirSync(RUN_DIR, { recursive: true });
    await page.screenshot({ path: SHOT, fullPage: true });
  });

  it('keeps the key in sessionStorage and the Authorization header, never in a URL, with no script or policy error', async () => {
    expect(page.url()).toBe(`${env.baseUrl}/dashboard`);
    expect(await page.evaluate(() => sessionStorage.getItem('crawlgate.apiKey'))).toBe(org.apiKey);
    expect(requested.filter((url) => url.includes(org.apiKey))).toEqual([]);
    expect(requested.every((url) => url.startsWith(env.baseUrl))).toBe(true);
    expect([...new Set(authorized)].sort()).toEqual(['/account', '/account/jobs', '/account/usage']);
    expect(problems).toEqual([]);
  });

  it('stays signed in on reload, signs out, and refuses a wrong key', async () => {
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('body[data-state="ready"]');
    expect(await page.$eval('#balance', (element) => element.textContent)).toBe('1,494');
    await page.click('#sign-out');
    expect(await page.evaluate(() => sessionStorage.getItem('crawlgate.apiKey'))).toBeNull();
    await page.type('#api-key', 'cg_not_a_key');
    await page.click('#sign-in button[type="submit"]');
    await page.waitForFunction(() => document.getElementById('sign-in-error')?.textContent !== '');
    expect(await page.$eval('#sign-in-error', (element) => element.textContent)).toBe('That API key was refused.');
    expect(await page.$eval('#account', (element) => (element as HTMLElement).hidden)).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('crawlgate.apiKey'))).toBeNull();
  });
});
