import type { HTTPResponse } from 'puppeteer';

/** The cache holds assets of no known owner (a new tab, or a clear that did not finish): cleared before any job. */
const UNKNOWN = Symbol('unknown');
/** The cache was cleared and holds nothing yet. */
const EMPTY = Symbol('empty');

/** `Cache-Control: private` (with or without field names): a shared cache must not keep it, nor may ours (9.7). */
const PRIVATE = /(?:^|,)\s*private\b/i;

export function isPrivateAnswer(response: Pick<HTTPResponse, 'headers'>): boolean {
  return PRIVATE.test(response.headers()['cache-control'] ?? '');
}

/**
 * Whose cacheable assets a tab's context keeps in its HTTP cache (decisions 9.7): between two jobs of one organization
 * the cache stays; a job of another organization (or of none) finds it cleared before its first request. The clear is
 * one Network.clearBrowserCache of the context's in-memory cache, as the wipe did after every job before.
 *
 * Bounded by bytes: once the context has read more than `budgetBytes` from upstream since its cache was last cleared
 * (its relay slot counts them; what the cache keeps is a part of those), the wipe clears it (BROWSER_CACHE_BYTES is
 * the budget of all of a worker's tabs).
 */
export class TabCache {
  private owner: string | typeof UNKNOWN | typeof EMPTY = UNKNOWN;
  /** The relay's count when the cache was last known empty. */
  private mark: number;

  constructor(
    private readonly budgetBytes: number,
    private readonly receivedBytes: () => number,
  ) {
    this.mark = receivedBytes();
  }

  /** Makes the cache the job's owner's: cleared first when it holds another's assets (or may). */
  async claim(owner: string, clear: () => Promise<unknown>): Promise<boolean> {
    if (this.owner === owner || this.owner === EMPTY) {
      this.owner = owner;
      return false;
    }
    this.owner = UNKNOWN;
    const mark = this.receivedBytes();
    await clear();
    this.owner = owner;
    this.mark = mark;
    return true;
  }

  /** The cache may hold more than its share of the worker's budget: the wipe clears it. */
  get full(): boolean {
    return this.receivedBytes() - this.mark > this.budgetBytes;
  }

  /** The wipe cleared the cache (the job received a `private` answer, or the cache was full). */
  cleared(): void {
    this.owner = EMPTY;
    this.mark = this.receivedBytes();
  }
}
