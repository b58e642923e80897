import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Bull from 'bull';
import { Redis } from 'ioredis';
import { startWebhookReceiver, type WebhookReceiver } from '../fixtures/webhook-receiver.js';
import { loadConfig } from '../../src/config/app-config.js';
import { MetricsService } from '../../src/infra/metrics/metrics.service.js';
import { NetworkPolicy } from '../../src/infra/network/network-policy.js';
import type { WebhookPayload } from '../../src/infra/queue/queue.constants.js';
import { WEBHOOK_BACKOFF, webhookBackoff } from '../../src/infra/queue/webhook-retry.js';
import type { OrganizationRepository } from '../../src/modules/auth/organization.repository.js';
import { WebhookBacklog } from '../../src/modules/webhooks/webhook-backlog.js';
import type { WebhookOutbox } from '../../src/modules/webhooks/webhook-outbox.js';
import { deliveryOptions } from '../../src/modules/webhooks/webhook-dispatcher.service.js';
import { WebhookSender } from '../../src/modules/webhooks/webhook-sender.service.js';

const url = process.env.IT_REDIS_URL ?? 'redis://127.0.0.1:6379/5';
const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 20_000) => {
  for (const stop = Date.now() + timeoutMs; !(await check()); ) {
    if (Date.now() > stop) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
};

// issue 36.2: a delivery over its organization's share in flight was re-added as a new Bull job every 1.5-3 s.
describe('webhook deliveries wait in place, and an organization has at most so many waiting', () => {
  const name = `it-webhooks-${Date.now()}`;
  const redis = new Redis(url);
  const queue = new Bull<WebhookPayload>(name, url, { settings: { backoffStrategies: { [WEBHOOK_BACKOFF]: webhookBackoff(1000) } } });

  const config = loadConfig({ ALLOW_PRIVATE_TARGETS: 'true' });
  const organizations = { getById: async () => ({ webhookSecret: 'whsec_test' }) } as unknown as OrganizationRepository;
  // The outbox's rows are the database's (webhook-outbox.spec.ts): here only that an ended delivery settles its own.
  const settled: string[] = [];
  const owed: string[] = [];
  const outbox = {
    settle: async (id: string) => void settled.push(id),
    owe: async (delivery: { jobId: string }) => void owed.push(delivery.jobId),
  } as unknown as WebhookOutbox;
  const metrics = new MetricsService();
  const backlog = new WebhookBacklog(redis, queue, outbox, metrics);
  const dropped = async () => (await metrics.registry.getSingleMetric('crawlgate_webhooks_dropped_total')!.get()).values.map(({ labels, value }) => `${labels.event} ${value}`);
  const sender = new WebhookSender(config, queue, organizations, new NetworkPolicy(config), redis, backlog, outbox);
  let receiver: WebhookReceiver;
  /** Bull's job hashes of this queue: one per delivery, however often it is deferred. */
  const jobKeys = async () => (await redis.keys(`bull:${name}:webhook:*`)).filter((key) => !key.endsWith(':lock')).length;
  const enqueue = async (organizationId: string, path: string, id: string, cap?: number, after?: string, finishedCap?: number) => {
    const payload = { deliveryId: `dlv_${id}`, organizationId, url: `${receiver.url}${path}`, body: '{}', ...(after ? { after } : {}) };
    const job = await queue.add(payload, deliveryOptions(`webhook:${id}`));
    await backlog.admit(organizationId, String(job.id), cap, finishedCap);
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    // Closing waits for the deliveries being sent (their connections just cut) to end, then the keys go.
    await queue.close();
    const keys = await redis.keys(`bull:${name}:*`);
    if (keys.length > 0) await redis.del(...keys);
    const orgs = ['org-hang', 'org-cap', 'org-after', 'org-finished', 'org-inflight'];
    await redis.del(...orgs.flatMap((org) => [`crawlgate:webhook-pending:${org}`, `crawlgate:webhook-senders:${org}`]));
    await redis.quit();
  });

  it('keeps the key count flat while a hanging receiver holds the backlog', async () => {
    for (let i = 0; i < 12; i++) await enqueue('org-hang', '/hang-1000/', `hang:page:${i}`);
    sender.onApplicationBootstrap();
    await receiver.waitFor('/hang-1000/', 2);
    await until('a deferral', async () => (await queue.getDelayedCount()) >= 10);
    const counts: number[] = [];
    // Each waiting delivery is deferred 3 or more times over these 8 s; before, each deferral was a new job kept a day.
    for (const stop = Date.now() + 8_000; Date.now() < stop; await new Promise((done) => setTimeout(done, 500))) counts.push(await jobKeys());
    console.log(`issue 36.2: job keys while the backlog waits: ${counts.join(' ')}`);
    expect(new Set(counts)).toEqual(new Set([12]));
    expect(receiver.deliveries.filter((entry) => entry.path === '/hang-1000/')).toHaveLength(2);
    expect(await redis.zcard('crawlgate:webhook-pending:org-hang')).toBe(12);
  });

  it('drops the oldest waiting deliveries past the cap, and delivers the rest', async () => {
    await queue.pause(true);
    try {
      for (let i = 0; i < 5; i++) await enqueue('org-cap', '/capped/', `cap:page:${i}`, 3);
    } finally {
      await queue.resume(true);
    }
    expect(await redis.zrange('crawlgate:webhook-pending:org-cap', 0, -1)).toEqual(['webhook:cap:page:2', 'webhook:cap:page:3', 'webhook:cap:page:4']);
    expect(await dropped()).toEqual(['site.page 2', 'job.finished 0']);
    const delivered = await receiver.waitFor('/capped/', 3);
    await until('settled', async () => (await redis.zcard('crawlgate:webhook-pending:org-cap')) === 0);
    expect(delivered.map((entry) => entry.headers['x-crawlgate-delivery']).sort()).toEqual(['dlv_cap:page:2', 'dlv_cap:page:3', 'dlv_cap:page:4']);
    // Nothing of them is owed any more: the dropped ones and the delivered ones alike.
    expect(settled.filter((id) => id.startsWith('webhook:cap')).sort()).toEqual(['webhook:cap:page:0', 'webhook:cap:page:1', 'webhook:cap:page:2', 'webhook:cap:page:3', 'webhook:cap:page:4']);
    expect(await queue.getJob('webhook:cap:page:0')).toBeNull();
  });

  it('sends a delivery with `after` once every delivery it follows has ended, retries included; one whose job is gone holds nothing', async () => {
    // A member whose Bull job is gone (removed, or lost) is settled when met, not waited on.
    await backlog.admit('org-after', 'webhook:crawl1:page:gone');
    await enqueue('org-after', '/fail-1/after/', 'crawl1:page:1');
    await enqueue('org-after', '/fail-1/after/', 'crawl1', undefined, 'webhook:crawl1:page:');
    const received = await receiver.waitFor('/fail-1/after/', 3);
    // The page's event failed once and was retried 1 s later (backoff 1000 ms); the one after it came only then.
    expect(received.map((entry) => entry.headers['x-crawlgate-delivery'])).toEqual(['dlv_crawl1:page:1', 'dlv_crawl1:page:1', 'dlv_crawl1']);
    await until('settled', async () => (await redis.zcard('crawlgate:webhook-pending:org-after')) === 0);
  });
  it('never drops a job.finished: past its own bound a new one is parked (owed, out of Bull), never pushing another out; page events are bounded apart', async () => {
    await queue.pause(true);
    try {
      await enqueue('org-finished', '/finished/', 'fin1', 3, undefined, 2);
      for (let i = 0; i < 5; i++) await enqueue('org-finished', '/finished/', `fin1:page:${i}`, 3, undefined, 2);
      await enqueue('org-finished', '/finished/', 'fin2', 3, undefined, 2);
      await enqueue('org-finished', '/finished/', 'fin3', 3, undefined, 2);
      // Read while nothing is sent yet (a delivery that ends leaves its index).
      expect(await redis.zrange('crawlgate:webhook-pending:org-finished', 0, -1)).toEqual(['webhook:fin1:page:2', 'webhook:fin1:page:3', 'webhook:fin1:page:4']);
      expect(await redis.zrange('crawlgate:webhook-finished:org-finished', 0, -1)).toEqual(['webhook:fin1', 'webhook:fin2']);
      // fin3 found no room: out of Bull, owed again before and after its removal, not settled, not counted as dropped.
      expect([await queue.getJob('webhook:fin3'), owed.filter((id) => id === 'fin3')]).toEqual([null, ['fin3', 'fin3']]);
      expect(settled.filter((id) => id.startsWith('webhook:fin')).sort()).toEqual(['webhook:fin1:page:0', 'webhook:fin1:page:1']);
      expect(await dropped()).toEqual(['site.page 4', 'job.finished 0']);
    } finally {
      await queue.resume(true);
    }
    const delivered = await receiver.waitFor('/finished/', 5);
    expect(delivered.map((entry) => entry.headers['x-crawlgate-delivery']).sort()).toEqual(['dlv_fin1', 'dlv_fin1:page:2', 'dlv_fin1:page:3', 'dlv_fin1:page:4', 'dlv_fin2']);
    // Room again once those ended: the owed-webhooks sweep (owed-webhooks.spec.ts) asks, then queues it as here.
    await until('room for a job.finished', () => backlog.hasFinishedRoom('org-finished', 2));
    await enqueue('org-finished', '/finished/', 'fin3', 3, undefined, 2);
    expect((await receiver.waitFor('/finished/', 6)).map((entry) => entry.headers['x-crawlgate-delivery'])).toContain('dlv_fin3');
  });

  it('a site.page dropped while it is being sent has that attempt as its last: not retried, owed until it ends, counted once', async () => {
    // The first POST to this path never answers: the attempt fails at the sender's 10 s timeout.
    await enqueue('org-inflight', '/hang-1/inflight/', 'sent:page:0');
    await receiver.waitFor('/hang-1/inflight/', 1);
    await enqueue('org-inflight', '/inflight-next/', 'sent:page:1', 1);
    // Still being sent: not settled, not counted yet (the newer one may be delivered at once: a turn was free).
    expect(settled.filter((id) => id === 'webhook:sent:page:0')).toEqual([]);
    expect(await dropped()).toEqual(['site.page 4', 'job.finished 0']);
    await until('the attempt in flight ended', async () => Boolean((await queue.getJob('webhook:sent:page:0'))?.finishedOn), 30_000);
    const job = await queue.getJob('webhook:sent:page:0');
    expect([job!.failedReason, job!.data.failures]).toEqual(['no answer within 10000 ms (dropped: too many deliveries waiting)', 5]);
    expect(await dropped()).toEqual(['site.page 5', 'job.finished 0']);
    await new Promise((done) => setTimeout(done, 1_500));
    expect(receiver.deliveries.filter((entry) => entry.path === '/hang-1/inflight/')).toHaveLength(1);
    expect(settled.filter((id) => id.startsWith('webhook:sent:')).sort()).toEqual(['webhook:sent:page:0', 'webhook:sent:page:1']);
  }, 60_000);
});
