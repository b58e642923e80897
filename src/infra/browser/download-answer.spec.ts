import { describe, expect, it } from '@jest/globals';
import { isDownload } from './download-answer.js';

const disposition = (value: string) => [{ name: 'Content-Disposition', value }];

// Each case as headless Chromium answered it: ERR_ABORTED (saved) or the page shown.
describe('isDownload (what Chromium saves instead of showing)', () => {
  it('saves an attachment of any type: any disposition type but inline', () => {
    for (const value of ['attachment', 'Attachment', ' attachment ;filename=x', 'attachment; filename="x.html"', 'foo', 'form-data; name=x']) {
      expect({ value, saved: isDownload(disposition(value), 'text/html') }).toEqual({ value, saved: true });
    }
    for (const value of ['inline', 'inline; filename=x', 'filename="x.html"', 'attachment=x', '"attachment"', 'att@chment', ';', '']) {
      expect({ value, saved: isDownload(disposition(value), 'text/html') }).toEqual({ value, saved: false });
    }
  });

  it('saves the types no tab shows, and shows the rest', () => {
    const saved = ['application/octet-stream', 'binary/octet-stream', 'application/zip', 'application/wasm', 'application/xml-dtd', 'application/x-ndjson',
      'application/vnd.ms-excel', 'text/csv', 'text/calendar', 'text/vcard', 'text/rtf', 'text/tab-separated-values', 'font/woff2', 'model/gltf+json',
      'multipart/related', 'message/rfc822', 'foo/bar'];
    const shown = ['text/html', 'text/plain', 'text/markdown', 'text/css', 'text/x-sh', 'text/vtt', 'text/xml', 'application/json', 'application/ld+json',
      'application/problem+json', 'application/xml', 'application/rss+xml', 'application/xhtml+xml', 'application/javascript', 'application/x-javascript',
      'application/x-mpegurl', 'image/png', 'image/svg+xml', 'video/mp4', 'audio/mpeg', 'multipart/x-mixed-replace', ''];
    for (const type of saved) expect({ type, saved: isDownload([], type) }).toEqual({ type, saved: true });
    for (const type of shown) expect({ type, saved: isDownload([], type) }).toEqual({ type, saved: false });
  });
});
