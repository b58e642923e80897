import { afterAll, describe, expect, it } from '@jest/globals';
import Bull from 'bull';
import { QUEUE_SETTINGS, webhookQueueSettings } from '../../src/infra/queue/queue-settings.js';

const url = process.env.IT_REDIS_URL ?? 'redis://127.0.0.1:6379/5';
/** Short enough to run here; what the stalled check does with the job (maxStalledCount) is the queue's own. */
const LOCK_MS = 300;
const CHECK_MS = 100;

/**
 * A worker killed -9 holds its job's lock until it expires; the next stalled check of any process decides what comes
 * of the job. `taken` is a job taken by a worker that died at once (its lock never renewed).
 */
async function afterWorkerDeath(settings: Bull.AdvancedSettings): Promise<{ state: string; queues: Bull.Queue[] }> {
  const name = `it-stall-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const quick = { ...settings, lockDuration: LOCK_MS, stalledInterval: CHECK_MS };
  const dead = new Bull(name, url, { settings: quick });
  const alive = new Bull(name, url, { settings: quick });
  const added = await dead.add({ deliveryId: 'dlv_1' });
  const taken = await dead.getNextJob();
  expect(taken?.id).toBe(added.id);
  await new Promise((done) => setTimeout(done, LOCK_MS * 2));
  // Two checks, as Bull's stalled checker runs them: the first marks the active jobs, the next takes the unlocked ones.
  await alive.moveUnlockedJobsToWait();
  await new Promise((done) => setTimeout(done, CHECK_MS * 2));
  await alive.moveUnlockedJobsToWait();
  const job = await alive.getJob(added.id);
  return { state: (await job?.getState()) ?? 'gone', queues: [dead, alive] };
}

describe('a worker killed while it sends a webhook', () => {
  const queues: Bull.Queue[] = [];
  afterAll(async () => {
    await Promise.all(queues.map(async (queue) => {
      await queue.empty();
      await queue.close();
    }));
  });

  it('leaves the delivery to another worker (decisions.md 7.4: retried), where a browser job is failed instead', async () => {
    const webhook = await afterWorkerDeath(webhookQueueSettings(1000));
    const browserJob = await afterWorkerDeath(QUEUE_SETTINGS);
    queues.push(...webhook.queues, ...browserJob.queues);
    expect([webhook.state, browserJob.state]).toEqual(['waiting', 'failed']);
  });
});
