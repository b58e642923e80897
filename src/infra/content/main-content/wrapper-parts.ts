import { BOILERPLATE_NAMES } from './boilerplate-patterns.js';

/**
 * The words whose kept wrapper keeps its parts: a promo box's cards. Not a kept `header` or `nav` wrapper's (a listing's
 * own header and menus inside it are still boilerplate).
 */
const PART_WORDS = new Set(['promo']);

/**
 * The boilerplate word of an element's class and id text (`promo` of `cmp-promo-container`), when it has one: once
 * the clean step keeps such an element as the page's wrapper, that word names the wrapper's parts, not boilerplate.
 */
export function boilerplateWord(words: string): string | undefined {
  return BOILERPLATE_NAMES.exec(words)?.[2].toLowerCase();
}

/**
 * Whether a boilerplate-named element is a part of a kept wrapper named with the same word: the cards of a
 * services page's promo box (Deloitte's `promo cmp-promo__services` in its `cmp-promo-container`), which would
 * otherwise go one by one, each too small to be kept for itself.
 */
export function isWrapperPart(words: string, wrapperWord: string | undefined): boolean {
  return wrapperWord !== undefined && PART_WORDS.has(wrapperWord) && boilerplateWord(words) === wrapperWord;
}
