import { describe, expect, it } from '@jest/globals';
import type { ReadPage } from '../jobs/page-result.js';
import { pageAsRead, readPageOf } from './crawl-copy.js';

const fetchedAt = new Date('2026-01-02T03:04:05Z');
const stored = (page: ReadPage) => ({ ...pageAsRead(page), fetchedAt });

describe('crawl copies (decisions.md 9.6: a hit reads the page its fetch read)', () => {
  it('keeps a web page with the media type it was served as: HTML, or a text body read again as text', () => {
    const page: ReadPage = { html: '<p>x</p>', rendered: true, targetStatus: 200, finalUrl: 'https://a.example/', mediaType: 'text/html' };
    expect(pageAsRead(page)).toEqual({ body: '<p>x</p>', mediaType: 'text/html', rendered: true, finalUrl: 'https://a.example/', targetStatus: 200 });
    expect(readPageOf(stored(page))).toEqual(page);
    const json: ReadPage = { html: '{"a":"<b>"}', rendered: false, targetStatus: 200, finalUrl: 'https://a.example/a.json', mediaType: 'application/json' };
    expect(readPageOf(stored(json))).toEqual(json);
    expect(readPageOf(stored({ ...page, mediaType: undefined })).mediaType).toBe('text/html');
  });

  it("reads a download's copy as a download again: its body, read as text unless it is HTML", () => {
    const page: ReadPage = { html: 'a\tb', rendered: false, targetStatus: 200, finalUrl: 'https://a.example/x', mediaType: 'application/octet-stream', downloaded: true };
    expect(pageAsRead(page).mediaType).toBe('application/octet-stream; download');
    expect(readPageOf(stored(page))).toEqual(page);
    const html: ReadPage = { ...page, html: '<h1>x</h1>', mediaType: 'text/html' };
    expect(readPageOf(stored(html))).toEqual(html);
  });

  it("reads a PDF's copy as the document it was, with its 9.5 facts", () => {
    const document = { content_type: 'application/pdf', pages: 36, pages_read: 20, truncated: true } as const;
    const page: ReadPage = { html: '<h1>Spec</h1>', rendered: false, targetStatus: 200, finalUrl: 'https://a.example/spec.pdf', document };
    expect(pageAsRead(page).mediaType).toBe('application/pdf; pages=36; pages-read=20; truncated=true');
    expect(readPageOf(stored(page))).toEqual(page);
  });
});
