import type { CDPSession, HTTPRequest, Page } from 'puppeteer';

const QUIET_MS = 500;

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
  readonly reached: Promise<void>;
  private readonly open = new Set<HTTPRequest>();
  private readonly lifecycleName: string;
  private readonly mainFrameId: string | undefined;
  private loaderId: string | null = null;
  private chromiumIdle = false;
  private armed = false;
  private timer: NodeJS.Timeout | undefined;
  private resolve: () => void = () => undefined;

  constructor(
    private readonly page: Page,
    private readonly client: CDPSession,
    private readonly allowed: number,
  ) {
    this.lifecycleName = allowed === 0 ? 'networkIdle' : 'networkAlmostIdle';
    this.mainFrameId = (page.mainFrame() as unknown as { _id?: string })._id;
    this.reached = new Promise((resolve) => (this.resolve = resolve));
    page.on('request', this.onRequest);
    page.on('requestfinished', this.onEnd);
    page.on('requestfailed', this.onEnd);
    client.on('Page.lifecycleEvent', this.onLifecycle);
  }

  /** Counts quiet time from now on: called once the navigation's document is parsed (DOMContentLoaded). */
  arm(): void {
    this.armed = true;
    if (this.chromiumIdle) this.resolve();
    this.update();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.page.off('request', this.onRequest);
    this.page.off('requestfinished', this.onEnd);
    this.page.off('requestfailed', this.onEnd);
    this.client.off('Page.lifecycleEvent', this.onLifecycle);
  }

  private readonly onRequest = (request: HTTPRequest): void => {
    this.open.add(request);
    this.update();
  };

  private readonly onEnd = (request: HTTPRequest): void => {
    this.open.delete(request);
    this.update();
  };

  private readonly onLifecycle = (event: LifecycleEvent): void => {
    if (event.frameId !== this.mainFrameId) return;
    if (event.name === 'init') {
      this.loaderId = event.loaderId;
      this.chromiumIdle = false;
    } else if (event.name === this.lifecycleName && event.loaderId === this.loaderId) {
      this.chromiumIdle = true;
      if (this.armed) this.resolve();
    }
  };

  /** The quiet period restarts only when the open requests go over the allowance, as puppeteer's own waits do. */
  private update(): void {
    if (!this.armed) return;
    if (this.open.size > this.allowed) {
      clearTimeout(this.timer);
      this.timer = undefined;
    } else {
      this.timer ??= setTimeout(this.resolve, QUIET_MS);
    }
  }
}
