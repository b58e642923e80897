import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadWcxbPages } from '../../bench/wcxb/dataset.js';
import { renderPageContent } from '../../src/infra/content/page-content.js';

/**
 * The exact Markdown (main_content=true) of 20 pages of the WCXB dev sample, three or so of each type, checked in
 * beside this suite so that any change in what the extraction keeps or how it is written shows in review.
 * `UPDATE_GOLDEN=1` rewrites them after a reviewed change.
 */
const SAMPLE = join(process.cwd(), 'test', 'fixtures', 'wcxb-dev-sample');
const GOLDEN = join(process.cwd(), 'test', 'fixtures', 'wcxb-golden');
const IDS = [
  '0010', '0042', '0061', // article
  '0025', '0063', '0087', // service
  '0082', '0083', '0205', // listing
  '0369', '0498', '0668', // documentation
  '0507', '0513', '0521', // forum
  '0585', '0586', '0587', // product
  '0634', '0637', // collection
];

describe('main content as Markdown on 20 WCXB dev pages, golden files', () => {
  expect(existsSync(SAMPLE)).toBe(true);
  const pages = new Map(loadWcxbPages(SAMPLE).map((page) => [page.id, page]));

  it.each(IDS)('page %s', (id) => {
    const page = pages.get(id)!;
    const markdown = renderPageContent(page.html, page.url, { format: 'markdown', mainContent: true, includeSelectors: [], excludeSelectors: [], scripted: false });
    const golden = join(GOLDEN, `${id}.md`);
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(golden, `${markdown}\n`);
    expect(`${markdown}\n`).toBe(readFileSync(golden, 'utf8'));
  });
});
