// Where the time of output=json (describePage) goes on a WCXB split, stage by stage (renderPageContent is all but links and metadata): node dist-tools/bench/extract-stages.js --data <dir>
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { cleanDocument } from '../src/infra/content/clean-document.js';
import { pageLinks } from '../src/infra/content/links.js';
import { selectMainContent } from '../src/infra/content/main-content/select-main-content.js';
import { pageMetadata } from '../src/infra/content/metadata.js';
import { parseDocument } from '../src/infra/content/parse-document.js';
import { renderText } from '../src/infra/content/render/markdown.js';
import { loadWcxbPages } from './wcxb/dataset.js';
import { percentile, printTable } from './table.js';

const STAGES = ['parse', 'links', 'metadata', 'clean', 'select', 'render', 'total'] as const;
type Stage = (typeof STAGES)[number];

function main(): void {
  const { values } = parseArgs({ options: { data: { type: 'string' } } });
  if (!values.data) throw new Error('usage: node dist-tools/bench/extract-stages.js --data <WCXB split folder>');
  const times: Record<Stage, number[]> = { parse: [], links: [], metadata: [], clean: [], select: [], render: [], total: [] };
  for (const page of loadWcxbPages(values.data)) {
    const marks = [performance.now()];
    const document = parseDocument(page.html);
    marks.push(performance.now());
    pageLinks(document, page.url);
    marks.push(performance.now());
    pageMetadata(document, page.url, 0);
    marks.push(performance.now());
    cleanDocument(document, [], { scripted: false });
    marks.push(performance.now());
    const kept = selectMainContent(document);
    marks.push(performance.now());
    renderText(kept, page.url);
    marks.push(performance.now());
    STAGES.slice(0, -1).forEach((stage, i) => times[stage].push(marks[i + 1] - marks[i]));
    times.total.push(marks[marks.length - 1] - marks[0]);
  }
  printTable('describePage by stage (ms a page)', STAGES.map((stage) => {
    const sorted = [...times[stage]].sort((a, b) => a - b);
    const sum = sorted.reduce((a, b) => a + b, 0);
    return { stage, p50: percentile(sorted, 50).toFixed(1), p95: percentile(sorted, 95).toFixed(1), mean: (sum / sorted.length).toFixed(1), 'share %': ((sum / times.total.reduce((a, b) => a + b, 0)) * 100).toFixed(0) };
  }));
}

main();
