import { cleanDocument, includedElements, Unread } from './clean-document.js';
import { readFirst } from './first-reads.js';
import { renderHtmlFragment } from './html-fragment.js';
import { PageLink, pageLinks } from './links.js';
import { NO_HINTS, PageHints, readPageHints } from './main-content/page-hints.js';
import { selectMainContent } from './main-content/select-main-content.js';
import { countWords, PageMetadata, pageMetadata } from './metadata.js';
import { parsePage } from './page-reading.js';
import type { PageReading } from './page-reading.js';
import { documentBody } from './parse-document.js';
import { renderMarkdown, renderText } from './render/markdown.js';

export type ContentFormat = 'html' | 'markdown' | 'text';
export const CONTENT_FORMATS: readonly ContentFormat[] = ['html', 'markdown', 'text'];

/** What a caller asked of the page's content (decisions.md 8.1). */
export interface ContentRequest {
  readonly format: ContentFormat;
  readonly mainContent: boolean;
  /** When not empty, the content is exactly the matched elements, in document order (no main-content detection). */
  readonly includeSelectors: readonly string[];
  /** Removed before anything else. */
  readonly excludeSelectors: readonly string[];
  /** False when the HTML is a document as served (js=false): its `<noscript>` content is then what a reader sees. */
  readonly scripted?: boolean;
  /** How many links `links` takes: 8.1's 1,000 when absent; a site crawl's discovery reads more (decisions 9.1). */
  readonly maxLinks?: number;
}

/** The page, its metadata and links: the `content`, `metadata` and `links` of `output=json`. */
export interface PageContent {
  readonly content: string;
  readonly metadata: PageMetadata;
  readonly links: PageLink[];
}

/** `format=html` with nothing to select: the page exactly as read, untouched by any parser. */
export function isWholePage(request: ContentRequest): boolean {
  return request.format === 'html' && !request.mainContent && request.includeSelectors.length === 0 && request.excludeSelectors.length === 0;
}

/**
 * The page's content in the format asked; `url` is the page's final URL, against which (or the page's
 * `<base href>`) links are resolved; `reading`, how the page was read (page-reading.ts).
 */
export function renderPageContent(html: string, url: string, request: ContentRequest, reading?: PageReading): string {
  if (isWholePage(request)) return html;
  return renderParsed(parsePage(html, reading), url, request);
}

/** renderPageContent on a document of the caller's, which it edits (the cleaning and the main-content selection). */
export function renderParsed(document: Document, url: string, request: ContentRequest): string {
  const { base, hints, unread } = readFirst(document, url, choosesMainContent(request));
  return render(keptElements(document, request, hints, unread), base, request.format);
}

/** The content with the metadata and links of the whole page (read before anything is removed). */
export function describePage(html: string, url: string, request: ContentRequest, reading?: PageReading): PageContent {
  return describeDocument(parsePage(html, reading), html, url, request).page;
}

/** describePage on a document of the caller's, parsed from `html`, which it edits, with what it kept, the base URL it resolved against and the page's hints, for more renderings of the same parse. */
export function describeDocument(document: Document, html: string, url: string, request: ContentRequest): { page: PageContent; kept: Element[]; base: string; hints: PageHints } {
  // Read before the cleaning: JSON-LD lives in the scripts it removes.
  const { base, hints = NO_HINTS, unread } = readFirst(document, url, true);
  // Links and metadata only read the page: what the first walk found to clean is still there.
  const links = pageLinks(document, base, request.maxLinks);
  const metadata = pageMetadata(document, base, 0);
  const kept = keptElements(document, request, hints, unread);
  const text = renderText(kept, base);
  const content = isWholePage(request) ? html : request.format === 'text' ? text : render(kept, base, request.format);
  return { page: { content, metadata: { ...metadata, word_count: countWords(text) }, links }, kept, base, hints };
}

/**
 * Cleans the document and answers the elements the request keeps (main content, selected, or the body); `hints` when
 * read already, `unread` when found already on the document as it is (first-reads.ts).
 */
export function keptElements(document: Document, request: ContentRequest, hints?: PageHints, unread?: Unread): Element[] {
  if (!hints && choosesMainContent(request)) hints = readPageHints(document);
  cleanDocument(document, request.excludeSelectors, { scripted: request.scripted ?? true }, unread);
  if (request.includeSelectors.length > 0) return includedElements(document, request.includeSelectors);
  const body = documentBody(document);
  return request.mainContent ? selectMainContent(document, hints) : body ? [body] : [];
}

/** Whether the request has the main content chosen (which reads the page's hints first). */
function choosesMainContent(request: ContentRequest): boolean {
  return request.mainContent && request.includeSelectors.length === 0;
}

/** The kept elements in the format asked, URLs resolved against `url`. */
export function render(kept: readonly Element[], url: string, format: ContentFormat): string {
  if (format === 'markdown') return renderMarkdown(kept, url);
  if (format === 'text') return renderText(kept, url);
  return renderHtmlFragment(kept, url);
}
