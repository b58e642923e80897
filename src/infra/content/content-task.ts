import { answerSchemaError, checkAnswer, compileAnswerSchema } from '../llm/answer-schema.js';
import type { CheckedAnswer, JsonSchemaObject } from '../llm/answer-schema.js';
import { ExtractTooLargeError } from './extract-rules/output-budget.js';
import { describePage, renderPageContent } from './page-content.js';
import type { ContentRequest, PageContent } from './page-content.js';
import { pageLinks, type PageLink } from './links.js';
import { performPageWork } from './page-work.js';
import type { PageWork, PageWorkResult } from './page-work.js';
import { parsePage } from './page-reading.js';
import type { PageReading } from './page-reading.js';
import { cappingDepth, isStackOverflow, OverflowNotDomDepthError } from './depth-cap.js';
import { documentBaseUrl } from './document-base.js';
import { readPdf } from './pdf/read-pdf.js';
import { joinJpegStrips } from '../image/jpeg-join.js';
import type { PdfDocument, PdfUnreadable } from './pdf/read-pdf.js';

/**
 * One piece of Node-side work on a page: its content, its content with metadata and links, 8.2's rules, a PDF's text,
 * or a full-page screenshot's strips joined.
 */
export type ContentTask =
  | { readonly kind: 'render'; readonly html: string; readonly url: string; readonly request: ContentRequest; readonly reading?: PageReading }
  | { readonly kind: 'describe'; readonly html: string; readonly url: string; readonly request: ContentRequest; readonly reading?: PageReading }
  | { readonly kind: 'links'; readonly html: string; readonly url: string; readonly max?: number; readonly reading?: PageReading }
  | { readonly kind: 'pdf'; readonly bytes: Uint8Array; readonly maxPages: number }
  | { readonly kind: 'page'; readonly html: string; readonly url: string; readonly work: PageWork; readonly reading?: PageReading }
  | { readonly kind: 'jpeg-join'; readonly strips: readonly Uint8Array[] }
  | SchemaTask;

/** A caller's `ai_schema` compiled off the event loop: whether it compiles (a message or null), or an answer checked. */
export type SchemaTask =
  | { readonly kind: 'schema-error'; readonly schema: JsonSchemaObject }
  | { readonly kind: 'check-answer'; readonly schema: JsonSchemaObject; readonly answer: string };

export type ContentTaskValue<T extends ContentTask> = T extends { kind: 'render' } ? string
  : T extends { kind: 'describe' } ? PageContent
  : T extends { kind: 'links' } ? PageLink[]
  : T extends { kind: 'pdf' } ? PdfDocument | PdfUnreadable
  : T extends { kind: 'page' } ? PageWorkResult
  : T extends { kind: 'jpeg-join' } ? Uint8Array | null
  : T extends { kind: 'schema-error' } ? string | null
  : T extends { kind: 'check-answer' } ? CheckedAnswer
  : never;

/** What crosses back from a thread: a value, or why there is none (class identity does not survive the copy). */
export type ContentReply = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly tooLarge: boolean; readonly message: string };

/**
 * Runs a task here and now; the thread entry and the in-line runner both call it. A PDF is read asynchronously. A page
 * nested past what the stack holds (a raw body's thousands of unclosed tags) is worked again, capped as Chromium caps it;
 * an overflow that capping cannot help is the page's cost (tooLarge: page_too_large), not a fault of ours.
 */
export function performContentTask(task: ContentTask): ContentReply | Promise<ContentReply> {
  if (task.kind === 'pdf') return readPdf(task.bytes, task.maxPages).then((value): ContentReply => ({ ok: true, value }), failed);
  try {
    return performPageTask(task);
  } catch (error) {
    if (!isStackOverflow(error) || !('html' in task)) return failed(error);
    return cappingDepth(() => {
      try {
        return performPageTask(task);
      } catch (again) {
        return failed(again);
      }
    });
  }
}

/** A synchronous task's value; throws what the work throws. */
function performPageTask(task: Exclude<ContentTask, { kind: 'pdf' }>): ContentReply {
  if (task.kind === 'render') return { ok: true, value: renderPageContent(task.html, task.url, task.request, task.reading) };
  if (task.kind === 'describe') return { ok: true, value: describePage(task.html, task.url, task.request, task.reading) };
  if (task.kind === 'links') return { ok: true, value: documentLinks(parsePage(task.html, task.reading), task.url, task.max) };
  if (task.kind === 'schema-error') return { ok: true, value: answerSchemaError(task.schema) };
  if (task.kind === 'check-answer') return { ok: true, value: checkAnswer(task.answer, compileAnswerSchema(task.schema)) };
  if (task.kind === 'jpeg-join') return { ok: true, value: joinJpegStrips(task.strips) };
  return { ok: true, value: performPageWork(task.html, task.url, task.work, (html) => parsePage(html, task.reading)) };
}

function failed(error: unknown): ContentReply {
  return { ok: false, tooLarge: error instanceof ExtractTooLargeError || error instanceof OverflowNotDomDepthError, message: error instanceof Error ? error.message : String(error) };
}

/** The page's links against its document base URL (its `<base href>`), as GET /crawl's `links` are. */
function documentLinks(document: Document, url: string, max?: number): PageLink[] {
  return pageLinks(document, documentBaseUrl(document, url), max);
}
