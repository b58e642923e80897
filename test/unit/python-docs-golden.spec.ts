import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describePage, renderPageContent } from '../../src/infra/content/page-content.js';

/**
 * decisions.md 9 (8.1's Markdown of documentation sites), on the Python tutorial and the json module's page as
 * Debian's python3-doc ships them (Sphinx; scripts/test.sh installs the package): no heading or definition
 * permalinks, no copy widgets, fences named by Sphinx's `highlight-<lang>`, docutils' footnotes kept. Each page's exact
 * Markdown is checked in beside this suite; `UPDATE_GOLDEN=1` rewrites them after a reviewed change.
 */
const PYTHON_DOCS = ['/usr/share/doc/python3.11/html', '/usr/share/doc/python3/html', '/usr/share/doc/python3-doc/html'];
const GOLDEN = join(process.cwd(), 'test', 'fixtures', 'python-docs-golden');
/** The pages as a crawl of a local copy served on 127.0.0.1 would see them. */
const BASE = 'http://127.0.0.1:8000/';
/** The tutorial, and a library page for its definition terms (`dl.py.function`, each with a permalink) and dunder paths. */
const PAGES = ['tutorial/introduction.html', 'tutorial/appetite.html', 'tutorial/errors.html', 'library/json.html'];
const request = { format: 'markdown' as const, mainContent: true, includeSelectors: [], excludeSelectors: [], scripted: false };

function docsRoot(): string {
  const root = PYTHON_DOCS.find((dir) => existsSync(join(dir, 'tutorial', 'index.html')));
  if (!root) throw new Error(`python3-doc HTML not found (looked in ${PYTHON_DOCS.join(', ')}); install the python3-doc package`);
  return root;
}

describe('Markdown of the Python tutorial (Sphinx), golden files', () => {
  it.each(PAGES)('%s', (page) => {
    const markdown = renderPageContent(readFileSync(join(docsRoot(), page), 'utf8'), BASE + page, request);
    const golden = join(GOLDEN, page.replace(/\//g, '_').replace(/\.html$/, '.md'));
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(golden, markdown + '\n');
    expect(markdown + '\n').toBe(readFileSync(golden, 'utf8'));
    expect(markdown).not.toMatch(/¶|\\>>>/);
  });

  it('gives no canonical_url for a page whose canonical link is a file: URL', () => {
    const html = readFileSync(join(docsRoot(), 'tutorial', 'introduction.html'), 'utf8');
    expect(html).toContain('rel="canonical" href="file:///');
    expect(describePage(html, BASE + 'tutorial/introduction.html', request).metadata.canonical_url).toBeNull();
  });
});
