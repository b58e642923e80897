import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { NetworkPolicy } from '../../network/network-policy.js';
import type { ProxyRoute } from '../proxy-route.js';
import { forwardRequest, parseAuthority, refuseTunnel, spliceTunnel } from './relay-forward.js';
import { openTunnel, preferredAddress, proxyFaultOf, TunnelError, type TunnelTarget } from './upstream-tunnel.js';

/** One job's use of a slot: its route, and what the relay saw of its upstream. */
export class SlotBinding {
  /** The proxy's own failure (refused, timed out, authentication refused), as the relay saw it; null if none. */
  proxyFault: string | null = null;

  constructor(readonly route: ProxyRoute) {}
}

/** A proxy's own failure, to set it aside: `auth` for refused credentials, `connect` for the rest. */
export type ProxyFaultListener = (route: ProxyRoute, reason: string, fault: 'auth' | 'connect') => void;

class Refusal extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/** The absolute URL of a plain-HTTP proxy request; a malformed one is the client's fault. */
function parseUrl(raw: string | undefined): URL {
  try {
    return new URL(raw ?? '');
  } catch {
    throw new Refusal(400, 'Bad request URL.');
  }
}

/** What the relay answers a client without the slot's credentials: any local process could otherwise ride a job's upstream. */
const CHALLENGE = { 'proxy-authenticate': 'Basic realm="crawlgate relay"' };

/** The user name and password a slot's browser context must send (Proxy-Authorization: Basic). */
export interface SlotCredentials {
  readonly username: string;
  readonly password: string;
}

/** What a slot's browser context needs: the proxy server it goes through, and the credentials that proxy asks for. */
export interface RelayLogin {
  /** `http://127.0.0.1:<port>`, also the origin of the relay's challenge. */
  readonly url: string;
  readonly credentials: SlotCredentials;
  /** Bytes the slot's upstream connections brought in so far: more than the context's HTTP cache can have kept of them. */
  readonly receivedBytes: () => number;
}

/**
 * A local proxy port that one browser context uses for its whole life. Each job binds the slot to its route; a new
 * binding first closes every connection of the previous one (browser side and upstream side), so no byte of one
 * job can ride another job's upstream.
 */
export class RelaySlot {
  private readonly logger = new Logger(RelaySlot.name);
  private readonly server: Server;
  private binding: SlotBinding | null = null;
  private readonly sockets = new Set<Duplex>();
  private readonly upstreams = new Set<Socket>();
  /** Bytes read by the upstream connections already closed. */
  private closedBytes = 0;
  private address: string | null = null;
  /** Random per slot and per process: only the browser context bound to this slot knows them. */
  readonly credentials: SlotCredentials;
  private readonly expectedAuthorization: Buffer;

  constructor(
    readonly index: number,
    private readonly policy: NetworkPolicy,
    private readonly onProxyFault: ProxyFaultListener,
  ) {
    this.credentials = { username: `slot${index}`, password: randomBytes(24).toString('base64url') };
    this.expectedAuthorization = Buffer.from(`Basic ${Buffer.from(`${this.credentials.username}:${this.credentials.password}`).toString('base64')}`);
    this.server = createServer((request, response) => void this.onRequest(request, response));
    this.server.on('connect', (request: IncomingMessage, client: Duplex, head: Buffer) => void this.onConnect(request, client, head));
    this.server.on('connection', (socket: Socket) => this.track(socket));
  }

  /** `http://127.0.0.1:<port>`: the proxy server of the context bound to this slot. */
  get url(): string {
    if (!this.address) throw new Error('The relay slot is not listening.');
    return this.address;
  }

  get login(): RelayLogin {
    return { url: this.url, credentials: this.credentials, receivedBytes: () => this.receivedBytes };
  }

  /** Bytes read from upstream (the targets' answers, through the proxy) since the slot opened. */
  get receivedBytes(): number {
    let open = 0;
    for (const socket of this.upstreams) open += socket.bytesRead;
    return this.closedBytes + open;
  }

