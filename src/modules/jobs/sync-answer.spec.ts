import { describe, expect, it } from '@jest/globals';
import { ErrorCode } from '../../common/errors/error-code.js';
import { loadConfig } from '../../config/app-config.js';
import type { Job } from '../../infra/database/entities/index.js';
import type { Operation } from './operation.js';
import { SyncAnswerService } from './sync-answer.service.js';

const queued = { id: 'pub1_job1', organizationId: 'org1', host: 'a.example', price: 5, status: 'queued', errorCode: null, errorMessage: null } as unknown as Job;
const operation = { kind: 'crawl', dailyLimited: true } as unknown as Operation;

/** The wait around a job that ends (or not) as `found` says; refunds, answers and attempts tallied with a 202 are recorded. */
function waitFor(ended: boolean, found: { job: Job; output: null } | null | 'database gone', thenFound?: { job: Job; output: null }) {
  const refunds: unknown[] = [];
  const answers: unknown[] = [];
  const earlyAttempts: unknown[] = [];
  const events = { waitForEnd: async () => ended };
  const gone = () => Promise.reject(new Error('gone'));
  let reads = 0;
  const jobs = {
    getWithOutput: async () => (found === 'database gone' ? gone() : reads++ > 0 && thenFound ? thenFound : found),
    // The mark moves nothing once the job ended (thenFound: it ended between the read and the mark).
    tallyEarlyAttempt: async (...args: unknown[]) => (found === 'database gone' ? gone() : thenFound ? false : earlyAttempts.push(args) > 0),
  };
  const ledger = {
    refund: async (request: unknown) => {
      refunds.push(request);
      return { balanceAfter: 100 };
    },
  };
  const views = {
    answer: async (_: Operation, job: Job, billing: unknown) => {
      answers.push({ status: job.status, billing });
      return { status: job.status === 'queued' || job.status === 'running' ? 202 : job.status === 'done' ? 200 : 500 };
    },
  };
  const service = new SyncAnswerService(loadConfig({}), events as never, jobs as never, ledger as never, views as never, { jobStep: () => undefined } as never);
  return { answer: () => service.answer(operation, queued, 95), refunds, answers, earlyAttempts };
}

