import { parseDocument } from '../parse-document.js';
import { renderMarkdown } from '../render/markdown.js';
import { evaluateRules } from './evaluate-rules.js';
import type { ExtractRules } from './rule.js';

/**
 * decisions.md 8.2: `data.extracted` of a page (the whole document, whatever the content options say). Throws
 * ExtractTooLargeError as soon as the result would pass `maxBytes`.
 */
export function extractFromPage(html: string, pageUrl: string, rules: ExtractRules, maxBytes: number): Record<string, unknown> {
  return evaluateRules(parseDocument(html), rules, { pageUrl, maxBytes, markdown: renderMarkdown });
}
