import { describe, expect, it } from '@jest/globals';
import { ErrorCode } from '../../common/errors/error-code.js';
import type { Job } from '../../infra/database/entities/index.js';
import { enqueueChargedJob } from './charged-job.js';

const job = { id: 'pub1_job1', organizationId: 'org1', kind: 'crawl', host: 'a.example', price: 5 } as unknown as Job;

/** A queue that accepts or refuses, and a repository and ledger that record what they are asked, in order. */
function world(queueUp: boolean) {
  const steps: unknown[] = [];
  const line = {
    add: async (payload: unknown, priority: number) => {
      steps.push(['add', payload, priority]);
      if (!queueUp) throw new Error('redis gone');
    },
  };
  const jobs = { markFailed: async (...args: unknown[]) => void steps.push(['markFailed', ...args]) };
  const ledger = { refund: async (request: unknown) => void steps.push(['refund', request]) };
  return { enqueue: () => enqueueChargedJob(line, jobs as never, ledger as never, job, 4, true), steps };
}

describe('enqueueChargedJob: a charged job the queue refuses is failed and refunded before the caller hears', () => {
  it('queues the job with its plan priority, and nothing else', async () => {
    const { enqueue, steps } = world(true);
    await enqueue();
    expect(steps).toEqual([['add', { jobId: 'pub1_job1', kind: 'crawl', organizationId: 'org1' }, 4]]);
  });

  it('marks the job failed, refunds it, then refuses with queue_unavailable', async () => {
    const { enqueue, steps } = world(false);
    await expect(enqueue()).rejects.toMatchObject({ code: ErrorCode.QueueUnavailable, message: 'The job queue is unavailable; nothing was charged. Retry later.' });
    expect(steps.slice(1)).toEqual([
      ['markFailed', 'org1', 'pub1_job1', ErrorCode.QueueUnavailable, 'The job queue is unavailable.'],
      ['refund', { organizationId: 'org1', requestKey: 'pub1_job1', jobId: 'pub1_job1', host: 'a.example', dailyLimited: true }],
    ]);
  });
});
