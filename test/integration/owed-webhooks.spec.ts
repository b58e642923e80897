import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Bull from 'bull';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import type { Job } from '../../src/infra/database/entities/index.js';
import { SqlProgramRunner } from '../../src/infra/database/sql-program.js';
import { MetricsService } from '../../src/infra/metrics/metrics.service.js';
import type { WebhookPayload } from '../../src/infra/queue/queue.constants.js';
import type { JobRepository } from '../../src/modules/jobs/job.repository.js';
import { OWED_GRACE_MS, OwedWebhooksSweeper } from '../../src/modules/owed-webhooks/owed-webhooks.sweeper.js';
import type { CrawlContext } from '../../src/modules/site/crawl-context.js';
import type { SiteCrawls } from '../../src/modules/site/site-crawls.js';
import type { SiteEnds } from '../../src/modules/site/site-ends.js';
import type { WebhookBacklog } from '../../src/modules/webhooks/webhook-backlog.js';
import type { WebhookDispatcher } from '../../src/modules/webhooks/webhook-dispatcher.service.js';
import { deliveryId, WebhookOutbox } from '../../src/modules/webhooks/webhook-outbox.js';
import { LedgerService } from '../../src/modules/billing/ledger.service.js';
import { fundedOrganization, openDatabase } from './database.js';

/** A datetime column's value as each database takes it in a raw statement. */
const stamp = (kind: 'sqlite' | 'mariadb', at: Date) => (kind === 'sqlite' ? at.toISOString().replace('T', ' ').replace('Z', '') : at);

const url = process.env.IT_REDIS_URL ?? 'redis://127.0.0.1:6379/5';

/**
 * The outbox's rows and its sweep (webhook-outbox.ts, owed-webhooks.sweeper.ts): what a crash between a job's end and
 * its delivery's queueing, or a Redis restarted empty, would have lost is queued again; nothing else is.
 */
