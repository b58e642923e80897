import type { lookup } from 'node:dns';
import { Agent, createServer, request, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { RequestError, Server as ProxyServer } from 'proxy-chain';
import { loadConfig } from '../../../config/app-config.js';
import { NetworkPolicy, type HostResolver } from '../../network/network-policy.js';
import type { ProxyRoute } from '../proxy-route.js';
import { connectStatus, proxyAuthorization, slotProxyUrl, viaProxy } from '../../../../test/fixtures/proxy-client.js';
import { parseAuthority } from './relay-forward.js';
import { RelaySlot } from './relay-slot.js';

// Real sockets on 127.0.0.1: a target, two upstream proxies that record what they carry, a closed port.
let target: HttpServer;
let targetPort: number;
let closedPort: number;
let upstreams: Array<{ server: ProxyServer; seen: string[] }>;
let listener: TcpServer;
let listenerHits = 0;
const faults: string[] = [];

const notFound = ((_host: string, _options: unknown, callback: (error: Error) => void) =>
  callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }))) as unknown as typeof lookup;

async function upstream(): Promise<{ server: ProxyServer; seen: string[] }> {
  const seen: string[] = [];
  const server = new ProxyServer({
    host: '127.0.0.1',
    port: 0,
    prepareRequestFunction: ({ username, password, hostname, port }) => {
      if (username !== 'u' || password !== 'p') throw new RequestError('Proxy credentials required', 407);
      seen.push(`${hostname}:${port}`);
      return hostname === 'no-such-host.invalid' ? { dnsLookup: notFound } : {};
    },
  });
  await server.listen();
  return { server, seen };
}

function route(index: number, overrides: Partial<ProxyRoute> = {}): ProxyRoute {
  const server = `http://127.0.0.1:${upstreams[index].server.port}`;
  return { id: `r${index}`, tier: 'standard', server, username: 'u', password: 'p', country: null, city: null, callerCredentials: false, builtin: false, sourceIndex: index, ...overrides };
}

/** The worker's own DNS in these specs: `site.test` is the target; anything else does not resolve, `broken.test` throws. */
const workerDns: HostResolver = async (host) => {
  if (host === 'broken.test') throw new Error('too many DNS lookups waiting');
  return host === 'site.test' ? ['127.0.0.1'] : [];
};

function slot(allowPrivate = true): RelaySlot {
  const policy = new NetworkPolicy(loadConfig({ ALLOW_PRIVATE_TARGETS: String(allowPrivate) }), workerDns);
  return new RelaySlot(0, policy, (_route, reason) => faults.push(reason));
}

