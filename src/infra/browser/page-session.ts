import type { HTTPResponse, Page } from 'puppeteer';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import type { JobRun } from './job-run.js';
import type { SlotBinding } from '../proxy/relay/relay-slot.js';
import { classifyBrowserError, FailureContext } from './navigation-errors.js';
import type { NavigationResult, PageOptions, PageSession, WaitUntil } from './page-options.js';
import type { GuardJob } from './request-guard.js';

/**
 * networkidle0/2 (at most 0/2 requests for 500 ms) are measured by puppeteer's own request count after
 * DOMContentLoaded: Chromium's networkIdle signal fires on the first renderer task after those 500 ms, which on a
 * quiet page comes up to another 500 ms later (measured: 560 ms or 1,020 ms for the same page, by chance).
 */
const NETWORK_IDLE: Partial<Record<WaitUntil, number>> = { networkidle0: 0, networkidle2: 2 };
const NETWORK_IDLE_MS = 500;

/** The PageSession an operation gets: navigation with the job's wait condition, deadline and error codes. */
export class JobPageSession implements PageSession {
  constructor(
    /** What the operation uses (tracked); `raw` is the same page for our own calls. */
    readonly page: Page,
    readonly options: PageOptions,
    private readonly raw: Page,
    private readonly run: JobRun,
    private readonly guard: GuardJob,
    /** The relay's record of the job's upstream. */
    private readonly egress: SlotBinding,
  ) {}

  async goto(url: string): Promise<NavigationResult> {
    const timeout = this.run.remainingMs();
    if (timeout <= 0) throw new AppError(ErrorCode.NavigationTimeout, 'The job deadline passed before the navigation started.');
    let response: HTTPResponse | null;
    const idleConcurrency = NETWORK_IDLE[this.options.waitUntil];
    try {
      const waitUntil = idleConcurrency === undefined ? this.options.waitUntil : 'domcontentloaded';
      response = await this.run.race(this.raw.goto(url, { waitUntil, timeout }));
      if (idleConcurrency !== undefined) {
        const idle = { idleTime: NETWORK_IDLE_MS, concurrency: idleConcurrency, timeout: Math.max(1, this.run.remainingMs()), signal: this.run.signal };
        await this.run.race(this.raw.waitForNetworkIdle(idle));
      }
    } catch (error) {
      throw classifyBrowserError(error, this.failureContext()) ?? error;
    }
    if (this.guard.blockedNavigation) throw classifyBrowserError(new Error('blocked'), this.failureContext())!;
    // Whatever the status (407 and 59x included), it is the target's answer: only the relay judges the proxy.
    const status = response?.status() ?? 200;
    return { status, finalUrl: this.raw.url(), rawBody: () => this.body(response) };
  }

  assertNotBlocked(): void {
    const first = this.guard.blocked[0];
    this.guard.blocked.length = 0;
    if (first) throw new AppError(ErrorCode.BlockedTarget, `The network policy refused a request of the page (${first.reason}).`);
  }

  remainingMs(): number {
    return this.run.remainingMs();
  }

  failureContext(): FailureContext {
    return {
      blockedNavigation: this.guard.blockedNavigation,
      deadlinePassed: this.run.deadlinePassed,
      crashed: this.run.crashed,
      proxyFailed: this.egress.proxyFault !== null,
    };
  }

  /** The main document as delivered; the DOM's serialization only if the browser no longer holds the response. */
  private async body(response: HTTPResponse | null): Promise<string> {
    if (response) {
      try {
        return await this.run.race(response.text());
      } catch (error) {
        if (this.run.ended) throw error;
      }
    }
    return this.run.race(this.raw.content());
  }
}
