import { selectorTest } from '../selector-test.js';
import type { TextStatsMap } from './text-stats.js';
import { ContentElements } from './content-elements.js';

/** schema.org's vote counts (`Answer`, `Comment`, `Question`) on a visible element: the number beside a post's arrows. */
const VOTE_COUNTS = '[itemprop="upvoteCount"], [itemprop="downvoteCount"]';
/** schema.org's interaction counters (Discourse's "7 Likes" under each post), when they print a count and its word. */
const INTERACTION_COUNTS = '[itemprop="interactionStatistic"]';
const IS_VOTE_COUNT = selectorTest(VOTE_COUNTS);
const IS_INTERACTION_COUNT = selectorTest(INTERACTION_COUNTS);
const COUNT_AND_WORD = /^\d[\d.,]*k?\s+[\p{L}]+$/iu;
/** A vote count is a number, maybe signed or abbreviated ("1.2k"). */
const NUMBER = /^[+\-−]?\d[\d.,]*k?$/i;
/**
 * A user's reputation and badge tally (Stack Exchange's flair, "23.8k 14 gold badges 88 silver badges"): numbers and
 * badge words only. The screen-reader copy repeats each count, hence numbers may stand anywhere.
 */
const BADGE_TALLY = /^(?:[\d.,]+k?|gold|silver|bronze|badges?|\s)+$/i;
const BADGE_WORD = /\bbadges?\b/i;
const CANDIDATES = new Set(['div', 'span', 'p']);
/** A tally is a short line. */
const MAX_CHARS = 100;

/**
 * Drops the vote and like counts beside posts and the reputation/badge tallies beside their authors' names: a reader skips
 * them (as the arrows around a count, which are buttons and already gone) and a thread repeats them at every post.
 * Kept: the names and dates, which say whose post it is and when.
 */
export function dropVoteTallies(root: Element, stats: TextStatsMap, elements = new ContentElements(root)): void {
  for (const count of elements.where(IS_VOTE_COUNT)) if (NUMBER.test(elements.text(count))) elements.remove(count);
  for (const count of elements.where(IS_INTERACTION_COUNT)) if (COUNT_AND_WORD.test(elements.text(count))) elements.remove(count);
  // Measured text first: reading the text of every large block would cost the square of the page.
  const short = elements.named(CANDIDATES).filter((element) => {
    const chars = stats.get(element)?.chars ?? 0;
    return chars > 0 && chars <= MAX_CHARS;
  });
  const tallies = new Set(short.filter((element) => {
    const text = elements.text(element);
    return BADGE_WORD.test(text) && BADGE_TALLY.test(text);
  }));
  // The outermost only: the flair's spans are inside it.
  for (const tally of tallies) if (!tally.parentElement || !tallies.has(tally.parentElement)) elements.remove(tally);
}
