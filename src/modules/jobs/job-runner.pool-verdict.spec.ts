import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { loadConfig } from '../../config/app-config.js';
import { JobRunner } from './job-runner.service.js';

type Route = { id: string; tier: 'standard'; sourceIndex: number; callerCredentials: boolean };
const POOL: Route[] = [0, 1].map((index) => ({ id: `standard#${index}`, tier: 'standard', sourceIndex: index, callerCredentials: false }));

/**
 * The runner's attempts (decisions 8.4) against a two-proxy pool whose setting aside has not landed yet: each attempt's
 * outcome is given in order, and the pool answers as ProxyPoolService does, from what the job says failed.
 */
function runner(outcomes: Array<ErrorCode | 'ok'>, pool = POOL) {
  const tried: string[] = [];
  const operation = {
    route: () => ({ tier: 'standard', country: null, city: null }),
    run: async (context: { route: Route }) => {
      tried.push(context.route.id);
      const outcome = outcomes[tried.length - 1];
      if (outcome === 'ok') return { type: 'data', data: 'done' };
      throw new AppError(outcome, outcome);
    },
  };
  const proxies = {
    select: async (_tier: string, _target: unknown, exclude: string[] = []) => pool.find((route) => !exclude.includes(route.id)),
    inService: async (_tier: string, failed: Route[] = []) => pool.some((route) => !failed.some((down) => down.sourceIndex === route.sourceIndex)),
  };
  const jobRunner = new JobRunner(
    loadConfig({}), {} as never, {} as never, {} as never, proxies as never, {} as never,
    {} as never, {} as never, {} as never, {} as never, {} as never, {} as never, {} as never,
  );
  const perform = () => jobRunner.perform(operation as never, {}, { id: 'j1', organizationId: 'o1' }, { deadline: Date.now() + 10_000, signal: new AbortController().signal });
  return { perform, tried };
}

describe('JobRunner.perform: a pool that dies during the job (decisions 8.4)', () => {
  it('ends proxy_pool_unavailable once both proxies failed it, before either is set aside', async () => {
    const { perform, tried } = runner([ErrorCode.ProxyFailed, ErrorCode.ProxyFailed]);
    await expect(perform()).rejects.toMatchObject({ code: ErrorCode.ProxyPoolUnavailable });
    expect(tried).toEqual(['standard#0', 'standard#1']);
  });

  it("leaves a proxy whose credentials carry the caller's geography to the relay's verdict: its 407 may be the caller's city (8.5)", async () => {
    const geographic = POOL.map((route) => ({ ...route, callerCredentials: true }));
    const { perform, tried } = runner([ErrorCode.ProxyFailed, ErrorCode.ProxyFailed], geographic);
    await expect(perform()).rejects.toMatchObject({ code: ErrorCode.ProxyFailed });
    expect(tried).toEqual(['standard#0', 'standard#1']);
  });

  it('answers from the second proxy when only the first failed', async () => {
    const { perform, tried } = runner([ErrorCode.ProxyFailed, 'ok']);
    await expect(perform()).resolves.toEqual({ type: 'data', data: 'done' });
    expect(tried).toEqual(['standard#0', 'standard#1']);
  });

  it("keeps the target's failure: a proxy that delivered an unreachable target is still in service", async () => {
    const { perform } = runner([ErrorCode.ProxyFailed, ErrorCode.TargetUnreachable]);
    await expect(perform()).rejects.toMatchObject({ code: ErrorCode.TargetUnreachable });
    const other = runner([ErrorCode.TargetUnreachable, ErrorCode.ProxyFailed]);
    await expect(other.perform()).rejects.toMatchObject({ code: ErrorCode.ProxyFailed });
  });
});
