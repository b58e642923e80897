import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import puppeteer, { Browser, Page } from 'puppeteer';
import jpeg from 'jpeg-js';
import { captureBox } from '../../src/infra/browser/capture-bounds.js';
import { captureJpeg } from '../../src/infra/browser/page-capture.js';
import { captureFullPage, loadLazyContent } from '../../src/infra/browser/full-page-capture.js';
import type { PageSession } from '../../src/infra/browser/page-options.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** A page 6000 px tall with a lazy image at the bottom whose source is `src`. */
const lazyPage = (src: string) =>
  `<!doctype html><body style="margin:0"><div style="height:6000px"></div><img id="lazy" loading="lazy" width="10" height="10" src="${src}"></body>`;

let browser: Browser;
let server: Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.push(path);
    if (path.startsWith('/img/fast')) return void response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (path.startsWith('/img/slow')) return void setTimeout(() => response.writeHead(200, { 'content-type': 'image/png' }).end(PNG), 800);
    if (path.startsWith('/img/never')) return; // never answers
    if (path.startsWith('/two')) {
      const images = `<img id="first" loading="lazy" width="10" height="10" src="/img/never?d"><div style="height:6000px"></div><img loading="lazy" width="10" height="10" src="/img/fast?d">`;
      return void response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><body style="margin:0"><div style="height:3000px"></div>${images}</body>`);
    }
    if (path.startsWith('/spin')) {
      // The renderer's main thread is busy for 2.5 s from 50 ms after load (it says so in its title): a capture asked meanwhile waits for it.
      const spin = '<script>addEventListener("load", () => setTimeout(() => { document.title = "spinning"; const end = Date.now() + 2500; while (Date.now() < end); }, 50));</script>';
      return void response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><body style="margin:0"><div style="height:2000px"></div>${spin}</body>`);
    }
    if (path.startsWith('/tall')) return void response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><body style="margin:0"><div style="height:30000px;background:linear-gradient(#fff,#00f)"></div></body>');
    if (path.startsWith('/lazy/')) return void response.writeHead(200, { 'content-type': 'text/html' }).end(lazyPage(`/img/${path.slice(6)}`));
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>short</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium-headless-shell', headless: 'shell', args: ['--no-sandbox'] });
});

