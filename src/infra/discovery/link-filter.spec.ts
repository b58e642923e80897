import { describe, expect, it } from '@jest/globals';
import { followable } from './link-filter.js';

describe('followable (decisions 9.1 "Not followed")', () => {
  it('follows http(s) pages, PDFs and paths without an extension', () => {
    expect(followable(new URL('https://x.example/a'))).toBe(true);
    expect(followable(new URL('http://x.example/a.html'))).toBe(true);
    expect(followable(new URL('https://x.example/report.pdf'))).toBe(true);
    expect(followable(new URL('https://x.example/v1.2/'))).toBe(true);
  });

  it('skips other schemes', () => {
    expect(followable(new URL('mailto:a@x.example'))).toBe(false);
    expect(followable(new URL('ftp://x.example/a'))).toBe(false);
  });

  it('skips image, audio, video, font, archive and executable extensions, in any case', () => {
    for (const ext of ['png', 'JPG', 'jpeg', 'gif', 'webp', 'svg', 'ico', 'mp3', 'mp4', 'webm', 'avi', 'mov',
      'woff', 'woff2', 'ttf', 'zip', 'gz', 'tar', '7z', 'rar', 'exe', 'dmg', 'iso']) {
      expect(followable(new URL(`https://x.example/files/a.${ext}`))).toBe(false);
    }
    expect(followable(new URL('https://x.example/a.png?size=2'))).toBe(false);
    expect(followable(new URL('https://x.example/a?file=b.png'))).toBe(true);
  });

  it('skips URLs over 2,048 characters', () => {
    const base = 'https://x.example/';
    expect(followable(new URL(base + 'a'.repeat(2048 - base.length)))).toBe(true);
    expect(followable(new URL(base + 'a'.repeat(2049 - base.length)))).toBe(false);
  });
});
