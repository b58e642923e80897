import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import type { ContentRequest } from '../../infra/content/page-content.js';
import { pageContentWork } from './page-content-work.js';
import type { ContentLimits } from './page-content-work.js';
import type { ReadPage } from './page-result.js';

/** decisions.md 9.5's additions to `metadata` for a document. */
export interface DocumentFacts {
  readonly content_type: 'application/pdf';
  readonly pages: number;
  readonly pages_read: number;
  readonly truncated: boolean;
}

/** A PDF as the tab's navigation answered it, before it is read. */
export interface FetchedDocument {
  readonly bytes: Uint8Array;
  readonly targetStatus: number;
  readonly finalUrl: string;
}

/**
 * A page that shows a PDF's bytes as text: its server labelled it as a page (text/html), and a browser shows the bytes.
 * decisions.md 9.5 reads a body that starts with %PDF- as a document: the caller navigates again, sniffing. The raw
 * body starts so (js=false); Chromium's serialization wraps it in an empty head and a body (js=true).
 */
export function showsPdfBytes(html: string): boolean {
  return /^\s*%PDF-/.test(html.slice(0, 64)) || /^(?:<!doctype[^>]*>)?<html><head><\/head><body>\s*%PDF-/i.test(html.slice(0, 160));
}

/** Selectors have nothing to select in a document (decisions.md 9.5): this one matches no element. */
const NOTHING = ':not(*)';

/**
 * Reads the PDF's text layer in a content thread (heap cap, the job's deadline) into the page every format is made
 * from: a simple HTML document of its blocks. Encrypted or corrupt: document_unreadable (refunded).
 */
export async function readDocumentPage(fetched: FetchedDocument, maxPages: number, limits: ContentLimits): Promise<ReadPage> {
  const read = await pageContentWork({ kind: 'pdf', bytes: fetched.bytes, maxPages }, limits);
  if ('unreadable' in read) throw new AppError(ErrorCode.DocumentUnreadable, `The PDF could not be read: ${read.unreadable}.`);
  const document: DocumentFacts = { content_type: 'application/pdf', pages: read.pages, pages_read: read.pagesRead, truncated: read.truncated };
  return { html: read.html, rendered: false, targetStatus: fetched.targetStatus, finalUrl: fetched.finalUrl, document };
}

/** What a request keeps of a document: all of it (no main-content pick, nothing excluded), and nothing with include_selectors. */
export function documentContent(page: ReadPage, request: ContentRequest): ContentRequest {
  if (!page.document) return request;
  const includeSelectors = request.includeSelectors.length > 0 ? [NOTHING] : [];
  return { ...request, mainContent: false, includeSelectors, excludeSelectors: [] };
}
