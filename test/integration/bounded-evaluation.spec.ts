import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import puppeteer, { Browser, CDPSession, Page } from 'puppeteer';
import { evaluateBounded, EvaluationFailure } from '../../src/infra/browser/bounded-evaluation.js';

const LIMITS = { timeoutMs: 2000, maxBytes: 1024 * 1024 };
/** A page that lies about sizes: its JSON.stringify and a toJSON make values of megabytes. */
const LIAR = `<script>
  const real = JSON.stringify;
  window.huge = { toJSON: () => 'x'.repeat(8 * 1024 * 1024) };
  JSON.stringify = function (value) {
    if (value && value.big === 1) return 'y'.repeat(6 * 1024 * 1024);
    if (value && value.fake === 1) return { length: 2, toString: () => '{}' };
    return real.apply(this, arguments);
  };
</script>`;

let browser: Browser;
let page: Page;
let client: CDPSession;
/** The size of every answer the DevTools pipe brought back to the worker, in characters of JSON. */
let answers: number[];

/** The page's session, with every answer measured as it crosses to the worker. */
function measured(session: CDPSession): CDPSession {
  return new Proxy(session, {
    get(target, name) {
      if (name !== 'send') return Reflect.get(target, name, target);
      return async (...args: Parameters<CDPSession['send']>) => {
        const answer = await target.send(...args);
        answers.push(JSON.stringify(answer ?? null).length);
        return answer;
      };
    },
  });
}

beforeAll(async () => {
  browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium-headless-shell', headless: 'shell', args: ['--no-sandbox'] });
  page = await browser.newPage();
  await page.setContent(`<title>Liar</title>${LIAR}`);
  client = measured(await page.createCDPSession());
});

beforeEach(() => {
  answers = [];
});

afterAll(async () => {
  await browser?.close();
});

const failure = (script: string) => evaluateBounded(client, script, LIMITS).then(() => null, (error: unknown) => error);

describe('evaluateBounded', () => {
  it('gives the JSON value of an expression, a promise awaited, undefined as null', async () => {
    expect(await evaluateBounded(client, 'document.title', LIMITS)).toBe('Liar');
    expect(await evaluateBounded(client, 'Promise.resolve({ a: [1, null] })', LIMITS)).toEqual({ a: [1, null] });
    expect(await evaluateBounded(client, 'undefined', LIMITS)).toBeNull();
  });

  it.each([
    ['a string of 8 MiB', '"z".repeat(8 * 1024 * 1024)', 'the value is over 1048576 bytes'],
    ['a toJSON that makes 8 MiB', 'window.huge', 'the value is over 1048576 bytes'],
    ['a JSON.stringify that returns 6 MiB', '({ big: 1 })', 'the value is over 1048576 bytes'],
    ['a JSON.stringify that returns an object claiming a small length', '({ fake: 1 })', 'the value is not JSON'],
    ['1 MiB of characters that are 2 MiB of UTF-8', '"é".repeat(1024 * 1024 - 2)', 'the value is over 1048576 bytes'],
  ])('refuses %s, and nothing large crosses to the worker', async (_, script, message) => {
    const error = await failure(script);
    expect(error).toBeInstanceOf(EvaluationFailure);
    expect((error as Error).message).toBe(message);
    const crossed = script.startsWith('"é"') ? 3 * 1024 * 1024 : 4096;
    expect(Math.max(...answers)).toBeLessThan(crossed);
  });

  it('stops a busy script at the time limit, and the page answers again at once', async () => {
    const started = Date.now();
    expect(((await failure('(() => { for (;;) {} })()')) as Error).message).toBe('the script ran past 2 s');
    expect(Date.now() - started).toBeLessThan(3500);
    const again = Date.now();
    expect(await page.evaluate('1 + 1')).toBe(2);
    expect(Date.now() - again).toBeLessThan(500);
  });

  it('gives up on a promise that never settles without stopping the next script', async () => {
    expect(((await failure('new Promise(() => {})')) as Error).message).toBe('the script ran past 2 s');
    expect(await evaluateBounded(client, '40 + 2', LIMITS)).toBe(42);
    expect(await page.evaluate('3')).toBe(3);
  });
});
