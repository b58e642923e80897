import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { loadConfig } from '../../config/app-config.js';
import type { Job } from '../../infra/database/entities/index.js';
import type { JobPayload } from '../../infra/queue/queue.constants.js';
import { JobCaptures } from './job-captures.js';
import { JobRunner } from './job-runner.service.js';

type Steps = string[];

/** A Redis whose MULTI batches record their commands and, once sent, the batch as one step. */
function redis(steps: Steps) {
  return {
    multi: () => {
      const commands: string[] = [];
      const batch = {
        set: (key: string) => (commands.push(`set ${key}`), batch),
        del: (key: string) => (commands.push(`del ${key}`), batch),
        zrem: (key: string, member: string) => (commands.push(`zrem ${key} ${member}`), batch),
        publish: (channel: string) => (commands.push(`publish ${channel}`), batch),
        exec: async () => {
          steps.push(`redis [${commands.join(', ')}]`);
          return [];
        },
      };
      return batch;
    },
  };
}

type Batch = ReturnType<ReturnType<typeof redis>['multi']>;

/** The runner with doubles that record its steps in order; its operation fails at once (no browser involved). */
function runner(steps: Steps, found: boolean) {
  const operation = {
    timeoutMs: () => 10_000,
    route: () => ({ tier: 'standard' }),
    run: async () => {
      steps.push('run');
      throw new AppError(ErrorCode.NavigationTimeout, 'too slow');
    },
  };
  const row = { id: 'j1', organizationId: 'o1', kind: 'crawl', options: '{}', host: 'h.example', webhookUrl: null } as unknown as Job;
  const jobs = {
    start: async () => (steps.push('start'), found ? row : null),
    finish: async (_org: string, _id: string, end: { code: string }) => (steps.push(`finish ${end.code}`), true),
  };
  const heartbeat = {
    start: (id: string, _deadline: number, batch: Batch) => (batch.set(`beat:${id}`), () => steps.push('stop beat')),
    endIn: (batch: Batch, id: string) => batch.del(`beat:${id}`),
  };
  const line = { leaveIn: (batch: Batch, id: string) => batch.zrem('line', id) };
  const limits = { releaseSlotIn: (batch: Batch, _org: string, id: string) => batch.zrem('slots', id) };
  const events = { announceEndIn: (batch: Batch, id: string) => batch.publish(`end:${id}`) };
  const metrics = { jobStep: () => undefined, jobEnded: () => undefined };
  const proxies = { select: async () => ({ id: 'p1', tier: 'standard' }) };
  return new JobRunner(
    loadConfig({}), { get: () => operation } as never, jobs as never, {} as never, proxies as never, limits as never,
    events as never, metrics as never, heartbeat as never, {} as never, line as never, {} as never, new JobCaptures({} as never), redis(steps) as never,
  );
}

const payload = { jobId: 'j1', organizationId: 'o1', kind: 'crawl' } as JobPayload;

describe('JobRunner, the Redis round trips of a job', () => {
  it('leaves the line with the first beat in one batch, once the row says running; ends in one batch', async () => {
    const steps: Steps = [];
    await runner(steps, true).run(payload);
    expect(steps).toEqual([
      'start', 'redis [set beat:j1, zrem line j1]', 'run', 'finish navigation_timeout', 'stop beat',
      'redis [del beat:j1, zrem slots j1, zrem line j1, publish end:j1]',
    ]);
  });

  it('still leaves the line when the job is gone or taken by another worker', async () => {
    const steps: Steps = [];
    await runner(steps, false).run(payload);
    expect(steps).toEqual(['start', 'redis [zrem line j1]']);
  });
});
