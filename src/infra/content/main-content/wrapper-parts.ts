import { boilerplateWord } from './boilerplate-patterns.js';

/**
 * The words whose kept wrapper keeps its parts: a promo box's cards. Not a kept `header` or `nav` wrapper's (a listing's
 * own header and menus inside it are still boilerplate).
 */
const PART_WORDS = new Set(['promo']);

/**
 * Whether a boilerplate-named element is a part of a kept wrapper named with the same word (once the clean step keeps
 * such an element as the page's wrapper, its word names the wrapper's parts, not boilerplate): the cards of a
 * services page's promo box (Deloitte's `promo cmp-promo__services` in its `cmp-promo-container`), which would
 * otherwise go one by one, each too small to be kept for itself.
 */
export function isWrapperPart(words: string, wrapperWord: string | undefined): boolean {
  return wrapperWord !== undefined && PART_WORDS.has(wrapperWord) && boilerplateWord(words) === wrapperWord;
}
