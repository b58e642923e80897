import type { HTTPResponse, Page } from 'puppeteer';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import type { JobRun } from './job-run.js';
import type { SlotBinding } from '../proxy/relay/relay-slot.js';
import { readDocumentSource } from './isolated-world.js';
import { classifyBrowserError, FailureContext } from './navigation-errors.js';
import { evaluateBounded, EvaluationLimits } from './bounded-evaluation.js';
import { CausedNavigationFailure, NavigationProbe, settleAfterAction } from './caused-navigation.js';
import { IDLE_ALLOWANCE, NavigationIdle } from './navigation-idle.js';
import { CaptureRequest, captureJpeg } from './page-capture.js';
import { toPuppeteerViewport } from './page-setup.js';
import type { CapturedDocument } from './document-capture.js';
import type { NavigationResult, PageOptions, PageSession } from './page-options.js';
import type { GuardJob } from './request-guard.js';
import type { TabSession } from './tab-frames.js';

/** The cap of a serialized DOM when the caller names none: MAX_PAGE_BYTES's default. */
const DEFAULT_MAX_SOURCE_CHARS = 20 * 1024 * 1024;

/** What a job's browser error is judged by: its run, the request guard's and the relay's verdicts, the browser's state. */
export function jobFailureContext(run: JobRun, guard: GuardJob | null, egress: SlotBinding | null, browserGone = false): FailureContext {
  return {
    blockedNavigation: guard?.blockedNavigation ?? null,
    refusedNavigation: guard?.refusedNavigation ?? null,
    deadlinePassed: run.deadlinePassed,
    crashed: run.crashed || browserGone,
    proxyFailed: egress?.proxyFault != null,
  };
}

/** The PageSession an operation gets: navigation with the job's wait condition, deadline and error codes. */
export class JobPageSession implements PageSession {
  constructor(
    /** What the operation uses (tracked); `raw` is the same page for our own calls. */
    readonly page: Page,
    readonly options: PageOptions,
    private readonly raw: Page,
    /** The tab's own CDP session (lifecycle events) and main frame. */
    private readonly session: TabSession,
    private readonly run: JobRun,
    private readonly guard: GuardJob,
    /** The relay's record of the job's upstream. */
    private readonly egress: SlotBinding,
  ) {}

  async goto(url: string, how: { readonly sniffAnyType?: boolean } = {}): Promise<NavigationResult> {
    const timeout = this.run.remainingMs();
    if (timeout <= 0) throw new AppError(ErrorCode.NavigationTimeout, 'The job deadline passed before the navigation started.');
    let response: HTTPResponse | null;
    this.guard.document = null;
    this.guard.oversizedDocument = null;
    this.guard.awaitingDocument = true;
    this.guard.sniffAnyType = how.sniffAnyType ?? false;
    const allowed = IDLE_ALLOWANCE[this.options.waitUntil];
    const idle = allowed === undefined ? null : new NavigationIdle(this.raw, this.session, allowed);
    try {
      response = await this.run.race(this.raw.goto(url, { waitUntil: idle ? 'domcontentloaded' : this.options.waitUntil, timeout }));
      this.run.mark(idle ? 'parsed' : 'navigated');
      // The job's deadline bounds the wait (the run ends it with navigation_timeout).
      if (idle) {
        await this.run.race(idle.reached(this.run.remainingMs()));
        this.run.mark('network idle');
      }
    } catch (error) {
      this.assertDocumentSize();
      throw this.ended(classifyBrowserError(error, this.failureContext()) ?? error);
    } finally {
      idle?.dispose();
      this.guard.awaitingDocument = this.guard.sniffAnyType = false;
    }
    this.assertDocumentSize();
    if (this.guard.blockedNavigation || this.guard.refusedNavigation) throw classifyBrowserError(new Error('blocked'), this.failureContext())!;
    // Whatever the status (407 and 59x included), it is the target's answer: only the relay judges the proxy.
    const captured = this.capturedDocument();
    // An answer without a body is shown as an empty page with a status of its own: the target's is the answer's.
    const status = captured?.kind === 'empty' ? captured.status : response?.status() ?? 200;
    // A document read at its response was the target's answer; the tab holds only its stand-in.
    const headers = captured?.headers ?? response?.headers() ?? {};
    const retryAfter = headers['retry-after'] ?? null;
    const mediaType = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    const navigation = { status, finalUrl: this.raw.url(), mediaType, retryAfter };
    if (captured?.kind === 'empty') return { ...navigation, rawBody: async () => '', downloaded: true };
    if (captured?.kind === 'pdf') return { ...navigation, rawBody: (maxBytes) => this.body(response, maxBytes), document: captured.bytes };
    // Decoded as a browser decodes a text body, without puppeteer's fatal check: no DOM holds it to fall back on.
    if (captured) return { ...navigation, rawBody: async () => new TextDecoder('utf-8').decode(captured.bytes), downloaded: true };
    return { ...navigation, rawBody: (maxBytes) => this.body(response, maxBytes) };
  }

