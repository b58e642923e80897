import { RE2JS } from 're2js';
import { AppError } from '../../common/errors/app-error.js';

export const MAX_PATH_PATTERNS = 20;
export const MAX_PATH_PATTERN_LENGTH = 256;

export type PathPatternParam = 'include_paths' | 'exclude_paths';

/**
 * decisions.md 9.1: comma-separated patterns, at most 20 of 256 characters, each starting with `/`; else 422. An
 * empty value is no pattern; an empty item in a list (`/a,,/b`, a trailing comma) starts with no `/`: 422. Spaces
 * around an item are dropped (`/a, /b`).
 */
export function parsePathPatterns(text: string | undefined, param: PathPatternParam): string[] {
  if (text === undefined || text.trim() === '') return [];
  const patterns = text.split(',').map((pattern) => pattern.trim());
  if (patterns.includes('')) throw AppError.field(param, 'A pattern must start with "/": the list holds an empty one.');
  if (patterns.length > MAX_PATH_PATTERNS) throw AppError.field(param, `At most ${MAX_PATH_PATTERNS} patterns.`);
  for (const pattern of patterns) {
    if (pattern.length > MAX_PATH_PATTERN_LENGTH) {
      throw AppError.field(param, `A pattern has at most ${MAX_PATH_PATTERN_LENGTH} characters.`);
    }
    if (!pattern.startsWith('/')) throw AppError.field(param, `A pattern must start with "/": ${pattern}`);
  }
  return patterns;
}

/**
 * Whether a decoded path matches any pattern: anchored, case-sensitive; `*` any run within one segment, `**` as a
 * whole segment any number of segments (none included), `**` inside a segment any run across segments; every
 * other character literal. Compiled for RE2, whose matching time is linear: no pattern can backtrack.
 */
export function pathMatcher(patterns: readonly string[]): (decodedPath: string) => boolean {
  if (patterns.length === 0) return () => false;
  const compiled = RE2JS.compile(patterns.map((pattern) => `(?:${globRegExp(pattern)})`).join('|'), RE2JS.DOTALL);
  return (decodedPath) => compiled.matches(decodedPath);
}

/** The RE2 expression of one pattern (RE2's `matches` anchors both ends). */
function globRegExp(pattern: string): string {
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const globstar = /^\/\*{2,}(?=\/|$)/.exec(pattern.slice(i));
    if (globstar) {
      const last = i + globstar[0].length === pattern.length;
      // `/**/` is `/` and any whole segments each ending in `/`; a trailing `/**` also takes the bare directory.
      out += last ? '(?:/.*)?' : '/(?:[^/]*/)*';
      i += globstar[0].length + (last ? 0 : 1);
      continue;
    }
    const stars = /^\*+/.exec(pattern.slice(i));
    if (stars) {
      out += stars[0].length > 1 ? '.*' : '[^/]*';
      i += stars[0].length;
      continue;
    }
    // By code point: RE2 matches code points, so half a surrogate pair would never match.
    const char = String.fromCodePoint(pattern.codePointAt(i)!);
    out += escapeLiteral(char);
    i += char.length;
  }
  return out;
}

function escapeLiteral(char: string): string {
  return /[A-Za-z0-9/_-]/.test(char) ? char : `\\x{${char.codePointAt(0)!.toString(16)}}`;
}