describe.each(['sqlite', 'mariadb'] as const)('webhooks owed, on %s', (kind) => {
  let db: DataSource;
  let outbox: WebhookOutbox;
  const redis = new Redis(url);
  const queue = new Bull<WebhookPayload>(`it-owed-${kind}-${Date.now()}`, url);
  const jobs = new Map<string, Partial<Job>>();
  const announced: string[] = [];
  const stored = new Set<string>();
  const fullOrganizations = new Set<string>();
  const metrics = new MetricsService();
  const dropped = async () => (await metrics.registry.getSingleMetric('crawlgate_webhooks_dropped_total')!.get()).values.map(({ labels, value }) => `${labels.event} ${value}`);
  let sweeper: OwedWebhooksSweeper;
  const rows = async () => (await db.query('SELECT delivery FROM webhook_outbox ORDER BY delivery')).map((row: { delivery: string }) => row.delivery);

  beforeAll(async () => {
    db = await openDatabase(kind, '_owed');
    outbox = new WebhookOutbox(new SqlProgramRunner(db));
    const jobRepository = { getForOrganization: async (_org: string, id: string) => jobs.get(id) ?? null } as unknown as JobRepository;
    const dispatcher = { jobEnded: async (_org: string, id: string) => void announced.push(`job.finished ${id}`) } as unknown as WebhookDispatcher;
    const crawls = { context: async (_org: string, id: string) => ({ job: jobs.get(id) }) as unknown as CrawlContext } as unknown as SiteCrawls;
    const ends = {
      announceEnd: async (job: Job) => void announced.push(`crawl finished ${job.id}`),
      announcePage: async (context: CrawlContext, pageId: string) => stored.has(pageId) && announced.push(`site.page ${context.job.id}/${pageId}`) > 0,
    } as unknown as SiteEnds;
    const backlog = { hasFinishedRoom: async (organizationId: string) => !fullOrganizations.has(organizationId) } as unknown as WebhookBacklog;
    sweeper = new OwedWebhooksSweeper(redis, queue, outbox, jobRepository, dispatcher, crawls, ends, backlog, metrics);
  });

  afterAll(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
    redis.disconnect();
    await db.destroy();
  });

  it('queues again what Bull does not hold once it happened, settles what ended, and leaves the rest', async () => {
    const job = (id: string, status: string, extra: Partial<Job> = {}) => jobs.set(id, { id, organizationId: 'org', kind: 'crawl', status, webhookUrl: 'http://hooks.test/', ...extra } as Partial<Job>);
    job('lost', 'done');
    job('running', 'running');
    job('in-queue', 'done');
    job('sent', 'done');
    job('crawl', 'done', { kind: 'site' });
    job('crawl-live', 'running', { kind: 'site' });
    stored.add('7');
    for (const jobId of ['lost', 'running', 'in-queue', 'sent', 'crawl', 'gone']) await outbox.owe({ organizationId: 'org', jobId });
    await outbox.owe({ organizationId: 'org', jobId: 'crawl-live', pageId: '7' });
    await outbox.owe({ organizationId: 'org', jobId: 'crawl-live', pageId: '8' });
    // A second owe of the same delivery is a no-op (a program that writes it twice, a retried start).
    await outbox.owe({ organizationId: 'org', jobId: 'lost' });
    // Sent, and ended in Bull, but its settle was lost (the sender died just then).
    await queue.add({ deliveryId: 'd', organizationId: 'org', url: 'http://hooks.test/', body: '{}' }, { jobId: deliveryId({ jobId: 'sent' }) });
    const taken = await queue.getNextJob();
    expect(taken?.id).toBe(deliveryId({ jobId: 'sent' }));
    await taken!.moveToCompleted('done', true, true);
    await queue.add({ deliveryId: 'd', organizationId: 'org', url: 'http://hooks.test/', body: '{}' }, { jobId: deliveryId({ jobId: 'in-queue' }) });

    // Within the grace, nothing: the writer is about to queue it itself.
    await sweeper.sweep(Date.now());
    expect(announced).toEqual([]);
    await sweeper.sweep(Date.now() + OWED_GRACE_MS + 1_000);
    expect(announced.sort()).toEqual(['crawl finished crawl', 'job.finished lost', 'site.page crawl-live/7']);
    // Settled: the delivery that ended in Bull, and the one whose job is gone. The others stay owed until their delivery
    // ends (the sender settles it), the running job's and the unstored page's until they happen.
    expect(await rows()).toEqual(['webhook:crawl', 'webhook:crawl-live:page:7', 'webhook:crawl-live:page:8', 'webhook:in-queue', 'webhook:lost', 'webhook:running'].sort());
    // The one whose job is gone expired before it was sent: given up, and counted.
    expect(await dropped()).toEqual(['site.page 0', 'job.finished 1']);
    await outbox.settle('webhook:lost');
    expect(await rows()).not.toContain('webhook:lost');
  });

  it("reaches a lost row behind more rows than a page holds that Bull still holds (a slow receiver's), and never one of a job not ended", async () => {
    const org = await fundedOrganization(db, new LedgerService(new SqlProgramRunner(db)), `owed${kind}`, 100);
    await db.query('DELETE FROM webhook_outbox');
    const t0 = Date.now() - 60_000;
    for (let i = 0; i < 201; i++) {
      const jobId = `held-${String(i).padStart(3, '0')}`;
      jobs.set(jobId, { id: jobId, organizationId: 'org', kind: 'crawl', status: 'done', webhookUrl: 'http://hooks.test/' } as Partial<Job>);
      await db.query('INSERT INTO webhook_outbox (delivery, organization_id, job_id, page_id, created_at) VALUES (?, ?, ?, ?, ?)', [deliveryId({ jobId }), 'org', jobId, null, stamp(kind, new Date(t0 + i))]);
      await queue.add({ deliveryId: 'd', organizationId: 'org', url: 'http://hooks.test/', body: '{}' }, { jobId: deliveryId({ jobId }) });
    }
    jobs.set('late-lost', { id: 'late-lost', organizationId: 'org', kind: 'crawl', status: 'failed', webhookUrl: 'http://hooks.test/' } as Partial<Job>);
    await db.query('INSERT INTO webhook_outbox (delivery, organization_id, job_id, page_id, created_at) VALUES (?, ?, ?, ?, ?)', [deliveryId({ jobId: 'late-lost' }), 'org', 'late-lost', null, stamp(kind, new Date(t0 + 500))]);
    // A real job still queued (a site crawl's end is owed from its creation): its row is not due.
    const live = `${org}_live`;
    await new LedgerService(new SqlProgramRunner(db)).charge({
      organizationId: org, requestKey: live, amount: 1, reason: 'site', jobId: live, host: 'live.example',
      job: { kind: 'site', options: '{}', webhookUrl: 'http://hooks.test/', createdAt: new Date(t0), expiresAt: new Date(t0 + 86_400_000) },
    });
    await db.query('INSERT INTO webhook_outbox (delivery, organization_id, job_id, page_id, created_at) VALUES (?, ?, ?, ?, ?)', [deliveryId({ jobId: live }), org, live, null, stamp(kind, new Date(t0 - 1000))]);
    expect((await outbox.due(new Date(), 1000)).map((row) => row.jobId)).not.toContain(live);

    announced.length = 0;
    await sweeper.sweep(Date.now() + OWED_GRACE_MS);
    expect(announced).toEqual(['job.finished late-lost']);
    // A round of one page: the first sees the 200 oldest (all still in Bull), the next goes on where it stopped.
    await outbox.owe({ organizationId: 'org', jobId: 'late-lost' });
    await db.query('UPDATE webhook_outbox SET created_at = ? WHERE job_id = ?', [stamp(kind, new Date(t0 + 500)), 'late-lost']);
    announced.length = 0;
    sweeper.maxPerRound = 200;
    try {
      await sweeper.sweep(Date.now() + OWED_GRACE_MS);
      expect(announced).toEqual([]);
      await sweeper.sweep(Date.now() + OWED_GRACE_MS);
      expect(announced).toEqual(['job.finished late-lost']);
    } finally {
      sweeper.maxPerRound = 5000;
    }
  });

  it("leaves a parked job.finished of an organization with no room for the next round, and queues it once there is room", async () => {
    await db.query('DELETE FROM webhook_outbox');
    jobs.set('parked-1', { id: 'parked-1', organizationId: 'busy', kind: 'crawl', status: 'done', webhookUrl: 'http://hooks.test/' } as Partial<Job>);
    jobs.set('parked-2', { id: 'parked-2', organizationId: 'busy', kind: 'crawl', status: 'done', webhookUrl: 'http://hooks.test/' } as Partial<Job>);
    for (const jobId of ['parked-1', 'parked-2']) await outbox.owe({ organizationId: 'busy', jobId });
    announced.length = 0;
    fullOrganizations.add('busy');
    try {
      await sweeper.sweep(Date.now() + OWED_GRACE_MS + 1_000);
      expect([announced, await rows()]).toEqual([[], ['webhook:parked-1', 'webhook:parked-2']]);
    } finally {
      fullOrganizations.delete('busy');
    }
    await sweeper.sweep(Date.now() + OWED_GRACE_MS + 1_000);
    expect(announced.sort()).toEqual(['job.finished parked-1', 'job.finished parked-2']);
  });
});
