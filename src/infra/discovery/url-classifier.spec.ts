import { describe, expect, it } from '@jest/globals';
import { robotsRules } from './robots.js';
import { decodedPath, UrlClassifier, urlFilter, type DiscoveryRules } from './url-classifier.js';

const rules = (overrides: Partial<DiscoveryRules> = {}): DiscoveryRules => ({
  start: new URL('https://x.example/docs/start?ref=1'),
  scope: 'path',
  includePaths: [],
  excludePaths: [],
  robots: robotsRules({ status: 200, body: 'User-agent: *\nDisallow: /docs/private\n' }, 'Crawlgate'),
  ignoreQuery: true,
  ...overrides,
});

describe('urlFilter', () => {
  it('scope first, then not-followed and patterns, then robots', () => {
    const filter = urlFilter(rules({ excludePaths: ['/docs/private/**'] }));
    expect(filter(new URL('https://other.example/docs/a'))).toBe('scope');
    expect(filter(new URL('https://x.example/blog'))).toBe('scope');
    expect(filter(new URL('https://x.example/docs/a.png'))).toBe('excluded');
    expect(filter(new URL('https://x.example/docs/private/a'))).toBe('excluded');
    expect(filter(new URL('https://x.example/docs/private'))).toBe('excluded');
    expect(filter(new URL('https://x.example/docs/privateer'))).toBe('robots');
    expect(filter(new URL('https://x.example/docs/a'))).toBe('take');
  });

  it('asks robots.txt last: never about a URL over 2,048 characters, an image or an excluded path (Z22 F1)', () => {
    const asked: string[] = [];
    const robots = { allows: (url: URL) => (asked.push(url.pathname), true), crawlDelayMs: null, sitemaps: [] };
    const filter = urlFilter(rules({ robots, excludePaths: ['/docs/private/**'] }));
    expect(filter(new URL(`https://x.example/docs/${'a'.repeat(2048)}`))).toBe('excluded');
    expect(filter(new URL('https://x.example/docs/a.png'))).toBe('excluded');
    expect(filter(new URL('https://x.example/docs/private/a'))).toBe('excluded');
    expect(filter(new URL('https://x.example/docs/a'))).toBe('take');
    expect(asked).toEqual(['/docs/a']);
  });

  it('an include list takes only what it matches, on the decoded path', () => {
    const filter = urlFilter(rules({ includePaths: ['/docs/guide/*', '/docs/é'] }));
    expect(filter(new URL('https://x.example/docs/guide/a'))).toBe('take');
    expect(filter(new URL('https://x.example/docs/%C3%A9'))).toBe('take');
    expect(filter(new URL('https://x.example/docs/other'))).toBe('excluded');
  });

  it('exempts the start URL from the patterns, never from robots', () => {
    const start = new URL('https://x.example/docs/start');
    expect(urlFilter(rules({ start, excludePaths: ['/docs/**'] }))(start)).toBe('take');
    expect(urlFilter(rules({ start, includePaths: ['/none'] }))(new URL('https://x.example/docs/start#x'))).toBe('take');
    const refused = robotsRules({ status: 200, body: 'User-agent: *\nDisallow: /docs/start\n' }, 'Crawlgate');
    expect(urlFilter(rules({ start, robots: refused }))(start)).toBe('robots');
  });
});

describe('decodedPath (Z22 F6)', () => {
  it.each([
    ['/%61dmin/delete%FF', '/admin/delete%FF'],
    ['/caf%C3%A9/x%E9', '/café/x%E9'],
    ['/%E9%C3%A9%F0%9F%98%80%C3', '/%E9é😀%C3'],
    ['/a%2Fb/%20c', '/a/b/ c'],
    ['/plain', '/plain'],
  ])('decodes %s to %s, an escape that is no UTF-8 kept as written', (path, decoded) => {
    expect(decodedPath(new URL(`https://x.example${path}`))).toBe(decoded);
  });

  it('one bad escape does not take a path out of exclude_paths', () => {
    const filter = urlFilter(rules({ start: new URL('https://x.example/'), excludePaths: ['/admin/**', '/café/**'] }));
    expect(filter(new URL('https://x.example/%61dmin/delete%FF'))).toBe('excluded');
    expect(filter(new URL('https://x.example/caf%C3%A9/x%E9'))).toBe('excluded');
    expect(filter(new URL('https://x.example/other%FF'))).toBe('take');
  });
});

describe('UrlClassifier', () => {
  it('takes a key once; its twins are duplicates', () => {
    const classifier = new UrlClassifier(rules());
    expect(classifier.classify('https://x.example/docs/a/index.html').verdict).toBe('take');
    expect(classifier.classify('http://x.example/docs/a/').verdict).toBe('duplicate');
    expect(classifier.classify('https://x.example/docs/a/?page=2').verdict).toBe('duplicate');
    expect(classifier.classify('https://x.example/docs/b#top')).toEqual({ verdict: 'take', key: 'x.example/docs/b' });
  });

  it('keeps queries apart without ignoreQuery', () => {
    const classifier = new UrlClassifier(rules({ ignoreQuery: false }));
    expect(classifier.classify('https://x.example/docs/a?page=1').verdict).toBe('take');
    expect(classifier.classify('https://x.example/docs/a?page=2').verdict).toBe('take');
    expect(classifier.classify('https://x.example/docs/a?page=2&utm_source=x').verdict).toBe('duplicate');
  });

  it('takes no URL the service refuses on GET /crawl: a user name and password, no written host (Z22 F8)', () => {
    const classifier = new UrlClassifier(rules());
    expect(classifier.classify('https://user:pw@x.example/docs/a')).toEqual({ verdict: 'scope', key: null });
    expect(classifier.classify(new URL('https://user@x.example/docs/a'))).toEqual({ verdict: 'scope', key: null });
    expect(classifier.classify('https:x.example/docs/a')).toEqual({ verdict: 'scope', key: null });
    expect(classifier.classify('https://x.example/docs/a')).toEqual({ verdict: 'take', key: 'x.example/docs/a' });
  });

  it('counts an unusable URL as out of scope', () => {
    expect(new UrlClassifier(rules()).classify('mailto:a@x.example').verdict).toBe('scope');
    expect(new UrlClassifier(rules()).classify('::').verdict).toBe('scope');
  });
});
