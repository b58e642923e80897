import { htmlToMarkdown } from '../../llm/page-to-markdown.js';
import { parseDocument } from '../parse-document.js';
import { evaluateRules } from './evaluate-rules.js';
import type { ExtractRules } from './rule.js';

// Stand-in until 8.1's renderer lands in infra/content/render.
const renderMarkdown = (elements: Element[]) => htmlToMarkdown(elements.map((element) => element.outerHTML).join(''));

/**
 * decisions.md 8.2: `data.extracted` of a page (the whole document, whatever the content options say). Throws
 * ExtractTooLargeError as soon as the result would pass `maxBytes`.
 */
export function extractFromPage(html: string, pageUrl: string, rules: ExtractRules, maxBytes: number): Record<string, unknown> {
  return evaluateRules(parseDocument(html), rules, { pageUrl, maxBytes, markdown: renderMarkdown });
}
