import type { FiltersEngine } from '@ghostery/adblocker-puppeteer';
import { Request as AdblockRequest } from '@ghostery/adblocker-puppeteer';
import type { CDPSession, Protocol } from 'puppeteer';
import type { AppConfig } from '../../config/app-config.js';
import type { NetworkPolicy } from '../network/network-policy.js';
import { captureDocument, captureKind, emptyAnswer, isRedirectStatus, readCap } from './document-capture.js';
import type { CaptureCaps, CapturedDocument, CaptureKind } from './document-capture.js';
import type { RelayLogin } from '../proxy/relay/relay-slot.js';
import type { JobFootprint } from './job-footprint.js';
import type { PageOptions } from './page-options.js';
import type { SessionKind } from './tab-frames.js';

type AdblockType = Parameters<typeof AdblockRequest.fromRawDetails>[0]['type'];

/**
 * Why a job refuses its main document going to `url` (a site crawl's scope and robots.txt, decisions.md 9.1); null
 * when it may go. Asked before each main-document request is sent, redirect hops and the page's own navigations alike.
 */
export type NavigationRule = (url: string) => string | null;

/** What a job's page may load. */
export interface GuardRules {
  /** Check every request against the network policy (off only when private targets are allowed and nothing else applies). */
  readonly checkPolicy: boolean;
  readonly blockScripts: boolean;
  readonly blockImages: boolean;
  readonly adblock: FiltersEngine | null;
  /**
   * When set (PageOptions.documents), a main document the tab cannot show is read at its response: a PDF as a document,
   * at most `pdf` bytes (PDF_MAX_BYTES, decisions.md 9.5), and the answer of the job's own navigation that the browser
   * would save as a download as its body, at most `download` bytes (MAX_PAGE_BYTES, decisions.md 2 and 7.2).
   */
  readonly documents?: CaptureCaps;
  /**
   * When set (js=false, where the page is the raw body: decisions.md 7.2), a main document whose Content-Length passes
   * it is refused at its response, before its bytes are downloaded and parsed: page_too_large at once, not after the
   * whole body. (A body without a length is measured when read, as before.)
   */
  readonly pageMaxBytes?: number;
  /** The job's own bounds on its main document, over the network policy's. */
  readonly navigation?: NavigationRule;
}

export interface BlockedRequest {
  readonly url: string;
  readonly reason: string;
}

/** A refused URL is kept for its message only: a data-heavy URL (up to 2 MB each) must not pile up until the job ends. */
const BLOCKED_URL_CHARS = 512;

/** One job's view of its page's traffic. */
export class GuardJob {
  /**
   * The first main-frame document the policy refused since the last takeBlocked() (a link a recipe's click followed,
   * say): the only one a job reports. A refused sub-resource (an image, a fetch, a frame) fails only that request
   * (decisions.md 3 refuses the target, 8.5 a sub-resource's request): nothing leaves, and the page goes on.
   */
  private firstBlocked: BlockedRequest | null = null;
  /** The policy's reason when it refused the main document or one of its redirects. */
  blockedNavigation: string | null = null;
  /** The first main document the job's NavigationRule refused: never requested. */
  refusedNavigation: BlockedRequest | null = null;
  /** Set once the job is over: from then on every request is refused (unload beacons included). */
  closed = false;
  /** The main document read at its response: a PDF or the download its navigation answered (rules.documents), or an answer without a body. */
  document: CapturedDocument | null = null;
  /** The Content-Length of a main document refused at its response, and the cap it passed (MAX_PAGE_BYTES). */
  oversizedDocument: { readonly length: number; readonly maxBytes: number } | null = null;
  /**
   * True from the job's own navigation until its main document answers (redirects aside): only that answer is read as a
   * download. A download that a page or a click starts later leaves the page as it was, as it does in a browser.
   */
  awaitingDocument = false;
  /**
   * Set for a navigation that reads the main document's first bytes whatever its type says (a PDF labelled text/html:
   * decisions.md 9.5's "or whose body starts with %PDF-"); reset as awaitingDocument is.
   */
  sniffAnyType = false;