beforeAll(async () => {
  target = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    const status = Number(query.get('status') ?? 200);
    const size = Number(query.get('size') ?? 0);
    res.writeHead(status, status === 407 ? { 'proxy-authenticate': 'Basic realm="target"' } : {}).end(size ? 'x'.repeat(size) : `target ${status}`);
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetPort = (target.address() as AddressInfo).port;
  upstreams = [await upstream(), await upstream()];
  const closed = createTcpServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  listener = createTcpServer((socket) => {
    listenerHits++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await Promise.all(upstreams.map(({ server }) => server.close(true)));
  await new Promise((resolve) => target.close(resolve));
  await new Promise((resolve) => listener.close(resolve));
});

describe('RelaySlot through an upstream proxy', () => {
  const relay = slot();
  beforeAll(() => relay.listen());
  afterAll(() => relay.close());

  it.each([407, 590, 594, 599])("passes a target's own %i through as the target's answer, no proxy fault", async (status) => {
    const binding = relay.bind(route(0));
    faults.length = 0;
    expect(await viaProxy(slotProxyUrl(relay), `http://127.0.0.1:${targetPort}/?status=${status}`)).toEqual({ status, body: `target ${status}` });
    expect(binding.proxyFault).toBeNull();
    expect(faults).toEqual([]);
  });

  it('never hands a name the worker cannot resolve to the proxy (private targets allowed): the target fails, not the proxy', async () => {
    const binding = relay.bind(route(0));
    faults.length = 0;
    upstreams[0].seen.length = 0;
    expect(await connectStatus(slotProxyUrl(relay), 'no-such-host.invalid:443')).toBe(502);
    expect(await connectStatus(slotProxyUrl(relay), 'broken.test:443')).toBe(502);
    await expect(viaProxy(slotProxyUrl(relay), 'http://no-such-host.invalid/')).rejects.toThrow();
    expect(upstreams[0].seen).toEqual([]);
    expect(binding.proxyFault).toBeNull();
    expect(faults).toEqual([]);
  });

  it('sends the proxy the address it checked, not the name', async () => {
    relay.bind(route(0));
    upstreams[0].seen.length = 0;
    expect(await viaProxy(slotProxyUrl(relay), `http://site.test:${targetPort}/?status=200`)).toEqual({ status: 200, body: 'target 200' });
    expect(await connectStatus(slotProxyUrl(relay), `site.test:${targetPort}`)).toBe(200);
    expect(upstreams[0].seen).toEqual([`127.0.0.1:${targetPort}`, `127.0.0.1:${targetPort}`]);
  });

  it("counts the bytes its upstream connections read, once each, whether they are open or closed (9.7's cache bound)", async () => {
    relay.bind(route(0));
    const before = relay.receivedBytes;
    expect(relay.login.receivedBytes()).toBe(before);
    const answer = await viaProxy(slotProxyUrl(relay), `http://site.test:${targetPort}/?size=100000`);
    expect(answer.body.length).toBe(100_000);
    const read = relay.receivedBytes - before;
    // The body and the target's status line and headers, as the proxy relayed them.
    expect(read).toBeGreaterThan(100_000);
    expect(read).toBeLessThan(100_500);
    relay.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(relay.receivedBytes - before).toBe(read);
    relay.bind(route(0));
    expect(relay.login.receivedBytes() - before).toBe(read);
  });

  it('reports a proxy that refuses connections, once per failure, and answers the browser without a target status', async () => {
    const binding = relay.bind(route(0, { server: `http://127.0.0.1:${closedPort}` }));
    faults.length = 0;
    expect(await connectStatus(slotProxyUrl(relay), `127.0.0.1:${targetPort}`)).toBe(502);
    await expect(viaProxy(slotProxyUrl(relay), `http://127.0.0.1:${targetPort}/`)).rejects.toThrow();
    expect(binding.proxyFault).toMatch(/proxy connection failed/);
    expect(faults).toHaveLength(2);
  });

  it("reports the proxy's own authentication refusal", async () => {
    const binding = relay.bind(route(0, { password: 'wrong' }));
    faults.length = 0;
    expect(await connectStatus(slotProxyUrl(relay), `127.0.0.1:${targetPort}`)).toBe(502);
    expect(binding.proxyFault).toBe('the proxy answered CONNECT with 407');
    expect(faults).toEqual(['the proxy answered CONNECT with 407']);
  });

  it("fails the job on a 407 to credentials carrying the caller's country or city, and never sets the proxy aside", async () => {
    const binding = relay.bind(route(0, { password: 'wrong', country: 'us', city: 'nowhere', callerCredentials: true }));
    faults.length = 0;
    expect(await connectStatus(slotProxyUrl(relay), `127.0.0.1:${targetPort}`)).toBe(502);
    expect(binding.proxyFault).toBe('the proxy answered CONNECT with 407');
    expect(faults).toEqual([]);
  });

  it("closes the previous job's kept-alive connections on a new binding: job B's requests reach only B's proxy", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    upstreams.forEach(({ seen }) => (seen.length = 0));
    relay.bind(route(0));
    await viaProxy(slotProxyUrl(relay), `http://127.0.0.1:${targetPort}/a`, agent);
    relay.bind(route(1));
    await viaProxy(slotProxyUrl(relay), `http://127.0.0.1:${targetPort}/b`, agent).catch(() => viaProxy(slotProxyUrl(relay), `http://127.0.0.1:${targetPort}/b`, agent));
    expect(upstreams[0].seen).toEqual([`127.0.0.1:${targetPort}`]);
    expect(upstreams[1].seen).toEqual([`127.0.0.1:${targetPort}`]);
    agent.destroy();
  });

  it("cuts the previous job's open tunnels on a new binding", async () => {
    relay.bind(route(0));
    const proxy = new URL(slotProxyUrl(relay));
    const socket = await new Promise<import('node:net').Socket>((resolve, reject) => {
      request({ host: proxy.hostname, port: proxy.port, method: 'CONNECT', path: `127.0.0.1:${targetPort}`, headers: proxyAuthorization(proxy) })
        .on('connect', (_res, tunnel) => resolve(tunnel))
        .on('error', reject)
        .end();
    });
    const closed = new Promise((resolve) => socket.once('close', resolve));
    relay.bind(route(1));
    await closed;
    expect(socket.destroyed).toBe(true);
  });

  it("answers 407 to any local client without the slot's credentials, and carries nothing for it", async () => {
    relay.bind(route(0));
    upstreams[0].seen.length = 0;
    const wrong = new URL(slotProxyUrl(relay));
    wrong.password = 'guessed';
    for (const url of [relay.url, wrong.href]) {
      expect(await connectStatus(url, `127.0.0.1:${targetPort}`)).toBe(407);
      expect((await viaProxy(url, `http://127.0.0.1:${targetPort}/`)).status).toBe(407);
    }
    expect(upstreams[0].seen).toEqual([]);
  });

  it('refuses everything while no job holds the slot', async () => {
    relay.release();
    expect(await connectStatus(slotProxyUrl(relay), `127.0.0.1:${targetPort}`)).toBe(403);
    expect((await viaProxy(slotProxyUrl(relay), `http://127.0.0.1:${targetPort}/`)).status).toBe(403);
  });
});

describe('RelaySlot network policy (ALLOW_PRIVATE_TARGETS=false)', () => {
  const relay = slot(false);
  beforeAll(() => relay.listen());
  afterAll(() => relay.close());

  it('refuses private addresses in pool mode and in built-in mode, and nothing reaches them', async () => {
    const port = (listener.address() as AddressInfo).port;
    for (const via of [route(0), route(0, { builtin: true })]) {
      relay.bind(via);
      upstreams[0].seen.length = 0;
      expect(await connectStatus(slotProxyUrl(relay), `127.0.0.1:${port}`)).toBe(403);
      expect(await connectStatus(slotProxyUrl(relay), `localhost:${port}`)).toBe(403);
      expect((await viaProxy(slotProxyUrl(relay), `http://10.0.0.8:${port}/`)).status).toBe(403);
      expect(upstreams[0].seen).toEqual([]);
    }
    expect(listenerHits).toBe(0);
  });
});

describe('RelaySlot server errors', () => {
  it('logs every error of its server after it listens: none is swallowed, none is left without a listener', async () => {
    const relay = slot();
    const logged: unknown[] = [];
    const spy = jest.spyOn(Logger.prototype, 'error').mockImplementation((message: unknown) => void logged.push(message));
    try {
      await relay.listen();
      const server = (relay as unknown as { server: HttpServer }).server;
      server.emit('error', new Error('accept EMFILE'));
      server.emit('error', new Error('accept ENFILE'));
      expect(logged).toEqual(['Relay slot 0: accept EMFILE', 'Relay slot 0: accept ENFILE']);
      expect(await relay.listen()).toBe(relay.url);
    } finally {
      spy.mockRestore();
      await relay.close();
    }
  });
});

describe('parseAuthority', () => {
  it('keeps the port a CONNECT names, 80 included, and refuses an authority without one', () => {
    expect(parseAuthority('example.com:80')).toEqual({ host: 'example.com', port: 80 });
    expect(parseAuthority('[::1]:443')).toEqual({ host: '::1', port: 443 });
    expect(parseAuthority('example.com')).toBeNull();
    expect(parseAuthority('example.com:0')).toBeNull();
  });
});

// issue 36.3: one page's lookups (300 stylesheets on names whose nameserver hangs) stalled every job's DNS.
describe("RelaySlot: a page's hanging lookups leave the other jobs' DNS alone", () => {
  const hanging: HostResolver = (host) => (host.endsWith('.hang.test') ? new Promise<string[]>(() => undefined) : Promise.resolve(host === 'fresh.test' ? ['127.0.0.1'] : []));
  // One policy for the worker, one slot per job, as in the egress relay.
  const policy = new NetworkPolicy(loadConfig({ ALLOW_PRIVATE_TARGETS: 'true' }), hanging);
  const hostile = new RelaySlot(0, policy, () => undefined);
  const other = new RelaySlot(0, policy, () => undefined);
  beforeAll(async () => {
    await Promise.all([hostile.listen(), other.listen()]);
  });
  afterAll(async () => {
    await Promise.all([hostile.close(), other.close()]);
  });

  it("answers another job's fresh host with 200 while the hostile page's 300 lookups hang", async () => {
    hostile.bind(route(0));
    other.bind(route(1));
    let refused = 0;
    for (let i = 0; i < 300; i++) void connectStatus(slotProxyUrl(hostile), `s${i}.hang.test:443`).then(() => (refused += 1), () => (refused += 1));
    // The page's lookups fill every line they may: past that they are refused at once (before: past 2 running and 256 waiting).
    for (const stop = Date.now() + 10_000; refused < 40 && Date.now() < stop; ) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(refused).toBeGreaterThanOrEqual(40);
    const started = Date.now();
    expect(await viaProxy(slotProxyUrl(other), `http://fresh.test:${targetPort}/?status=200`)).toEqual({ status: 200, body: 'target 200' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('RelaySlot: a job that ends while its target is looked up', () => {
  let answerLookup: () => void = () => undefined;
  let lookupAsked: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => (lookupAsked = resolve));
  const slowDns: HostResolver = async (host) => {
    if (host !== 'slow.test') return workerDns(host);
    lookupAsked();
    await new Promise<void>((resolve) => (answerLookup = resolve));
    return ['127.0.0.1'];
  };
  const relay = new RelaySlot(0, new NetworkPolicy(loadConfig({ ALLOW_PRIVATE_TARGETS: 'true' }), slowDns), () => undefined);
  beforeAll(() => relay.listen());
  afterAll(() => relay.close());

  it('dials nothing on its behalf once the lookup answers (the built-in route would connect straight to the target)', async () => {
    relay.bind(route(0, { builtin: true }));
    const hitsBefore = listenerHits;
    const answer = viaProxy(slotProxyUrl(relay), `http://slow.test:${(listener.address() as AddressInfo).port}/`).catch(() => null);
    await asked;
    relay.bind(route(1));
    answerLookup();
    await answer;
    // A connection to loopback takes a millisecond: none within this window is none at all.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(listenerHits).toBe(hitsBefore);
  });
});
