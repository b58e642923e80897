import { connect } from 'node:net';

/** How long a connection check may take: a proxy that does not accept a TCP connection by then counts as down. */
const PROBE_TIMEOUT_MS = 1500;

function tcpCheck(server: string): Promise<boolean> {
  const url = new URL(server);
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port) });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => done(true));
  });
}

export interface ProbeResult {
  readonly up: boolean;
  /** Epoch ms when the check started. */
  readonly at: number;
}

/** Connection checks of proxy servers, each reused while younger than the TTL (checks of one server run once at a time). */
export class ProxyProbe {
  private readonly results = new Map<string, ProbeResult>();
  private readonly running = new Map<string, Promise<ProbeResult>>();

  constructor(
    private readonly ttlMs: number,
    private readonly check: (server: string) => Promise<boolean> = tcpCheck,
  ) {}

  /** Whether the server accepted a TCP connection in a check at most ttlMs old (checked now if needed), and when. */
  status(server: string): Promise<ProbeResult> {
    const last = this.results.get(server);
    if (last && Date.now() - last.at <= this.ttlMs) return Promise.resolve(last);
    let running = this.running.get(server);
    if (!running) {
      const at = Date.now();
      // A check that failed (rather than answered down) reaches its callers and is not kept: the next call checks again.
      running = new Promise<boolean>((resolve) => resolve(this.check(server)))
        .then((up) => {
          const result = { up, at };
          this.results.set(server, result);
          return result;
        })
        .finally(() => this.running.delete(server));
      this.running.set(server, running);
    }
    return running;
  }
}
