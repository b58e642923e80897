import type { TextStatsMap } from './text-stats.js';
import { ContentElements } from './content-elements.js';

/** Labels of the statistics forums print beside each post's author (XenForo, phpBB, vBulletin, Discourse's kin). */
const STAT_LABEL = String.raw`(joined|join date|member since|messages|posts|total posts|threads|reaction score|reactions received|likes|likes received|points|trophy points|reputation|solutions)`;
/** A term alone (`<dt>Joined</dt>`)... */
const STAT_TERM = new RegExp(`^${STAT_LABEL}\\s*:?$`, 'i');
/** ...or a label and its short value in one element (`<dd><strong>Posts:</strong> 4032</dd>`). */
const STAT_LINE = new RegExp(`^${STAT_LABEL}\\s*:\\s*\\S.{0,40}$`, 'i');
const CANDIDATES = new Set(['dt', 'dd', 'li', 'div', 'p', 'span']);
/** A statistic is a short line. */
const MAX_CHARS = 60;
/** Two statistics or more under one ancestor this close make an author's card; one alone may be the content's. */
const CARD_DEPTH = 3;
const CARD_MIN_STATS = 2;

/**
 * Drops the member statistics of a forum post's author card ("Joined", "Messages", "Reaction score"): a reader
 * skips them, and a thread repeats them at every post. Kept: a single such line, which is no card.
 */
export function dropMemberStats(root: Element, stats: TextStatsMap, elements = new ContentElements(root)): void {
  // Measured text first: reading the text of every large block would cost the square of the page.
  const short = elements.named(CANDIDATES).filter((element) => (stats.get(element)?.chars ?? 0) <= MAX_CHARS);
  const found = new Set(short.filter((element) => isStat(element, elements)));
  // The innermost of nested ones: `<div><span>Posts: 4</span></div>` is one statistic, and a short card whose whole
  // text reads as one (`<div><div>Join Date: Aug 2008</div><div>Posts: 1,077</div></div>`) is its statistics.
  const holders = new Set<Element>();
  for (const stat of found) for (let node = stat.parentElement; node && !holders.has(node); node = node.parentElement) holders.add(node);
  const innermost = [...found].filter((element) => !holders.has(element));
  const counts = new Map<Element, number>();
  for (const stat of innermost) for (const node of ancestors(stat)) counts.set(node, (counts.get(node) ?? 0) + 1);
  for (const stat of innermost) {
    if (!ancestors(stat).some((node) => (counts.get(node) ?? 0) >= CARD_MIN_STATS)) continue;
    const list = stat.parentElement;
    if (stat.localName === 'dt') for (let value = stat.nextElementSibling; value?.localName === 'dd'; value = stat.nextElementSibling) elements.remove(value);
    elements.remove(stat);
    if (list?.localName === 'dl' && list.children.length === 0) elements.remove(list);
  }
}

function isStat(element: Element, elements: ContentElements): boolean {
  const text = elements.text(element);
  return text.length <= MAX_CHARS && (element.localName === 'dt' ? STAT_TERM.test(text) : STAT_LINE.test(text));
}

function ancestors(element: Element): Element[] {
  const found: Element[] = [];
  for (let node = element.parentElement; node && found.length < CARD_DEPTH; node = node.parentElement) found.push(node);
  return found;
}
