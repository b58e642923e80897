import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Server as ProxyServer } from 'proxy-chain';
import { loadConfig } from '../../src/config/app-config.js';
import { NetworkPolicy, type HostResolver } from '../../src/infra/network/network-policy.js';
import type { ProxyRoute } from '../../src/infra/proxy/proxy-route.js';
import { nothingRead, routeFetch, RouteFetchFailed, RouteFetchRefused, type RouteFetchOptions } from '../../src/infra/proxy/route-fetch.js';

// A loopback target that logs what reaches it; `site.test` and `blocked.test` both resolve to it, the policy refuses
// the second by name, so any request to it would show in the log.
let target: Server;
let port: number;
let log: string[] = [];
let endlessClosed: Promise<void> = Promise.resolve();
let upstream: ProxyServer;
let upstreamSeen: string[] = [];

const dns: HostResolver = async (host) => (host === 'site.test' || host === 'blocked.test' ? ['127.0.0.1'] : []);
const policy = (allowPrivate = true) =>
  new NetworkPolicy(loadConfig({ ALLOW_PRIVATE_TARGETS: String(allowPrivate), UNCOVERED_DOMAINS: 'blocked.test' }), dns);

const BUILTIN: ProxyRoute = { id: 'builtin', tier: 'standard', server: 'builtin', country: null, city: null, callerCredentials: false, builtin: true, sourceIndex: 0 };
const site = (path: string) => `http://site.test:${port}${path}`;
const options = (overrides: Partial<RouteFetchOptions> = {}): RouteFetchOptions => ({
  maxBytes: 1 << 20,
  signal: AbortSignal.timeout(20_000),
  policy: policy(),
  ...overrides,
});

function handle(request: IncomingMessage, response: import('node:http').ServerResponse): void {
  log.push(`${request.headers.host} ${request.url} ua=${request.headers['user-agent'] ?? ''} accept=${request.headers.accept}`);
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  const redirect = /^\/hop\/(\d+)$/.exec(path);
  if (redirect) {
    const left = Number(redirect[1]);
    return void response.writeHead(302, { location: left > 0 ? `/hop/${left - 1}` : '/page' }).end();
  }
  if (path === '/page') return void response.writeHead(200, { 'content-type': 'text/plain', 'x-twice': ['a', 'b'] }).end('hello');
  if (path === '/to-blocked') return void response.writeHead(301, { location: `http://blocked.test:${port}/secret` }).end();
  if (path === '/to-file') return void response.writeHead(302, { location: 'file:///etc/passwd' }).end();
  if (path === '/missing') return void response.writeHead(404).end('no');
  if (path === '/gzip') return void response.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('zipped text'));
  if (path === '/bomb') return void response.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(8 << 20)));
  if (path === '/empty-gzip') return void response.writeHead(404, { 'content-encoding': 'gzip', 'content-length': '0' }).end();
  if (path === '/not-gzip') return void response.writeHead(200, { 'content-encoding': 'gzip' }).end('plain text');
  if (path === '/reset') {
    response.writeHead(200, { 'content-length': '1000' }).write('partial', () => setTimeout(() => response.socket?.destroy(), 20));
    return;
  }
  if (path === '/bad-redirect') return void response.writeHead(302, { location: '/page', 'content-encoding': 'gzip' }).end('not gzip');
  if (path === '/hang') return void response.writeHead(200).write('partial');
  if (path === '/endless') {
    response.writeHead(200, { 'content-type': 'application/octet-stream' });
    endlessClosed = new Promise((resolve) => response.once('close', resolve));
    const chunk = Buffer.alloc(16 * 1024, 'x');
    const pump = () => {
      while (!response.destroyed && response.write(chunk));
      if (!response.destroyed) response.once('drain', pump);
    };
    return pump();
  }
  response.writeHead(500).end();
}

beforeAll(async () => {
  target = createServer(handle);
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  port = (target.address() as AddressInfo).port;
  upstream = new ProxyServer({
    host: '127.0.0.1',
    port: 0,
    prepareRequestFunction: ({ hostname, port: targetPort, username }) => {
      // The user `wrong` is refused (407), as a pool's revoked credentials are.
      if (username === 'wrong') return { requestAuthentication: true };
      upstreamSeen.push(`${hostname}:${targetPort}`);
      return {};
    },
  });
  await upstream.listen();
});

afterAll(async () => {
  target.closeAllConnections();
  await new Promise((resolve) => target.close(resolve));
  await upstream.close(true);
});

