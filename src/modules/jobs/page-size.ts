import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { readDocumentSource } from '../../infra/browser/isolated-world.js';
import type { BrowserPage, NavigationResult } from '../../infra/browser/page-options.js';
import type { ReadPage } from './page-result.js';

export function pageTooLarge(maxBytes?: number): AppError {
  const limit = maxBytes === undefined ? 'MAX_PAGE_BYTES' : `${maxBytes} bytes`;
  return new AppError(ErrorCode.PageTooLarge, `The page or its extracts exceed ${limit}, the most an operation returns.`);
}

/**
 * decisions.md 7.2: a page (rendered HTML or raw body, and a format's rendering of it) larger than MAX_PAGE_BYTES
 * fails: its UTF-8 bytes, as it is answered. Extracts and recipe data are counted as they are stored (outputBytes).
 */
export function assertPageSize(text: string, maxBytes: number): string {
  // A UTF-16 unit takes at most 3 bytes in UTF-8: skip the count when the text cannot be too large.
  if (text.length * 3 > maxBytes && Buffer.byteLength(text, 'utf8') > maxBytes) throw pageTooLarge(maxBytes);
  return text;
}

/**
 * Fails the job with page_too_large and closes its tab: a wiped tab keeps its renderer, and with it the hundreds of
 * megabytes an oversized page grew; a closed one gives them back and the pool opens a fresh tab.
 */
export async function refuseOversizedPage(page: BrowserPage, maxBytes?: number): Promise<never> {
  await page.close().catch(() => undefined);
  throw pageTooLarge(maxBytes);
}

/**
 * The rendered HTML, serialized and measured in one isolated-world call: the page can neither redefine what is read
 * nor grow between a measure and a read, and an oversized DOM never crosses the DevTools pipe.
 */
export async function readRenderedHtml(page: BrowserPage, maxBytes: number): Promise<string> {
  const html = await readDocumentSource(page, maxBytes);
  if (html === null) return refuseOversizedPage(page, maxBytes);
  return assertPageSize(html, maxBytes);
}

/**
 * The page an operation answers: the DOM with JavaScript, else the body the server sent. A download is its body with
 * JavaScript too: no tab showed it, so nothing was rendered (decisions.md 2), and the tab holds only an empty page.
 */
export async function readNavigatedPage(page: BrowserPage, navigation: NavigationResult, js: boolean, maxBytes: number): Promise<ReadPage> {
  const rendered = js && !navigation.downloaded;
  const html = rendered ? await readRenderedHtml(page, maxBytes) : assertPageSize(await navigation.rawBody(maxBytes), maxBytes);
  const { status: targetStatus, finalUrl, mediaType } = navigation;
  return { html, rendered, targetStatus, finalUrl, mediaType, ...(navigation.downloaded ? { downloaded: true } : {}) };
}
