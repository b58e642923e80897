import { describe, expect, it } from '@jest/globals';
import { robotsRules, wildcardMatch } from './robots.js';

const ok = (body: string, agent = 'Crawlgate') => robotsRules({ status: 200, body }, agent);
const allows = (body: string, path: string, agent = 'Crawlgate') =>
  ok(body, agent).allows(new URL(`https://x.example${path}`));

describe('robotsRules (RFC 9309, decisions 9.1)', () => {
  it('uses the group of the product token, case-insensitive, whatever version follows it', () => {
    const body = 'User-agent: *\nDisallow: /\n\nUser-agent: crawlgate/2.0\nDisallow: /private\n';
    expect(allows(body, '/public')).toBe(true);
    expect(allows(body, '/private/x')).toBe(false);
    expect(allows(body, '/public', 'OtherBot')).toBe(false);
  });

  it('falls back to the * group when no group names the token', () => {
    const body = 'User-agent: googlebot\nDisallow: /\n\nUser-agent: *\nDisallow: /tmp/\n';
    expect(allows(body, '/tmp/a')).toBe(false);
    expect(allows(body, '/docs')).toBe(true);
  });

  it('allows everything with no group for it', () => {
    expect(allows('User-agent: googlebot\nDisallow: /\n', '/a')).toBe(true);
    expect(allows('', '/a')).toBe(true);
  });

  it('combines every group that names the token, and the agents of one group', () => {
    const body = 'User-agent: a\nUser-agent: Crawlgate\nDisallow: /x\n\nUser-agent: crawlgate\nDisallow: /y\n';
    expect(allows(body, '/x')).toBe(false);
    expect(allows(body, '/y')).toBe(false);
    expect(allows(body, '/z')).toBe(true);
    expect(allows(body, '/x', 'a')).toBe(false);
    expect(allows(body, '/y', 'a')).toBe(true);
  });

  it('the longest match wins, whichever comes first', () => {
    const body = 'User-agent: *\nAllow: /docs/public/\nDisallow: /docs/\n';
    expect(allows(body, '/docs/public/a')).toBe(true);
    expect(allows(body, '/docs/secret')).toBe(false);
    const reversed = 'User-agent: *\nDisallow: /docs/public/x\nAllow: /docs/\n';
    expect(allows(reversed, '/docs/public/x')).toBe(false);
    expect(allows(reversed, '/docs/public/y')).toBe(true);
  });

  it('Allow wins a tie of equal length', () => {
    expect(allows('User-agent: *\nDisallow: /page\nAllow: /page\n', '/page')).toBe(true);
    expect(allows('User-agent: *\nAllow: /page\nDisallow: /page\n', '/page')).toBe(true);
    expect(allows('User-agent: *\nDisallow: /*.php\nAllow: /a.php\n', '/a.php')).toBe(true);
  });

  it('* matches any run and $ anchors the end', () => {
    const body = 'User-agent: *\nDisallow: /*.pdf$\nDisallow: /tmp*/x\n';
    expect(allows(body, '/a/b.pdf')).toBe(false);
    expect(allows(body, '/a/b.pdf?x=1')).toBe(true);
    expect(allows(body, '/a/b.pdfx')).toBe(true);
    expect(allows(body, '/tmp123/x/y')).toBe(false);
    expect(allows(body, '/tmp123/y')).toBe(true);
  });

  it('matches the query too, and an empty Disallow disallows nothing', () => {
    expect(allows('User-agent: *\nDisallow: /search?q=\n', '/search?q=a')).toBe(false);
    expect(allows('User-agent: *\nDisallow: /search?q=\n', '/search')).toBe(true);
    expect(allows('User-agent: *\nDisallow:\n', '/anything')).toBe(true);
  });

  it('compares percent-encoding and non-ASCII in one form', () => {
    expect(allows('User-agent: *\nDisallow: /caf%c3%a9\n', '/café')).toBe(false);
    expect(allows('User-agent: *\nDisallow: /café\n', '/caf%C3%A9')).toBe(false);
    expect(allows('User-agent: *\nDisallow: /%7Euser\n', '/~user')).toBe(false);
  });

  it('ignores comments, case of keys, CRLF and a BOM', () => {
    const body = '\uFEFFUSER-AGENT: * # everyone\r\nDISALLOW: /a # not a\r\n';
    expect(allows(body, '/a')).toBe(false);
    expect(allows(body, '/b')).toBe(true);
  });

  it('4xx allows everything', () => {
    for (const status of [400, 401, 403, 404, 410, 429]) {
      expect(robotsRules({ status, body: 'User-agent: *\nDisallow: /' }, 'Crawlgate').allows(new URL('https://x.example/a'))).toBe(true);
    }
  });

  it('5xx or unreachable disallows everything but /robots.txt itself', () => {
    for (const answer of [{ status: 500, body: '' }, { status: 503, body: '' }, 'unreachable' as const]) {
      const rules = robotsRules(answer, 'Crawlgate');
      expect(rules.allows(new URL('https://x.example/'))).toBe(false);
      expect(rules.allows(new URL('https://x.example/robots.txt'))).toBe(true);
    }
  });

  it('reads Crawl-delay of the chosen group in seconds, capped at 30', () => {
    expect(ok('User-agent: *\nCrawl-delay: 2\n').crawlDelayMs).toBe(2000);
    expect(ok('User-agent: *\nCrawl-delay: 0.5\n').crawlDelayMs).toBe(500);
    expect(ok('User-agent: *\nCrawl-delay: 120\n').crawlDelayMs).toBe(30000);
    expect(ok('User-agent: *\nCrawl-delay: soon\n').crawlDelayMs).toBeNull();
    expect(ok('User-agent: other\nCrawl-delay: 5\n').crawlDelayMs).toBeNull();
    expect(ok('User-agent: *\nDisallow: /x\n').crawlDelayMs).toBeNull();
  });

  it('collects every Sitemap line, inside or outside groups', () => {
    const body = 'Sitemap: https://x.example/a.xml\nUser-agent: other\nDisallow: /\nSitemap: https://x.example/b.xml.gz\n';
    expect(ok(body).sitemaps).toEqual(['https://x.example/a.xml', 'https://x.example/b.xml.gz']);
  });
});

describe('wildcardMatch', () => {
  it('is a prefix match unless anchored, and never slow', () => {
    expect(wildcardMatch('/a', '/abc')).toBe(true);
    expect(wildcardMatch('/a$', '/abc')).toBe(false);
    expect(wildcardMatch('/a$', '/a')).toBe(true);
    expect(wildcardMatch('*', '')).toBe(true);
    const started = Date.now();
    expect(wildcardMatch(`/${'a*'.repeat(200)}b$`, `/${'a'.repeat(5000)}`)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
