import { describe, expect, it } from '@jest/globals';
import { compileRules } from './extract-rules/compile-rules.js';
import { describePage, renderPageContent } from './page-content.js';
import type { ContentRequest } from './page-content.js';
import { parseDocument } from './parse-document.js';
import { performPageWork } from './page-work.js';

const URL_ = 'https://news.example/a/story';
const PROSE = 'The story is told in sentences long enough to be prose. '.repeat(12);
const PAGE = `<!doctype html><html><head><title>T</title><base href="/b/"><meta property="og:title" content="OG">
<script type="application/ld+json">{"@type":"NewsArticle","author":{"name":"LD"}}</script></head>
<body><nav><a href="/home">Home</a></nav><article><h1>Story</h1><p>${PROSE}<a href="more">more</a></p><div class="ad">Buy</div></article>
<aside>Related</aside><footer>(c)</footer></body></html>`;
const request = (overrides: Partial<ContentRequest>): ContentRequest => ({ format: 'markdown', mainContent: true, includeSelectors: [], excludeSelectors: [], scripted: false, ...overrides });

function counted(): { parse: (html: string) => Document; count: () => number } {
  let parses = 0;
  return { parse: (html) => ((parses += 1), parseDocument(html)), count: () => parses };
}

describe('performPageWork: extract, ai_schema and output=json on one parse', () => {
  const rules = compileRules(JSON.stringify({ title: 'h1', links: { selector: 'a', type: 'list', output: '@href' } }));
  if (!rules.ok) throw new Error(rules.error);
  // decisions.md 8.2 on the whole document, its URLs against its <base href>.
  const EXTRACTED = { title: 'Story', links: ['https://news.example/home', 'https://news.example/b/more'] };

  it.each([
    ['markdown, main content', request({}), request({})],
    ['text, main content, excluded ads', request({ format: 'text', excludeSelectors: ['.ad'] }), request({ excludeSelectors: ['.ad'] })],
    ['html without main content (the model still selects)', request({ format: 'html', mainContent: false }), request({})],
    ['html as served', request({ format: 'html', mainContent: false, scripted: true }), request({ scripted: true })],
  ])('%s: the same answers as three separate parses, from one', (_name, answer, model) => {
    const parser = counted();
    const result = performPageWork(PAGE, URL_, { extract: { rules: rules.rules, maxBytes: 100_000 }, model, describe: answer }, parser.parse);
    expect(parser.count()).toBe(1);
    expect(result.extracted).toEqual(EXTRACTED);
    expect(result.modelMarkdown).toBe(renderPageContent(PAGE, URL_, model));
    expect(result.described).toEqual(describePage(PAGE, URL_, answer));
  });

  it('parses again only when the model removes other elements than the answer', () => {
    const parser = counted();
    const model = request({ excludeSelectors: ['h1'] });
    const result = performPageWork(PAGE, URL_, { model, describe: request({}) }, parser.parse);
    expect(parser.count()).toBe(2);
    expect(result.modelMarkdown).toBe(renderPageContent(PAGE, URL_, model));
  });

  it('runs the rules alone, and fails on an oversized extract before rendering anything', () => {
    const parser = counted();
    expect(performPageWork(PAGE, URL_, { extract: { rules: rules.rules, maxBytes: 100_000 } }, parser.parse)).toEqual({ extracted: EXTRACTED });
    expect(() => performPageWork(PAGE, URL_, { extract: { rules: rules.rules, maxBytes: 10 }, describe: request({}) })).toThrow(/./);
  });
});
