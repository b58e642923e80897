import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { closeContentThreads, runContentTask } from '../src/infra/content/content-threads.js';
import { LIBTASN1_PDF, SHARED_MIME_PDF } from '../test/fixtures/pdf-documents.js';
import { percentile, printTable } from './table.js';

const MARKDOWN = { format: 'markdown', mainContent: false, includeSelectors: [], excludeSelectors: [], scripted: false } as const;
const DEADLINE_MS = 60_000;

/** One document as the service reads it: the pdf task in a content thread, then its Markdown in one (as GET /crawl does). */
async function readOnce(bytes: Uint8Array): Promise<{ ms: number; pages: number }> {
  const started = performance.now();
  const read = await runContentTask({ kind: 'pdf', bytes, maxPages: 200 }, Date.now() + DEADLINE_MS);
  if ('unreadable' in read) throw new Error(read.unreadable);
  await runContentTask({ kind: 'render', html: read.html, url: 'http://127.0.0.1/doc.pdf', request: MARKDOWN }, Date.now() + DEADLINE_MS);
  return { ms: performance.now() - started, pages: read.pagesRead };
}

/**
 * PDF pages a second, one document at a time (c=1: one content thread busy, one core), on Debian's two documents:
 * the median rate and the p95 time a document, after warm-up runs.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' }, warmup: { type: 'string', default: '3' } } });
  const rows = [];
  for (const path of [SHARED_MIME_PDF, LIBTASN1_PDF]) {
    const bytes = new Uint8Array(readFileSync(path));
    for (let i = 0; i < Number(values.warmup); i += 1) await readOnce(bytes);
    const times: number[] = [];
    let pages = 0;
    for (let i = 0; i < Number(values.runs); i += 1) {
      const run = await readOnce(bytes);
      times.push(run.ms);
      pages = run.pages;
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    rows.push({
      document: path.split('/').pop()!, pages, runs: times.length,
      'p50 ms': p50.toFixed(0), 'p95 ms': percentile(times, 95).toFixed(0),
      'pages/s (p50)': (pages / (p50 / 1000)).toFixed(1), 'pages/s (p95)': (pages / (percentile(times, 95) / 1000)).toFixed(1),
    });
  }
  printTable('PDF pages a second: pdf task + Markdown, in the content threads, c=1 (target >= 20 pages/s on one core)', rows);
  await closeContentThreads();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
