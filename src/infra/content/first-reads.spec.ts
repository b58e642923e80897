import { describe, expect, it } from '@jest/globals';
import { findUnread } from './clean-document.js';
import { documentBaseUrl } from './document-base.js';
import { readFirst } from './first-reads.js';
import { jsonLdNodes } from './json-ld.js';
import { readPageHints } from './main-content/page-hints.js';
import { parseDocument } from './parse-document.js';

const URL_ = 'https://site.example/a/page.html';
const PAGES = [
  '<html><head><base href="/docs/"><script type="application/ld+json">{"@type":"Product"}</script></head><body><p>x</p></body></html>',
  '<html><head></head><body><template><base href="/in-template/"></template><base target="_blank"><base href="javascript:void(0)"><div itemscope itemtype="https://schema.org/QAPage"></div></body></html>',
  '<html><head></head><body><div itemtype="http://schema.org/Product"><base href="https://cdn.example/b/"></div><script type="APPLICATION/LD+JSON">[{"@graph":[{"@type":"DiscussionForumPosting"}]}]</script></body></html>',
  '<p>no skeleton, no base, no hints</p>',
];

describe('readFirst (the base URL and the hints of a page not yet cleaned, by one walk)', () => {
  it('answers the base URL and the hints that their own walks answer', () => {
    for (const html of PAGES) {
      const [document, own] = [parseDocument(html), parseDocument(html)];
      const { unread, ...reads } = readFirst(document, URL_, true);
      expect(reads).toEqual({ base: documentBaseUrl(own, URL_), hints: readPageHints(own) });
      const { found, ...cleaning } = findUnread(own);
      expect(found).toEqual([]);
      expect(unread).toEqual(cleaning);
      expect(jsonLdNodes(document)).toEqual(jsonLdNodes(own));
    }
  });

  it('answers the base URL alone when no hints are asked for', () => {
    expect(readFirst(parseDocument(PAGES[0]), URL_, false)).toEqual({ base: 'https://site.example/docs/' });
  });
});
