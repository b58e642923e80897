import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ProxyRoute } from '../proxy-route.js';
import { openTunnel, proxyFaultOf, TunnelError } from './upstream-tunnel.js';

/** A proxy that accepts connections and reads the CONNECT, but never answers it. */
describe('openTunnel through a proxy that never answers CONNECT', () => {
  let silent: Server;
  const held: Socket[] = [];
  let route: ProxyRoute;

  beforeAll(async () => {
    silent = createServer((socket) => {
      held.push(socket);
      socket.resume();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    route = { id: 'silent', tier: 'standard', server: `http://127.0.0.1:${(silent.address() as AddressInfo).port}` } as ProxyRoute;
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('fails as the proxy\'s once the answer is overdue (another proxy is then tried), not set aside, and closes its connection', async () => {
    const started = Date.now();
    const error = await openTunnel(route, { address: '127.0.0.1', port: 9 }, 300).then(() => null, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(TunnelError);
    expect(error).toMatchObject({ side: 'proxy', setsProxyAside: false, message: 'proxy connection failed: no answer to CONNECT within 300 ms' });
    expect(proxyFaultOf(error, route)).toBeNull();
    expect(Date.now() - started).toBeLessThan(5000);
    await new Promise<void>((resolve) => (held[0].destroyed ? resolve() : held[0].once('close', () => resolve())));
    expect(held[0].destroyed).toBe(true);
  });
});
