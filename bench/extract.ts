import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { renderPageContent } from '../src/infra/content/page-content.js';
import { loadWcxbPages, WcxbPage } from './wcxb/dataset.js';
import { evaluatePages, PageResult, summarize, Summary } from './wcxb/evaluate.js';
import { percentile, printTable } from './table.js';

/** Published dev-split F1 (the sample's README): trafilatura by page type, and overall for both systems. */
const TRAFILATURA: Record<string, number> = {
  article: 0.926, documentation: 0.888, service: 0.763, forum: 0.585, collection: 0.553, listing: 0.589, product: 0.567,
};
const PUBLISHED_OVERALL = { trafilatura: 0.791, 'rs-trafilatura': 0.859 };
const TYPE_ORDER = ['article', 'forum', 'product', 'collection', 'listing', 'documentation', 'service'];

/** The service's path for `format=text&main_content=true`. */
function extractText(page: WcxbPage): string {
  return renderPageContent(page.html, page.url, { format: 'text', mainContent: true, includeSelectors: [], excludeSelectors: [], scripted: false });
}

function row(name: string, summary: Summary, published: Record<string, string | number>) {
  return {
    pages: name, n: summary.pages, F1: summary.f1.toFixed(3), precision: summary.precision.toFixed(3), recall: summary.recall.toFixed(3),
    'with %': (summary.withRate * 100).toFixed(1), 'without %': (summary.withoutRate * 100).toFixed(1), ...published,
  };
}

function report(results: readonly PageResult[]): void {
  const overall = summarize(results);
  const types = TYPE_ORDER.filter((type) => results.some((result) => result.pageType === type));
  printTable('WCXB word-bag F1: format=text, main_content=true (without % : lower is better)', [
    row('overall', overall, { trafilatura: PUBLISHED_OVERALL.trafilatura.toFixed(3), 'rs-trafilatura': PUBLISHED_OVERALL['rs-trafilatura'].toFixed(3) }),
    ...types.map((type) => row(type, summarize(results.filter((result) => result.pageType === type)), { trafilatura: TRAFILATURA[type].toFixed(3), 'rs-trafilatura': '' })),
  ]);
  const times = results.map((result) => result.milliseconds).sort((a, b) => a - b);
  printTable('Extraction time a page (renderPageContent, ms)', [
    { pages: times.length, p50: percentile(times, 50).toFixed(1), p95: percentile(times, 95).toFixed(1), max: times[times.length - 1].toFixed(1) },
  ]);
}

function main(): void {
  const { values } = parseArgs({ options: { data: { type: 'string' }, out: { type: 'string' }, only: { type: 'string' } } });
  if (!values.data) throw new Error('usage: npm run bench:extract -- --data <WCXB split folder> [--only <type>] [--out results.json]');
  const pages = loadWcxbPages(values.data).filter((page) => !values.only || page.pageType === values.only);
  const texts = new Map<string, string>();
  const results = evaluatePages(pages, (page) => {
    const text = extractText(page);
    texts.set(page.id, text);
    return text;
  });
  report(results);
  // Predictions in evaluate.py's --results format, and per-page scores, for checking and for finding the worst pages.
  if (values.out) writeFileSync(values.out, JSON.stringify(Object.fromEntries(texts)));
  if (values.out) writeFileSync(values.out.replace(/\.json$/, '') + '.scores.json', JSON.stringify(results));
}

main();
