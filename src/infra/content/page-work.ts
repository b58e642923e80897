import { evaluateRules } from './extract-rules/evaluate-rules.js';
import type { ExtractRules } from './extract-rules/rule.js';
import { selectMainContent } from './main-content/select-main-content.js';
import { describeDocument, renderParsed } from './page-content.js';
import type { ContentRequest, PageContent } from './page-content.js';
import { parseDocument } from './parse-document.js';
import { renderMarkdown } from './render/markdown.js';

/** What one job asks of one page: 8.2's rules, the model's Markdown (ai_schema), output=json's content. */
export interface PageWork {
  readonly extract?: { readonly rules: ExtractRules; readonly maxBytes: number };
  readonly model?: ContentRequest;
  readonly describe?: ContentRequest;
}

export interface PageWorkResult {
  readonly extracted?: Record<string, unknown>;
  readonly modelMarkdown?: string;
  readonly described?: PageContent;
}

/**
 * A page's content work on one parse: the rules, then the metadata and links, read the whole document before
 * anything is removed; then the answer's content; then the model's Markdown from what the answer kept (the model
 * keeps the main content: where the answer kept the whole body, the selection runs on it, as it would have on a
 * fresh parse). A second parse only when the model's request removes other elements. Throws as the separate
 * tasks do (ExtractTooLargeError first, before any rendering).
 */
export function performPageWork(html: string, url: string, work: PageWork, parse: (html: string) => Document = parseDocument): PageWorkResult {
  const document = parse(html);
  const extracted = work.extract ? evaluateRules(document, work.extract.rules, { pageUrl: url, maxBytes: work.extract.maxBytes, markdown: renderMarkdown }) : undefined;
  const described = work.describe ? describeDocument(document, html, url, work.describe) : undefined;
  let modelMarkdown: string | undefined;
  if (work.model && described && work.describe && cleansAlike(work.describe, work.model)) {
    const selects = work.model.includeSelectors.length === 0 && work.model.mainContent && !work.describe.mainContent;
    modelMarkdown = renderMarkdown(selects ? selectMainContent(document, described.hints) : described.kept, described.base);
  } else if (work.model) {
    modelMarkdown = renderParsed(work.describe ? parse(html) : document, url, work.model);
  }
  return { ...(extracted ? { extracted } : {}), ...(modelMarkdown !== undefined ? { modelMarkdown } : {}), ...(described ? { described: described.page } : {}) };
}

/** Whether the model's request keeps what the answer's kept, or narrows it by the main-content selection alone. */
function cleansAlike(answer: ContentRequest, model: ContentRequest): boolean {
  const same = (x: readonly string[], y: readonly string[]) => x.length === y.length && x.every((value, index) => value === y[index]);
  const narrowsOrKeeps = answer.includeSelectors.length > 0 || model.mainContent || !answer.mainContent;
  return same(answer.excludeSelectors, model.excludeSelectors) && same(answer.includeSelectors, model.includeSelectors)
    && (answer.scripted ?? true) === (model.scripted ?? true) && narrowsOrKeeps;
}