  /** Listens once; called again after it listened, answers the same address. */
  async listen(): Promise<string> {
    if (this.address) return this.address;
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject).listen(0, '127.0.0.1', () => {
        this.server.off('error', reject);
        // From now on the server's errors (accept failures, say) are logged: none is swallowed, none kills the worker.
        this.server.on('error', (error) => this.logger.error(`Relay slot ${this.index}: ${error.message}`));
        resolve();
      });
    });
    this.address = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.address;
  }

  /** Routes the slot's traffic through this route from now on, after closing every connection of the previous job. */
  bind(route: ProxyRoute): SlotBinding {
    this.dropConnections();
    this.binding = new SlotBinding(route);
    return this.binding;
  }

  /** Closes the job's connections; until the next bind, whatever the context still sends is refused. */
  release(): void {
    this.binding = null;
    this.dropConnections();
  }

  async close(): Promise<void> {
    this.release();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private track(socket: Duplex): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
  }

  private dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  /** True when the client sent this slot's credentials, compared in constant time. */
  private authorized(request: IncomingMessage): boolean {
    const sent = Buffer.from(request.headers['proxy-authorization'] ?? '');
    return sent.length === this.expectedAuthorization.length && timingSafeEqual(sent, this.expectedAuthorization);
  }

  /**
   * The policy's verdict on the target, resolved here so nothing a page opens can reach a private address. A name that
   * does not resolve here is the target's failure and goes nowhere: a proxy would resolve it on its own network.
   */
  private async admit(binding: SlotBinding | null, host: string, port: number): Promise<TunnelTarget> {
    if (!binding) throw new Refusal(403, 'No job holds this relay slot.');
    const verdict = await this.policy.inspectHost(host, { lane: binding });
    if (!verdict.allowed) throw new Refusal(403, `Blocked by the network policy: ${verdict.reason}`);
    const address = preferredAddress(verdict.addresses);
    if (!address) throw new TunnelError('target', `${host} does not resolve`);
    return { address, port };
  }

  /**
   * A tunnel for the binding; a failure of the upstream proxy itself is reported once, here. A job that ended while its
   * target was looked up dials nothing; one that ended while the tunnel opened has it closed.
   */
  private async tunnel(binding: SlotBinding, target: TunnelTarget): Promise<Socket> {
    this.assertBound(binding);
    try {
      const socket = await openTunnel(binding.route, target);
      if (this.binding !== binding) socket.destroy();
      this.assertBound(binding);
      this.track(socket);
      this.upstreams.add(socket);
      socket.once('close', () => {
        this.upstreams.delete(socket);
        this.closedBytes += socket.bytesRead;
      });
      return socket;
    } catch (error) {
      if (error instanceof TunnelError && error.side === 'proxy' && !binding.route.builtin) binding.proxyFault ??= error.message;
      const fault = proxyFaultOf(error, binding.route);
      if (fault) this.onProxyFault(binding.route, (error as Error).message, fault);
      throw error;
    }
  }

  private assertBound(binding: SlotBinding): void {
    if (this.binding !== binding) throw new Refusal(403, 'The job that opened this connection has ended.');
  }

  private async onConnect(request: IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    const binding = this.binding;
    const authority = parseAuthority(request.url);
    // The browser may hang up while the upstream is still being reached: that must not be an unhandled error.
    client.on('error', () => client.destroy());
    if (!this.authorized(request)) return refuseTunnel(client, 407, 'Proxy authentication required', CHALLENGE);
    try {
      if (!authority) throw new Refusal(400, 'Bad CONNECT authority.');
      const upstream = await this.tunnel(binding!, await this.admit(binding, authority.host, authority.port));
      spliceTunnel(client, upstream, head);
    } catch (error) {
      refuseTunnel(client, error instanceof Refusal ? error.status : 502, error instanceof Error ? error.message : 'Tunnel failed');
    }
  }

  private async onRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const binding = this.binding;
    if (!this.authorized(request)) {
      response.writeHead(407, { ...CHALLENGE, connection: 'close', 'content-type': 'text/plain' }).end('Proxy authentication required\n');
      return;
    }
    let url: URL;
    try {
      url = parseUrl(request.url);
      if (url.protocol !== 'http:') throw new Refusal(400, 'Only absolute http URLs are relayed.');
      const target = await this.admit(binding, url.hostname.replace(/^\[|\]$/g, ''), Number(url.port || 80));
      forwardRequest(request, response, url, await this.tunnel(binding!, target));
    } catch (error) {
      // Only the relay's own refusals get an answer: an upstream failure must not look like a target's status.
      if (error instanceof Refusal) response.writeHead(error.status, { connection: 'close', 'content-type': 'text/plain' }).end(`${error.message}\n`);
      else {
        // A tunnel failure is the job's (and, for the proxy's own, already reported); anything else is a bug here.
        if (!(error instanceof TunnelError)) this.logger.error(`Relay slot ${this.index}: ${error instanceof Error ? error.stack : String(error)}`);
        response.destroy();
      }
    }
  }
}
