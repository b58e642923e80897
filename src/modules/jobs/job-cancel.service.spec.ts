import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { MeteredAnswer } from '../../common/http/metered-answer.js';
import type { Job } from '../../infra/database/entities/index.js';
import { JobCancelService } from './job-cancel.service.js';

const job = (status: Job['status'], kind = 'crawl') =>
  ({ id: 'pub1_job1', organizationId: 'org1', kind, status, host: 'a.example', price: 5, webhookUrl: null }) as unknown as Job;

/**
 * The service around fakes: `rows` are the job's row at each read after the first (a lost race shows here), `moves`
 * whether the guarded refund moved it. Records what was refunded, released and answered.
 */
function cancelling(rows: Job[], moves: boolean, own?: { cancel(job: Job): Promise<MeteredAnswer> }) {
  const seen = { refunds: 0, releases: 0, answered: [] as string[] };
  const batch = { exec: async () => [] };
  const deps = {
    jobs: { getForOrganization: async () => rows.shift() ?? null },
    ledger: { refundIf: async () => (moves ? (seen.refunds += 1, { entryId: '1', balanceAfter: 100 }) : null) },
    limits: { releaseSlotIn: () => ((seen.releases += 1), batch) },
    line: { leaveIn: () => batch },
    events: { announceEndIn: () => batch },
    registry: { get: () => ({ dailyLimited: false }), find: (kind: string) => ({ dailyLimited: false, ...(own && kind === 'site' ? { own } : {}) }) },
    views: { answer: async (_: unknown, current: Job) => (seen.answered.push(current.status), new MeteredAnswer(500, { json: { status: current.status } }, { jobId: current.id, billing: null, errorCode: 'cancelled' })) },
    metrics: { jobEnded: () => undefined },
    webhooks: { jobEnded: async () => undefined },
    redis: { multi: () => batch },
  };
  const service = new JobCancelService(...(Object.values(deps) as unknown as ConstructorParameters<typeof JobCancelService>));
  return { service, seen };
}

describe('JobCancelService: what DELETE /crawl/{job} does with each status (decisions 9.4)', () => {
  // Quiet: the service logs each cancel.
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose']));

  it('cancels a queued job: refunded, released, answered 200 with its collected envelope and no error header', async () => {
    const { service, seen } = cancelling([job('cancelled')], true);
    const answer = await service.cancel({ job: job('queued'), output: null });
    expect([answer.status, answer.body, answer.facts]).toEqual([200, { json: { status: 'cancelled' } }, { jobId: 'pub1_job1', billing: null }]);
    expect(seen).toEqual({ refunds: 1, releases: 1, answered: ['cancelled'] });
  });

  it('answers an already cancelled job again, moving nothing', async () => {
    const { service, seen } = cancelling([], true);
    expect((await service.cancel({ job: job('cancelled'), output: null })).status).toBe(200);
    expect(seen).toEqual({ refunds: 0, releases: 0, answered: ['cancelled'] });
  });

  it('judges a queued job a worker took meanwhile as running: 409, nothing refunded or released', async () => {
    const { service, seen } = cancelling([job('running')], false);
    await expect(service.cancel({ job: job('queued'), output: null })).rejects.toMatchObject({ code: 'job_not_cancellable', message: 'The job is running; only a queued job can be cancelled.' });
    expect(seen).toEqual({ refunds: 0, releases: 0, answered: [] });
  });

  it.each(['done', 'failed'] as const)('refuses a %s job with 409', async (status) => {
    const { service } = cancelling([], true);
    await expect(service.cancel({ job: job(status), output: null })).rejects.toMatchObject({ code: 'job_not_cancellable', message: `The job has ended (${status}); only a queued job can be cancelled.` });
  });

  it('answers 404 for no job (unknown or foreign)', async () => {
    const { service } = cancelling([], true);
    await expect(service.cancel(null)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('hands a job of a kind that runs its own jobs (site) to that kind, and 409s another kind\'s running job', async () => {
    const stopped: string[] = [];
    const own = { cancel: async (crawl: Job) => (stopped.push(crawl.id), new MeteredAnswer(200, { json: { status: 'cancelled' } }, { jobId: crawl.id, billing: null })) };
    expect((await cancelling([], false, own).service.cancel({ job: job('running', 'site'), output: null })).status).toBe(200);
    expect(stopped).toEqual(['pub1_job1']);
    await expect(cancelling([job('running')], false, own).service.cancel({ job: job('running'), output: null })).rejects.toMatchObject({ code: 'job_not_cancellable' });
  });
});
