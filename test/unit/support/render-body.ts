import { parseDocument } from '../../../src/infra/content/parse-document.js';
import { renderMarkdown, renderText } from '../../../src/infra/content/render/markdown.js';

/** Markdown and text of an HTML body fragment, as the page at `pageUrl` (links resolve against it). */
export function bodyRenderers(pageUrl: string): { markdown: (html: string) => string; text: (html: string) => string } {
  const body = (html: string) => [parseDocument(`<html><body>${html}</body></html>`).body];
  return { markdown: (html) => renderMarkdown(body(html), pageUrl), text: (html) => renderText(body(html), pageUrl) };
}
