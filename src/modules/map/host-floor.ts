import { siteHost } from '../../infra/discovery/url-key.js';

/**
 * decisions.md 9.1 for one map: robots.txt's Crawl-delay is a floor between two of its requests to one host (robots.txt,
 * the start page, each sitemap), from one's end to the next one's start. All of a map runs in one job on one worker, so
 * the floor is kept here, not in Redis as a site crawl's is (site/host-gate.ts).
 */
export class HostFloor {
  private readonly freeAt = new Map<string, number>();
  /** Set when a request was left out because its turn came past the deadline. */
  cutShort = false;

  /** `deadline`: epoch ms past which no request starts (the job's own deadline, less time to answer). */
  constructor(private readonly deadline: number, private floorMs = 0) {}

  /** The floor from now on (robots.txt's Crawl-delay, once read). */
  set(floorMs: number): void {
    this.floorMs = floorMs;
  }

  /**
   * Runs `request` for `url` once its host's floor since the host's previous request has passed; null, without
   * running it, when that turn comes past the deadline and the request may be left out.
   */
  turn<T>(url: string, request: () => Promise<T>): Promise<T | null> {
    const at = this.turnAt(url);
    if (at > this.deadline) {
      this.cutShort = true;
      return Promise.resolve(null);
    }
    return this.runAt(url, at, request);
  }

  /** A request the map cannot do without: it waits its turn whatever the deadline (the job's own deadline ends it). */
  must<T>(url: string, request: () => Promise<T>): Promise<T> {
    return this.runAt(url, this.turnAt(url), request);
  }

  private turnAt(url: string): number {
    const previous = this.freeAt.get(hostOf(url));
    return previous === undefined ? 0 : previous + this.floorMs;
  }

  private async runAt<T>(url: string, at: number, request: () => Promise<T>): Promise<T> {
    const wait = at - Date.now();
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
    try {
      return await request();
    } finally {
      this.freeAt.set(hostOf(url), Date.now());
    }
  }
}

/** The host as decisions 9.1 means it (url-key.ts's siteHost). */
const hostOf = (url: string): string => siteHost(new URL(url));
