import { extractFromPage } from './extract-rules/extract-page.js';
import { ExtractTooLargeError } from './extract-rules/output-budget.js';
import type { ExtractRules } from './extract-rules/rule.js';
import { describePage, renderPageContent } from './page-content.js';
import type { ContentRequest, PageContent } from './page-content.js';
import { pageLinks, type PageLink } from './links.js';
import { parseDocument } from './parse-document.js';

/** One piece of Node-side work on a page's HTML: its content, its content with metadata and links, or 8.2's rules. */
export type ContentTask =
  | { readonly kind: 'render'; readonly html: string; readonly url: string; readonly request: ContentRequest }
  | { readonly kind: 'describe'; readonly html: string; readonly url: string; readonly request: ContentRequest }
  | { readonly kind: 'extract'; readonly html: string; readonly url: string; readonly rules: ExtractRules; readonly maxBytes: number }
  | { readonly kind: 'links'; readonly html: string; readonly url: string };

export type ContentTaskValue<T extends ContentTask> = T extends { kind: 'render' }
  ? string
  : T extends { kind: 'describe' }
    ? PageContent
    : T extends { kind: 'links' }
      ? PageLink[]
      : Record<string, unknown>;

/** What crosses back from a thread: a value, or why there is none (class identity does not survive the copy). */
export type ContentReply = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly tooLarge: boolean; readonly message: string };

/** Runs a task here and now; the thread entry and the in-line runner both call it. */
export function performContentTask(task: ContentTask): ContentReply {
  try {
    if (task.kind === 'render') return { ok: true, value: renderPageContent(task.html, task.url, task.request) };
    if (task.kind === 'describe') return { ok: true, value: describePage(task.html, task.url, task.request) };
    if (task.kind === 'links') return { ok: true, value: pageLinks(parseDocument(task.html), task.url) };
    return { ok: true, value: extractFromPage(task.html, task.url, task.rules, task.maxBytes) };
  } catch (error) {
    return { ok: false, tooLarge: error instanceof ExtractTooLargeError, message: error instanceof Error ? error.message : String(error) };
  }
}
