import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadWcxbPages } from '../../bench/wcxb/dataset.js';
import { evaluatePages, summarize } from '../../bench/wcxb/evaluate.js';
import { renderPageContent } from '../../src/infra/content/page-content.js';

/** The shared 140-page WCXB sample, beside the project (CI has it at the same place). */
const SAMPLE = join(process.cwd(), '..', 'shared', 'data', 'wcxb-dev-sample');
/**
 * 0.753 today. The 0.78 needs two fixes outside main-content: a js=false page keeps its <noscript> content
 * (a parser without scripting reads it as markup: Discourse forums hold their posts there) and `<![CDATA[` in HTML is a
 * bogus comment up to the first `>` (htmlparser2 swallows the page up to `]]>`); with both the sample scores 0.785.
 */
const FLOOR = 0.75;

describe('main-content extraction quality on the WCXB dev sample', () => {
  it(`keeps overall word-bag F1 at ${FLOOR} or more (format=text, main_content=true)`, () => {
    expect(existsSync(SAMPLE)).toBe(true);
    const pages = loadWcxbPages(SAMPLE);
    expect(pages).toHaveLength(140);
    const results = evaluatePages(pages, (page) =>
      renderPageContent(page.html, page.url, { format: 'text', mainContent: true, includeSelectors: [], excludeSelectors: [] }));
    expect(summarize(results).f1).toBeGreaterThanOrEqual(FLOOR);
  });
});
