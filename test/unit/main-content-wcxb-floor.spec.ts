import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadWcxbPages } from '../../bench/wcxb/dataset.js';
import { evaluatePages, summarize } from '../../bench/wcxb/evaluate.js';
import { renderPageContent } from '../../src/infra/content/page-content.js';

/**
 * The 140-page WCXB dev sample (shared/data/wcxb-dev-sample, CC-BY-4.0: its LICENSE and README are beside it), kept
 * in the repository so that a clean clone on any machine runs this floor.
 */
const SAMPLE = join(process.cwd(), 'test', 'fixtures', 'wcxb-dev-sample');
/** Issue 21's CI floor: a regression below it fails the run (the sample scores about 0.78-0.79; the dev split 0.82). */
const FLOOR = 0.78;

describe('main-content extraction quality on the WCXB dev sample', () => {
  it(`keeps overall word-bag F1 at ${FLOOR} or more (format=text, main_content=true)`, () => {
    expect(existsSync(SAMPLE)).toBe(true);
    const pages = loadWcxbPages(SAMPLE);
    expect(pages).toHaveLength(140);
    const results = evaluatePages(pages, (page) =>
      renderPageContent(page.html, page.url, { format: 'text', mainContent: true, includeSelectors: [], excludeSelectors: [], scripted: false }));
    expect(summarize(results).f1).toBeGreaterThanOrEqual(FLOOR);
  });
});
