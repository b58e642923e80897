import { gzipSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import { decodeXmlEntities, inflate, inflatedPrefix, parseSitemap, wholeEntries } from './sitemap-parse.js';

const URLSET = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://x.example/a?p=1&amp;q=2</loc><lastmod>2026-01-02</lastmod></url>
  <url><loc> https://x.example/b </loc></url>
  <url><loc><![CDATA[https://x.example/c]]></loc><lastmod>2026-03-04T05:06:07+00:00</lastmod></url>
  <url><lastmod>2026-01-01</lastmod></url>
</urlset>`;

describe('parseSitemap (decisions 9.1 Sitemaps)', () => {
  it('reads a urlset in order, with lastmod or null, entities decoded', () => {
    expect(parseSitemap(URLSET)).toEqual({
      urls: [
        { url: 'https://x.example/a?p=1&q=2', lastmod: '2026-01-02' },
        { url: 'https://x.example/b', lastmod: null },
        { url: 'https://x.example/c', lastmod: '2026-03-04T05:06:07+00:00' },
      ],
      sitemaps: [],
    });
  });

  it('reads a sitemapindex, namespace prefixes too', () => {
    const index = `<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">
      <sm:sitemap><sm:loc>https://x.example/s1.xml</sm:loc></sm:sitemap>
      <sm:sitemap><sm:loc>https://x.example/s2.xml.gz</sm:loc><sm:lastmod>2026-01-01</sm:lastmod></sm:sitemap>
    </sm:sitemapindex>`;
    expect(parseSitemap(index)).toEqual({ urls: [], sitemaps: ['https://x.example/s1.xml', 'https://x.example/s2.xml.gz'] });
  });

  it('reads a plain-text sitemap: one http(s) URL a line', () => {
    expect(parseSitemap('\uFEFFhttps://x.example/a\r\n\n  http://x.example/b  \nnot a url\nftp://x.example/c\n')).toEqual({
      urls: [{ url: 'https://x.example/a', lastmod: null }, { url: 'http://x.example/b', lastmod: null }],
      sitemaps: [],
    });
  });

  it('reads at most maxUrls entries, the text past them never parsed (Z22 F5)', () => {
    const xml = `<?xml version="1.0"?><sm:urlset xmlns:sm="x">${[1, 2, 3, 4].map((n) => `<sm:url><sm:loc>https://x.example/${n}</sm:loc></sm:url>`).join('')}<broken`;
    expect(parseSitemap(xml, 2)).toEqual({ urls: [{ url: 'https://x.example/1', lastmod: null }, { url: 'https://x.example/2', lastmod: null }], sitemaps: [] });
    const text = 'https://x.example/1\n\nnot a url\r\nhttps://x.example/2\rhttps://x.example/3\n';
    expect(parseSitemap(text, 2).urls.map((entry) => entry.url)).toEqual(['https://x.example/1', 'https://x.example/2']);
    expect(parseSitemap(text, 5).urls).toHaveLength(3);
    expect(parseSitemap(xml.replace('<broken', '</sm:urlset>'), 9).urls).toHaveLength(4);
  });

  it('never expands a DOCTYPE entity, lists nothing from other XML, and never throws', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
      <urlset><url><loc>https://x.example/&b;</loc></url></urlset>`;
    expect(parseSitemap(bomb).urls).toEqual([{ url: 'https://x.example/&b;', lastmod: null }]);
    expect(parseSitemap('<rss><channel></channel></rss>')).toEqual({ urls: [], sitemaps: [] });
    // A file cut short keeps the entries closed before the cut.
    expect(parseSitemap('<urlset><url><loc>https://x.example/a</loc></url><url><loc>https://x.ex')).toEqual({
      urls: [{ url: 'https://x.example/a', lastmod: null }],
      sitemaps: [],
    });
  });
});

describe('inflate', () => {
  it('gunzips a gzipped body, whatever its name, and leaves another as it is', () => {
    expect(inflate(gzipSync(Buffer.from(URLSET)), 1 << 20)?.toString()).toBe(URLSET);
    expect(inflate(Buffer.from('abc'), 10)?.toString()).toBe('abc');
  });

  it('refuses a body that would pass the decompressed bound', () => {
    const big = gzipSync(Buffer.alloc(1 << 20, 'a'));
    expect(big.length).toBeLessThan(10_000);
    expect(inflate(big, 1 << 20)?.length).toBe(1 << 20);
    expect(inflate(big, (1 << 20) - 1)).toBe('too large');
    expect(inflate(Buffer.from('abcd'), 3)).toBe('too large');
  });

  it('tells a corrupt gzip stream from one past the bound', () => {
    expect(inflate(Buffer.concat([Buffer.from([0x1f, 0x8b]), Buffer.from('not a gzip stream')]), 1 << 20)).toBe('unreadable');
    expect(inflate(gzipSync(Buffer.from(URLSET)).subarray(0, 20), 1 << 20)).toBe('unreadable');
  });
});

describe('a sitemap cut at the byte bound (wholeEntries, inflatedPrefix)', () => {
  it('keeps the whole entries, the root closed again; nothing when no entry is whole', () => {
    const cut = '<?xml version="1.0"?><sm:urlset xmlns:sm="x"><sm:url><sm:loc>https://x.example/a</sm:loc></sm:url><sm:url><sm:loc>https://x.ex';
    expect(parseSitemap(wholeEntries(cut)).urls.map((entry) => entry.url)).toEqual(['https://x.example/a']);
    expect(wholeEntries('<urlset><url><loc>https://x.example/a</lo')).toBe('');
    expect(parseSitemap(wholeEntries('<sitemapindex><sitemap><loc>https://x.example/s1.xml</loc></sitemap><sitemap><lo')).sitemaps).toEqual(['https://x.example/s1.xml']);
    expect(wholeEntries('https://x.example/a\nhttps://x.example/b\nhttps://x.ex')).toBe('https://x.example/a\nhttps://x.example/b\n');
  });

  it('inflates the first bytes of a gzip stream, whole or cut short', async () => {
    const text = 'https://x.example/line\n'.repeat(10_000);
    const gzipped = gzipSync(Buffer.from(text));
    expect((await inflatedPrefix(gzipped, 1000)).toString()).toBe(text.slice(0, 1000));
    expect(text.startsWith((await inflatedPrefix(gzipped.subarray(0, gzipped.length / 2), 1 << 20)).toString())).toBe(true);
    expect((await inflatedPrefix(Buffer.from('plain text'), 5)).toString()).toBe('plain');
  });
});

describe('decodeXmlEntities', () => {
  it('decodes the five predefined entities and numeric references only', () => {
    expect(decodeXmlEntities('&amp;&lt;&gt;&quot;&apos;&#65;&#x42;&nbsp;&foo;')).toBe('&<>"\'AB&nbsp;&foo;');
  });
});