afterAll(async () => {
  await browser?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function pageAt(path: string, scripted = true): Promise<Page> {
  const page = await browser.newPage();
  await page.setJavaScriptEnabled(scripted);
  await page.setViewport({ width: 1280, height: 800 });
  await page.goto(`${base}${path}`, { waitUntil: 'load' });
  return page;
}

/** Waits until the page's main thread is in its loop: the browser process has its title, which the busy page cannot answer. */
async function spinning(page: Page): Promise<void> {
  const browserSession = await browser.target().createCDPSession();
  const title = async () => (await browserSession.send('Target.getTargets')).targetInfos.find((info) => info.url === page.url())?.title;
  for (const until = Date.now() + 5000; (await title()) !== 'spinning' && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await title()).toBe('spinning');
  await browserSession.detach();
}

/** A baseline JPEG's size from its SOF0 header (decoding a 26-megapixel image would take seconds). */
function jpegSize(image: Buffer): { width: number; height: number } {
  for (let at = 2; at < image.length; at += 2 + image.readUInt16BE(at + 2)) {
    if (image[at + 1] === 0xc0) return { height: image.readUInt16BE(at + 5), width: image.readUInt16BE(at + 7) };
  }
  throw new Error('no SOF0 marker');
}

/** pageAt's window. */
const WINDOW = { width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, isLandscape: false };

const timed = async (work: () => Promise<void>): Promise<number> => {
  const started = Date.now();
  await work();
  return Date.now() - started;
};

describe('loadLazyContent', () => {
  it('scrolls a lazy image far below the fold into loading, waits until it arrived, and leaves the page at the top', async () => {
    const page = await pageAt('/lazy/slow?a');
    expect(hits).not.toContain('/img/slow?a');
    const ms = await timed(() => loadLazyContent(page, true));
    expect(hits).toContain('/img/slow?a');
    expect(await page.$eval('#lazy', (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBe(1);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The image answers after 800 ms, then 200 ms of quiet.
    expect(ms).toBeGreaterThanOrEqual(1000);
    expect(ms).toBeLessThan(2500);
    await page.close();
  });

  it('returns at once with scripts off (js=false), where Chromium has already loaded lazy images eagerly', async () => {
    const page = await pageAt('/lazy/fast?e', false);
    // Loaded with the page, before any scroll: scripting disabled turns loading=lazy off.
    expect(hits).toContain('/img/fast?e');
    expect(await timed(() => loadLazyContent(page, false))).toBeLessThan(100);
    // The in-page scroll would never have ended: no timer or frame callback runs with scripts off.
    const waited = page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(await Promise.race([waited.then(() => 'ran'), new Promise((resolve) => setTimeout(() => resolve('never ran'), 500))])).toBe('never ran');
    await page.close();
  });

  it('does not wait when the scroll woke no request', async () => {
    const page = await pageAt('/short');
    expect(await timed(() => loadLazyContent(page, true))).toBeLessThan(300);
    await page.close();
  });

  it('gives up on a lazy request that never ends after 3 s', async () => {
    const page = await pageAt('/lazy/never?b');
    const ms = await timed(() => loadLazyContent(page, true));
    expect(hits).toContain('/img/never?b');
    expect(ms).toBeGreaterThanOrEqual(3000);
    expect(ms).toBeLessThan(4000);
    await page.close();
  });

  it('counts only the requests made since it began: one left open before does not hold it', async () => {
    const page = await pageAt('/two');
    // A lazy request that never ends, made before: puppeteer's page-wide count would hold the wait to its 3 s limit.
    await page.evaluate(() => document.getElementById('first')!.scrollIntoView());
    for (let wait = 0; wait < 20 && !hits.includes('/img/never?d'); wait++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hits).toContain('/img/never?d');
    await page.evaluate(() => window.scrollTo(0, 0));
    const ms = await timed(() => loadLazyContent(page, true));
    expect(hits).toContain('/img/fast?d');
    expect(ms).toBeGreaterThanOrEqual(200);
    expect(ms).toBeLessThan(1500);
    await page.close();
  });
});

describe('captureJpeg in Chromium', () => {
  it('asks again, after a screencast, when the first capture is not answered in time, and returns the full clip', async () => {
    const page = await pageAt('/spin');
    await spinning(page);
    const client = await page.createCDPSession();
    let retries = 0;
    const started = Date.now();
    const image = await captureJpeg(client, { clip: { x: 0, y: 0, width: 1280, height: 2000 }, quality: 80 }, WINDOW, () => retries++, 500);
    expect(retries).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500 + 250);
    const decoded = jpeg.decode(Buffer.from(image, 'base64'));
    expect([decoded.width, decoded.height]).toEqual([1280, 2000]);
    // The screencast was stopped: no frame arrives once the capture is over, though the page changes and draws twice.
    let frames = 0;
    client.on('Page.screencastFrame', () => frames++);
    await page.evaluate(() => {
      document.body.style.background = '#c00';
      return new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
    });
    expect(frames).toBe(0);
    await client.detach();
    await page.close();
  });

  it('captures a side of 65,500 device pixels, the encoder\'s most; past it Chromium answers no image, which is a failure, never an empty image', async () => {
    const page = await pageAt('/tall');
    const client = await page.createCDPSession();
    const box = captureBox({ width: 100, height: 30000 }, 4, 20000);
    expect(box).toEqual({ width: 100, height: 16375 });
    const image = Buffer.from(await captureJpeg(client, { clip: { x: 0, y: 0, ...box }, quality: 80 }, { ...WINDOW, deviceScaleFactor: 4 }), 'base64');
    expect(jpegSize(image)).toEqual({ width: 400, height: 65500 });
    await expect(captureJpeg(client, { clip: { x: 0, y: 0, width: 100, height: 16384 }, quality: 80 }, { ...WINDOW, deviceScaleFactor: 4 })).rejects.toThrow('no image');
    await client.detach();
    await page.close();
  }, 60000);

  it("renders the page at the job's viewport and scale while it captures beyond it, and leaves the page so", async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 400, height: 300, deviceScaleFactor: 2 });
    // A bar as wide as the window, and the window's size and scale written in the page's title as it sees them.
    await page.setContent('<body style="margin:0"><div style="width:100vw;height:3000px;background:#00f"></div><script>onresize = () => (document.title += `${innerWidth}x${innerHeight}@${devicePixelRatio};`)</script></body>');
    const client = await page.createCDPSession();
    const image = jpeg.decode(Buffer.from(await captureJpeg(client, { clip: { x: 0, y: 0, width: 400, height: 3000 }, quality: 80 }, page.viewport()!), 'base64'), { useTArray: true });
    expect([image.width, image.height]).toEqual([800, 6000]);
    const blue = (x: number, y: number) => image.data[(y * image.width + x) * 4 + 2];
    expect([blue(10, 10), blue(799, 5999)].every((value) => value > 200)).toBe(true);
    // The page never saw another window than the job's, during the capture or after it (it was laid out at the
    // browser's 1920x1080 at scale 1 while captured, and left so, when the capture's session emulated nothing).
    const [seen, now] = await page.evaluate(() => [document.title.split(';').filter(Boolean), `${innerWidth}x${innerHeight}@${devicePixelRatio}`]);
    expect([[...new Set(seen)].filter((size) => size !== '400x300@2'), now]).toEqual([[], '400x300@2']);
    await client.detach();
    await page.close();
  });

  it('asks once when the page answers in time', async () => {
    const page = await pageAt('/short');
    const client = await page.createCDPSession();
    let retries = 0;
    const image = await captureJpeg(client, { clip: { x: 0, y: 0, width: 1280, height: 800 }, quality: 80 }, WINDOW, () => retries++);
    expect(retries).toBe(0);
    expect(jpeg.decode(Buffer.from(image, 'base64')).width).toBe(1280);
    await page.close();
  });
});

describe('captureFullPage', () => {
  /** What captureFullPage asks of a job's session, on a plain page: its geometry, its captures, the time left. */
  const sessionOf = async (page: Page) => {
    const client = await page.createCDPSession();
    const captures: number[] = [];
    const session = {
      page,
      mark: () => undefined,
      remainingMs: () => 60_000,
      captureJpeg: (request: Parameters<PageSession['captureJpeg']>[0]) => {
        captures.push(request.clip.height);
        return captureJpeg(client, request, page.viewport()!);
      },
    } as unknown as PageSession;
    return { session, captures };
  };

  it('takes a page past the capture budget (1280 wide at scale 2, 20,000 CSS px: 102 Mpx) in strips joined into one JPEG of its whole height', async () => {
    const page = await pageAt('/tall');
    await page.setViewport({ width: 1280, height: 800, deviceScaleFactor: 2 });
    const { session, captures } = await sessionOf(page);
    const image = Buffer.from(await captureFullPage(session, { maxHeight: 20000, quality: 80 }), 'base64');
    expect(jpegSize(image)).toEqual({ width: 2560, height: 40000 });
    // Two strips within the 64 Mpx of one capture, the first a whole number of 16-pixel MCU rows.
    expect(captures).toEqual([13104, 6896]);
    await page.close();
  }, 60000);

  it('takes a page within the budget in one capture', async () => {
    const page = await pageAt('/tall');
    const { session, captures } = await sessionOf(page);
    expect(jpegSize(Buffer.from(await captureFullPage(session, { maxHeight: 20000, quality: 80 }), 'base64'))).toEqual({ width: 1280, height: 20000 });
    expect(captures).toEqual([20000]);
    await page.close();
  }, 60000);
});
