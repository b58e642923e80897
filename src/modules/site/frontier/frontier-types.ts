import type { PageCharge } from './page-charge.js';

/**
 * A frontier row's state: waiting and running are the crawl's work left; alias reserves a redirect's final URL key;
 * skipped is a page whose navigation left the crawl (out of scope, past robots.txt), never a result.
 */
export type PageState = 'waiting' | 'running' | 'done' | 'failed' | 'duplicate' | 'dropped' | 'alias' | 'skipped';

/** Why a taken page left the crawl: the bounds a redirect hop is held to (decisions.md 9.1). */
export type HopSkip = 'robots' | 'scope';

/** Why a site crawl ended (decisions.md 9.3). */
export type StopReason = 'finished' | 'limit' | 'credits' | 'time_limit' | 'cancelled';

/** A frontier row as the worker reads it. */
export interface FrontierPage {
  readonly id: string;
  readonly crawlId: string;
  readonly organizationId: string;
  readonly url: string;
  readonly depth: number;
  readonly parent: string | null;
  readonly state: PageState;
  readonly attempts: number;
  readonly retries: number;
}

/** A link found on a page (or in a sitemap), classified in scope, keyed, at its depth. */
export interface NewPage {
  readonly url: string;
  readonly keyHash: string;
  readonly depth: number;
  readonly parent: string | null;
}

/** Links left out before the frontier saw them, counted on the crawl (decisions.md 9.3 `counts.skipped`). */
export interface SkipCounts {
  robots: number;
  scope: number;
  excluded: number;
  depth: number;
  duplicate: number;
  limit: number;
}

export const NO_SKIPS: Readonly<SkipCounts> = { robots: 0, scope: 0, excluded: 0, depth: 0, duplicate: 0, limit: 0 };

/** A finished page as stored: the JSON parts already serialized. */
export interface PageRecord {
  readonly state: 'done' | 'failed' | 'duplicate';
  readonly targetStatus: number | null;
  readonly finalUrl: string | null;
  readonly credits: number;
  readonly content: string | null;
  readonly metadata: string | null;
  readonly links: string | null;
  readonly data: string | null;
  readonly error: string | null;
  readonly duplicateOf: string | null;
}

/** What a stop changed: the crawl's end if it came, and the charges of dropped pages to hand back in its transaction. */
export interface StopOutcome {
  readonly ended: CrawlEnd | null;
  readonly refunds: readonly PageCharge[];
}

/** A claim: the page taken, or not; a stopping crawl's page is dropped instead, which may end the crawl. */
export interface ClaimOutcome extends StopOutcome {
  readonly taken: boolean;
}

/** A crawl's end as written by whoever saw it idle first. */
export interface CrawlEnd {
  readonly status: 'done' | 'cancelled' | 'failed';
  readonly stopReason: StopReason | null;
}

/** What a skipped page changed: whether it was kept, the waiting pages it released (to enqueue), and the crawl's end if it came. */
export interface SkipOutcome {
  readonly kept: boolean;
  readonly added: readonly string[];
  readonly ended: CrawlEnd | null;
}

/** What a page's finish changed: as a skip's, and its finish number. */
export interface FinishOutcome extends SkipOutcome {
  readonly seq: number;
  /**
   * Nothing stored: the page's redirect landed on a page the crawl had taken meanwhile (its URL), found under the
   * crawl's lock, so two redirects onto one page never both become results (decisions.md 9.1). Stored as its duplicate next.
   */
  readonly duplicateOf?: string;
}

/** What a stored page's `site.page` event says (decisions.md 9.3), its `cursor` made from `seq`. */
export interface StoredEvent {
  readonly url: string;
  readonly targetStatus: number | null;
  readonly error: string | null;
  readonly seq: number;
}
