import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Bull from 'bull';
import { Redis } from 'ioredis';
import { startWebhookReceiver, type WebhookReceiver } from '../fixtures/webhook-receiver.js';
import { loadConfig } from '../../src/config/app-config.js';
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
  const outbox = { settle: async (id: string) => void settled.push(id) } as unknown as WebhookOutbox;
  const backlog = new WebhookBacklog(redis, queue, outbox);
  const sender = new WebhookSender(config, queue, organizations, new NetworkPolicy(config), redis, backlog, outbox);
  let receiver: WebhookReceiver;
  /** Bull's job hashes of this queue: one per delivery, however often it is deferred. */
  const jobKeys = async () => (await redis.keys(`bull:${name}:webhook:*`)).filter((key) => !key.endsWith(':lock')).length;
  const enqueue = async (organizationId: string, path: string, id: string, cap?: number, after?: string) => {
    const payload = { deliveryId: `dlv_${id}`, organizationId, url: `${receiver.url}${path}`, body: '{}', ...(after ? { after } : {}) };
    const job = await queue.add(payload, deliveryOptions(`webhook:${id}`));
    await backlog.admit(organizationId, String(job.id), cap);
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
    await redis.del('crawlgate:webhook-pending:org-hang', 'crawlgate:webhook-pending:org-cap', 'crawlgate:webhook-senders:org-hang', 'crawlgate:webhook-senders:org-cap',
      'crawlgate:webhook-pending:org-after', 'crawlgate:webhook-senders:org-after');
    await redis.quit();
  });

  it('keeps the key count flat while a hanging receiver holds the backlog', async () => {
    for (let i = 0; i < 12; i++) await enqueue('org-hang', '/hang-1000/', `hang${i}`);
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
    for (let i = 0; i < 5; i++) await enqueue('org-cap', '/capped/', `cap${i}`, 3);
    await queue.resume(true);
    expect(await redis.zrange('crawlgate:webhook-pending:org-cap', 0, -1)).toEqual(['webhook:cap2', 'webhook:cap3', 'webhook:cap4']);
    const delivered = await receiver.waitFor('/capped/', 3);
    await until('settled', async () => (await redis.zcard('crawlgate:webhook-pending:org-cap')) === 0);
    expect(delivered.map((entry) => entry.headers['x-crawlgate-delivery']).sort()).toEqual(['dlv_cap2', 'dlv_cap3', 'dlv_cap4']);
    // Nothing of them is owed any more: the dropped ones and the delivered ones alike.
    expect(settled.filter((id) => id.startsWith('webhook:cap')).sort()).toEqual(['webhook:cap0', 'webhook:cap1', 'webhook:cap2', 'webhook:cap3', 'webhook:cap4']);
    expect(await queue.getJob('webhook:cap0')).toBeNull();
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
});
