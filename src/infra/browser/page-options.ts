import type { EvaluationLimits } from './bounded-evaluation.js';
import type { NavigationProbe } from './caused-navigation.js';
import type { CaptureRequest } from './page-capture.js';
import type { Page } from 'puppeteer';

/** Puppeteer's page, re-exported so that operations name it without importing puppeteer themselves. */
export type BrowserPage = Page;

export const WAIT_UNTIL = ['load', 'domcontentloaded', 'networkidle0', 'networkidle2'] as const;
export type WaitUntil = (typeof WAIT_UNTIL)[number];

export interface Viewport {
  readonly width: number;
  readonly height: number;
  readonly deviceScaleFactor?: number;
  readonly isMobile?: boolean;
  readonly isLandscape?: boolean;
  readonly hasTouch?: boolean;
}

/** What the spec's shared query parameters ask of the page. */
export interface PageOptions {
  readonly js: boolean;
  readonly images: boolean;
  readonly adblock: boolean;
  readonly waitUntil: WaitUntil;
  readonly viewport: Viewport;
  readonly userAgent: string | null;
  /**
   * Read a main document the tab cannot show at its response (GET /crawl, a recipe's start, site pages): a PDF as a
   * document (decisions.md 9.5), and a download that the navigation answered as its body (decisions.md 2).
   */
  readonly documents?: boolean;
}

export interface NavigationResult {
  /** The target's HTTP status of the main document (after redirects). */
  readonly status: number;
  readonly finalUrl: string;
  /** The main document's Content-Type without its parameters, lower-cased ('' when it named none). */
  readonly mediaType: string;
  /**
   * The main document's body exactly as the server delivered it, decoded as text. When the browser no longer holds it,
   * the DOM's serialization, refused with page_too_large past maxBytes.
   */
  readonly rawBody: (maxBytes?: number) => Promise<string>;
  /** The main document's bytes when it was a PDF and the page options asked for documents. */
  readonly document?: Uint8Array;
  /**
   * True when the answer was one a browser saves rather than shows (an attachment, a type no tab shows) and the page
   * options asked for documents: rawBody is that body, read at its response, and the tab holds only an empty page.
   */
  readonly downloaded?: boolean;
  /** The main document's Retry-After header (a site crawl pauses the host on a 429 or 503 with it); null when absent. */
  readonly retryAfter?: string | null;
}

/** One job's page: opened for the job, wiped and closed (or recycled) after it, on every exit path. */
export interface PageSession {
  readonly page: BrowserPage;
  readonly options: PageOptions;
  /**
   * Navigates with the job's wait condition; throws AppError target_unreachable / navigation_timeout / blocked_target /
   * proxy_failed. `sniffAnyType`: the main document's first bytes decide whether it is a PDF, whatever its type says.
   */
  goto(url: string, how?: { readonly sniffAnyType?: boolean }): Promise<NavigationResult>;
  /** Throws AppError(blocked_target) when the network policy refused a main-frame document since the last call (a refused sub-resource fails alone). */
  assertNotBlocked(): void;
  /** Milliseconds left before the job's hard deadline. */
  remainingMs(): number;
  /** Notes a step of the operation: a slow job's log line says when each was reached. */
  mark(step: string): void;
  /** A JPEG of the clip (page coordinates, beyond the viewport if need be), base64; bounded by the job's deadline. */
  captureJpeg(request: CaptureRequest): Promise<string>;
  /**
   * Runs an action on the page (a click, a key press) and waits for a navigation of the main frame it started, with
   * the job's wait condition; true when one started. Throws like goto when that navigation fails.
   */
  afterAction(action: (navigating: NavigationProbe) => Promise<void>): Promise<boolean>;
  /** The caller's expression run in the page, bounded in time and size (see bounded-evaluation.ts); throws EvaluationFailure. */
  evaluateScript(script: string, limits: EvaluationLimits): Promise<unknown>;
}
