import { gzipSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import { readSitemaps, sitemapRoots, type SitemapFetch } from './sitemap.js';

const urlset = (...paths: string[]) =>
  `<urlset>${paths.map((path) => `<url><loc>https://x.example${path}</loc></url>`).join('')}</urlset>`;
const index = (...names: string[]) =>
  `<sitemapindex>${names.map((name) => `<sitemap><loc>https://x.example/${name}</loc></sitemap>`).join('')}</sitemapindex>`;

function site(files: Record<string, string | Buffer>) {
  const requested: string[] = [];
  const fetch: SitemapFetch = async (url) => {
    requested.push(url);
    const body = files[new URL(url).pathname.slice(1)];
    if (body === undefined) return { status: 404, body: Buffer.from('no') };
    return { status: 200, body: typeof body === 'string' ? Buffer.from(body) : body };
  };
  return { fetch, requested };
}

const paths = (urls: { url: string }[]) => urls.map((entry) => new URL(entry.url).pathname);

describe('readSitemaps', () => {
  it('follows an index to a gzipped and a text sitemap, depth first, in order', async () => {
    const { fetch } = site({
      'index.xml': index('a.xml.gz', 'b.txt', 'missing.xml'),
      'a.xml.gz': gzipSync(urlset('/1', '/2')),
      'b.txt': 'https://x.example/3\nhttps://x.example/4\n',
      'c.xml': urlset('/5'),
    });
    const read = await readSitemaps(fetch, ['https://x.example/index.xml', 'https://x.example/c.xml']);
    expect(paths(read.urls)).toEqual(['/1', '/2', '/3', '/4', '/5']);
    expect(read.sitemaps).toEqual([
      'https://x.example/index.xml',
      'https://x.example/a.xml.gz',
      'https://x.example/b.txt',
      'https://x.example/c.xml',
    ]);
    expect(read.truncated).toBe(false);
  });

  it('reads 3 levels and no deeper, and each sitemap once', async () => {
    const { fetch, requested } = site({
      'l1.xml': index('l2.xml', 'l1.xml'),
      'l2.xml': index('l3.xml'),
      'l3.xml': index('l4.xml', 'u3.xml'),
      'l4.xml': urlset('/deep'),
      'u3.xml': urlset('/three'),
    });
    const read = await readSitemaps(fetch, ['https://x.example/l1.xml'], { maxUrls: 100, maxBytes: 1 << 20, maxDepth: 3 });
    expect(paths(read.urls)).toEqual([]);
    expect(requested.map((url) => new URL(url).pathname)).toEqual(['/l1.xml', '/l2.xml', '/l3.xml']);
    expect(read.truncated).toBe(true);
    const shallow = await readSitemaps(site({ 'l2.xml': index('l3.xml'), 'l3.xml': index('u3.xml'), 'u3.xml': urlset('/three') }).fetch,
      ['https://x.example/l2.xml'], { maxUrls: 100, maxBytes: 1 << 20, maxDepth: 3 });
    expect(paths(shallow.urls)).toEqual(['/three']);
  });

  it('by default reads the sitemaps of an index nested 3 levels deep (9.1), and no index nested deeper', async () => {
    const { fetch, requested } = site({
      'i1.xml': index('i2.xml'),
      'i2.xml': index('u3.xml', 'i3.xml'),
      'u3.xml': urlset('/three'),
      'i3.xml': index('u4.xml', 'i4.xml'),
      'u4.xml': urlset('/four'),
      'i4.xml': index('u5.xml'),
      'u5.xml': urlset('/five'),
    });
    const read = await readSitemaps(fetch, ['https://x.example/i1.xml']);
    expect(paths(read.urls)).toEqual(['/three', '/four']);
    expect(requested.map((url) => new URL(url).pathname)).toEqual(['/i1.xml', '/i2.xml', '/u3.xml', '/i3.xml', '/u4.xml', '/i4.xml']);
    expect(read.sitemaps.map((url) => new URL(url).pathname)).toEqual(['/i1.xml', '/i2.xml', '/u3.xml', '/i3.xml', '/u4.xml', '/i4.xml']);
    expect(read.truncated).toBe(true);
  });

  it('skips a corrupt gzipped sitemap and reads the ones after it, the list not truncated', async () => {
    const { fetch } = site({
      'index.xml': index('broken.xml.gz', 'a.xml'),
      'broken.xml.gz': Buffer.concat([Buffer.from([0x1f, 0x8b]), Buffer.from('garbage')]),
      'a.xml': urlset('/1'),
    });
    const read = await readSitemaps(fetch, ['https://x.example/index.xml']);
    expect(paths(read.urls)).toEqual(['/1']);
    expect(read.sitemaps).toEqual(['https://x.example/index.xml', 'https://x.example/a.xml']);
    expect(read.truncated).toBe(false);
  });

  it('stops at the URL bound, all sitemaps together', async () => {
    const { fetch, requested } = site({ 'a.xml': urlset('/1', '/2', '/3'), 'b.xml': urlset('/4', '/5'), 'c.xml': urlset('/6') });
    const read = await readSitemaps(fetch, ['https://x.example/a.xml', 'https://x.example/b.xml', 'https://x.example/c.xml'],
      { maxUrls: 4, maxBytes: 1 << 20, maxDepth: 3 });
    expect(paths(read.urls)).toEqual(['/1', '/2', '/3', '/4']);
    expect(read.truncated).toBe(true);
    expect(requested).toHaveLength(2);
  });

  it('stops at the decompressed-bytes bound, all sitemaps together, a gzip bomb included: the whole entries read within it count', async () => {
    const first = urlset('/1');
    const line = (index: number) => `https://x.example/x${String(index).padStart(6, '0')}\n`;
    const bomb = gzipSync(Buffer.from(Array.from({ length: 100_000 }, (_, index) => line(index)).join('')));
    const { fetch } = site({ 'a.xml': first, 'bomb.txt.gz': bomb, 'c.xml': urlset('/3') });
    const read = await readSitemaps(fetch, ['https://x.example/a.xml', 'https://x.example/bomb.txt.gz', 'https://x.example/c.xml'],
      { maxUrls: 100_000, maxBytes: first.length + 500_000, maxDepth: 3 });
    expect(bomb.length).toBeLessThan(500_000);
    // 500,000 bytes of 26-byte lines: 19,230 whole ones; the cut one is left out, and c.xml is never read.
    const whole = Math.floor(500_000 / line(0).length);
    expect(read.urls).toHaveLength(1 + whole);
    expect(paths(read.urls.slice(0, 3))).toEqual(['/1', '/x000000', '/x000001']);
    expect(paths(read.urls.slice(-1))).toEqual([`/x${String(whole - 1).padStart(6, '0')}`]);
    expect(read.sitemaps).toEqual(['https://x.example/a.xml', 'https://x.example/bomb.txt.gz']);
    expect(read.truncated).toBe(true);
  });

  it('lists a sitemap it read that held no whole entry within the bound (a bomb of zeros): read, nothing taken', async () => {
    const { fetch } = site({ 'zeros.xml.gz': gzipSync(Buffer.alloc(2_000_000)) });
    const read = await readSitemaps(fetch, ['https://x.example/zeros.xml.gz'], { maxUrls: 100, maxBytes: 100_000, maxDepth: 3 });
    expect(read).toEqual({ urls: [], sitemaps: ['https://x.example/zeros.xml.gz'], truncated: true });
  });

  it('keeps the whole <url> entries of an XML sitemap cut at the bound', async () => {
    const xml = Buffer.from(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${
      Array.from({ length: 100 }, (_, index) => `<url><loc>https://x.example/p${index}</loc></url>`).join('')}</urlset>`);
    const { fetch } = site({ 'big.xml': xml });
    const read = await readSitemaps(fetch, ['https://x.example/big.xml'], { maxUrls: 1000, maxBytes: 1000, maxDepth: 3 });
    expect(read.truncated).toBe(true);
    expect(read.urls.length).toBeGreaterThan(10);
    expect(paths(read.urls)).toEqual(Array.from({ length: read.urls.length }, (_, index) => `/p${index}`));
  });

  it('gives each fetch the bytes left, and stops when a fetch was cut short', async () => {
    const asked: number[] = [];
    const fetch: SitemapFetch = async (_url, maxBytes) => {
      asked.push(maxBytes);
      return { status: 200, body: Buffer.from('https://x.example/1'), truncated: asked.length === 2 };
    };
    const read = await readSitemaps(fetch, ['https://x.example/a', 'https://x.example/b', 'https://x.example/c'],
      { maxUrls: 10, maxBytes: 1000, maxDepth: 3 });
    expect(asked).toEqual([1000, 1000 - 'https://x.example/1'.length]);
    expect(paths(read.urls)).toEqual(['/1']);
    expect(read.truncated).toBe(true);
  });

  it('counts the body of a 404 or any answer toward the bytes bound, and stops there (Z22 F2)', async () => {
    const asked: Array<[string, number]> = [];
    const children = Array.from({ length: 5 }, (_, n) => `gone${n}.xml`);
    const fetch: SitemapFetch = async (url, maxBytes) => {
      const name = new URL(url).pathname.slice(1);
      asked.push([name, maxBytes]);
      if (name === 'index.xml') return { status: 200, body: Buffer.from(index(...children)) };
      return { status: 404, body: Buffer.alloc(Math.min(maxBytes, 1000), 'x') };
    };
    const size = index(...children).length;
    const read = await readSitemaps(fetch, ['https://x.example/index.xml'], { maxUrls: 10, maxBytes: size + 2500, maxDepth: 3 });
    expect(asked).toEqual([['index.xml', size + 2500], ['gone0.xml', 2500], ['gone1.xml', 1500], ['gone2.xml', 500]]);
    expect(read).toEqual({ urls: [], sitemaps: ['https://x.example/index.xml'], truncated: true });
  });

  it('skips an unreadable or non-http sitemap', async () => {
    const fetch: SitemapFetch = async (url) => (url.endsWith('a') ? null : { status: 500, body: Buffer.alloc(0) });
    const read = await readSitemaps(fetch, ['https://x.example/a', 'https://x.example/b', 'file:///etc/passwd']);
    expect(read).toEqual({ urls: [], sitemaps: [], truncated: false });
  });
});

describe('sitemapRoots (9.1)', () => {
  const start = new URL('https://x.example:8443/docs/intro');
  it("resolves robots.txt's Sitemap lines against its URL, keeps absolute ones, drops what is no http(s) URL", () => {
    expect(sitemapRoots(start, { sitemaps: ['/sm.txt', 'maps/a.xml', 'https://cdn.example/s.xml', 'ftp://x.example/f.xml', 'http://[bad/'] }))
      .toEqual(['https://x.example:8443/sm.txt', 'https://x.example:8443/maps/a.xml', 'https://cdn.example/s.xml']);
  });

  it('drops a Sitemap line with a user name and password, as every URL the service refuses (Z22 F8)', () => {
    expect(sitemapRoots(start, { sitemaps: ['https://u:p@x.example/s.xml', '/a.xml'] })).toEqual(['https://x.example:8443/a.xml']);
  });

  it('falls back to /sitemap.xml of the start host when no usable line is left', () => {
    expect(sitemapRoots(start, { sitemaps: [] })).toEqual(['https://x.example:8443/sitemap.xml']);
    expect(sitemapRoots(start, { sitemaps: ['javascript:alert(1)'] })).toEqual(['https://x.example:8443/sitemap.xml']);
  });
});
