import { MAX_LINKS } from '../../infra/content/links.js';
import type { PageResult } from '../jobs/page-result.js';
import type { JobOutput } from '../jobs/operation.js';
import type { PageRecord } from './frontier/frontier-types.js';

/** A page the operation delivered (the target's own 4xx/5xx included): its content, metadata, links and, when asked, data. */
export function donePage(output: JobOutput, credits: number, wantsData: boolean): PageRecord {
  const result = (output.type === 'data' ? output.data : null) as PageResult | null;
  const page = result?.page;
  return {
    state: 'done', targetStatus: output.targetStatus ?? null, finalUrl: output.finalUrl ?? null, credits,
    content: page?.content ?? (output.type === 'page' ? output.body.toString('utf8') : null),
    metadata: page ? JSON.stringify(page.metadata) : null,
    links: page ? JSON.stringify(page.links.slice(0, MAX_LINKS)) : null,
    data: wantsData && result ? JSON.stringify(result.data) : null,
    error: null, duplicateOf: null,
  };
}

/** A page that failed: its error code; credits 0 when refunded (the service's side), its price when billed. */
export function failedPage(code: string, credits: number): PageRecord {
  return { state: 'failed', targetStatus: null, finalUrl: null, credits, content: null, metadata: null, links: null, data: null, error: code, duplicateOf: null };
}

/** A redirect onto a page the crawl took already: recorded, refunded, not a second result. */
export function duplicatePage(output: JobOutput, of: string): PageRecord {
  return { ...failedPage('duplicate', 0), state: 'duplicate', error: null, targetStatus: output.targetStatus ?? null, finalUrl: output.finalUrl ?? null, duplicateOf: of };
}

/** The links of a delivered page, as URLs. */
export function linksOf(output: JobOutput): string[] {
  const page = output.type === 'data' ? (output.data as PageResult | null)?.page : undefined;
  return (page?.links ?? []).map((link) => link.url);
}