describe('SyncAnswerService: the synchronous wait and its refund', () => {
  it('answers a job still queued at the deadline as charged, without a refund', async () => {
    const wait = waitFor(false, { job: queued, output: null });
    await wait.answer();
    expect(wait.answers).toEqual([{ status: 'queued', billing: { charged: 5, remaining: 95 } }]);
    expect(wait.refunds).toEqual([]);
  });

  it('tallies the attempt of a job answered 202 (service-spec States: already tallied), and of no job that ended in the wait', async () => {
    const running = waitFor(false, { job: { ...queued, status: 'running' } as Job, output: null });
    expect((await running.answer()).status).toBe(202);
    expect(running.earlyAttempts).toEqual([['org1', 'pub1_job1', 'a.example']]);
    for (const ended of [{ ...queued, status: 'done' }, { ...queued, status: 'failed', errorCode: ErrorCode.NavigationTimeout }, { ...queued, status: 'failed', errorCode: ErrorCode.ActionFailed }]) {
      const wait = waitFor(true, { job: ended as Job, output: null });
      await wait.answer();
      expect(wait.earlyAttempts).toEqual([]);
    }
  });

  it('refunds a job that failed within the wait and answers it with nothing charged', async () => {
    const failed = { ...queued, status: 'failed', errorCode: ErrorCode.NavigationTimeout } as Job;
    const wait = waitFor(true, { job: failed, output: null });
    await wait.answer();
    expect(wait.refunds).toEqual([{
      organizationId: 'org1', requestKey: 'pub1_job1', jobId: 'pub1_job1', host: 'a.example', dailyLimited: true, untallyAttempt: false,
    }]);
    expect(wait.answers).toEqual([{ status: 'failed', billing: { charged: 0, remaining: 100 } }]);
  });

  it('answers a job whose end the wait did not hear (just after it, or its event lost) as ended: a failure refunded, never a charged 500', async () => {
    const failed = { ...queued, status: 'failed', errorCode: ErrorCode.NavigationTimeout } as Job;
    const wait = waitFor(false, { job: failed, output: null });
    expect((await wait.answer()).status).toBe(500);
    expect(wait.refunds).toMatchObject([{ requestKey: 'pub1_job1', untallyAttempt: false }]);
    expect(wait.answers).toEqual([{ status: 'failed', billing: { charged: 0, remaining: 100 } }]);
    const cancelled = waitFor(false, { job: { ...queued, status: 'cancelled', errorCode: ErrorCode.Cancelled } as Job, output: null });
    await cancelled.answer();
    expect(cancelled.answers).toEqual([{ status: 'cancelled', billing: { charged: 0, remaining: 100 } }]);
    const done = waitFor(false, { job: { ...queued, status: 'done' } as Job, output: null });
    expect((await done.answer()).status).toBe(200);
    expect([done.refunds, done.earlyAttempts]).toEqual([[], []]);
  });

  it('answers a job that ended between the read and its 202 mark as ended: refunded, never a 202 of a job that failed unmarked', async () => {
    const running = { job: { ...queued, status: 'running' } as Job, output: null };
    const failed = { job: { ...queued, status: 'failed', errorCode: ErrorCode.NavigationTimeout } as Job, output: null };
    const wait = waitFor(false, running, failed);
    expect((await wait.answer()).status).toBe(500);
    expect(wait.refunds).toMatchObject([{ requestKey: 'pub1_job1' }]);
    // The 202 was built, then its mark found the job ended: the ended answer is the one sent.
    expect(wait.answers).toEqual([{ status: 'running', billing: { charged: 5, remaining: 95 } }, { status: 'failed', billing: { charged: 0, remaining: 100 } }]);
  });

  it('answers a job cancelled within the wait with nothing charged and the balance its cancel restored (the refund replayed)', async () => {
    const cancelled = { ...queued, status: 'cancelled', errorCode: ErrorCode.Cancelled } as Job;
    const wait = waitFor(true, { job: cancelled, output: null });
    await wait.answer();
    expect(wait.refunds).toMatchObject([{ requestKey: 'pub1_job1', untallyAttempt: false }]);
    expect(wait.answers).toEqual([{ status: 'cancelled', billing: { charged: 0, remaining: 100 } }]);
  });

  it.each([ErrorCode.ActionFailed, ErrorCode.AiInvalidOutput])('answers a job that failed with %s as billed: charged, no refund (decisions 9)', async (code) => {
    const failed = { ...queued, status: 'failed', errorCode: code } as Job;
    const wait = waitFor(true, { job: failed, output: null });
    await wait.answer();
    expect(wait.refunds).toEqual([]);
    expect(wait.answers).toEqual([{ status: 'failed', billing: { charged: 5, remaining: 95 } }]);
  });

  it('refunds a job whose pool died, with its attempt, and refuses with proxy_pool_unavailable', async () => {
    const failed = { ...queued, status: 'failed', errorCode: ErrorCode.ProxyPoolUnavailable, errorMessage: 'pool gone' } as Job;
    const wait = waitFor(true, { job: failed, output: null });
    await expect(wait.answer()).rejects.toMatchObject({ code: ErrorCode.ProxyPoolUnavailable, message: 'pool gone' });
    expect(wait.refunds).toMatchObject([{ untallyAttempt: true }]);
    expect(wait.answers).toEqual([]);
  });

  it('answers the job as queued and charged when the database is gone at the end: it is paid', async () => {
    const wait = waitFor(true, 'database gone');
    // Its attempt is not tallied either: the job's end tallies it.
    expect((await wait.answer()).status).toBe(202);
    expect(wait.answers).toEqual([{ status: 'queued', billing: { charged: 5, remaining: 95 } }]);
    expect(wait.refunds).toEqual([]);
  });
});
