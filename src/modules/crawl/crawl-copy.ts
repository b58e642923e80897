import type { JobOutput } from '../jobs/operation.js';
import type { PageResult, ReadPage } from '../jobs/page-result.js';
import type { PageAsRead, StoredCopy } from '../page-cache/page-copy.js';

/** What GET /crawl reads today is HTML (rendered, or as served with js=false); a document's text will name its own type. */
const READ_MEDIA_TYPE = 'text/html';

/** decisions.md 9.6: the page as read, as its stored copy keeps it. */
export function pageAsRead(page: ReadPage): PageAsRead {
  return { body: page.html, mediaType: READ_MEDIA_TYPE, rendered: page.rendered, finalUrl: page.finalUrl, targetStatus: page.targetStatus };
}

/** A stored copy read again as the page its fetch read. */
export function readPageOf(copy: StoredCopy): ReadPage {
  return { html: copy.body, rendered: copy.rendered, finalUrl: copy.finalUrl, targetStatus: copy.targetStatus };
}

/** decisions.md 9.6: with output=json, a hit's metadata says when its copy was fetched (`cached_at`, ISO 8601). */
export function withCachedAt(output: JobOutput, fetchedAt: Date): JobOutput {
  if (output.type !== 'data') return output;
  const result = output.data as PageResult;
  if (!result.page) return output;
  const page = { ...result.page, metadata: { ...result.page.metadata, cached_at: fetchedAt.toISOString() } };
  return { ...output, data: { ...result, page } };
}
