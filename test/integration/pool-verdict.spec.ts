import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { AppError } from '../../src/common/errors/app-error.js';
import { ErrorCode } from '../../src/common/errors/error-code.js';
import { loadConfig } from '../../src/config/app-config.js';
import type { ProxyRoute } from '../../src/infra/proxy/proxy-route.js';
import { ProxyPoolService } from '../../src/infra/proxy/proxy-pool.service.js';
import { ProxyProbe } from '../../src/infra/proxy/proxy-probe.js';
import { JobRunner } from '../../src/modules/jobs/job-runner.service.js';

/** The pool's two proxies name ports nothing listens on: a connection check succeeds unless the server is `dead` (see proxy-health.spec.ts). */
class CheckedPools extends ProxyPoolService {
  readonly dead = new Set<string>();
  protected override probe = new ProxyProbe(2000, async (server) => !this.dead.has(server));
}

const ENV = { ALLOW_PRIVATE_TARGETS: 'false', PROXY_STANDARD: 'http://a:p@127.0.0.1:8001,http://b:p@127.0.0.1:8002' };

/**
 * decisions 8.4 through JobRunner.perform and the real ProxyPoolService on Redis. Each attempt's operation does what
 * the relay does when the proxy itself fails: it sets the proxy aside without waiting for the write (relay-slot.ts,
 * egress-relay.ts), and the job's error follows. The verdict's read comes after that write on the same connection.
 */
describe('JobRunner.perform: a pool that dies during the job (decisions 8.4)', () => {
  // Each runner's pool has keys of its own: a set-aside proxy never reaches the next test, nor another suite.
  const connections: Redis[] = [];
  afterAll(async () => Promise.all(connections.map((connection) => connection.quit())));

  /**
   * A runner over a fresh pool; `outcomes[n]` is the n-th attempt's: a proxy fault (set aside), a target's failure, a
   * connection the proxy cut as it died (the target's failure to the relay; the proxy refuses connections since), or an answer.
   */
  function runner(outcomes: Array<'proxy' | 'target' | 'cut' | 'ok'>) {
    const redis = new Redis(loadConfig().redisUrl, { keyPrefix: `test:${randomUUID()}:`, maxRetriesPerRequest: 2 });
    connections.push(redis);
    const proxies = new CheckedPools(loadConfig(ENV), redis);
    const tried: number[] = [];
    const operation = {
      route: () => ({ tier: 'standard', country: null, city: null }),
      run: async (context: { route: ProxyRoute }) => {
        tried.push(context.route.sourceIndex);
        const outcome = outcomes[tried.length - 1];
        if (outcome === 'ok') return { type: 'data', data: 'done' };
        if (outcome === 'cut') proxies.dead.add(context.route.server);
        if (outcome === 'target' || outcome === 'cut') throw new AppError(ErrorCode.TargetUnreachable, 'The target could not be reached.');
        void proxies.markFailed(context.route);
        throw new AppError(ErrorCode.ProxyFailed, 'The proxy failed.');
      },
    };
    const jobRunner = new JobRunner(
      loadConfig(ENV), {} as never, {} as never, {} as never, proxies, {} as never,
      {} as never, {} as never, {} as never, {} as never, {} as never, {} as never, {} as never, {} as never,
    );
    const perform = () => jobRunner.perform(operation as never, {}, { id: 'j1', organizationId: 'o1' }, { deadline: Date.now() + 10_000, signal: new AbortController().signal });
    return { perform, tried, proxies };
  }

  it('ends proxy_pool_unavailable once both proxies failed it, each tried once', async () => {
    const { perform, tried } = runner(['proxy', 'proxy']);
    await expect(perform()).rejects.toMatchObject({ code: ErrorCode.ProxyPoolUnavailable });
    expect(tried.sort()).toEqual([0, 1]);
  });

  it('answers from the second proxy when only the first failed', async () => {
    const { perform, tried } = runner(['proxy', 'ok']);
    await expect(perform()).resolves.toEqual({ type: 'data', data: 'done' });
    expect(tried.sort()).toEqual([0, 1]);
  });

  it("keeps the target's failure, and a proxy failure while another proxy is still in service", async () => {
    await expect(runner(['proxy', 'target']).perform()).rejects.toMatchObject({ code: ErrorCode.TargetUnreachable });
    await expect(runner(['target', 'proxy']).perform()).rejects.toMatchObject({ code: ErrorCode.ProxyFailed });
  });

  it("ends proxy_pool_unavailable when the retry's proxy fails and the first, which cut the connection, refuses connections since", async () => {
    const { perform, tried, proxies } = runner(['cut', 'proxy']);
    // Admission's check, younger than the TTL when the verdict comes, saw both proxies accept: the verdict checks again.
    await proxies.assertAvailable('standard');
    await expect(perform()).rejects.toMatchObject({ code: ErrorCode.ProxyPoolUnavailable });
    expect(tried.sort()).toEqual([0, 1]);
  });
});
