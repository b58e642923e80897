import { createServer, request, type Server as HttpServer } from 'node:http';
import { connect, createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../../config/app-config.js';
import { NetworkPolicy } from '../../network/network-policy.js';
import type { ProxyRoute } from '../proxy-route.js';
import { proxyAuthorization, slotProxyUrl } from '../../../../test/fixtures/proxy-client.js';
import { RelaySlot } from './relay-slot.js';

// A small SOCKS5 server (RFC 1928/1929, user name and password) on 127.0.0.1 stands for a SOCKS pool proxy.
let socks: TcpServer;
let target: HttpServer;
let targetPort: number;
const faults: string[] = [];

function once(socket: Socket): Promise<Buffer> {
  return new Promise((resolve) => socket.once('data', resolve));
}

async function socksSession(client: Socket): Promise<void> {
  await once(client);
  client.write(Buffer.from([5, 2]));
  const auth = await once(client);
  const user = auth.subarray(2, 2 + auth[1]).toString();
  const password = auth.subarray(3 + auth[1], 3 + auth[1] + auth[2 + auth[1]]).toString();
  if (user !== 'u' || password !== 'p') return void client.end(Buffer.from([1, 1]));
  client.write(Buffer.from([1, 0]));
  const ask = await once(client);
  const host = ask[3] === 3 ? ask.subarray(5, 5 + ask[4]).toString() : [...ask.subarray(4, 8)].join('.');
  const port = ask.readUInt16BE(ask.length - 2);
  if (host.endsWith('.invalid')) return void client.end(Buffer.from([5, 4, 0, 1, 0, 0, 0, 0, 0, 0]));
  const upstream = connect({ host, port }, () => {
    client.write(Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]));
    client.pipe(upstream).pipe(client);
  });
  upstream.on('error', () => client.destroy());
}

function route(overrides: Partial<ProxyRoute> = {}): ProxyRoute {
  const server = `socks5://127.0.0.1:${(socks.address() as AddressInfo).port}`;
  return { id: 's', tier: 'standard', server, username: 'u', password: 'p', country: null, city: null, callerCredentials: false, builtin: false, sourceIndex: 0, ...overrides };
}

function viaRelay(proxyUrl: string, path: string, method = 'GET'): Promise<number> {
  const proxy = new URL(proxyUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: proxy.hostname, port: proxy.port, method, path, agent: false, headers: proxyAuthorization(proxy) });
    req.on('connect', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('response', (res) => resolve(res.resume().statusCode ?? 0));
    req.on('error', reject).end();
  });
}

beforeAll(async () => {
  socks = createTcpServer((client) => void socksSession(client).catch(() => client.destroy()));
  await new Promise<void>((resolve) => socks.listen(0, '127.0.0.1', resolve));
  target = createServer((_req, res) => res.writeHead(594).end('target 594'));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetPort = (target.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => socks.close(resolve));
  await new Promise((resolve) => target.close(resolve));
});

describe('RelaySlot through a SOCKS5 proxy', () => {
  const relay = new RelaySlot(0, new NetworkPolicy(loadConfig({ ALLOW_PRIVATE_TARGETS: 'true' })), (_route, reason) => faults.push(reason));
  beforeAll(() => relay.listen());
  afterAll(() => relay.close());

  it("carries plain http and tunnels, the target's own 594 included, without a proxy fault", async () => {
    const binding = relay.bind(route());
    expect(await viaRelay(slotProxyUrl(relay), `http://127.0.0.1:${targetPort}/`)).toBe(594);
    expect(await viaRelay(slotProxyUrl(relay), `127.0.0.1:${targetPort}`, 'CONNECT')).toBe(200);
    expect(binding.proxyFault).toBeNull();
  });

  it('sees a host the proxy cannot reach as the target failing', async () => {
    const binding = relay.bind(route());
    expect(await viaRelay(slotProxyUrl(relay), 'no-such-host.invalid:443', 'CONNECT')).toBe(502);
    expect(binding.proxyFault).toBeNull();
  });

  it("reports the proxy's own authentication refusal", async () => {
    faults.length = 0;
    const binding = relay.bind(route({ password: 'wrong' }));
    expect(await viaRelay(slotProxyUrl(relay), `127.0.0.1:${targetPort}`, 'CONNECT')).toBe(502);
    expect(binding.proxyFault).toMatch(/auth/i);
    expect(faults).toHaveLength(1);
  });
});
