import { constants, createGunzip, gunzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';

/** decisions.md 9.1 Sitemaps: what one sitemap file lists. */
export interface SitemapEntry {
  readonly url: string;
  readonly lastmod: string | null;
}

export interface SitemapContent {
  readonly urls: SitemapEntry[];
  readonly sitemaps: string[];
}

// Entities are decoded below, by hand and only the predefined ones: a DOCTYPE can never expand into anything.
const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

const GZIP_MAGIC = [0x1f, 0x8b];

export const isGzip = (body: Buffer): boolean => body[0] === GZIP_MAGIC[0] && body[1] === GZIP_MAGIC[1];

/** A sitemap's bytes as read: its body, or why there is none (the byte bound passed; a gzip stream that is corrupt). */
export type Inflated = Buffer | 'too large' | 'unreadable';

/**
 * A gzipped body inflated, refused past `maxBytes` of output; any other body as it is. A corrupt stream is only that
 * file's loss ('unreadable'); the bound ends the reading ('too large').
 */
export function inflate(body: Buffer, maxBytes: number): Inflated {
  if (!isGzip(body)) return body.length > maxBytes ? 'too large' : body;
  try {
    return gunzipSync(body, { maxOutputLength: Math.max(1, maxBytes) });
  } catch (error) {
    return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too large' : 'unreadable';
  }
}

/**
 * The first `maxBytes` of a body past the bound, inflated when gzipped (a gzip stream cut short gives what it
 * decodes): what was read within 9.1's 50 MiB before the bound stopped the reading.
 */
export function inflatedPrefix(body: Buffer, maxBytes: number): Promise<Buffer> {
  if (!isGzip(body)) return Promise.resolve(body.subarray(0, Math.max(0, maxBytes)));
  return new Promise((resolve) => {
    const gunzip = createGunzip({ finishFlush: constants.Z_SYNC_FLUSH });
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      gunzip.destroy();
      resolve(Buffer.concat(chunks).subarray(0, Math.max(0, maxBytes)));
    };
    gunzip.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= maxBytes) finish();
    });
    gunzip.on('end', finish);
    gunzip.on('error', finish);
    gunzip.end(body);
  });
}

/**
 * A sitemap cut at the byte bound, less its last, cut entry: an XML file up to its last whole `<url>` or `<sitemap>`
 * (its root closed again), a text file up to its last whole line.
 */
export function wholeEntries(text: string): string {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (!trimmed.startsWith('<')) return trimmed.slice(0, trimmed.lastIndexOf('\n') + 1);
  // The end of the last closed entry, a namespace prefix allowed (`</sm:url>`), as parseSitemap reads them.
  let end = 0;
  for (const closed of trimmed.matchAll(/<\/(?:[\w-]+:)?(?:url|sitemap)\s*>/g)) end = closed.index + closed[0].length;
  const root = /<((?:[\w-]+:)?(?:urlset|sitemapindex))\b/.exec(trimmed);
  return root && end > 0 ? `${trimmed.slice(0, end)}</${root[1]}>` : '';
}

/**
 * An XML `urlset` or `sitemapindex`, or a plain-text sitemap (one URL a line); anything else lists nothing. At most
 * `maxUrls` entries are read: the text past them is never split or parsed (a 50 MiB file is not 1.7 M objects).
 */
export function parseSitemap(text: string, maxUrls = Infinity): SitemapContent {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (!trimmed.startsWith('<')) return { urls: textUrls(trimmed, maxUrls), sitemaps: [] };
  let document: Record<string, unknown>;
  try {
    document = parser.parse(firstEntries(trimmed, maxUrls)) as Record<string, unknown>;
  } catch {
    return { urls: [], sitemaps: [] };
  }
  const urlset = asRecord(document.urlset);
  const index = asRecord(document.sitemapindex);
  return {
    urls: urlset ? entries(urlset.url) : [],
    sitemaps: index ? entries(index.sitemap).map((entry) => entry.url) : [],
  };
}

function textUrls(text: string, maxUrls: number): SitemapEntry[] {
  const urls: SitemapEntry[] = [];
  const lines = /[^\r\n]+/g;
  for (let line = lines.exec(text); line !== null && urls.length < maxUrls; line = lines.exec(text)) {
    const url = line[0].trim();
    if (/^https?:\/\//i.test(url)) urls.push({ url, lastmod: null });
  }
  return urls;
}

/** An XML sitemap up to its `maxUrls`th closed `<url>` (its root closed again), or whole when it holds no more. */
function firstEntries(xml: string, maxUrls: number): string {
  if (!Number.isFinite(maxUrls)) return xml;
  const closings = /<\/(?:[\w-]+:)?url\s*>/g;
  let seen = 0;
  for (let closed = closings.exec(xml); closed !== null; closed = closings.exec(xml)) {
    seen += 1;
    if (seen < maxUrls) continue;
    const root = /<((?:[\w-]+:)?urlset)\b/.exec(xml);
    return root ? `${xml.slice(0, closed.index + closed[0].length)}</${root[1]}>` : xml;
  }
  return xml;
}

function entries(items: unknown): SitemapEntry[] {
  if (!Array.isArray(items)) return [];
  const out: SitemapEntry[] = [];
  for (const item of items) {
    const record = asRecord(item);
    const loc = record ? textOf(record.loc) : null;
    if (loc === null || loc === '') continue;
    const lastmod = textOf(record?.lastmod);
    out.push({ url: decodeXmlEntities(loc), lastmod: lastmod === null || lastmod === '' ? null : decodeXmlEntities(lastmod) });
  }
  return out;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  const record = asRecord(value);
  return record && typeof record['#text'] === 'string' ? record['#text'].trim() : null;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML's five predefined entities and numeric references; any other `&name;` is left as written. */
export function decodeXmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref] ?? whole;
  });
}
