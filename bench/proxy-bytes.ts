import type { Server as ProxyServer } from 'proxy-chain';

/**
 * The recording proxy's meter: bytes it exchanged with targets (sent and received, as residential pools bill them),
 * counted live on open connections and kept for closed ones, so a window's bytes are the difference of two readings.
 */
export class ProxyBytes {
  private closed = 0;

  constructor(private readonly proxy: ProxyServer) {
    proxy.on('connectionClosed', ({ stats }: { stats?: { trgTxBytes?: number; trgRxBytes?: number } }) => {
      this.closed += (stats?.trgTxBytes ?? 0) + (stats?.trgRxBytes ?? 0);
    });
  }

  /** Target bytes so far, open connections included. */
  reading(): number {
    let open = 0;
    for (const id of this.proxy.getConnectionIds()) {
      const stats = this.proxy.getConnectionStats(id);
      open += (stats?.trgTxBytes ?? 0) + (stats?.trgRxBytes ?? 0);
    }
    return this.closed + open;
  }

  /** Runs `run` and answers its result with the KB per page it moved (`pages` reads the result's page count). */
  async around<T>(run: () => Promise<T>, pages: (result: T) => number): Promise<T & { kbPerPage: number }> {
    const before = this.reading();
    const result = await run();
    const count = pages(result);
    return { ...result, kbPerPage: count > 0 ? (this.reading() - before) / 1024 / count : 0 };
  }
}
