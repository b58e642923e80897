import type { LookupAddress, LookupOptions } from 'node:dns';
import type dns from 'node:dns';
import { isIP } from 'node:net';
import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { PrepareRequestFunctionOpts, PrepareRequestFunctionResult, RequestError, Server } from 'proxy-chain';
import { NetworkPolicy } from '../network/network-policy.js';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

const LOOPBACK_CLIENTS = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** A dns.lookup that answers only with addresses the policy already checked, so a second DNS answer cannot differ. */
function pinnedLookup(addresses: readonly string[]): typeof dns.lookup {
  const entries = addresses.map((address) => ({ address, family: isIP(address) }));
  const lookup = (_host: string, options: LookupOptions | number | LookupCallback, callback?: LookupCallback): void => {
    const done = (typeof options === 'function' ? options : callback) as LookupCallback;
    const opts: LookupOptions = typeof options === 'number' ? { family: options } : typeof options === 'object' ? options : {};
    const family = opts.family === 'IPv4' ? 4 : opts.family === 'IPv6' ? 6 : opts.family || 0;
    const matching = family ? entries.filter((entry) => entry.family === family) : entries;
    process.nextTick(() => {
      if (matching.length === 0) done(Object.assign(new Error('No permitted address'), { code: 'ENOTFOUND' }), '');
      else if (opts.all) done(null, matching);
      else done(null, matching[0].address, matching[0].family);
    });
  };
  return lookup as unknown as typeof dns.lookup;
}

/**
 * The built-in egress proxy on 127.0.0.1: what the browser goes through when no pool is configured.
 * It applies the network policy itself at connect time, so a page cannot reach what the browser's checks missed.
 */
@Injectable()
export class EgressProxy implements OnApplicationShutdown {
  private readonly logger = new Logger(EgressProxy.name);
  private server: Server | null = null;
  private starting: Promise<string> | null = null;
  private address: string | null = null;

  constructor(private readonly policy: NetworkPolicy) {}

  /** `http://127.0.0.1:<port>` once started, else null. */
  get url(): string | null {
    return this.address;
  }

  /** Starts the proxy on an ephemeral port (once) and returns its URL. */
  start(): Promise<string> {
    this.starting ??= this.listen().catch((error: unknown) => {
      this.starting = null;
      throw error;
    });
    return this.starting;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.starting = null;
    this.address = null;
    if (server) await server.close(true);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  private async listen(): Promise<string> {
    const server = new Server({
      host: '127.0.0.1',
      port: 0,
      verbose: false,
      prepareRequestFunction: (options) => this.prepare(options),
    });
    server.on('requestFailed', ({ error }: { error: Error }) => this.logger.debug(`Egress request failed: ${error.message}`));
    await server.listen();
    this.server = server;
    this.address = `http://127.0.0.1:${server.port}`;
    this.logger.log(`Built-in egress proxy listening on ${this.address}`);
    return this.address;
  }

  private async prepare({ request, hostname }: PrepareRequestFunctionOpts): Promise<PrepareRequestFunctionResult> {
    if (!LOOPBACK_CLIENTS.has(request.socket.remoteAddress ?? '')) {
      throw new RequestError('Only local clients may use this proxy.', 403);
    }
    const verdict = await this.policy.inspectHost(hostname);
    if (!verdict.allowed) throw new RequestError(`Blocked by the network policy: ${verdict.reason}`, 403);
    // An unresolved name stays unresolved here ([] pinned): a later answer could point inside.
    return verdict.addresses ? { dnsLookup: pinnedLookup(verdict.addresses) } : {};
  }
}
