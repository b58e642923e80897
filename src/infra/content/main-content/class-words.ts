import { AD_NAMES, BOILERPLATE_NAMES, FURNITURE_NAMES, COMMENT_HEADED_NAMES, COMMENT_NAMES, CONSENT_NAMES, CONTENT_NAMES, PART_NAMES, SIDEBAR_LAYOUT_NAMES } from './boilerplate-patterns.js';
import { CHROME_NAMES } from './page-chrome.js';

/** Which of the clean step's word patterns an element's class and id text matches, one bit a pattern. */
export const CONSENT = 1;
export const COMMENT = 2;
export const CHROME = 4;
export const CONTENT = 8;
export const SIDEBAR_LAYOUT = 16;
export const BOILERPLATE = 32;
export const AD = 64;
/** Set only of a text with both COMMENT and CONTENT: the one case that asks it. */
export const COMMENT_HEADED = 128;
/** A word of a part (`card-header`, `card-footer`): boilerplate only outside the page's article. */
export const PART = 256;

const PATTERNS: readonly [number, RegExp][] = [
  [CONSENT, CONSENT_NAMES], [COMMENT, COMMENT_NAMES], [CHROME, CHROME_NAMES], [CONTENT, CONTENT_NAMES],
  [SIDEBAR_LAYOUT, SIDEBAR_LAYOUT_NAMES], [BOILERPLATE, BOILERPLATE_NAMES], [BOILERPLATE, FURNITURE_NAMES], [PART, PART_NAMES], [AD, AD_NAMES],
];

/**
 * The bits of the patterns a class and id text matches, each distinct text tested once: a page repeats its classes
 * (a listing's hundred `card` items, and every element without attributes reads as one space), and the clean step
 * asked up to eight patterns of each element. Lives for one clean step: a module-wide memo would keep every page's
 * class names.
 */
export class ClassWords {
  private readonly memo = new Map<string, number>();

  of(words: string): number {
    // An element without attributes (most of a page): no pattern matches a lone space.
    if (words === ' ') return 0;
    let bits = this.memo.get(words);
    if (bits === undefined) {
      bits = 0;
      for (const [bit, pattern] of PATTERNS) if ((bits & bit) === 0 && pattern.test(words)) bits |= bit;
      // Only asked of a comment name that also says content (remove-boilerplate.ts), and slow on a long class list
      // (its `[\w-]*` backtracks from every word): tested only there, a zero bit meaning "no" only there.
      if ((bits & (COMMENT | CONTENT)) === (COMMENT | CONTENT) && COMMENT_HEADED_NAMES.test(words)) bits |= COMMENT_HEADED;
      this.memo.set(words, bits);
    }
    return bits;
  }
}
