import { request as httpRequest, type ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect, isIP, type Socket } from 'node:net';
import { SocksClient } from 'socks';
import type { ProxyFault } from '../proxy-pool.service.js';
import type { ProxyRoute } from '../proxy-route.js';

/** Whose failure it was: the upstream proxy's own (it is set aside) or the target's (every proxy stays in service). */
export type FaultSide = 'proxy' | 'target';

export class TunnelError extends Error {
  constructor(
    readonly side: FaultSide,
    message: string,
    /** False when the proxy may not be the one at fault (it never answered CONNECT): no verdict of the target's, nor the proxy set aside. */
    readonly setsProxyAside = true,
  ) {
    super(message);
  }
}

/** The proxy refused the credentials (HTTP 407, a SOCKS authentication failure), as opposed to failing to connect. */
export function isAuthRefusal(error: TunnelError): boolean {
  return error.side === 'proxy' && /authentication|407/i.test(error.message);
}

/**
 * The one verdict on a tunnel's failure for the pool, whoever dialled (a page's relay slot, a robots.txt or sitemap
 * read): the proxy sets itself aside (`auth`: credentials refused, `connect`: the rest) when it failed itself, except
 * credentials the caller shaped (country, city), which may be refused because of the caller; null otherwise.
 */
export function proxyFaultOf(error: unknown, route: ProxyRoute): ProxyFault | null {
  if (!(error instanceof TunnelError) || error.side !== 'proxy' || !error.setsProxyAside || route.builtin) return null;
  const auth = isAuthRefusal(error);
  if (auth && route.callerCredentials) return null;
  return auth ? 'auth' : 'connect';
}

/** Where a tunnel goes: the address the network policy checked (never a name, so no proxy resolves it again), and the port. */
export interface TunnelTarget {
  readonly address: string;
  readonly port: number;
}

/** The checked address to connect to: IPv4 first, which every upstream proxy can reach; null when there is none. */
export function preferredAddress(addresses: readonly string[]): string | null {
  return addresses.find((address) => isIP(address) === 4) ?? addresses[0] ?? null;
}

/** How long the TCP connection to an upstream proxy may take before the proxy counts as failed. */
export const PROXY_CONNECT_TIMEOUT_MS = 10_000;
/**
 * How long a connected proxy may take to answer CONNECT (it reaches the target meanwhile): past it the tunnel fails as
 * the proxy's, so the job tries another proxy of the pool rather than waiting out its deadline on a proxy that accepts
 * connections and never answers (and a robots.txt read never takes the silence for the target's). Not set aside: a
 * target that drops every packet keeps an honest proxy silent as long.
 */
export const TUNNEL_ANSWER_TIMEOUT_MS = 30_000;

function tcp(host: string, port: number, side: FaultSide, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const fail = (error: Error) => {
      socket.destroy();
      reject(new TunnelError(side, `${side === 'proxy' ? 'proxy' : 'target'} connection failed: ${error.message}`));
    };
    socket.setTimeout(timeoutMs, () => fail(new Error('connect timeout')));
    socket.once('error', fail);
    socket.once('connect', () => {
      socket.setTimeout(0);
      socket.removeListener('error', fail);
      resolve(socket);
    });
  });
}

/** CONNECT through an http(s) proxy: 407 is the proxy's refusal, any other non-200 answer the target's failure. */
function httpConnect(proxy: URL, route: ProxyRoute, target: TunnelTarget, answerMs: number): Promise<Socket> {
  const authority = `${target.address.includes(':') ? `[${target.address}]` : target.address}:${target.port}`;
  const headers: Record<string, string> = { host: authority };
  if (route.username || route.password) {
    headers['proxy-authorization'] = `Basic ${Buffer.from(`${route.username ?? ''}:${route.password ?? ''}`).toString('base64')}`;
  }
  const send = proxy.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    let connected = false;
    let silent = false;
    const req: ClientRequest = send({ host: proxy.hostname.replace(/^\[|\]$/g, ''), port: proxy.port, method: 'CONNECT', path: authority, headers, agent: false });
    let timer = setTimeout(() => req.destroy(new Error('connect timeout')), PROXY_CONNECT_TIMEOUT_MS);
    req.once('socket', (socket) => socket.once(proxy.protocol === 'https:' ? 'secureConnect' : 'connect', () => {
      connected = true;
      clearTimeout(timer);
      timer = setTimeout(() => {
        silent = true;
        req.destroy(new Error(`no answer to CONNECT within ${answerMs} ms`));
      }, answerMs);
    }));
    req.once('connect', (response, socket, head) => {
      clearTimeout(timer);
      if (response.statusCode === 200) {
        if (head.length > 0) socket.unshift(head);
        return resolve(socket);
      }
      socket.destroy();
      const side: FaultSide = response.statusCode === 407 ? 'proxy' : 'target';
      reject(new TunnelError(side, `the proxy answered CONNECT with ${response.statusCode}`));
    });
    // Before the TCP (or TLS) connection is up the proxy is at fault; after it, a hang-up is ambiguous, so the target's.
    req.once('error', (error) => {
      clearTimeout(timer);
      if (silent) return reject(new TunnelError('proxy', `proxy connection failed: ${error.message}`, false));
      reject(new TunnelError(connected ? 'target' : 'proxy', `proxy connection failed: ${error.message}`));
    });
    req.end();
  });
}

async function socksConnect(proxy: URL, route: ProxyRoute, target: TunnelTarget, answerMs: number): Promise<Socket> {
  const socket = await tcp(proxy.hostname.replace(/^\[|\]$/g, ''), Number(proxy.port), 'proxy', PROXY_CONNECT_TIMEOUT_MS);
  try {
    const { socket: tunnel } = await SocksClient.createConnection({
      proxy: { host: proxy.hostname, port: Number(proxy.port), type: proxy.protocol === 'socks4:' ? 4 : 5, userId: route.username, password: route.password },
      command: 'connect',
      destination: { host: target.address, port: target.port },
      existing_socket: socket,
      timeout: answerMs,
    });
    return tunnel;
  } catch (error) {
    socket.destroy();
    const message = (error as Error).message;
    // No answer within answerMs: the proxy's silence, as httpConnect's (not set aside).
    if (/timed out/i.test(message)) throw new TunnelError('proxy', `socks proxy: ${message}`, false);
    throw new TunnelError(/auth/i.test(message) ? 'proxy' : 'target', `socks proxy: ${message}`);
  }
}

/** A socket to the target's checked address: directly for the built-in route, else through the route's proxy. */
export function openTunnel(route: ProxyRoute, target: TunnelTarget, answerMs = TUNNEL_ANSWER_TIMEOUT_MS): Promise<Socket> {
  if (route.builtin) return tcp(target.address, target.port, 'target', PROXY_CONNECT_TIMEOUT_MS);
  const proxy = new URL(route.server);
  return proxy.protocol.startsWith('socks') ? socksConnect(proxy, route, target, answerMs) : httpConnect(proxy, route, target, answerMs);
}