  assertNotBlocked(): void {
    const first = this.guard.takeBlocked();
    if (first) throw new AppError(ErrorCode.BlockedTarget, `The network policy refused a request of the page (${first.reason}).`);
  }

  remainingMs(): number {
    return this.run.remainingMs();
  }

  mark(step: string): void {
    this.run.mark(step);
  }

  captureJpeg(request: CaptureRequest): Promise<string> {
    const viewport = toPuppeteerViewport(this.options.viewport);
    this.guard.footprint.windowEmulated = true;
    return this.run.race(captureJpeg(this.session.client, request, viewport, () => this.run.mark('capture asked again', true)));
  }

  async afterAction(action: (navigating: NavigationProbe) => Promise<void>): Promise<boolean> {
    let navigated: boolean;
    try {
      navigated = await this.run.race(settleAfterAction(this.raw, this.session, this.options.waitUntil, this.run.remainingMs(), action));
    } catch (error) {
      const failure = this.ended(classifyBrowserError(error, this.failureContext()) ?? error);
      // A navigation the page failed on its own is the page's (the recipe goes on, on Chromium's error page); one the
      // job's proxy failed is the pool's: another proxy, or proxy_pool_unavailable (decisions 8.4).
      if (!(error instanceof CausedNavigationFailure) || (failure instanceof AppError && failure.code === ErrorCode.ProxyFailed)) throw failure;
      navigated = true;
    }
    if (this.guard.blockedNavigation || this.guard.refusedNavigation) throw classifyBrowserError(new Error('blocked'), this.failureContext())!;
    if (navigated) this.run.mark('navigated by an action');
    return navigated;
  }

  evaluateScript(script: string, limits: EvaluationLimits): Promise<unknown> {
    return this.run.race(evaluateBounded(this.session.client, script, limits));
  }

  /** page_too_large when the guard refused the main document for its Content-Length (GuardJob.oversizedDocument). */
  private assertDocumentSize(): void {
    const declared = this.guard.oversizedDocument;
    if (declared !== null) throw new AppError(ErrorCode.PageTooLarge, `The page is ${declared.length} bytes, more than ${declared.maxBytes} (MAX_PAGE_BYTES).`);
  }

  /** The PDF, the download or the empty answer the navigation had, read at its response, if any; past its cap, page_too_large. */
  private capturedDocument(): Exclude<CapturedDocument, { tooLarge: true }> | null {
    const document = this.guard.document;
    if (!document || !('tooLarge' in document)) return document;
    const caps = this.guard.rules.documents!;
    if (document.kind === 'pdf') throw new AppError(ErrorCode.PageTooLarge, `The document exceeds ${caps.pdf} bytes (PDF_MAX_BYTES), the largest read.`);
    throw new AppError(ErrorCode.PageTooLarge, `The page exceeds ${caps.download} bytes, the most an operation returns.`);
  }

  /**
   * A navigation that timed out waited for the job's deadline (its timeout is the time left): the run ends with it, as
   * it would a moment later, so the tab, still loading, is closed with its context instead of wiped (a wipe waits on a
   * document that may never come, and the slot's next job with it).
   */
  private ended(failure: unknown): unknown {
    if (failure instanceof AppError && failure.code === ErrorCode.NavigationTimeout) this.run.fail(failure);
    return failure;
  }

  private failureContext(): FailureContext {
    return jobFailureContext(this.run, this.guard, this.egress);
  }

  /** The main document as delivered; the DOM's serialization (isolated, capped) only if the browser no longer holds the response. */
  private async body(response: HTTPResponse | null, maxBytes = DEFAULT_MAX_SOURCE_CHARS): Promise<string> {
    if (response) {
      try {
        return await this.run.race(response.text());
      } catch (error) {
        if (this.run.ended) throw error;
      }
    }
    const source = await this.run.race(readDocumentSource(this.raw, maxBytes));
    if (source === null) throw new AppError(ErrorCode.PageTooLarge, `The page exceeds ${maxBytes} bytes, the most an operation returns.`);
    return source;
  }
}
