import { request as httpRequest, type IncomingMessage } from 'node:http';
import { isIP, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import type { NetworkPolicy } from '../network/network-policy.js';
import { parseHttpUrl } from '../network/url-syntax.js';
import type { ProxyRoute } from './proxy-route.js';
import { readBounded } from './route-fetch-body.js';
import type { ProxyFaultListener } from './relay/relay-slot.js';
import { openTunnel, preferredAddress, proxyFaultOf, TunnelError, type FaultSide } from './relay/upstream-tunnel.js';

export const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface RouteFetchOptions {
  /** Bytes of body kept (after any content-encoding is undone); reading stops there and `truncated` is set. */
  readonly maxBytes: number;
  /** Bytes kept of a non-2xx answer's body, for callers that read only its status (robots.txt, sitemaps); else maxBytes. */
  readonly otherStatusMaxBytes?: number;
  /** Aborts the lookup, the connection, the TLS handshake and the reading, on every hop. */
  readonly signal: AbortSignal;
  /** Checked on every hop, as the worker's relay checks every connection a page opens. */
  readonly policy: NetworkPolicy;
  readonly accept?: string;
  readonly userAgent?: string;
  /** Told when the route's proxy failed itself (proxyFaultOf), as a page's relay tells the pool: ProxyPoolService.reportFault. */
  readonly onProxyFault?: ProxyFaultListener;
}

export interface RouteFetchAnswer {
  readonly status: number;
  /** Lower-case names; a repeated header joined with `, `. */
  readonly headers: Record<string, string>;
  readonly finalUrl: string;
  readonly body: Buffer;
  readonly truncated: boolean;
}

/** The network policy refused a hop (the first URL or a redirect's target): nothing was sent to it. */
export class RouteFetchRefused extends Error {
  constructor(readonly url: string, readonly reason: string) {
    super(`Blocked by the network policy: ${reason}`);
    this.name = 'RouteFetchRefused';
  }
}

/**
 * Nothing readable came back: the target's failure (a name that does not resolve, a reset, TLS), or, with `side`
 * 'proxy', the upstream proxy's own (refused, timed out, credentials refused), as the relay tells them apart.
 */
export class RouteFetchFailed extends Error {
  constructor(readonly url: string, message: string, readonly side: FaultSide = 'target') {
    super(message);
    this.name = 'RouteFetchFailed';
  }
}

/**
 * A route fetch's failure read as nothing there (robots.txt, a sitemap: the target's failure or the policy's refusal),
 * or thrown: the proxy's own failure is proxy_failed (decisions 8.4: a robots.txt never read through a dead proxy
 * refuses nothing, and the job tries another proxy), the deadline goes on as it is.
 */
export function nothingRead(error: unknown): null {
  if (error instanceof RouteFetchFailed && error.side === 'proxy') throw new AppError(ErrorCode.ProxyFailed, `The proxy failed: ${error.message}`);
  if (error instanceof RouteFetchFailed || error instanceof RouteFetchRefused) return null;
  throw error;
}

/**
 * One GET from the worker's own process through the job's proxy route, on the relay's own road: each hop's host is
 * checked by the network policy and the connection goes to the checked address (openTunnel), never to the name.
 * Redirects are followed (at most 5, each checked; a followed one's body is never read); a 3xx left after them is
 * answered as it is.
 */
export async function routeFetch(route: ProxyRoute, url: string, options: RouteFetchOptions): Promise<RouteFetchAnswer> {
  let current = url;
  for (let hop = 0; ; hop++) {
    options.signal.throwIfAborted();
    const answer = await fetchOnce(route, current, options, hop < MAX_REDIRECTS);
    const location = answer.headers.location;
    if (!followed(answer.status, answer.headers, hop < MAX_REDIRECTS) || location === undefined) return answer;
    current = redirectTarget(current, location);
  }
}

const followed = (status: number, headers: Record<string, string>, hopsLeft: boolean): boolean =>
  hopsLeft && REDIRECTS.has(status) && headers.location !== undefined;

function redirectTarget(from: string, location: string): string {
  try {
    return new URL(location, from).href;
  } catch {
    throw new RouteFetchFailed(from, `The redirect's Location is not a URL: ${location.slice(0, 200)}`);
  }
}

async function fetchOnce(route: ProxyRoute, raw: string, options: RouteFetchOptions, hopsLeft: boolean): Promise<RouteFetchAnswer> {
  const { url, problem } = parseHttpUrl(raw);
  if (url === null) throw new RouteFetchRefused(raw, problem);
  const socket = await connectChecked(route, url, options);
  try {
    const response = await sendGet(socket, url, options);
    const status = response.statusCode ?? 0;
    const headers = flatHeaders(response);
    if (followed(status, headers, hopsLeft)) {
      response.destroy();
      return { status, headers, finalUrl: url.href, body: Buffer.alloc(0), truncated: false };
    }
    const maxBytes = status >= 200 && status < 300 ? options.maxBytes : (options.otherStatusMaxBytes ?? options.maxBytes);
    const { body, truncated } = await readBounded(response, maxBytes, options.signal).catch((error: unknown) => {
      // A body that does not decode or is cut by a reset is the target's failure, as one before the headers is.
      throw options.signal.aborted ? error : new RouteFetchFailed(url.href, `The body could not be read: ${(error as Error).message}`);
    });
    return { status, headers, finalUrl: url.href, body, truncated };
  } finally {
    socket.destroy();
  }
}

/** The relay's admission (RelaySlot.admit) and tunnel, then TLS to the target for https. */
async function connectChecked(route: ProxyRoute, url: URL, options: RouteFetchOptions): Promise<Socket> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const verdict = await options.policy.inspectHost(host);
  if (!verdict.allowed) throw new RouteFetchRefused(url.href, verdict.reason);
  const address = preferredAddress(verdict.addresses);
  if (address === null) throw new RouteFetchFailed(url.href, `${host} does not resolve`);
  const https = url.protocol === 'https:';
  const port = Number(url.port || (https ? 443 : 80));
  const dial = openTunnel(route, { address, port }).catch((error: unknown) => {
    const fault = proxyFaultOf(error, route);
    if (fault) options.onProxyFault?.(route, (error as Error).message, fault);
    throw error;
  });
  const tunnel = await abortable(dial, options.signal, (socket) => socket.destroy(), url);
  // The request reports the socket's errors; a late one after it ended must not go unheard (and crash the worker).
  tunnel.on('error', () => undefined);
  if (!https) return tunnel;
  const secure = tlsConnect({ socket: tunnel, servername: isIP(host) ? undefined : host, ALPNProtocols: ['http/1.1'] });
  const handshake = new Promise<Socket>((resolve, reject) => {
    secure.once('secureConnect', () => resolve(secure));
    secure.once('error', (error) => reject(new RouteFetchFailed(url.href, `TLS: ${error.message}`)));
  });
  return abortable(handshake, options.signal, () => secure.destroy(), url);
}

/** A promise raced against the signal; what it yields after an abort is disposed of. */
async function abortable<T>(work: Promise<T>, signal: AbortSignal, dispose: (value: T) => void, url: URL): Promise<T> {
  signal.throwIfAborted();
  let onAbort = (): void => undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } catch (error) {
    if (signal.aborted) void work.then(dispose, () => undefined);
    if (error instanceof TunnelError) throw new RouteFetchFailed(url.href, error.message, error.side);
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

function sendGet(socket: Socket, url: URL, options: RouteFetchOptions): Promise<IncomingMessage> {
  const headers: Record<string, string> = {
    host: url.host,
    accept: options.accept ?? '*/*',
    'accept-encoding': 'gzip, deflate, br',
    connection: 'close',
  };
  if (options.userAgent) headers['user-agent'] = options.userAgent;
  return new Promise((resolve, reject) => {
    const request = httpRequest({
      method: 'GET',
      path: `${url.pathname}${url.search}`,
      headers,
      createConnection: () => socket,
      signal: options.signal,
    });
    request.once('response', resolve);
    request.once('error', (error) =>
      reject(options.signal.aborted ? options.signal.reason : new RouteFetchFailed(url.href, error.message)),
    );
    request.end();
  });
}

function flatHeaders(response: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
