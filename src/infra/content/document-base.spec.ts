import { describe, expect, it } from '@jest/globals';
import { describePage, renderPageContent } from './page-content.js';

const URL_ = 'https://site.example/a/page.html';
const request = (format: 'markdown' | 'html' | 'text') => ({ format, mainContent: false, includeSelectors: [], excludeSelectors: [], scripted: false });
const page = (base: string) => `<html><head>${base}<link rel="canonical" href="canon.html"><meta property="og:image" content="img/og.png"></head>
<body><p><a href="next.html">Next</a> <img src="pic.png" alt="Pic"></p></body></html>`;

describe('one base URL for links, metadata, Markdown and fragments (a browser\'s document base URL)', () => {
  it('resolves against <base href> everywhere', () => {
    const html = page('<base href="/docs/v2/">');
    const described = describePage(html, URL_, request('markdown'));
    expect(described.links).toEqual([{ url: 'https://site.example/docs/v2/next.html', text: 'Next' }]);
    expect(described.metadata.canonical_url).toBe('https://site.example/docs/v2/canon.html');
    expect(described.metadata.image).toBe('https://site.example/docs/v2/img/og.png');
    expect(described.content).toBe('[Next](https://site.example/docs/v2/next.html) ![Pic](https://site.example/docs/v2/pic.png)');
    expect(renderPageContent(html, URL_, { ...request('html'), includeSelectors: ['p'] }))
      .toBe('<p><a href="https://site.example/docs/v2/next.html">Next</a> <img src="https://site.example/docs/v2/pic.png" alt="Pic"></p>');
  });

  it('resolves against the final URL without a <base>, or with one that is not http(s)', () => {
    for (const base of ['', '<base href="file:///usr/share/doc/">', '<base target="_blank">']) {
      expect(describePage(page(base), URL_, request('text')).links).toEqual([{ url: 'https://site.example/a/next.html', text: 'Next' }]);
    }
  });
});