  constructor(
    readonly rules: GuardRules,
    /** Where the requested origins are recorded for the wipe. */
    readonly footprint: JobFootprint,
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

type PausedRequest = Protocol.Fetch.RequestPausedEvent;

/** What the guard asks of its tab's page: the id of its main frame (null before it has one) and its address. */
export interface GuardedPage {
  mainFrameId(): string | null;
  /** The source of the page's requests for EasyList's third-party rules. */
  url(): string;
}

/**
 * A `<link rel=prefetch>`: Chromium types it `Prefetch` (or `Other`) and marks it `Sec-Purpose: prefetch`. With
 * js=false it is refused whatever it names (decisions.md 8.1: no script downloaded); it only warms a cache for later pages.
 */
function isPrefetch(type: string, headers: Protocol.Network.Headers): boolean {
  if (type === 'prefetch') return true;
  const purpose = Object.entries(headers).find(([name]) => name.toLowerCase() === 'sec-purpose')?.[1] ?? '';
  return /^prefetch\b/i.test(purpose);
}

type Verdict = 'continue' | 'abort' | { readonly body: string | Buffer; readonly contentType: string };

/** Request headers that make Chromium's HTTP cache fetch the answer anew (LOAD_BYPASS_CACHE), as a reload does. */
const FETCH_ANEW: ReadonlyArray<Protocol.Fetch.HeaderEntry> = [
  { name: 'Cache-Control', value: 'no-cache' },
  { name: 'Pragma', value: 'no-cache' },
];

/**
 * A document (the main one, a frame's, each redirect hop) is never answered from the HTTP cache an organization's
 * jobs keep (decisions 9.7: 9.6 is the document's cache): its request goes on with the headers of a reload.
 */
function fetchedAnew(request: Protocol.Network.Request): Protocol.Fetch.HeaderEntry[] {
  const kept = Object.entries(request.headers).filter(([name]) => !/^(cache-control|pragma)$/i.test(name));
  return [...kept.map(([name, value]) => ({ name, value })), ...FETCH_ANEW];
}

/** A job's own bounds on its main document (GuardRules). */
export type DocumentBounds = Pick<GuardRules, 'documents' | 'pageMaxBytes' | 'navigation'>;

/** The policy is skipped only when private targets are allowed and no domain is excluded (tests, private deployments). */
export function guardRules(
  config: Pick<AppConfig, 'allowPrivateTargets' | 'uncoveredDomains'>,
  options: PageOptions,
  adblock: FiltersEngine | null,
  bounds: DocumentBounds = {},
): GuardRules {
  const defined = Object.fromEntries(Object.entries(bounds).filter(([, value]) => value !== undefined)) as DocumentBounds;
  return {
    checkPolicy: !config.allowPrivateTargets || config.uncoveredDomains.length > 0,
    blockScripts: !options.js,
    blockImages: !options.images,
    adblock,
    ...defined,
  };
}

/**
 * The tab's one request handler, on the protocol's Fetch domain of each of the tab's sessions (its page and its
 * out-of-process frames): the network policy on every request and redirect hop, scripts off
 * for js=false, images off, EasyList network rules. What the browser does not pause here (WebSockets, preconnects, a
 * service worker's fetches) meets the same policy in the worker's relay, which refuses it; the job goes on.
 *
 * It also answers the tab's authentication challenges, which is why it is not puppeteer's interception: puppeteer's
 * page.authenticate() answers every challenge with the same credentials, a target's `WWW-Authenticate` included. Here
 * only the relay's own challenge gets the slot's credentials, once a request; every other challenge is cancelled, so a
 * target sees its 401 page and never the relay's password.
 */
export class RequestGuard {
  private job: GuardJob | null = null;
  /** Requests already given the relay's credentials: a second challenge means the relay refused them. */
  private readonly answered = new Set<string>();

  constructor(
    private readonly policy: NetworkPolicy,
    private readonly relay: RelayLogin,
    private readonly page: GuardedPage,
  ) {}

  /** Pauses every request of the session before it is sent, for its verdict, and takes its authentication challenges. */
  async watch(session: CDPSession, kind: SessionKind): Promise<void> {
    const onPage = kind === 'page';
    session.on('Fetch.requestPaused', (event: PausedRequest) => void this.onPaused(session, onPage, event));
    session.on('Fetch.authRequired', (event: Protocol.Fetch.AuthRequiredEvent) => this.onAuthRequired(session, event));
    // Documents pause again at their response: a PDF is read there (decisions.md 9.5), never fetched a second time.
    const responses = { urlPattern: '*', resourceType: 'Document' as const, requestStage: 'Response' as const };
    await session.send('Fetch.enable', { handleAuthRequests: true, patterns: [{ urlPattern: '*' }, responses] });
  }

  /** Starts a job's rules and its record of what the page asked for. */
  begin(rules: GuardRules, footprint: JobFootprint): GuardJob {
    this.job = new GuardJob(rules, footprint);
    return this.job;
  }

  end(): void {
    this.job = null;
    this.answered.clear();
  }

  /** A request of no job, or of a job already over, is refused; so is one whose verdict could not be reached. */
  private async onPaused(session: CDPSession, onPage: boolean, event: PausedRequest): Promise<void> {
    if (event.responseStatusCode !== undefined || event.responseErrorReason !== undefined) return this.onResponse(session, onPage, event);
    const job = this.job;
    job?.footprint.recordUrl(event.request.url);
    const verdict = job && !job.closed ? await this.verdict(job, event, onPage).catch((): Verdict => 'abort') : 'abort';
    const headers = verdict === 'continue' && event.resourceType === 'Document' ? fetchedAnew(event.request) : undefined;
    // A request whose frame or session went away in the meantime needs no answer.
    await this.answer(session, event.requestId, verdict, headers).catch(() => undefined);
  }

  /** A document's response: the main document of a job may be read here (or refused for its length); every other goes on. */
  private async onResponse(session: CDPSession, onPage: boolean, event: PausedRequest): Promise<void> {
    const job = this.job && !this.job.closed && onPage && event.frameId === this.page.mainFrameId() ? this.job : null;
    const own = job?.awaitingDocument ?? false;
    const kind = job ? mainDocumentKind(job, event) : null;
    const empty = job ? emptyAnswer(event, own) : null;
    if (empty) {
      job!.document = empty.answer;
      return void (await session.send('Fetch.fulfillRequest', empty.fulfill).catch(() => undefined));
    }
    const refused = job ? refusedLength(event, job.rules, kind) : null;
    if (refused) {
      job!.oversizedDocument = refused;
      return void (await this.answer(session, event.requestId, 'abort').catch(() => undefined));
    }
    if (!kind || !job) return void (await session.send('Fetch.continueRequest', { requestId: event.requestId }).catch(() => undefined));
    try {
      const { document, fulfill } = await captureDocument(session, event, kind, job.rules.documents!);
      job.document = document;
      await session.send('Fetch.fulfillRequest', fulfill);
    } catch {
      await this.answer(session, event.requestId, 'abort').catch(() => undefined);
    }
  }

  private answer(session: CDPSession, requestId: string, verdict: Verdict, headers?: Protocol.Fetch.HeaderEntry[]): Promise<unknown> {
    if (verdict === 'continue') return session.send('Fetch.continueRequest', { requestId, ...(headers ? { headers } : {}) });
    if (verdict === 'abort') return session.send('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' });
    return session.send('Fetch.fulfillRequest', {
      requestId,
      responseCode: 200,
      responseHeaders: [{ name: 'content-type', value: verdict.contentType }],
      body: Buffer.from(verdict.body).toString('base64'),
    });
  }

  private async verdict(job: GuardJob, event: PausedRequest, onPage: boolean): Promise<Verdict> {
    // Chromium's resource types, as puppeteer and EasyList name them (`Script` is `script`).
    const type = event.resourceType.toLowerCase();
    const { url } = event.request;
    const { rules } = job;
    const mainDocument = onPage && type === 'document' && event.frameId === this.page.mainFrameId();
    const refused = mainDocument && rules.navigation ? rules.navigation(url) : null;
    if (refused) {
      job.refusedNavigation ??= { url: url.slice(0, BLOCKED_URL_CHARS), reason: refused };
      return 'abort';
    }
    if (rules.blockScripts && (type === 'script' || isPrefetch(type, event.request.headers))) return 'abort';
    if (rules.blockImages && type === 'image') return 'abort';
    if (rules.adblock && !mainDocument) {
      const adblock = this.adblock(rules.adblock, url, type);
      if (adblock !== 'continue') return adblock;
    }
    if (!rules.checkPolicy) return 'continue';
    const reason = await this.policy.checkDuringCrawl(url);
    if (!reason) return 'continue';
    if (mainDocument) {
      job.recordBlocked(url, reason);
      job.blockedNavigation = reason;
    }
    return 'abort';
  }

  private adblock(engine: FiltersEngine, url: string, type: string): Verdict {
    const details = { url, type: type as AdblockType, sourceUrl: this.page.url() };
    const { match, redirect } = engine.match(AdblockRequest.fromRawDetails(details));
    if (redirect) {
      const base64 = redirect.contentType.endsWith(';base64');
      const body = base64 ? Buffer.from(redirect.body, 'base64') : redirect.body;
      return { body, contentType: base64 ? redirect.contentType.slice(0, -';base64'.length) : redirect.contentType };
    }
    return match ? 'abort' : 'continue';
  }

  /** The relay's challenge is met with the slot's credentials, once a request; a target's is cancelled. */
  private onAuthRequired(session: CDPSession, event: Protocol.Fetch.AuthRequiredEvent): void {
    const { source, origin } = event.authChallenge;
    const provide = source === 'Proxy' && origin === this.relay.url && !this.answered.has(event.requestId);
    if (provide) this.answered.add(event.requestId);
    const authChallengeResponse = provide
      ? { response: 'ProvideCredentials' as const, ...this.relay.credentials }
      : { response: 'CancelAuth' as const };
    void session.send('Fetch.continueWithAuth', { requestId: event.requestId, authChallengeResponse }).catch(() => undefined);
  }
}

/** How the job reads its main document's response (document-capture.ts); as a download only as its own navigation's answer. */
function mainDocumentKind(job: GuardJob, event: PausedRequest): CaptureKind | null {
  const status = event.responseStatusCode ?? 0;
  const own = job.awaitingDocument;
  const sniffAnyType = own && job.sniffAnyType;
  if (event.responseErrorReason || !isRedirectStatus(status)) job.awaitingDocument = job.sniffAnyType = false;
  return job.rules.documents ? captureKind(event, job.rules.documents, own, sniffAnyType) : null;
}

/**
 * A main document refused at its response for its Content-Length (decisions.md 7.2): past MAX_PAGE_BYTES where the page
 * is the raw body (js=false), or, read at its response, past its kind's cap (past MAX_PAGE_BYTES as well). A PDF is
 * held to PDF_MAX_BYTES as it is read.
 */
function refusedLength(event: PausedRequest, rules: GuardRules, kind: CaptureKind | null): GuardJob['oversizedDocument'] {
  if (kind === 'pdf') return null;
  const caps = kind ? rules.documents : undefined;
  const length = oversizedLength(event, caps ? readCap(kind!, caps) : rules.pageMaxBytes);
  return length === null ? null : { length, maxBytes: caps ? caps.download : rules.pageMaxBytes! };
}

/** A response's Content-Length when it passes `maxBytes` (a redirect's never counts); null otherwise or without one. */
function oversizedLength(event: PausedRequest, maxBytes: number | undefined): number | null {
  const status = event.responseStatusCode ?? 0;
  if (maxBytes === undefined || event.responseErrorReason || (status >= 300 && status < 400)) return null;
  const header = (event.responseHeaders ?? []).find(({ name }) => name.toLowerCase() === 'content-length');
  const length = header && /^\d+$/.test(header.value.trim()) ? Number(header.value.trim()) : null;
  return length !== null && length > maxBytes ? length : null;
}
