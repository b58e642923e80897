import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ProxyRoute } from '../proxy-route.js';
import { openTunnel, proxyFaultOf, TunnelError } from './upstream-tunnel.js';

/** A proxy that accepts connections and reads the CONNECT, but never answers it. */
describe('openTunnel through a proxy that never answers CONNECT', () => {
  let silent: Server;
  const held: Socket[] = [];
  let port: number;

  beforeAll(async () => {
    silent = createServer((socket) => {
      held.push(socket);
      socket.resume();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it.each([
    ['http', 'proxy connection failed: no answer to CONNECT within 300 ms'],
    ['socks5', 'socks proxy: Proxy connection timed out'],
  ])('%s: fails as the proxy\'s once the answer is overdue (another proxy is then tried), not set aside, and closes its connection', async (scheme, message) => {
    const route = { id: 'silent', tier: 'standard', server: `${scheme}://127.0.0.1:${port}` } as ProxyRoute;
    const before = held.length;
    const started = Date.now();
    const error = await openTunnel(route, { address: '127.0.0.1', port: 9 }, 300).then(() => null, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(TunnelError);
    expect(error).toMatchObject({ side: 'proxy', setsProxyAside: false, message });
    expect(proxyFaultOf(error, route)).toBeNull();
    expect(Date.now() - started).toBeLessThan(5000);
    const socket = held[before];
    await new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));
    expect(socket.destroyed).toBe(true);
  });
});
