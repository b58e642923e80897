import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { loadConfig } from '../../../config/app-config.js';
import { connectStatus } from '../../../../test/fixtures/proxy-client.js';
import { NetworkPolicy } from '../../network/network-policy.js';
import type { Redis } from 'ioredis';
import { ProxyPoolService } from '../proxy-pool.service.js';
import type { ProxyRoute } from '../proxy-route.js';
import { EgressRelay } from './egress-relay.js';
import { RelaySlot } from './relay-slot.js';

function relayWith(reportFault: ProxyPoolService['reportFault']): EgressRelay {
  const config = loadConfig({ ALLOW_PRIVATE_TARGETS: 'true', BROWSER_CONCURRENCY: '1' });
  const policy = new NetworkPolicy(config, async () => ['127.0.0.1']);
  return new EgressRelay(config, policy, { reportFault } as unknown as ProxyPoolService);
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('EgressRelay', () => {
  it('does not keep a failed start: the next claim starts the slots again', async () => {
    jest.spyOn(RelaySlot.prototype, 'listen').mockRejectedValueOnce(new Error('listen EADDRINUSE'));
    const relay = relayWith(() => undefined);
    try {
      await expect(relay.claim()).rejects.toThrow('listen EADDRINUSE');
      const slot = await relay.claim();
      expect(slot.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    } finally {
      await relay.onApplicationShutdown();
    }
  });

  it('tells the pool of a proxy that failed itself, to set it aside', async () => {
    const reported: string[] = [];
    const relay = relayWith((route, _reason, fault) => void reported.push(`${route.tier}#${route.sourceIndex} ${fault}`));
    try {
      const slot = await relay.claim();
      // A proxy on a port nothing listens on: the relay judges it failed and asks the pool to set it aside.
      const dead: ProxyRoute = { id: 'dead', tier: 'standard', server: 'http://127.0.0.1:9', country: null, city: null, callerCredentials: false, builtin: false, sourceIndex: 3 };
      slot.bind(dead);
      const url = new URL(slot.url);
      url.username = slot.credentials.username;
      url.password = slot.credentials.password;
      expect(await connectStatus(url.href, '127.0.0.1:80')).toBe(502);
      expect(reported).toEqual(['standard#3 connect']);
    } finally {
      await relay.onApplicationShutdown();
    }
  });

  it('the pool logs a proxy it could not set aside instead of swallowing the error', async () => {
    const logged = new Promise<string>((resolve) =>
      jest.spyOn(Logger.prototype, 'error').mockImplementation((message: unknown) => resolve(String(message))),
    );
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const redis = { set: () => Promise.reject(new Error('Redis is down')) } as unknown as Redis;
    const pool = new ProxyPoolService(loadConfig({}), redis);
    pool.reportFault({ id: 'dead', tier: 'standard', server: 'http://127.0.0.1:9', country: null, city: null, callerCredentials: false, builtin: false, sourceIndex: 3 }, 'refused', 'connect');
    expect(await logged).toBe('Proxy standard#3 could not be set aside: Error: Redis is down');
  });
});