beforeEach(() => {
  log = [];
  upstreamSeen = [];
});

describe('routeFetch', () => {
  it('GETs through the built-in route, with the caller accept and user agent', async () => {
    const answer = await routeFetch(BUILTIN, site('/page'), options({ accept: 'text/plain', userAgent: 'Crawlgate/1' }));
    expect(answer).toEqual({
      status: 200,
      headers: expect.objectContaining({ 'content-type': 'text/plain', 'x-twice': 'a, b' }),
      finalUrl: site('/page'),
      body: Buffer.from('hello'),
      truncated: false,
    });
    expect(log).toEqual([`site.test:${port} /page ua=Crawlgate/1 accept=text/plain`]);
  });

  it('goes through an upstream proxy to the checked address, never the name', async () => {
    const route: ProxyRoute = { ...BUILTIN, id: 'up', builtin: false, server: `http://127.0.0.1:${upstream.port}` };
    const answer = await routeFetch(route, site('/page'), options());
    expect(answer.body.toString()).toBe('hello');
    expect(upstreamSeen).toEqual([`127.0.0.1:${port}`]);
  });

  it('tells the upstream proxy\'s own failure from the target\'s, and tells the pool of the proxy\'s as a page\'s relay does', async () => {
    const faults: string[] = [];
    const onProxyFault = (route: ProxyRoute, _reason: string, fault: string) => void faults.push(`${route.id} ${fault}`);
    const dead: ProxyRoute = { ...BUILTIN, id: 'dead', builtin: false, server: 'http://127.0.0.1:1' };
    const failure = await routeFetch(dead, site('/page'), options({ onProxyFault })).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RouteFetchFailed);
    expect((failure as RouteFetchFailed).side).toBe('proxy');
    const closed = await routeFetch(BUILTIN, 'http://site.test:1/', options({ onProxyFault })).catch((error: unknown) => error);
    expect((closed as RouteFetchFailed).side).toBe('target');
    // Credentials refused (407): set aside as `auth`, unless the caller shaped them (country, city).
    const refused: ProxyRoute = { ...BUILTIN, id: 'refused', builtin: false, server: `http://127.0.0.1:${upstream.port}`, username: 'wrong', password: 'nope' };
    await routeFetch(refused, site('/page'), options({ onProxyFault })).catch(() => undefined);
    await routeFetch({ ...refused, id: 'shaped', callerCredentials: true }, site('/page'), options({ onProxyFault })).catch(() => undefined);
    expect(faults).toEqual(['dead connect', 'refused auth']);
  });

  it("reads as nothing what the target failed or the policy refused; the proxy's own failure is proxy_failed (nothingRead: robots.txt, sitemaps)", async () => {
    const dead: ProxyRoute = { ...BUILTIN, id: 'dead', builtin: false, server: 'http://127.0.0.1:1' };
    await expect(routeFetch(dead, site('/page'), options()).catch(nothingRead)).rejects.toMatchObject({ code: 'proxy_failed' });
    await expect(routeFetch(BUILTIN, 'http://nowhere.test/robots.txt', options()).catch(nothingRead)).resolves.toBeNull();
    await expect(routeFetch(BUILTIN, site('/to-blocked'), options()).catch(nothingRead)).resolves.toBeNull();
  });

  it('a body that does not decode or is cut by a reset is the target\'s failure, read as nothing (Z22 F3)', async () => {
    for (const path of ['/empty-gzip', '/not-gzip', '/reset']) {
      const failure = await routeFetch(BUILTIN, site(path), options()).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(RouteFetchFailed);
      expect(failure).toMatchObject({ url: site(path), side: 'target' });
      expect((failure as Error).message).toMatch(/^The body could not be read: /);
      await expect(routeFetch(BUILTIN, site(path), options()).catch(nothingRead)).resolves.toBeNull();
    }
  });

  it('never reads the body of a redirect it follows, and keeps a non-2xx body only up to otherStatusMaxBytes (Z22 F2)', async () => {
    const followed = await routeFetch(BUILTIN, site('/bad-redirect'), options());
    expect(followed).toMatchObject({ status: 200, finalUrl: site('/page'), body: Buffer.from('hello'), truncated: false });
    const missing = await routeFetch(BUILTIN, site('/missing'), options({ otherStatusMaxBytes: 0 }));
    expect(missing).toMatchObject({ status: 404, body: Buffer.alloc(0), truncated: true });
    const page = await routeFetch(BUILTIN, site('/page'), options({ otherStatusMaxBytes: 0 }));
    expect(page).toMatchObject({ status: 200, body: Buffer.from('hello'), truncated: false });
    expect((await routeFetch(BUILTIN, site('/missing'), options())).body).toEqual(Buffer.from('no'));
  });

  it('follows 5 redirects, each checked, and answers a 6th as it is', async () => {
    const five = await routeFetch(BUILTIN, site('/hop/4'), options());
    expect(five.status).toBe(200);
    expect(five.finalUrl).toBe(site('/page'));
    expect(log.map((line) => line.split(' ')[1])).toEqual(['/hop/4', '/hop/3', '/hop/2', '/hop/1', '/hop/0', '/page']);
    log = [];
    const six = await routeFetch(BUILTIN, site('/hop/5'), options());
    expect(six.status).toBe(302);
    expect(six.finalUrl).toBe(site('/hop/0'));
    expect(log).toHaveLength(6);
  });

  it('refuses a redirect to a refused host before sending it anything', async () => {
    await expect(routeFetch(BUILTIN, site('/to-blocked'), options())).rejects.toThrow(RouteFetchRefused);
    await expect(routeFetch(BUILTIN, site('/to-blocked'), options())).rejects.toThrow('blocked.test is not served');
    expect(log.every((line) => line.startsWith(`site.test:${port} /to-blocked`))).toBe(true);
    expect(log).toHaveLength(2);
  });

  it('refuses a redirect to another scheme, and a private target under the default policy', async () => {
    await expect(routeFetch(BUILTIN, site('/to-file'), options())).rejects.toThrow(RouteFetchRefused);
    await expect(routeFetch(BUILTIN, site('/page'), options({ policy: policy(false) }))).rejects.toThrow(
      'site.test resolves to a non-public address.',
    );
    expect(log).toEqual([`site.test:${port} /to-file ua= accept=*/*`]);
  });

  it('answers a 4xx as it is, and fails on a name that does not resolve', async () => {
    expect((await routeFetch(BUILTIN, site('/missing'), options())).status).toBe(404);
    await expect(routeFetch(BUILTIN, `http://nowhere.test:${port}/`, options())).rejects.toThrow(RouteFetchFailed);
  });

  it('stops reading at maxBytes while the bytes arrive', async () => {
    const answer = await routeFetch(BUILTIN, site('/endless'), options({ maxBytes: 100_000 }));
    expect(answer.body.length).toBe(100_000);
    expect(answer.truncated).toBe(true);
    await endlessClosed;
  });

  it('undoes gzip and caps what it inflates', async () => {
    expect((await routeFetch(BUILTIN, site('/gzip'), options())).body.toString()).toBe('zipped text');
    const bomb = await routeFetch(BUILTIN, site('/bomb'), options({ maxBytes: 64 * 1024 }));
    expect(bomb).toMatchObject({ truncated: true });
    expect(bomb.body.length).toBe(64 * 1024);
  });

  it('a body that fits exactly is not truncated', async () => {
    const answer = await routeFetch(BUILTIN, site('/page'), options({ maxBytes: 5 }));
    expect(answer).toMatchObject({ body: Buffer.from('hello'), truncated: false });
  });

  it('checks the certificate of an https target: a self-signed one is refused before any request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'route-fetch-'));
    const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
      '-days', '1', '-subj', '/CN=site.test', '-addext', 'subjectAltName=DNS:site.test']);
    expect(made.status).toBe(0);
    let requests = 0;
    const secure = createTlsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) => {
      requests += 1;
      res.end('secret');
    });
    await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
    try {
      const securePort = (secure.address() as AddressInfo).port;
      const failure = await routeFetch(BUILTIN, `https://site.test:${securePort}/`, options()).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(RouteFetchFailed);
      expect((failure as Error).message).toMatch(/^TLS: .*self[- ]signed/i);
      expect(requests).toBe(0);
    } finally {
      secure.closeAllConnections();
      await new Promise((resolve) => secure.close(resolve));
    }
  });

  it('the signal aborts a body that never ends', async () => {
    const controller = new AbortController();
    const pending = routeFetch(BUILTIN, site('/hang'), options({ signal: controller.signal }));
    await new Promise<void>((resolve) => {
      const poll = () => (log.length > 0 ? resolve() : setImmediate(poll));
      poll();
    });
    controller.abort(new Error('stop now'));
    await expect(pending).rejects.toThrow('stop now');
  });
});
