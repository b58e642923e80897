import type { CDPSession, Page } from 'puppeteer';

/**
 * The CDP session puppeteer keeps for a page (`Page#_client()`, internal). Its Network domain is on for puppeteer's
 * own requests and responses, so a listener there costs nothing, where a Network domain of our own on the tab's
 * session would send every network event between Chromium and the worker twice (about 3 ms of CPU a crawl, measured
 * with the bench's cost account). Null if a puppeteer upgrade took it away: the caller then enables its own.
 */
export function puppeteerPageSession(page: Page): CDPSession | null {
  const client = (page as unknown as { _client?: () => unknown })._client?.();
  const usable = client !== null && typeof client === 'object' && typeof (client as CDPSession).on === 'function';
  return usable ? (client as CDPSession) : null;
}
