import { describe, expect, it } from '@jest/globals';
import { robotsRules } from './robots.js';
import { robotsPattern } from './robots-pattern.js';

const wildcardMatch = (pattern: string, path: string): boolean => robotsPattern(pattern)(path);

const ok = (body: string, agent = 'Crawlgate') => robotsRules({ status: 200, body }, agent);
const allows = (body: string, path: string, agent = 'Crawlgate') =>
  ok(body, agent).allows(new URL(`https://x.example${path}`));

const tokenGroups = 'User-agent: *\nDisallow: /\n\nUser-agent: crawlgate/2.0\nDisallow: /private\n';
const twoGroups = 'User-agent: a\nUser-agent: Crawlgate\nDisallow: /x\n\nUser-agent: crawlgate\nDisallow: /y\n';
const wildcards = 'User-agent: *\nDisallow: /*.pdf$\nDisallow: /tmp*/x\n';
const starFallback = 'User-agent: googlebot\nDisallow: /\n\nUser-agent: *\nDisallow: /tmp/\n';

// [rule, robots.txt, agent, paths it allows, paths it disallows]
const rules: ReadonlyArray<[string, string, string, string[], string[]]> = [
  [
    'uses the group of the product token, case-insensitive, whatever version follows it',
    tokenGroups,
    'Crawlgate',
    ['/public'],
    ['/private/x'],
  ],
  [
    'uses the group of the product token, case-insensitive, whatever version follows it',
    tokenGroups,
    'OtherBot',
    [],
    ['/public'],
  ],
  ['falls back to the * group when no group names the token', starFallback, 'Crawlgate', ['/docs'], ['/tmp/a']],
  ['allows everything with no group for it', 'User-agent: googlebot\nDisallow: /\n', 'Crawlgate', ['/a'], []],
  ['allows everything with no group for it', '', 'Crawlgate', ['/a'], []],
  ['combines every group that names the token, and the agents of one group', twoGroups, 'Crawlgate', ['/z'], ['/x', '/y']],
  ['combines every group that names the token, and the agents of one group', twoGroups, 'a', ['/y'], ['/x']],
  [
    'the longest match wins, whichever comes first',
    'User-agent: *\nAllow: /docs/public/\nDisallow: /docs/\n',
    'Crawlgate',
    ['/docs/public/a'],
    ['/docs/secret'],
  ],
  [
    'the longest match wins, whichever comes first',
    'User-agent: *\nDisallow: /docs/public/x\nAllow: /docs/\n',
    'Crawlgate',
    ['/docs/public/y'],
    ['/docs/public/x'],
  ],
  ['Allow wins a tie of equal length', 'User-agent: *\nDisallow: /page\nAllow: /page\n', 'Crawlgate', ['/page'], []],
  ['Allow wins a tie of equal length', 'User-agent: *\nAllow: /page\nDisallow: /page\n', 'Crawlgate', ['/page'], []],
  ['Allow wins a tie of equal length', 'User-agent: *\nDisallow: /*.php\nAllow: /a.php\n', 'Crawlgate', ['/a.php'], []],
  [
    '* matches any run and $ anchors the end',
    wildcards,
    'Crawlgate',
    ['/a/b.pdf?x=1', '/a/b.pdfx', '/tmp123/y'],
    ['/a/b.pdf', '/tmp123/x/y'],
  ],
  [
    'matches the query too, and an empty Disallow disallows nothing',
    'User-agent: *\nDisallow: /search?q=\n',
    'Crawlgate',
    ['/search'],
    ['/search?q=a'],
  ],
  [
    'matches the query too, and an empty Disallow disallows nothing',
    'User-agent: *\nDisallow:\n',
    'Crawlgate',
    ['/anything'],
    [],
  ],
  [
    'compares percent-encoding and non-ASCII in one form',
    'User-agent: *\nDisallow: /caf%c3%a9\n',
    'Crawlgate',
    [],
    ['/café'],
  ],
  [
    'compares percent-encoding and non-ASCII in one form',
    'User-agent: *\nDisallow: /café\n',
    'Crawlgate',
    [],
    ['/caf%C3%A9'],
  ],
  [
    'compares percent-encoding and non-ASCII in one form',
    'User-agent: *\nDisallow: /%7Euser\n',
    'Crawlgate',
    [],
    ['/~user'],
  ],
  [
    'ignores comments, case of keys, CRLF and a BOM',
    '\uFEFFUSER-AGENT: * # everyone\r\nDISALLOW: /a # not a\r\n',
    'Crawlgate',
    ['/b'],
    ['/a'],
  ],
];

describe('robotsRules (RFC 9309, decisions 9.1)', () => {
  it.each(rules)('%s (%#, as %s)', (_rule, body, agent, allowed, disallowed) => {
    expect(allowed.filter((path) => !allows(body, path, agent))).toEqual([]);
    expect(disallowed.filter((path) => allows(body, path, agent))).toEqual([]);
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

  it('a long literal after a star costs a pass over the path, not its length times the literal\'s (Z22 F1)', () => {
    // 40 rules of `*` and 1,024 characters against a 2,047-character path: quadratic matching took ~10^8 steps here.
    const body = `User-agent: *\n${Array.from({ length: 40 }, (_, i) => `Disallow: /*${'a'.repeat(1024)}b${i}`).join('\n')}\n`;
    const rules = ok(body);
    const started = performance.now();
    expect(rules.allows(new URL(`https://x.example/${'a'.repeat(2047)}`))).toBe(true);
    expect(rules.allows(new URL(`https://x.example/${'a'.repeat(2000)}b7`))).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('collects every Sitemap line, inside or outside groups', () => {
    const body = 'Sitemap: https://x.example/a.xml\nUser-agent: other\nDisallow: /\nSitemap: https://x.example/b.xml.gz\n';
    expect(ok(body).sitemaps).toEqual(['https://x.example/a.xml', 'https://x.example/b.xml.gz']);
  });
});

describe('wildcardMatch (robotsPattern)', () => {
  it.each([
    ['/a*b*c', '/aXbYc', true],
    ['/a*b*c', '/acb', false],
    ['/a*b$', '/abab', true],
    ['/a*b$', '/aba', false],
    ['/a*ab$', '/ab', false],
    ['/*a*a$', '/aa', true],
    ['/**x', '/yx', true],
    ['/a$b', '/a$bc', true],
    ['$', '', true],
    ['$', '/', false],
    ['/$', '/', true],
  ])('%s against %s is %s', (pattern, path, expected) => {
    expect(wildcardMatch(pattern, path)).toBe(expected);
  });


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
