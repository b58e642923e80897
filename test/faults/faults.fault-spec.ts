import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ledger, usage } from '../factories/organization.factory.js';
import { ADMIN_TOKEN, FaultStack, TIMES } from './harness/fault-stack.js';

// Each fault is injected for real into processes this file starts: kill -9 by pid, its own Redis and MariaDB
// killed and started again, SIGTERM under load. Times to recovery are asserted and printed.
jest.setTimeout(180_000);
const PRICE = 5;

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
};
/** Chromium's browser process (not its wrapper script, not one of its children). */
const isBrowser = (pid: number) => {
  const command = commandOf(pid);
  return command.split('\0')[0].includes('chrom') && !command.includes('--type=');
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  for (const until = Date.now() + timeoutMs; !(await check()); await sleep(100)) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
  }
}

describe('faults', () => {
  let stack: FaultStack;
  const recovery: Record<string, number> = {};
  const browserPids = new Set<number>();

  beforeAll(async () => {
    stack = await FaultStack.start('core');
    await stack.startWorker();
  }, 120_000);

  afterAll(async () => {
    process.stdout.write(`fault recovery times (ms): ${JSON.stringify(recovery)}\n`);
    await stack?.stop();
  });

  const remember = () => stack.workers.filter((worker) => worker.running).forEach((worker) => worker.tree().forEach((pid) => browserPids.add(pid)));

  it('kill -9 of a worker and its Chromium: its jobs fail as worker_lost within 10 s on the default heartbeat, once; the sync request is refunded, the 202 is not', async () => {
    const org = await stack.organization();
    const worker = stack.workers[0];
    const accepted = await stack.crawl(org.apiKey, 25_000, 'kill-b');
    expect(accepted.status).toBe(202);
    const waiting = stack.crawl(org.apiKey, 25_000, 'kill-a');
    await waitFor('both pages requested', () => stack.hits('kill-a') === 1 && stack.hits('kill-b') === 1);
    remember();

    const killed = worker.kill9();
    const killedAt = Date.now();
    expect(killed.length).toBeGreaterThan(2);
    expect(await worker.gone).toBe(137);
    const poll = await stack.call(`/crawl/${accepted.body.job_id}`, org.apiKey);
    expect(poll.status).toBe(202);
    expect(poll.body.debug).toBeNull();
    expect(poll.ms).toBeLessThan(1000);
    const fresh = sleep(2000).then(() => stack.startWorker());

    const refunded = await waiting;
    recovery.workerKilledSyncAnswer = Date.now() - killedAt;
    expect(refunded.status).toBe(500);
    expect(refunded.headers.get('x-error-code')).toBe('worker_lost');
    expect(refunded.body).toMatchObject({ status: 'failed', credits_charged: 0, credits_remaining: 1000 - PRICE });
    const lost = await stack.pollUntil(accepted.body.job_id, org.apiKey, (answer) => answer.status !== 202);
    recovery.workerKilledJobFailed = Date.now() - killedAt;
    expect(lost.status).toBe(500);
    expect(lost.headers.get('x-error-code')).toBe('worker_lost');
    expect(lost.body).toMatchObject({ status: 'failed', error: 'The worker running this job stopped.', debug: null });
    expect(recovery.workerKilledJobFailed).toBeLessThan(10_000);

    await fresh;
    const next = await stack.crawl(org.apiKey, 10, 'kill-next');
    expect(next.status).toBe(200);
    remember();
    const entries = (await ledger(stack.api!.baseUrl, ADMIN_TOKEN, org.id)).entries.map((entry) => entry.amount);
    expect(entries.sort((a, b) => a - b)).toEqual([-PRICE, -PRICE, -PRICE, PRICE, 1000]);
    const [day] = (await usage(stack.api!.baseUrl, ADMIN_TOKEN, org.id)).days;
    expect(day).toMatchObject({ host: '127.0.0.1', attempts: 3, crawls: 1, credits: 2 * PRICE });
    expect((await stack.call('/account', org.apiKey)).body.concurrency.in_use).toBe(0);
    expect([stack.hits('kill-a'), stack.hits('kill-b')]).toEqual([1, 1]);
  });

  it('Redis killed and started empty mid-job: 503 queue_unavailable uncharged meanwhile; running and queued jobs all finish', async () => {
    const org = await stack.organization();
    const tags = ['redis-1', 'redis-2', 'redis-3', 'redis-4'];
    const requests = tags.map((tag) => stack.crawl(org.apiKey, 5000, tag));
    await waitFor('three pages running', () => tags.slice(0, 3).every((tag) => stack.hits(tag) === 1));
    remember();

    await stack.redis.down();
    const refused = await stack.crawl(org.apiKey, 10, 'redis-refused');
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: { code: 'queue_unavailable', message: expect.any(String), request_id: expect.any(String), billed: false } });
    // Not ready while Redis is down (decisions.md 6): 503 with terminus's account of what is down.
    const ready = await fetch(new URL('/health/ready', stack.api!.baseUrl));
    expect([ready.status, ((await ready.json()) as { error?: Record<string, unknown> }).error]).toEqual([503, expect.objectContaining({ redis: expect.anything() })]);
    await sleep(2000);
    await stack.redis.up();
    const upAt = Date.now();

    const answers = await Promise.all(requests);
    const ids = answers.map((answer) => answer.headers.get('x-job-id')!);
    const finals = await Promise.all(ids.map((id) => stack.pollUntil(id, org.apiKey, (answer) => answer.status !== 202)));
    recovery.redisRestartAllJobsDone = Date.now() - upAt;
    expect(finals.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(tags.map((tag) => stack.hits(tag))).toEqual([1, 1, 1, 1]);
    expect(stack.hits('redis-refused')).toBe(0);
    expect((await stack.call('/account', org.apiKey)).body.credits_remaining).toBe(1000 - 4 * PRICE);
    // The outage is told in the JSON log, once lost and once back, not as ioredis's stack on every attempt.
    const log = stack.api!.logText();
    expect(log).toContain('Redis connection (shared) lost');
    expect(log).toContain('Redis connection (shared) back');
    expect(log).not.toContain('Unhandled error event');
  });

  it('MariaDB killed and started mid-job: 503 database_unavailable uncharged meanwhile; the running job finishes once it is back', async () => {
    const org = await stack.organization();
    const running = stack.crawl(org.apiKey, 3000, 'db-1');
    await waitFor('the page running', () => stack.hits('db-1') === 1);

    await stack.mariadb.down();
    const refused = await stack.crawl(org.apiKey, 10, 'db-refused');
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: { code: 'database_unavailable', message: expect.any(String), request_id: expect.any(String), billed: false } });
    await sleep(4000);
    await stack.mariadb.up();
    const upAt = Date.now();

    const answer = await running;
    expect([200, 202]).toContain(answer.status);
    const final = await stack.pollUntil(answer.headers.get('x-job-id')!, org.apiKey, (poll) => poll.status !== 202);
    recovery.databaseRestartJobDone = Date.now() - upAt;
    expect(final.status).toBe(200);
    expect(stack.hits('db-refused')).toBe(0);
    const after = await stack.crawl(org.apiKey, 10, 'db-after');
    expect(after.status).toBe(200);
    expect((await stack.call('/account', org.apiKey)).body.credits_remaining).toBe(1000 - 2 * PRICE);
  });

  it('SIGTERM of a worker under load: its running jobs finish, a job sent meanwhile is served by the next worker', async () => {
    const org = await stack.organization();
    const old = stack.workers.find((worker) => worker.running)!;
    const tags = ['term-1', 'term-2', 'term-3'];
    const requests = tags.map((tag) => stack.crawl(org.apiKey, 3000, tag));
    await waitFor('three pages running', () => tags.every((tag) => stack.hits(tag) === 1));
    remember();
    const stopped = old.terminate();
    const replacement = stack.startWorker();
    const late = stack.crawl(org.apiKey, 10, 'term-late');
    const started = Date.now();
    expect((await Promise.all(requests)).map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect([0, 143]).toContain(await stopped);
    recovery.sigtermDrain = Date.now() - started;
    await replacement;
    // Answered in the sync wait, or collected: the next worker's start may outlast the wait on a busy machine.
    const lateAnswer = await late;
    const lateFinal = lateAnswer.status === 202 ? await stack.pollUntil(lateAnswer.headers.get('x-job-id')!, org.apiKey, (poll) => poll.status !== 202) : lateAnswer;
    expect(lateFinal.status).toBe(200);
    expect([...tags, 'term-late'].map((tag) => stack.hits(tag))).toEqual([1, 1, 1, 1]);
  });

  it('a hung renderer (SIGSTOP): its job fails as browser_crashed long before the deadline, its renderer is killed with its context, the browser kept, other jobs finish', async () => {
    const org = await stack.organization();
    for (const worker of stack.workers) if (worker.running) await worker.terminate();
    // The victim's page would load for longer than the test runs, and its job's own limit is longer still: however
    // long the second worker takes to start on a busy machine, only the watchdog can end the victim's job.
    const hung = await stack.startWorker({ BROWSER_CONCURRENCY: '1', JOB_TIMEOUT_MS: '120000' });
    const isRenderer = (pid: number) => commandOf(pid).includes('--type=renderer');
    const victim = stack.crawlHeld(org.apiKey, 110_000, 'hang-a');
    await waitFor('the page of the first job on screen, its script loading', () => stack.hold.hits('hang-a') === 1 && stack.hold.loading('hang-a'));
    const other = await stack.startWorker();
    const bystander = stack.crawl(org.apiKey, 6000, 'hang-b');
    await waitFor('the page of the second job', () => stack.hits('hang-b') === 1);
    remember();
    const renderers = hung.tree().filter(isRenderer);
    const browsersBefore = hung.tree().filter(isBrowser);
    expect(renderers.length).toBeGreaterThan(0);
    for (const pid of renderers) process.kill(pid, 'SIGSTOP');
    const stoppedAt = Date.now();

    // Answered 500 (refunded) inside the sync wait, or 202 when starting the second worker took most of it.
    const first = await victim;
    const failed = first.status === 202 ? await stack.pollUntil(first.body.job_id, org.apiKey, (poll) => poll.status !== 202) : first;
    recovery.hungRendererJobFailed = Date.now() - stoppedAt;
    expect(failed.status).toBe(500);
    expect(failed.headers.get('x-error-code')).toBe('browser_crashed');
    expect(failed.body.status).toBe('failed');
    expect(first.body.credits_charged).toBe(first.status === 202 ? PRICE : 0);
    expect(recovery.hungRendererJobFailed).toBeLessThan(TIMES.jobTimeoutMs);
    expect((await bystander).status).toBe(200);
    // The page's renderer goes with its context. Chromium may have started a spare renderer beside it (no page's, idle),
    // stopped here too: it is let go on, as it would never have stopped.
    await waitFor("the hung page's renderer killed and reaped", () => renderers.some((pid) => !existsSync(`/proc/${pid}`)), 20_000);
    for (const pid of renderers.filter((pid) => existsSync(`/proc/${pid}`))) process.kill(pid, 'SIGCONT');
    recovery.hungRendererReaped = Date.now() - stoppedAt;

    expect([0, 143]).toContain(await other.terminate());
    const next = await stack.crawl(org.apiKey, 10, 'hang-next');
    expect(next.status).toBe(200);
    // The browser answered its own probe throughout: kept, not replaced (a looping page must not buy a launch).
    expect(hung.tree().filter(isBrowser)).toEqual(browsersBefore);
    expect(browsersBefore.length).toBe(1);
    remember();
  });

  it('Chromium killed alone under a running job: the job runs again on a new browser and answers 200, charged once, one attempt', async () => {
    const org = await stack.organization();
    for (const worker of stack.workers) if (worker.running) await worker.terminate();
    const worker = await stack.startWorker();
    const answer = stack.crawl(org.apiKey, 3000, 'lost-a');
    await waitFor('the page requested', () => stack.hits('lost-a') === 1);
    remember();
    const browsers = worker.tree().filter(isBrowser);
    expect(browsers.length).toBe(1);
    process.kill(browsers[0], 'SIGKILL');
    const killedAt = Date.now();

    const served = await answer;
    recovery.browserKilledJobServed = Date.now() - killedAt;
    expect(served.status).toBe(200);
    expect(served.headers.get('x-credits-charged')).toBe(String(PRICE));
    expect(served.headers.get('x-credits-remaining')).toBe(String(1000 - PRICE));
    expect(stack.hits('lost-a')).toBe(2);
    remember();
    expect(worker.tree().filter(isBrowser)).toEqual([expect.any(Number)]);
    expect(worker.tree().filter(isBrowser)).not.toContain(browsers[0]);
    const entries = (await ledger(stack.api!.baseUrl, ADMIN_TOKEN, org.id)).entries.map((entry) => entry.amount);
    expect(entries.sort((a, b) => a - b)).toEqual([-PRICE, 1000]);
    const [day] = (await usage(stack.api!.baseUrl, ADMIN_TOKEN, org.id)).days;
    expect(day).toMatchObject({ host: '127.0.0.1', attempts: 1, crawls: 1, credits: PRICE });
  });

  it('afterwards: balance == sum(ledger) for every organization, no job left queued or running, no Chromium left', async () => {
    await waitFor('every job ended', () => !('queued' in stack.jobStatuses()) && !('running' in stack.jobStatuses()), 30_000);
    const totals = stack.ledgerTotals();
    expect(totals.length).toBeGreaterThanOrEqual(4);
    for (const row of totals) expect(row).toEqual({ ...row, balance: row.ledger });
    for (const worker of stack.workers) if (worker.running) expect([0, 143]).toContain(await worker.terminate());
    const left = [...browserPids].filter((pid) => existsSync(`/proc/${pid}`));
    expect(left).toEqual([]);
  });
});
