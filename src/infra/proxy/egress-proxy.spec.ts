import { createServer, Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { loadConfig } from '../../config/app-config.js';
import { HostVerdict, NetworkPolicy } from '../network/network-policy.js';
import { connectStatus, viaProxy } from '../../../test/fixtures/proxy-client.js';
import { EgressProxy } from './egress-proxy.js';

let target: HttpServer;
let targetPort: number;

function egress(allowPrivateTargets: boolean): EgressProxy {
  const config = loadConfig({ ALLOW_PRIVATE_TARGETS: String(allowPrivateTargets), UNCOVERED_DOMAINS: 'linkedin.com' });
  return new EgressProxy(new NetworkPolicy(config, async (host) => (host === 'intranet.test' ? ['10.0.0.5'] : [])));
}

beforeAll(async () => {
  target = createServer((_req, res) => res.end('hello from the target'));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetPort = (target.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => target.close(resolve));
});

describe('EgressProxy with ALLOW_PRIVATE_TARGETS=true', () => {
  const proxy = egress(true);
  afterAll(() => proxy.stop());

  it('starts once on an ephemeral loopback port', async () => {
    const url = await proxy.start();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await proxy.start()).toBe(url);
    expect(proxy.url).toBe(url);
  });

  it('forwards a plain-http request to a loopback target', async () => {
    const answer = await viaProxy(await proxy.start(), `http://127.0.0.1:${targetPort}/page`);
    expect(answer).toEqual({ status: 200, body: 'hello from the target' });
  });

  it('tunnels CONNECT to a loopback target', async () => {
    expect(await connectStatus(await proxy.start(), `127.0.0.1:${targetPort}`)).toBe(200);
  });

  it('still refuses an uncovered domain', async () => {
    expect(await connectStatus(await proxy.start(), 'www.linkedin.com:443')).toBe(403);
  });
});

describe('EgressProxy with ALLOW_PRIVATE_TARGETS=false', () => {
  const proxy = egress(false);
  afterAll(() => proxy.stop());

  it('refuses a plain-http request to a loopback target', async () => {
    const answer = await viaProxy(await proxy.start(), `http://127.0.0.1:${targetPort}/page`);
    expect(answer.status).toBe(403);
    expect(answer.body).not.toContain('hello from the target');
  });

  it.each(['127.0.0.1', '2130706433', '0x7f.1', '[::1]', 'localhost', 'intranet.test', '169.254.169.254'])(
    'refuses CONNECT to %s',
    async (host) => {
      expect(await connectStatus(await proxy.start(), `${host}:${targetPort}`)).toBe(403);
    },
  );

  it('does not connect to a name the policy could not resolve', async () => {
    // proxy-chain hangs up a tunnel whose target it cannot reach; 0 stands for that.
    const status = await connectStatus(await proxy.start(), `unresolvable.test:${targetPort}`).catch(() => 0);
    expect(status).not.toBe(200);
  });

  it('connects to exactly the addresses the policy checked, not to a fresh DNS answer', async () => {
    // Stands in for a public name: only the pinned lookup can make pinned.test reach the target.
    class PinningPolicy extends NetworkPolicy {
      override async inspectHost(host: string): Promise<HostVerdict> {
        return host === 'pinned.test' ? { allowed: true, addresses: ['127.0.0.1'] } : super.inspectHost(host);
      }
    }
    const pinned = new EgressProxy(new PinningPolicy(loadConfig({ ALLOW_PRIVATE_TARGETS: 'false' })));
    try {
      const url = await pinned.start();
      expect(await connectStatus(url, `pinned.test:${targetPort}`)).toBe(200);
      expect(await viaProxy(url, `http://pinned.test:${targetPort}/`)).toEqual({ status: 200, body: 'hello from the target' });
    } finally {
      await pinned.stop();
    }
  });

  it('can be stopped and started again', async () => {
    await proxy.stop();
    expect(proxy.url).toBeNull();
    expect(await proxy.start()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});
