import { describe, expect, it } from '@jest/globals';
import { performContentTask } from './content-task.js';

const URL_ = 'https://deep.example/page';

describe('the links task (GET /map, site crawls) resolves against the document base URL, as GET /crawl\'s links', () => {
  it('takes <base href> into account', () => {
    const html = '<html><head><base href="https://cdn.example/site/"></head><body><a href="rel">r</a><a href="/abs">a</a><a href="#top">t</a></body></html>';
    expect(performContentTask({ kind: 'links', html, url: URL_ })).toEqual({
      ok: true,
      value: [{ url: 'https://cdn.example/site/rel', text: 'r' }, { url: 'https://cdn.example/abs', text: 'a' }, { url: 'https://cdn.example/site/', text: 't' }],
    });
  });

  it("reads the page as its reading says, as a site crawl's describe does: a text body holds no links, a scripted page's <noscript> is text", () => {
    const links = (html: string, reading: { scripted: boolean; text: boolean }) => performContentTask({ kind: 'links', html, url: URL_, reading });
    expect(links('{"html": "<a href=\\"/x\\">x</a>"}', { scripted: false, text: true })).toEqual({ ok: true, value: [] });
    const noscript = '<html><body><a href="/shown">s</a><noscript><a href="/fallback">f</a></noscript></body></html>';
    expect(links(noscript, { scripted: true, text: false })).toEqual({ ok: true, value: [{ url: 'https://deep.example/shown', text: 's' }] });
    expect(links(noscript, { scripted: false, text: false })).toEqual({ ok: true, value: [{ url: 'https://deep.example/shown', text: 's' }, { url: 'https://deep.example/fallback', text: 'f' }] });
  });
});

describe('an overflow of the stack that capping the DOM cannot help is the page\'s cost', () => {
  const request = { format: 'markdown', mainContent: false, includeSelectors: [], excludeSelectors: [] } as const;

  it('describes a page whose JSON-LD nests a value 100,000 deep, its metadata read elsewhere', () => {
    const ld = `{"headline":${'['.repeat(100_000)}"x"${']'.repeat(100_000)}}`;
    const html = `<html><head><title>Page</title><script type="application/ld+json">${ld}</script></head><body><p>Body</p></body></html>`;
    const reply = performContentTask({ kind: 'describe', html, url: URL_, request });
    expect(reply).toMatchObject({ ok: true, value: { content: 'Body', metadata: { title: 'Page' }, links: [] } });
  });

  it('answers too large, not a failure of ours, when the work overflows on a document within the cap', () => {
    const selector = `${':not('.repeat(100_000)}a${')'.repeat(100_000)}`;
    expect(performContentTask({ kind: 'render', html: '<p>x</p>', url: URL_, request: { ...request, includeSelectors: [selector] } })).toEqual({
      ok: false, tooLarge: true, message: 'The page nests its content deeper than its work can follow.',
    });
  });
});
