import type { TargetMediaType } from '../../common/http/metered-answer.js';
import { isWholePage } from '../../infra/content/page-content.js';
import type { ContentFormat, PageContent } from '../../infra/content/page-content.js';
import { readsAsText } from '../../infra/content/page-reading.js';
import type { PageReading } from '../../infra/content/page-reading.js';
import { answerContent } from './dto/content-query.js';
import type { ContentChoice } from './dto/content-query.js';
import type { JobOutput } from './operation.js';
import { pageContentWork } from './page-content-work.js';
import { documentContent } from './page-document.js';
import type { DocumentFacts } from './page-document.js';
import type { ContentLimits } from './page-content-work.js';
import { assertPageSize } from './page-size.js';

/** A page as an operation read it: its HTML (rendered, or as served with js=false), status and final URL. */
export interface ReadPage {
  readonly html: string;
  /** True when scripts ran in it (js=true): its `<noscript>` content is then not what a reader saw. */
  readonly rendered: boolean;
  readonly targetStatus: number;
  readonly finalUrl: string;
  /** The Content-Type the target served the page with (navigation.ts's mediaType); absent: HTML. */
  readonly mediaType?: string;
  /** Set when the page was a PDF read as a document: its html is then the document's blocks. */
  readonly document?: DocumentFacts;
  /** Set when the answer was a download (NavigationResult.downloaded): its html is the body as delivered, never rendered. */
  readonly downloaded?: boolean;
  /** The target's Retry-After, for a site crawl's pause (decisions 9.3); never part of an answer. */
  readonly retryAfter?: string | null;
}

/**
 * How the page's HTML is parsed for its content (page-reading.ts): a rendered page as scripts left it; a text body
 * read as served (js=false) as Chromium shows it, and a download that is not HTML or XML as text (a rendered page is
 * Chromium's own view already, and a document's HTML is its blocks).
 */
export function pageReading(page: ReadPage): PageReading {
  return { scripted: page.rendered, text: !page.rendered && !page.document && readsAsText(page.mediaType ?? '', page.downloaded === true) };
}

/** The JSON result of a page answer, as the job keeps it: the envelope's `data`, and with output=json the page's content. */
export interface PageResult {
  readonly data: object;
  readonly page?: PageContent;
}

/** output=json's content already made with the job's other content work (crawl-data.ts: one parse a page). */
const describedPages = new WeakMap<ReadPage, PageContent>();

/** Keeps the page's described content for its pageAnswer, which then does not parse the page again. */
export function keepDescribed(page: ReadPage, described: PageContent): void {
  describedPages.set(page, described);
}

const MEDIA_TYPES: Record<ContentFormat, TargetMediaType> = { html: 'text/html', markdown: 'text/markdown', text: 'text/plain' };

/**
 * decisions.md 8.1: the page bare, in the format asked, when nothing else is asked; otherwise the JSON result with
 * `data` (null: `{}`) and, with output=json, the content, metadata and links. Content is bounded like the page.
 */
export async function pageAnswer(page: ReadPage, choice: ContentChoice, data: object | null, limits: ContentLimits): Promise<JobOutput> {
  const { targetStatus, finalUrl, html } = page;
  const request = documentContent(page, answerContent(choice, page.rendered));
  if (data === null && choice.output === 'page') {
    const text = isWholePage(request) ? html : await pageContentWork({ kind: 'render', html, url: finalUrl, request, reading: pageReading(page) }, limits);
    return { type: 'page', mediaType: MEDIA_TYPES[choice.format], body: Buffer.from(assertPageSize(text, limits.maxBytes), 'utf8'), targetStatus, finalUrl };
  }
  const described = choice.output === 'json' ? withDocumentFacts(describedPages.get(page) ?? await pageContentWork({ kind: 'describe', html, url: finalUrl, request, reading: pageReading(page) }, limits), page) : undefined;
  if (described) assertPageSize(described.content, limits.maxBytes);
  const result: PageResult = { data: data ?? {}, ...(described ? { page: described } : {}) };
  return { type: 'data', data: result, targetStatus, finalUrl, ...(page.retryAfter ? { retryAfter: page.retryAfter } : {}) };
}

function withDocumentFacts(described: PageContent, page: ReadPage): PageContent {
  return page.document ? { ...described, metadata: { ...described.metadata, ...page.document } } : described;
}

/** The envelope fields of a page result: `data`, then `content`, `metadata` and `links` when output=json asked them. */
export function pageResultFields(output: unknown): Record<string, unknown> {
  const result = (output ?? { data: {} }) as PageResult;
  return { data: result.data, ...(result.page ?? {}) };
}
