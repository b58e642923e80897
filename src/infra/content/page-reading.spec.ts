import { describe, expect, it } from '@jest/globals';
import { renderPageContent } from './page-content.js';
import { parsePage, readsAsText, showsAsText } from './page-reading.js';

const MARKDOWN = { format: 'markdown', mainContent: true, includeSelectors: [], excludeSelectors: [] } as const;

describe('showsAsText (what Chromium shows as one <pre> of the text)', () => {
  it('is text/* but HTML and XML, JSON and scripts', () => {
    for (const type of ['text/plain', 'text/csv', 'text/markdown', 'application/json', 'application/ld+json', 'application/javascript']) expect(showsAsText(type)).toBe(true);
    for (const type of ['text/html', 'application/xhtml+xml', 'text/xml', 'application/xml', 'image/svg+xml', '', 'application/octet-stream']) expect(showsAsText(type)).toBe(false);
  });
});

describe('readsAsText', () => {
  it('reads a body as Chromium shows it, and a download (shown by no tab) as text unless it is HTML or XML', () => {
    expect(['text/plain', 'application/octet-stream', 'text/html'].map((type) => readsAsText(type, false))).toEqual([true, false, false]);
    for (const type of ['application/octet-stream', 'application/zip', 'text/csv', 'application/json', '']) expect({ type, text: readsAsText(type, true) }).toEqual({ type, text: true });
    for (const type of ['text/html', 'application/xhtml+xml', 'application/xml']) expect({ type, text: readsAsText(type, true) }).toEqual({ type, text: false });
  });
});

describe('parsePage', () => {
  it('reads a text body as one <pre> of its text, markup characters as text', () => {
    const body = '{"a":1,"b":"<b>x</b>"}';
    const document = parsePage(body, { scripted: false, text: true });
    expect(document.body.innerHTML).toBe('<pre style="word-wrap: break-word; white-space: pre-wrap;">{"a":1,"b":"&lt;b&gt;x&lt;/b&gt;"}</pre>');
    expect(document.querySelector('pre')!.textContent).toBe(body);
    expect(renderPageContent('Line one\n\nLine <two> & three', 'https://a.example/', MARKDOWN, { scripted: false, text: true })).toBe('```\nLine one\n\nLine <two> & three\n```');
  });

  it('holds a <noscript> as text where scripts ran, as a browser with scripting does; as elements in a page as served', () => {
    const html = '<html><head></head><body><p>Tides</p><noscript><p class="x">Enable <b>scripts</b></p></noscript></body></html>';
    const rendered = parsePage(html, { scripted: true, text: false });
    expect(rendered.querySelector('noscript p')).toBeNull();
    expect(rendered.querySelector('noscript')!.textContent).toBe('<p class="x">Enable <b>scripts</b></p>');
    expect(parsePage(html, { scripted: false, text: false }).querySelector('noscript p')!.textContent).toBe('Enable scripts');
  });

  it('gives code blocks LF line ends whatever the page served: CR LF in an HTML <pre> and in a text body', () => {
    expect(renderPageContent('<pre>one  \r\ntwo\rthree</pre>', 'https://a.example/', MARKDOWN, { scripted: false, text: false })).toBe('```\none  \ntwo\nthree\n```');
    expect(renderPageContent('one\r\ntwo\r\n', 'https://a.example/', MARKDOWN, { scripted: false, text: true })).toBe('```\none\ntwo\n```');
  });

  it('parses HTML as HTML when the body is not text', () => {
    expect(renderPageContent('<p>Line <b>two</b></p>', 'https://a.example/', MARKDOWN, { scripted: false, text: false })).toBe('Line **two**');
  });
});
