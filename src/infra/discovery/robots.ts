import { robotsPattern } from './robots-pattern.js';
import { normalizePercentEncoding } from './url-key.js';

/** decisions.md 9.1 robots.txt: what one crawl or map obeys, read once. */
export interface RobotsRules {
  allows(url: URL): boolean;
  /** The group's Crawl-delay, capped at 30 s; null when none is given. */
  readonly crawlDelayMs: number | null;
  /** Every `Sitemap:` line as written, whatever its group (a relative one too: sitemapRoots resolves them). */
  readonly sitemaps: readonly string[];
}

export type RobotsAnswer = { status: number; body: string } | 'unreachable';

export const ROBOTS_MAX_BYTES = 500 * 1024;
const MAX_CRAWL_DELAY_MS = 30_000;

interface Rule {
  readonly allow: boolean;
  readonly pattern: string;
}

interface Group {
  readonly agents: string[];
  readonly rules: Rule[];
  crawlDelayMs: number | null;
}

/**
 * RFC 9309 under `userAgent`'s product token, else the `*` group: longest match wins, Allow on a tie, `*` and `$`.
 * A 4xx (and a 3xx left after the caller's redirects) allows everything; a 5xx or no answer allows nothing.
 */
export function robotsRules(answer: RobotsAnswer, userAgent: string): RobotsRules {
  if (answer === 'unreachable' || answer.status >= 500 || answer.status < 200) return fixedRules(false);
  if (answer.status >= 300) return fixedRules(true);
  const { groups, sitemaps } = parseRobots(answer.body);
  const token = productToken(userAgent);
  let chosen = groups.filter((group) => group.agents.includes(token));
  if (chosen.length === 0) chosen = groups.filter((group) => group.agents.includes('*'));
  const rules = chosen.flatMap((group) => group.rules);
  const crawlDelayMs = chosen.map((group) => group.crawlDelayMs).find((delay) => delay !== null) ?? null;
  return { allows: rulesMatcher(rules), crawlDelayMs, sitemaps };
}

function fixedRules(allowed: boolean): RobotsRules {
  return { allows: (url) => allowed || isRobotsFile(url), crawlDelayMs: null, sitemaps: [] };
}

/** RFC 9309 2.2.2: /robots.txt itself is always allowed. */
const isRobotsFile = (url: URL): boolean => url.pathname === '/robots.txt';

/** The product token of a user-agent line or setting: its leading name, lower-cased (`Crawlgate/1.0` → `crawlgate`). */
function productToken(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '*') return '*';
  return (/^[A-Za-z_-]+/.exec(trimmed)?.[0] ?? trimmed).toLowerCase();
}

function parseRobots(body: string): { groups: Group[]; sitemaps: string[] } {
  const groups: Group[] = [];
  const sitemaps: string[] = [];
  let current: Group | null = null;
  let lastWasAgent = false;
  for (const rawLine of body.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'sitemap') {
      if (value !== '') sitemaps.push(value);
      continue;
    }
    if (key === 'user-agent') {
      if (!lastWasAgent || current === null) groups.push((current = { agents: [], rules: [], crawlDelayMs: null }));
      current.agents.push(productToken(value));
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (current === null) continue;
    if ((key === 'allow' || key === 'disallow') && value !== '') {
      current.rules.push({ allow: key === 'allow', pattern: normalizePattern(value) });
    } else if (key === 'crawl-delay' && current.crawlDelayMs === null) {
      current.crawlDelayMs = crawlDelayMs(value);
    }
  }
  return { groups, sitemaps };
}

function crawlDelayMs(value: string): number | null {
  if (!/^\d+(\.\d+)?$/.test(value)) return null;
  return Math.min(Math.round(Number(value) * 1000), MAX_CRAWL_DELAY_MS);
}

/** Rules and paths compared in one encoding: non-ASCII as UTF-8 escapes, escapes normalized as keys do. */
function normalizePattern(pattern: string): string {
  const encoded = pattern.replace(/[^\x21-\x7e]/gu, (char) => encodeURIComponent(char));
  return normalizePercentEncoding(encoded);
}

/**
 * The rules ordered so that the first match is RFC 9309's answer: longest first, Allow before Disallow of one length.
 * Each is compiled once (robotsPattern: linear in the path).
 */
function rulesMatcher(rules: readonly Rule[]): (url: URL) => boolean {
  const ordered = [...rules]
    .sort((a, b) => b.pattern.length - a.pattern.length || Number(b.allow) - Number(a.allow))
    .map((rule) => ({ allow: rule.allow, matches: robotsPattern(rule.pattern) }));
  return (url) => {
    if (isRobotsFile(url)) return true;
    const path = normalizePattern(`${url.pathname}${url.search}`);
    return ordered.find((rule) => rule.matches(path))?.allow ?? true;
  };
}
