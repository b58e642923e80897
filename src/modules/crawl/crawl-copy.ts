import type { JobOutput } from '../jobs/operation.js';
import type { DocumentFacts } from '../jobs/page-document.js';
import type { PageResult, ReadPage } from '../jobs/page-result.js';
import type { PageAsRead, StoredCopy } from '../page-cache/page-copy.js';

/** A page whose media type is not known is HTML (ReadPage.mediaType). */
const READ_MEDIA_TYPE = 'text/html';
/** A PDF's copy: its blocks' HTML, typed as the document it was, its 9.5 facts as the media type's parameters. */
const DOCUMENT_TYPE = /^application\/pdf; pages=(\d+); pages-read=(\d+); truncated=(true|false)$/;
/** A download's copy: its body, typed as it was served, marked so (a non-HTML download is read again as text). */
const DOWNLOAD_PARAMETER = '; download';

/**
 * decisions.md 9.6: the page as read, as its stored copy keeps it: with the media type it was served as (a text body
 * is read again as text), a PDF's text with the facts its answers carry, a download's body marked as one.
 */
export function pageAsRead(page: ReadPage): PageAsRead {
  const served = page.mediaType ?? READ_MEDIA_TYPE;
  const mediaType = page.document ? documentMediaType(page.document) : page.downloaded ? `${served}${DOWNLOAD_PARAMETER}` : served;
  return { body: page.html, mediaType, rendered: page.rendered, finalUrl: page.finalUrl, targetStatus: page.targetStatus };
}

/** A stored copy read again as the page its fetch read: a document's copy is a document again (decisions.md 9.5), a download's a download. */
export function readPageOf(copy: StoredCopy): ReadPage {
  const document = documentFactsOf(copy.mediaType);
  const read = { html: copy.body, rendered: copy.rendered, finalUrl: copy.finalUrl, targetStatus: copy.targetStatus };
  if (document) return { ...read, document };
  if (!copy.mediaType.endsWith(DOWNLOAD_PARAMETER)) return { ...read, mediaType: copy.mediaType };
  return { ...read, mediaType: copy.mediaType.slice(0, -DOWNLOAD_PARAMETER.length), downloaded: true };
}

function documentMediaType(facts: DocumentFacts): string {
  return `${facts.content_type}; pages=${facts.pages}; pages-read=${facts.pages_read}; truncated=${facts.truncated}`;
}

function documentFactsOf(mediaType: string): DocumentFacts | null {
  const match = DOCUMENT_TYPE.exec(mediaType);
  if (!match) return null;
  return { content_type: 'application/pdf', pages: Number(match[1]), pages_read: Number(match[2]), truncated: match[3] === 'true' };
}

/** decisions.md 9.6: with output=json, a hit's metadata says when its copy was fetched (`cached_at`, ISO 8601). */
export function withCachedAt(output: JobOutput, fetchedAt: Date): JobOutput {
  if (output.type !== 'data') return output;
  const result = output.data as PageResult;
  if (!result.page) return output;
  const page = { ...result.page, metadata: { ...result.page.metadata, cached_at: fetchedAt.toISOString() } };
  return { ...output, data: { ...result, page } };
}
