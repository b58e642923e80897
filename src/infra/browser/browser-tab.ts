import type { BrowserContext, CDPSession, Page } from 'puppeteer';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import type { NetworkPolicy } from '../network/network-policy.js';
import type { RelayLogin } from '../proxy/relay/relay-slot.js';
import { readThrough } from './isolated-world.js';
import { JobFootprint } from './job-footprint.js';
import type { PageOptions } from './page-options.js';
import { AppliedOptions, applyPageOptions } from './page-setup.js';
import { GuardJob, GuardRules, RequestGuard } from './request-guard.js';
import { isPrivateAnswer, TabCache } from './tab-cache.js';
import { CommittedFrame, TabFrames, TabSession } from './tab-frames.js';
import { wipeTab } from './tab-wipe.js';
import { PageUsage, trackPage } from './tracked-page.js';

type Fail = (error: AppError) => void;

/** A storage key starts with its document's origin: one that does not still names the frame's previous document. */
function keyOf(frame: CommittedFrame, storageKey: string): boolean {
  return storageKey.startsWith(`${new URL(frame.url).origin}/`);
}

/** One tab and what it needs between jobs: its request guard, what the job touched, what it emulates. */
export class BrowserTab {
  jobs = 0;
  private applied: AppliedOptions | null = null;
  private usage = new PageUsage();
  private tracked: Page;
  private job: GuardJob | null = null;
  private footprint = new JobFootprint();
  private fail: Fail | null = null;
  private crashed = false;

  private constructor(
    readonly page: Page,
    private readonly frames: TabFrames,
    private readonly guard: RequestGuard,
    private readonly cache: TabCache,
  ) {
    this.tracked = trackPage(page, this.usage);
    // Popups would escape the tab's request guard; a crawl has no use for them.
    page.on('popup', (popup) => void popup?.close().catch(() => undefined));
    // An unanswered alert() blocks the page's scripts (and our calls into it) until the deadline.
    page.on('dialog', (dialog) => void dialog.dismiss().catch(() => undefined));
    page.on('error', () => this.onCrash());
    page.on('response', (response) => {
      if (isPrivateAnswer(response)) this.footprint.privateAnswer = true;
    });
  }

  /** `cacheBytes`: what the context may read from upstream before the wipe clears its HTTP cache (tab-cache.ts). */
  static async open(context: BrowserContext, policy: NetworkPolicy, relay: RelayLogin, cacheBytes: number): Promise<BrowserTab> {
    const page = await context.newPage();
    // A service worker's fetches would escape the page's request guard (the relay still checks them).
    await page.setBypassServiceWorker(true);
    let tab: BrowserTab | null = null;
    let frames: TabFrames | null = null;
    const guard = new RequestGuard(policy, relay, { mainFrameId: () => frames?.mainFrameId ?? null, url: () => page.url() });
    frames = await TabFrames.open(page, (frame) => tab?.onFrameCommitted(frame), (session, kind) => guard.watch(session, kind));
    tab = new BrowserTab(page, frames, guard, new TabCache(cacheBytes, relay.receivedBytes));
    readThrough(page, frames);
    return tab;
  }

  /** The tab's own CDP session (page.createCDPSession()). */
  get client(): CDPSession {
    return this.frames.client;
  }

  /** The tab's session and main frame, for navigation waits. */
  get session(): TabSession {
    return this.frames;
  }

  /**
   * Starts a job on the tab: a fresh record of what it touches, and the page handed out for it (tracked, so the
   * listeners anyone adds during the job, the cluster's own included, are removed when the tab is wiped).
   */
  begin(): Page {
    this.jobs++;
    this.usage = new PageUsage();
    this.footprint = new JobFootprint();
    this.tracked = trackPage(this.page, this.usage);
    return this.tracked;
  }

  /** The job began but never set the tab up: only the listeners added to its page are taken back. */
  untouched(): void {
    this.usage.removeListeners(this.page);
  }

  /**
   * Sets the tab up for the job begun; returns the guard's record of the job and the page the operation gets.
   * `cacheOwner` is the job's organization: the HTTP cache another one left is cleared first (decisions 9.7).
   */
  async prepare(options: PageOptions, rules: GuardRules, defaultUserAgent: string, fail: Fail, cacheOwner: string): Promise<{ job: GuardJob; page: Page }> {
    this.fail = fail;
    const reused = this.jobs > 1;
    const job = this.guard.begin(rules, this.footprint);
    const [applied] = await Promise.all([
      applyPageOptions(this.page, options, this.applied, defaultUserAgent),
      // A response of the previous job that arrived after its wipe could still have set a cookie.
      reused ? this.client.send('Network.clearBrowserCookies') : undefined,
      this.cache.claim(cacheOwner, () => this.client.send('Network.clearBrowserCache')),
    ]);
    this.applied = applied;
    this.job = job;
    return { job, page: this.tracked };
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
      // The frames still open are asked for their storage keys again, before they go away (the main frame: see below).
      for (const frame of await this.frames.openFrames()) {
        if (frame.frameId !== this.frames.mainFrameId) this.footprint.recordStorageKey(this.storageKey(frame, 0));
      }
      const keepCache = !this.footprint.privateAnswer && !this.cache.full;
      await wipeTab(this.page, this.client, context, this.footprint, keepCache);
      if (!keepCache) this.cache.cleared();
      return true;
    } finally {
      this.guard.end();
      this.job = null;
    }
  }

  /**
   * A frame's storage key says where its storage lives; a third-party frame's is not its origin alone. The main frame's
   * is its origin (a top-level document is never partitioned), which the wipe clears by origin: not asked.
   */
  private onFrameCommitted(frame: CommittedFrame): void {
    if (this.job && frame.frameId !== this.frames.mainFrameId) this.footprint.recordStorageKey(this.storageKey(frame, 1));
  }

  /**
   * Asked again once: right after a commit the browser can still answer for the frame's previous document (or not at
   * all). The page's session answers for out-of-process frames too.
   */
  private async storageKey(frame: CommittedFrame, retries: number): Promise<string> {
    if (!frame.url.startsWith('http')) throw new Error('no storage');
    const answer = await this.client.send('Storage.getStorageKey', { frameId: frame.frameId }).then(
      ({ storageKey }) => storageKey,
      (error: unknown) => (retries === 0 ? Promise.reject(error) : null),
    );
    if (answer !== null && (retries === 0 || keyOf(frame, answer))) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
    return this.storageKey(frame, retries - 1);
  }

  private onCrash(): void {
    this.crashed = true;
    this.fail?.(new AppError(ErrorCode.BrowserCrashed, 'The page crashed during the job.'));
  }
}
