import { TimeoutError } from 'puppeteer';
import type { Page } from 'puppeteer';
import { OpenRequests } from './open-requests.js';
import type { WaitUntil } from './page-options.js';
import type { TabSession } from './tab-frames.js';

const QUIET_MS = 500;

/** networkidle0/2: how many requests may stay open (the other wait conditions are puppeteer's own). */
export const IDLE_ALLOWANCE: Partial<Record<WaitUntil, number>> = { networkidle0: 0, networkidle2: 2 };

interface LifecycleEvent {
  readonly frameId: string;
  readonly loaderId: string;
  readonly name: string;
}

/**
 * networkidle0/2 for one navigation: at most 0/2 of the requests made since it began stay open for 500 ms.
 * Chromium's own signal (the networkIdle / networkAlmostIdle lifecycle event) also ends the wait, whichever comes first:
 * it fires on the first renderer task after those 500 ms, so up to 500 ms later (560 or 1,020 ms at random for the same
 * page, measured), and it bounds the wait should the browser never report the end of a request.
 */
export class NavigationIdle {
  private readonly requests: OpenRequests;
  private readonly lifecycleName: string;
  private loaderId: string | null = null;
  /** Chromium said the current document is idle. */
  private chromiumIdle = false;
  private wake: (() => void) | null = null;

  constructor(
    page: Page,
    /** The tab's own session: lifecycle events on, and its main frame's id (from Page.getFrameTree). */
    private readonly session: TabSession,
    private readonly allowed: number,
  ) {
    this.requests = new OpenRequests(page);
    this.lifecycleName = allowed === 0 ? 'networkIdle' : 'networkAlmostIdle';
    session.client.on('Page.lifecycleEvent', this.onLifecycle);
  }

  /**
   * Called once the navigation's document is parsed (DOMContentLoaded): quiet time counts from now on. Rejects with
   * puppeteer's TimeoutError when the network is not idle within timeoutMs, as puppeteer's own networkidle wait does
   * (resolving then would race the job's deadline and answer a page that never settled).
   */
  reached(timeoutMs: number): Promise<void> {
    const chromium = new Promise<void>((resolve) => (this.chromiumIdle ? resolve() : (this.wake = resolve)));
    const quiet = this.requests.quiet(QUIET_MS, timeoutMs, this.allowed).then((calm) => {
      if (!calm) throw new TimeoutError(`The network was not idle (${this.lifecycleName}) within ${timeoutMs} ms.`);
    });
    return Promise.race([quiet, chromium]);
  }

  dispose(): void {
    this.wake = null;
    this.requests.dispose();
    this.session.client.off('Page.lifecycleEvent', this.onLifecycle);
  }

  private readonly onLifecycle = (event: LifecycleEvent): void => {
    if (event.frameId !== this.session.mainFrameId) return;
    if (event.name === 'init') {
      // A new document of the main frame (a redirect by script, say): only its own signal counts.
      this.loaderId = event.loaderId;
      this.chromiumIdle = false;
    } else if (event.name === this.lifecycleName && event.loaderId === this.loaderId) {
      this.chromiumIdle = true;
      this.wake?.();
    }
  };
}
