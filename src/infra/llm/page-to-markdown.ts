import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import TurndownService from 'turndown';

/**
 * The source of `@mozilla/readability`'s Readability.js, read once. There is no DOM in Node, so the browser engine
 * injects it into the page (`page.evaluate(READABILITY_SOURCE)`, which defines a global `Readability`) and runs
 * `new Readability(document.cloneNode(true)).parse()` there; its `{title, content}` then goes to `pageForModel`.
 */
export const READABILITY_SOURCE: string = readFileSync(
  createRequire(import.meta.url).resolve('@mozilla/readability/Readability.js'),
  'utf8',
);

export const TRUNCATED_MARKER = '[truncated]';
const MARKER_SEPARATOR = '\n\n';

// A cut earlier than this share of the budget throws away too much text; a plainer boundary is taken instead.
const MIN_KEPT_SHARE = 0.5;

const DROPPED_TAGS = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'svg', 'canvas']);
const turndown = createTurndown();

function createTurndown(): TurndownService {
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '_' });
  service.remove((node) => DROPPED_TAGS.has(node.nodeName.toLowerCase()));
  // Image URLs (often long data: URIs) cost tokens and tell the model nothing; the alt text does.
  service.addRule('imageAlt', {
    filter: 'img',
    replacement: (_content, node) => {
      const alt = (node as HTMLElement).getAttribute('alt')?.trim();
      return alt ? `[image: ${alt}]` : '';
    },
  });
  return service;
}

/** Converts an HTML fragment or document to Markdown (ATX headings, `-` bullets, fenced code), scripts and styles dropped,
 * blank runs collapsed. */
export function htmlToMarkdown(html: string): string {
  return turndown.turndown(html).replace(/^[ \t]+$/gm, '').replace(/\n{3,}/g, '\n\n').trim();
}

/**
 * Returns `markdown` unchanged when it fits in `maxChars`; otherwise cuts it at the last section boundary that fits
 * (before a heading, else at a blank line, else a line break, else a space) and appends "[truncated]".
 * The result never exceeds `maxChars`.
 */
export function capToBudget(markdown: string, maxChars: number): string {
  if (markdown.length <= maxChars) return markdown;
  const limit = maxChars - MARKER_SEPARATOR.length - TRUNCATED_MARKER.length;
  if (limit <= 0) return markdown.slice(0, Math.max(0, maxChars));
  const cut = boundaryBefore(markdown, limit);
  return `${markdown.slice(0, cut).trimEnd()}${MARKER_SEPARATOR}${TRUNCATED_MARKER}`;
}

/** The Markdown the model reads for a page: its title as a `# ` heading, then its main content, capped to `maxChars`. */
export function pageForModel(input: { title?: string; contentHtml: string }, maxChars: number): string {
  const body = htmlToMarkdown(input.contentHtml);
  const title = input.title?.replace(/\s+/g, ' ').trim();
  const heading = title ? `# ${title}` : '';
  const withTitle = heading && !body.startsWith(heading) ? `${heading}\n\n${body}` : body;
  return capToBudget(withTitle.trim(), maxChars);
}

/** The index to cut at (text kept = markdown.slice(0, index)), at most `limit`. */
function boundaryBefore(markdown: string, limit: number): number {
  const minimum = Math.ceil(limit * MIN_KEPT_SHARE);
  const boundaries = [/\n(?=#{1,6} )/g, /\n\n/g, /\n/g, /\s/g];
  for (const pattern of boundaries) {
    const index = lastMatchAtOrBefore(markdown, pattern, limit);
    if (index >= minimum) return index;
  }
  return limit;
}

function lastMatchAtOrBefore(text: string, pattern: RegExp, limit: number): number {
  // A few characters past the limit let a lookahead see the heading that starts right at the cut.
  const window = text.slice(0, limit + 8);
  let last = -1;
  for (const match of window.matchAll(pattern)) {
    if (match.index > limit) break;
    last = match.index;
  }
  return last;
}
