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
 */
export class TabCache {
  private owner: string | typeof UNKNOWN | typeof EMPTY = UNKNOWN;

  /** Makes the cache the job's owner's: cleared first when it holds another's assets (or may). */
  async claim(owner: string, clear: () => Promise<unknown>): Promise<boolean> {
    if (this.owner === owner || this.owner === EMPTY) {
      this.owner = owner;
      return false;
    }
    this.owner = UNKNOWN;
    await clear();
    this.owner = owner;
    return true;
  }

  /** The wipe cleared the cache (the job received a `private` answer, or the tab's cache is not kept). */
  cleared(): void {
    this.owner = EMPTY;
  }
}
