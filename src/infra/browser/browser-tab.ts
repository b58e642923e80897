import type { BrowserContext, CDPSession, Frame, Page } from 'puppeteer';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import type { NetworkPolicy } from '../network/network-policy.js';
import { JobFootprint } from './job-footprint.js';
import type { PageOptions } from './page-options.js';
import { AppliedOptions, applyPageOptions } from './page-setup.js';
import { GuardJob, GuardRules, RequestGuard } from './request-guard.js';
import { wipeTab } from './tab-wipe.js';
import { PageUsage, trackPage } from './tracked-page.js';

type Fail = (error: AppError) => void;

/** Puppeteer's own session of the page: it already has the Network domain on, so listening costs nothing extra. */
async function pageClient(page: Page): Promise<CDPSession> {
  const internal = (page as unknown as { _client?: () => CDPSession })._client;
  return typeof internal === 'function' ? internal.call(page) : page.createCDPSession();
}

/** One tab and what it needs between jobs: its request guard, what the job touched, what it emulates. */
export class BrowserTab {
  jobs = 0;
  private applied: AppliedOptions | null = null;
  private usage = new PageUsage();
  private job: GuardJob | null = null;
  private footprint = new JobFootprint();
  private fail: Fail | null = null;
  private crashed = false;

  private constructor(
    readonly page: Page,
    private readonly client: CDPSession,
    private readonly guard: RequestGuard,
  ) {
    page.on('popup', (popup) => void popup?.close().catch(() => undefined));
    page.on('error', () => this.onCrash());
    page.on('framenavigated', (frame) => this.onFrameNavigated(frame));
  }

  static async open(context: BrowserContext, policy: NetworkPolicy): Promise<BrowserTab> {
    const page = await context.newPage();
    const client = await pageClient(page);
    return new BrowserTab(page, client, new RequestGuard(page, client, policy));
  }

  /** Sets the tab up for a job; returns the guard's record of the job and the page the operation gets. */
  async prepare(options: PageOptions, rules: GuardRules, defaultUserAgent: string, fail: Fail): Promise<{ job: GuardJob; page: Page }> {
    this.jobs++;
    this.usage = new PageUsage();
    this.footprint = new JobFootprint();
    this.fail = fail;
    const reused = this.jobs > 1;
    const [applied, job] = await Promise.all([
      applyPageOptions(this.page, options, this.applied, defaultUserAgent),
      this.guard.begin(rules, this.footprint, fail),
      // A response of the previous job that arrived after its wipe could still have set a cookie.
      reused ? this.client.send('Network.clearBrowserCookies') : undefined,
    ]);
    this.applied = applied;
    this.job = job;
    return { job, page: trackPage(this.page, this.usage) };
  }

  /** Why the tab must not serve another job, or null. */
  get unfitReason(): string | null {
    if (this.crashed) return 'the renderer crashed';
    if (this.page.isClosed()) return 'the page was closed';
    if (this.usage.taintedBy) return `the operation called page.${this.usage.taintedBy}()`;
    return null;
  }

  /** Clears everything the job left; resolves true when the tab can serve another job. */
  async wipe(context: BrowserContext): Promise<boolean> {
    const job = this.job;
    if (job) job.closed = true;
    this.fail = null;
    if (this.unfitReason || !job) return false;
    this.usage.removeListeners(this.page);
    try {
      await wipeTab(this.page, this.client, context, this.footprint);
      return true;
    } finally {
      this.guard.end();
      this.job = null;
    }
  }

  async close(): Promise<void> {
    this.guard.end();
    await this.page.close().catch(() => undefined);
  }

  /** A frame's storage key says where its storage lives; a third-party frame's is not its origin alone. */
  private onFrameNavigated(frame: Frame): void {
    if (!this.job || !frame.url().startsWith('http')) return;
    const internal = frame as unknown as { _id?: string; client?: CDPSession };
    if (!internal._id) return;
    const client = internal.client ?? this.client;
    const lookup = client.send('Storage.getStorageKey', { frameId: internal._id }).then((answer) => answer.storageKey);
    this.footprint.recordStorageKey(lookup);
  }

  private onCrash(): void {
    this.crashed = true;
    this.fail?.(new AppError(ErrorCode.BrowserCrashed, 'The page crashed during the job.'));
  }
}
