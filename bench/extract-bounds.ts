// What a hostile page costs the worker through the extraction rules (decisions.md 8.2): node dist-tools/bench/extract-bounds.js
import { compileRules } from '../src/infra/content/extract-rules/compile-rules.js';
import { closeContentThreads, runContentTask } from '../src/infra/content/content-threads.js';
import { hostileHtml } from '../test/fixtures/extract-pages.js';
import { printTable } from './table.js';

const MAX_PAGE_BYTES = 20 * 1024 * 1024;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

const CASES: Record<string, object> = {
  'a list over 200,000 matches': { links: { selector: 'a', type: 'list', output: '@href' } },
  '48 lists of outer HTML': Object.fromEntries(Array.from({ length: 48 }, (_, i) => [`l${i}`, { selector: 'a', type: 'list', output: 'html' }])),
  'a 5 MB attribute five times': Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((name) => [name, { selector: '#big', output: '@data-x' }])),
  'nested lists (1,000 x 1,000)': { all: { selector: 'div, a', type: 'list', fields: { inner: { selector: 'a', type: 'list', output: '@href' } } } },
  'a:has(~ a ~ a), cubic': { x: { selector: 'a:has(~ a ~ a)', type: 'list' } },
};

async function main(): Promise<void> {
  const html = hostileHtml();
  const rows: Array<Record<string, string | number>> = [];
  for (const [name, rules] of Object.entries(CASES)) {
    const compiled = compileRules(JSON.stringify(rules));
    if (!compiled.ok) throw new Error(compiled.error);
    const before = process.memoryUsage();
    const started = Date.now();
    let outcome: string;
    try {
      const value = await runContentTask({ kind: 'page', html, url: 'https://hostile.example/', work: { extract: { rules: compiled.rules, maxBytes: MAX_PAGE_BYTES } } }, Date.now() + 15_000);
      outcome = `${(Buffer.byteLength(JSON.stringify(value)) / 1024).toFixed(1)} KiB of JSON`;
    } catch (error) {
      outcome = (error as Error).name;
    }
    const after = process.memoryUsage();
    rows.push({ rules: name, outcome, ms: Date.now() - started, 'main heap +MB': mb(after.heapUsed - before.heapUsed), 'process RSS MB': mb(after.rss) });
  }
  for (const [name, includeSelectors] of Object.entries({ 'include_selectors=a:has(~ a ~ a), Markdown': ['a:has(~ a ~ a)'], 'Markdown of the whole page': [] })) {
    const started = Date.now();
    let outcome: string;
    try {
      const request = { format: 'markdown' as const, mainContent: false, includeSelectors, excludeSelectors: [] };
      outcome = `${mb(Buffer.byteLength(await runContentTask({ kind: 'render', html, url: 'https://hostile.example/', request }, Date.now() + 15_000)))} MB of Markdown`;
    } catch (error) {
      outcome = (error as Error).name;
    }
    rows.push({ rules: name, outcome, ms: Date.now() - started, 'main heap +MB': '', 'process RSS MB': mb(process.memoryUsage().rss) });
  }
  printTable(`Hostile page, ${mb(Buffer.byteLength(html))} MB, 200,000 links; MAX_PAGE_BYTES ${mb(MAX_PAGE_BYTES)} MB; 15 s limit`, rows);
  await closeContentThreads();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
