import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { AbuseSite, startAbuseSite } from '../fixtures/abuse-site.js';
import { createOrganization, getOrganization, ISSUED_SECRETS_FILE, ledger } from '../factories/organization.factory.js';
import { appLog, waitForLogLine } from '../harness/app-log.js';
import { testEnv } from '../harness/env.js';
import { call, collect, settle } from '../harness/http.js';

const env = testEnv();
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Resident memory of the app and every process below it (Chromium), in KiB. */
function rssKib(root: number): number {
  const parent = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      parent.set(Number(name), Number(/PPid:\s+(\d+)/.exec(status)?.[1]));
      rss.set(Number(name), Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {
      // gone meanwhile
    }
  }
  const below = (pid: number): boolean => {
    for (let current: number | undefined = pid; current; current = parent.get(current)) if (current === root) return true;
    return false;
  };
  return [...rss].filter(([pid]) => below(pid)).reduce((sum, [, kib]) => sum + kib, 0);
}

describe('hardening: abusive pages and parameters (decisions.md 7.2)', () => {
  let site: AbuseSite;
  let org: { id: string; apiKey: string };
  let baseline = 0;
  const figures: Record<string, number> = {};
  const crawl = (path: string, query: Record<string, string> = {}) => call('/crawl', { key: org.apiKey, query: { url: `${site.url}${path}`, ...query } });
  const nextJobSucceeds = async () => {
    const ok = await crawl('/ok');
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('<p id="ok">fine</p>');
  };

  beforeAll(async () => {
    site = await startAbuseSite();
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 1000 });
    // The pool keeps up to BROWSER_CONCURRENCY tabs: fill it first, so the baseline is not an emptier pool.
    const warm = await Promise.all(Array.from({ length: 4 }, () => crawl('/ok')));
    expect(warm.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    await nextJobSucceeds();
    baseline = rssKib(env.appPid);
    figures.baselineMib = Math.round(baseline / 1024);
    figures.baselineAppOnlyMib = Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${env.appPid}/status`, 'utf8'))?.[1]) / 1024);
  });
  afterAll(async () => {
    console.log(`hardening RSS (app + Chromium, MiB): ${JSON.stringify(figures)}`);
    await site?.close();
  });

  it('refuses viewports and scale factors past the bounds with 422, charging nothing', async () => {
    const before = (await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining;
    const wide = await call('/screenshot', { key: org.apiKey, query: { url: `${site.url}/ok`, viewport: '99999x99999' } });
    expect(wide.status).toBe(422);
    expect(wide.body).toEqual({ message: expect.any(String), errors: { viewport: ['viewport sides must be between 1 and 4000 pixels'] } });
    const dense = await call('/screenshot', { key: org.apiKey, query: { url: `${site.url}/ok`, viewport: '800x600', device_scale_factor: '5' } });
    expect(dense.status).toBe(422);
    expect(dense.body.errors).toEqual({ device_scale_factor: ['device_scale_factor must be between 0.5 and 4'] });
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(before);
  });

  it('closes a popup storm before any popup loads, and the next job succeeds', async () => {
    const storm = await crawl('/storm', { wait_until: 'load' });
    expect(storm.status).toBe(200);
    expect(site.victimHits()).toBe(0);
    // A whole job later the storm's tab has been wiped (other tabs closed): a popup that could load would have by now.
    await nextJobSucceeds();
    expect(site.victimHits()).toBe(0);
    figures.afterPopupsMib = Math.round(rssKib(env.appPid) / 1024);
  });

  it('fails a 50 MB DOM with page_too_large, refunded, and the next job succeeds', async () => {
    const before = (await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining;
    const answer = await crawl('/huge-dom', { wait_until: 'load' });
    // On a loaded machine the page may outlast SYNC_WAIT_MS: the collected answer must say the same.
    const huge = await settle(answer, org.apiKey);
    expect(huge.status).toBe(500);
    expect(huge.headers.get('x-error-code')).toBe('page_too_large');
    // A failure met during the synchronous wait is refunded (0 charged); a collected failed job keeps its charge, 5
    // credits with js, and its answer carries no credit headers (decisions.md section 2).
    const charged = answer.status === 202 ? 5 : 0;
    expect(answer.headers.get('x-credits-charged')).toBe(String(charged));
    if (answer.status === 202) expect(huge.headers.get('x-credits-charged')).toBeNull();
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(before - charged);
    await nextJobSucceeds();
    figures.afterHugeDomMib = Math.round(rssKib(env.appPid) / 1024);
  });

  it('refuses a raw body (js=false) whose Content-Length passes MAX_PAGE_BYTES at its headers: page_too_large, refunded', async () => {
    const before = (await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining;
    const first = await crawl('/raw-big', { js: 'false' });
    const answer = await settle(first, org.apiKey);
    expect(answer.status).toBe(500);
    expect(answer.headers.get('x-error-code')).toBe('page_too_large');
    // Refunded when met during the synchronous wait (a collected failure keeps its charge: decisions.md 2).
    const charged = first.status === 202 ? 1 : 0;
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(before - charged);
    // Refused at its headers, by its Content-Length (21 MiB), not measured after the whole body was read and parsed.
    expect(answer.body.error).toBe(`The page is ${21 * 1024 * 1024} bytes, more than ${20 * 1024 * 1024} (MAX_PAGE_BYTES).`);
  });

  it("reads a page that lies about its outerHTML (first '', then 200 MB) as it is, and the worker's RSS stays flat", async () => {
    const appRssKib = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${env.appPid}/status`, 'utf8'))?.[1]);
    const before = appRssKib();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, appRssKib())), 10);
    // Sampled until the job's end, collected if it outlasts SYNC_WAIT_MS.
    const answer = await crawl('/liar', { wait_until: 'load' })
      .then((first) => settle(first, org.apiKey))
      .finally(() => clearInterval(sampler));
    peak = Math.max(peak, appRssKib());
    figures.liarAppBeforeMib = Math.round(before / 1024);
    figures.liarAppPeakMib = Math.round(peak / 1024);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<p id="liar">small</p>');
    expect(answer.text.length).toBeLessThan(10_000);
    // The lie, had it been read, is 200 MB as a string in this process, more again as the DevTools message.
    expect(peak - before).toBeLessThan(100 * 1024);
    await nextJobSucceeds();
  });

  it("runs Chromium with none of the service's secrets in its environment", () => {
    const parent = (pid: string) => Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    const below = (pid: string): boolean => {
      for (let current = parent(pid); current > 1; current = parent(String(current))) if (current === env.appPid) return true;
      return false;
    };
    const browsers = readdirSync('/proc').filter((entry) => {
      if (!/^\d+$/.test(entry)) return false;
      try {
        return readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('chrom') && below(entry);
      } catch {
        return false;
      }
    });
    expect(browsers.length).toBeGreaterThan(0);
    const names = new Set(browsers.flatMap((pid) => readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').map((entry) => entry.split('=')[0])));
    for (const secret of ['ADMIN_TOKEN', 'LLM_API_KEY', 'LLM_BASE_URL', 'PROXY_STANDARD', 'PROXY_PREMIUM', 'REDIS_URL', 'DATA_DIR']) expect(names).not.toContain(secret);
    expect(names).toContain('PATH');
  });

  it('captures a running job at most once a second when polled 50 times a second, html cut at 256 KiB', async () => {
    // What every process receives on the debug channels: names only, never the capture itself. Only the messages
    // about this job count.
    const listener = new Redis(env.redisUrl);
    const published: Array<[channel: string, message: string]> = [];
    listener.on('pmessage', (_pattern: string, channel: string, message: string) => published.push([channel, message]));
    await listener.psubscribe('crawlgate:*:events:debug-*');
    // Every capture written to Redis (300 KB each): once per capture, never once per poll.
    const monitored = new Redis(env.redisUrl);
    const monitor = await monitored.monitor();
    const captureWrites: string[] = [];
    monitor.on('monitor', (_time: string, args: string[]) => {
      if (args[0]?.toLowerCase() === 'set' && args[1]?.startsWith('crawlgate:debug:')) captureWrites.push(args[1]);
    });
    const accepted = await crawl('/busy');
    expect(accepted.status).toBe(202);
    const jobId = accepted.body.job_id as string;
    const captures = new Set<string>();
    let polled = 0;
    let withDebug = 0;
    const started = Date.now();
    // Ten polls at once, then again 20 ms after they answer: at least ten polls a round however slow the machine is.
    // At most 150 in all (each answer carries 256 KiB of page source): the RSS test below measures the recovery from a
    // fixed abuse, not from however many polls a fast machine fits in 3 s (300 here once, and node's heap kept more).
    for (let running = true; running && Date.now() - started < 3000 && polled < 150; await sleep(20)) {
      for (const poll of await Promise.all(Array.from({ length: 10 }, () => call(`/crawl/${jobId}`, { key: org.apiKey })))) {
        if (poll.status !== 202) {
          running = false;
          continue;
        }
        polled += 1;
        if (!poll.body.debug) continue;
        withDebug += 1;
        expect(Buffer.byteLength(poll.body.debug.html as string)).toBeLessThanOrEqual(256 * 1024);
        expect(poll.body.debug.truncated).toBe(true);
        captures.add(poll.body.debug.captured_at as string);
      }
    }
    const seconds = (Date.now() - started) / 1000;
    await listener.quit();
    monitor.disconnect();
    monitored.disconnect();
    const nonces = published.filter(([channel, message]) => channel.includes(':debug-ask:') && message.includes(jobId)).map(([, message]) => JSON.parse(message).nonce as string);
    const answers = published.filter(([channel, message]) => channel.endsWith('debug-answer') && nonces.some((nonce) => message.includes(nonce)));
    expect(answers.length).toBeGreaterThan(0);
    expect(Math.max(...answers.map(([, message]) => message.length))).toBeLessThan(200);
    figures.polls = polled;
    figures.pollsWithDebug = withDebug;
    figures.distinctCaptures = captures.size;
    // Polls far outnumber seconds, so without the throttle most of them would carry a capture of their own; with it,
    // the polls answered with a capture share a few.
    expect(polled).toBeGreaterThan(3 * (Math.ceil(seconds) + 1));
    expect(withDebug).toBeGreaterThan(captures.size);
    expect(captures.size).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    figures.captureWrites = captureWrites.length;
    // One capture may start each second (some answer no poll in time), plus the one still in flight when polling stops.
    expect(captureWrites.length).toBeLessThanOrEqual(Math.ceil(seconds) + 2);
    expect((await collect(jobId, org.apiKey)).status).toBe(200);
    await nextJobSucceeds();
    figures.afterPollingMib = Math.round(rssKib(env.appPid) / 1024);
    figures.afterPollingAppOnlyMib = Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${env.appPid}/status`, 'utf8'))?.[1]) / 1024);
  });

  it('applies an admin grant retried with the same Idempotency-Key once', async () => {
    const post = () => call(`/admin/organizations/${org.id}/credits`, {
      method: 'POST', headers: { authorization: `Bearer ${env.adminToken}`, 'idempotency-key': `grant-${org.id}` }, body: { amount: 100, reason: 'retried' },
    });
    const before = (await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining;
    const [first, second] = [await post(), await post()];
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.entry_id).toBe(first.body.entry_id);
    expect((await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining).toBe(before + 100);
    expect((await ledger(env.baseUrl, env.adminToken, org.id)).entries.filter((entry) => entry.reason === 'retried')).toHaveLength(1);
  });

  it('gets RSS of the app and Chromium back within 10% of before the abuse', async () => {
    let now = rssKib(env.appPid);
    // V8 gives back the heap the polls grew only through its memory reducer, a few collections some 8 s apart once
    // the app is idle: one run in seven here was still above the bound after 20 s, and settled below it later.
    for (let wait = 0; wait < 45 && now > baseline * 1.1; wait += 1) {
      await sleep(1000);
      now = rssKib(env.appPid);
    }
    figures.settledMib = Math.round(now / 1024);
    expect(now).toBeLessThanOrEqual(baseline * 1.1);
  });

  it('never writes an API key, user token or the admin token into the app log of the run', async () => {
    // ?key= on the URL, on an answer the service logs (a 500).
    const requestId = `hardening-${org.id}`;
    const answer = await call(`/crawl?key=${encodeURIComponent(org.apiKey)}&url=${encodeURIComponent(`${site.url}/huge-dom`)}&wait_until=load`, { headers: { 'x-request-id': requestId } });
    // The request's own log line is written: the whole log up to it is read.
    await waitForLogLine([`"id":"${requestId}"`, `"status":${answer.status}`]);
    const log = appLog();
    const issued = readFileSync(ISSUED_SECRETS_FILE, 'utf8').split('\n').filter(Boolean);
    expect(issued).toContain(org.apiKey);
    const leaked = [env.adminToken, ...issued].filter((secret) => log.includes(secret));
    expect(leaked).toEqual([]);
  });
});
