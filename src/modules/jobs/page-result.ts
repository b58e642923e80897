import type { TargetMediaType } from '../../common/http/metered-answer.js';
import { describePage, renderPageContent } from '../../infra/content/page-content.js';
import type { ContentFormat, PageContent } from '../../infra/content/page-content.js';
import { answerContent } from './dto/content-query.js';
import type { ContentChoice } from './dto/content-query.js';
import type { JobOutput } from './operation.js';
import { assertPageSize } from './page-size.js';

/** A page as an operation read it: its HTML (rendered, or as served with js=false), status and final URL. */
export interface ReadPage {
  readonly html: string;
  readonly targetStatus: number;
  readonly finalUrl: string;
}

/** The JSON result of a page answer, as the job keeps it: the envelope's `data`, and with output=json the page's content. */
export interface PageResult {
  readonly data: object;
  readonly page?: PageContent;
}

const MEDIA_TYPES: Record<ContentFormat, TargetMediaType> = { html: 'text/html', markdown: 'text/markdown', text: 'text/plain' };

/**
 * decisions.md 8.1: the page bare, in the format asked, when nothing else is asked; otherwise the JSON result with
 * `data` (null: `{}`) and, with output=json, the content, metadata and links. Content is bounded like the page.
 */
export function pageAnswer(page: ReadPage, choice: ContentChoice, data: object | null, maxBytes: number): JobOutput {
  const { targetStatus, finalUrl } = page;
  if (data === null && choice.output === 'page') {
    const text = assertPageSize(renderPageContent(page.html, finalUrl, answerContent(choice)), maxBytes);
    return { type: 'page', mediaType: MEDIA_TYPES[choice.format], text, targetStatus, finalUrl };
  }
  const described = choice.output === 'json' ? describePage(page.html, finalUrl, answerContent(choice)) : undefined;
  if (described) assertPageSize(described.content, maxBytes);
  const result: PageResult = { data: data ?? {}, ...(described ? { page: described } : {}) };
  return { type: 'data', data: result, targetStatus, finalUrl };
}

/** The envelope fields of a page result: `data`, then `content`, `metadata` and `links` when output=json asked them. */
export function pageResultFields(output: unknown): Record<string, unknown> {
  const result = (output ?? { data: {} }) as PageResult;
  return { data: result.data, ...(result.page ?? {}) };
}
