import type { HTTPRequest, Page } from 'puppeteer';

/**
 * The requests a page made since the tally began and that are still open. Puppeteer's page-wide count can carry
 * requests of an earlier document on a reused tab that never report their end; this one starts from nothing.
 */
export class OpenRequests {
  private readonly open = new Set<HTTPRequest>();
  private made = 0;
  private disposed = false;
  private changed: () => void = () => undefined;

  constructor(private readonly page: Page) {
    page.on('request', this.onRequest);
    page.on('requestfinished', this.onEnd);
    page.on('requestfailed', this.onEnd);
  }

  /** True once the page made any request since the tally began. */
  get any(): boolean {
    return this.made > 0;
  }

  /**
   * Resolves true once at most `allowed` requests stayed open for idleMs (or at once when the tally is disposed), false
   * after timeoutMs whatever is open.
   */
  async quiet(idleMs: number, timeoutMs: number, allowed = 0): Promise<boolean> {
    const limit = Date.now() + timeoutMs;
    try {
      while (!this.disposed) {
        if (Date.now() >= limit) return false;
        const calm = this.open.size <= allowed;
        const wait = Math.min(calm ? idleMs : Infinity, limit - Date.now());
        const woken = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), wait);
          this.changed = () => {
            // Requests coming and going within the allowance do not restart the quiet period.
            if (!this.disposed && calm && this.open.size <= allowed) return;
            clearTimeout(timer);
            resolve(true);
          };
        });
        if (!woken && this.open.size <= allowed) return true;
      }
      return true;
    } finally {
      this.changed = () => undefined;
    }
  }

  /** Stops the tally; a quiet() under way resolves at once. */
  dispose(): void {
    this.disposed = true;
    this.changed();
    this.changed = () => undefined;
    this.page.off('request', this.onRequest);
    this.page.off('requestfinished', this.onEnd);
    this.page.off('requestfailed', this.onEnd);
  }

  private readonly onRequest = (request: HTTPRequest): void => {
    this.made += 1;
    this.open.add(request);
    this.changed();
  };

  private readonly onEnd = (request: HTTPRequest): void => {
    this.open.delete(request);
    this.changed();
  };
}
