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

/** Connection checks of proxy servers, each reused while younger than the TTL (callers of a running check share it). */
export class ProxyProbe {
  private readonly results = new Map<string, ProbeResult>();
  private readonly running = new Map<string, { at: number; result: Promise<ProbeResult> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly check: (server: string) => Promise<boolean> = tcpCheck,
  ) {}

  /**
   * Whether the server accepted a TCP connection in a check at most ttlMs old, or started at `since` or later when
   * given (checked now if there is none), and when.
   */
  status(server: string, since?: number): Promise<ProbeResult> {
    const last = this.results.get(server);
    if (last && last.at >= (since ?? Date.now() - this.ttlMs)) return Promise.resolve(last);
    const current = this.running.get(server);
    if (current && (since === undefined || current.at >= since)) return current.result;
    const at = Date.now();
    // A check that failed (rather than answered down) reaches its callers and is not kept: the next call checks again.
    const result = new Promise<boolean>((resolve) => resolve(this.check(server)))
      .then((up) => {
        const checked = { up, at };
        // An older check that ends after a newer one does not replace the newer answer.
        const kept = this.results.get(server);
        if (!kept || kept.at <= at) this.results.set(server, checked);
        return checked;
      })
      .finally(() => {
        if (this.running.get(server)?.result === result) this.running.delete(server);
      });
    this.running.set(server, { at, result });
    return result;
  }
}
