import { absoluteUrl } from '../resolve-url.js';
import type { RuleOutput } from './rule.js';

/** Attributes whose values are URLs, answered absolute (decisions.md 8.2). */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'poster']);

/** Renders an element as 8.1's Markdown (infra/content/render). */
export type MarkdownRenderer = (elements: readonly Element[], baseUrl: string) => string;

/** One matched element's value for a rule's output. */
export function readOutput(element: Element, output: RuleOutput, baseUrl: string, markdown: MarkdownRenderer): string | null {
  if (output === 'text') return (element.textContent ?? '').trim();
  if (output === 'html') return element.outerHTML;
  if (output === 'markdown') return markdown([element], baseUrl).trim();
  const name = output.slice(1);
  const value = element.getAttribute(name);
  // A value that is no URL at all stays as the page wrote it.
  return value !== null && URL_ATTRIBUTES.has(name) ? (absoluteUrl(value, baseUrl) ?? value) : value;
}
