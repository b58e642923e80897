import { afterAll, describe, expect, it } from '@jest/globals';
import Bull from 'bull';
import { QUEUE_SETTINGS, webhookQueueSettings } from '../../src/infra/queue/queue-settings.js';

const url = process.env.IT_REDIS_URL ?? 'redis://127.0.0.1:6379/5';
/** Short enough to run here; what the stalled check does with the job (maxStalledCount) is the queue's own. */
const QUICK = { lockDuration: 300, stalledInterval: 200 };

/**
 * A worker killed -9 while it holds a job: the job was taken (its lock written) and never renewed. Another worker's
 * stalled check decides what comes of it: answers whether that worker then runs it ('ran'), or Bull failed it.
 */
async function afterWorkerDeath(settings: Bull.AdvancedSettings, queues: Bull.Queue[]): Promise<string> {
  const name = `it-stall-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const dead = new Bull(name, url, { settings: { ...settings, ...QUICK } });
  queues.push(dead);
  const added = await dead.add({ deliveryId: 'dlv_1' });
  expect((await dead.getNextJob())?.id).toBe(added.id);
  const alive = new Bull(name, url, { settings: { ...settings, ...QUICK } });
  queues.push(alive);
  return new Promise((resolve) => {
    alive.on('failed', (job) => job.id === added.id && resolve('failed'));
    void alive.process(async (job) => {
      if (job.id === added.id) resolve('ran');
    });
  });
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
    const [webhook, browserJob] = await Promise.all([afterWorkerDeath(webhookQueueSettings(1000), queues), afterWorkerDeath(QUEUE_SETTINGS, queues)]);
    expect([webhook, browserJob]).toEqual(['ran', 'failed']);
  });
});
