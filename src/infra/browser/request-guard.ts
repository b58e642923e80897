import type { FiltersEngine } from '@ghostery/adblocker-puppeteer';
import { Request as AdblockRequest } from '@ghostery/adblocker-puppeteer';
import type { CDPSession, HTTPRequest, Page } from 'puppeteer';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import type { AppConfig } from '../../config/app-config.js';
import type { NetworkPolicy } from '../network/network-policy.js';
import type { JobFootprint } from './job-footprint.js';
import type { PageOptions } from './page-options.js';

type AdblockType = Parameters<typeof AdblockRequest.fromRawDetails>[0]['type'];

/** What a job's page may load. */
export interface GuardRules {
  /** Check every request against the network policy (off only when private targets are allowed and nothing else applies). */
  readonly checkPolicy: boolean;
  readonly blockScripts: boolean;
  readonly blockImages: boolean;
  readonly adblock: FiltersEngine | null;
}

export interface BlockedRequest {
  readonly url: string;
  readonly reason: string;
}

/** A refused URL is kept for its message only: a data-heavy URL (up to 2 MB each) must not pile up until the job ends. */
const BLOCKED_URL_CHARS = 512;

/** One job's view of its page's traffic. */
export class GuardJob {
  /** The first request the policy refused since the last takeBlocked(): the only one a job reports. */
  private firstBlocked: BlockedRequest | null = null;
  /** The policy's reason when it refused the main document or one of its redirects. */
  blockedNavigation: string | null = null;
  /** Set once the job is over: from then on every request is refused (unload beacons included). */
  closed = false;

  constructor(
    readonly rules: GuardRules,
    /** Where the requested origins are recorded for the wipe. */
    readonly footprint: JobFootprint,
    /** Ends the job at once (used for what cannot be aborted, like a WebSocket to a refused host). */
    readonly fail: (error: AppError) => void,
  ) {}

  recordBlocked(url: string, reason: string): void {
    this.firstBlocked ??= { url: url.slice(0, BLOCKED_URL_CHARS), reason };
  }

  /** The first refused request since the last call, and forgets it. */
  takeBlocked(): BlockedRequest | null {
    const first = this.firstBlocked;
    this.firstBlocked = null;
    return first;
  }
}

/**
 * A `<link rel=prefetch>`: Chromium types it `other` and marks it `Sec-Purpose: prefetch`. With js=false it is
 * refused whatever it names (decisions.md 8.1: no script downloaded); it only warms a cache for later pages.
 */
function isPrefetch(request: HTTPRequest): boolean {
  return request.resourceType() === 'prefetch' || /^prefetch\b/i.test(request.headers()['sec-purpose'] ?? '');
}

type Verdict = 'continue' | 'abort' | { readonly body: string | Buffer; readonly contentType: string };

/** The policy is skipped only when private targets are allowed and no domain is excluded (tests, private deployments). */
export function guardRules(
  config: Pick<AppConfig, 'allowPrivateTargets' | 'uncoveredDomains'>,
  options: PageOptions,
  adblock: FiltersEngine | null,
): GuardRules {
  return {
    checkPolicy: !config.allowPrivateTargets || config.uncoveredDomains.length > 0,
    blockScripts: !options.js,
    blockImages: !options.images,
    adblock,
  };
}

export function needsInterception(rules: GuardRules): boolean {
  return rules.checkPolicy || rules.blockScripts || rules.blockImages || rules.adblock !== null;
}

/**
 * The page's one request handler (puppeteer's cooperative interception, priority 0): the network policy on every
 * request and redirect hop, scripts off for js=false, images off, EasyList network rules. WebSockets cannot be
 * intercepted; they are checked when created and end the job when refused.
 */
export class RequestGuard {
  private job: GuardJob | null = null;
  private intercepting = false;

  constructor(
    private readonly page: Page,
    private readonly client: CDPSession,
    private readonly policy: NetworkPolicy,
  ) {
    page.on('request', this.onRequest);
    client.on('Network.webSocketCreated', this.onWebSocket);
  }

  /** Starts a job's rules; interception is switched only when the need changes from the previous job. */
  async begin(rules: GuardRules, footprint: JobFootprint, fail: (error: AppError) => void): Promise<GuardJob> {
    const wanted = needsInterception(rules);
    if (wanted !== this.intercepting) {
      await this.page.setRequestInterception(wanted);
      this.intercepting = wanted;
    }
    this.job = new GuardJob(rules, footprint, fail);
    return this.job;
  }

  end(): void {
    this.job = null;
  }

  private readonly onRequest = async (request: HTTPRequest): Promise<void> => {
    const job = this.job;
    job?.footprint.recordUrl(request.url());
    if (request.interceptResolutionState().action === 'disabled' || request.isInterceptResolutionHandled()) return;
    const verdict = job && !job.closed ? await this.verdict(job, request) : 'abort';
    if (request.isInterceptResolutionHandled()) return;
    if (verdict === 'continue') return request.continue(request.continueRequestOverrides(), 0);
    if (verdict === 'abort') return request.abort('blockedbyclient', 0);
    return request.respond({ status: 200, body: verdict.body, contentType: verdict.contentType }, 0);
  };

  private async verdict(job: GuardJob, request: HTTPRequest): Promise<Verdict> {
    const type = request.resourceType();
    const { rules } = job;
    if (rules.blockScripts && (type === 'script' || isPrefetch(request))) return 'abort';
    if (rules.blockImages && type === 'image') return 'abort';
    if (rules.adblock && !this.isMainDocument(request)) {
      const adblock = this.adblock(rules.adblock, request);
      if (adblock !== 'continue') return adblock;
    }
    if (!rules.checkPolicy) return 'continue';
    const reason = await this.policy.checkDuringCrawl(request.url());
    if (!reason) return 'continue';
    job.recordBlocked(request.url(), reason);
    if (this.isMainDocument(request)) job.blockedNavigation = reason;
    return 'abort';
  }

  private adblock(engine: FiltersEngine, request: HTTPRequest): Verdict {
    const details = { url: request.url(), type: request.resourceType() as AdblockType, sourceUrl: this.page.url() };
    const { match, redirect } = engine.match(AdblockRequest.fromRawDetails(details));
    if (redirect) {
      const base64 = redirect.contentType.endsWith(';base64');
      const body = base64 ? Buffer.from(redirect.body, 'base64') : redirect.body;
      return { body, contentType: base64 ? redirect.contentType.slice(0, -';base64'.length) : redirect.contentType };
    }
    return match ? 'abort' : 'continue';
  }

  private isMainDocument(request: HTTPRequest): boolean {
    return request.isNavigationRequest() && request.frame() === this.page.mainFrame();
  }

  private readonly onWebSocket = (event: { url: string }): void => {
    const job = this.job;
    if (!job?.rules.checkPolicy) return;
    void this.policy.checkDuringCrawl(event.url).then((reason) => {
      if (!reason || this.job !== job) return;
      job.recordBlocked(event.url, reason);
      job.fail(new AppError(ErrorCode.BlockedTarget, `The network policy refused a WebSocket the page opened: ${reason}`));
    });
  };
}
