import { Logger } from '@nestjs/common';
import { Server } from 'proxy-chain';
import type { ProxyRoute } from '../proxy/proxy-route.js';

interface Forwarder {
  readonly server: Server;
  readonly url: Promise<string>;
  refs: number;
}

/** `scheme://user:pass@host:port` for proxy-chain (it decodes the percent-encoding the URL setters add). */
export function upstreamUrl(route: ProxyRoute): string {
  const url = new URL(route.server);
  url.username = route.username ?? '';
  url.password = route.password ?? '';
  return url.toString().replace(/\/$/, '');
}

/**
 * Local forwarders on 127.0.0.1 that add a route's proxy credentials upstream.
 *
 * Why not page.authenticate(): puppeteer answers every auth challenge with those credentials, a target's own
 * `401 WWW-Authenticate: Basic` included, so any crawled site could collect the proxy's user name and password.
 * Through a forwarder the browser never holds them.
 */
export class ProxyForwarders {
  private readonly logger = new Logger('ProxyForwarders');
  private readonly forwarders = new Map<string, Forwarder>();

  /** The forwarder's URL for this route (started once per key); pair with release(key). */
  acquire(key: string, route: ProxyRoute): Promise<string> {
    let forwarder = this.forwarders.get(key);
    if (!forwarder) {
      forwarder = this.start(route);
      this.forwarders.set(key, forwarder);
    }
    forwarder.refs++;
    return forwarder.url;
  }

  release(key: string): void {
    const forwarder = this.forwarders.get(key);
    if (!forwarder || --forwarder.refs > 0) return;
    this.forwarders.delete(key);
    void forwarder.server.close(true).catch(() => undefined);
  }

  get size(): number {
    return this.forwarders.size;
  }

  async closeAll(): Promise<void> {
    const servers = [...this.forwarders.values()].map((forwarder) => forwarder.server);
    this.forwarders.clear();
    await Promise.all(servers.map((server) => server.close(true).catch(() => undefined)));
  }

  private start(route: ProxyRoute): Forwarder {
    const upstreamProxyUrl = upstreamUrl(route);
    const server = new Server({
      host: '127.0.0.1',
      port: 0,
      verbose: false,
      prepareRequestFunction: () => ({ upstreamProxyUrl }),
    });
    server.on('requestFailed', ({ error }: { error: Error }) => this.logger.debug(`Forwarded request failed: ${error.message}`));
    const url = server.listen().then(() => `http://127.0.0.1:${server.port}`);
    return { server, url, refs: 0 };
  }
}
