import { ContentElements } from './content-elements.js';
import { inSentence, withinNamed } from './leaf-context.js';
import { TextStatsMap } from './text-stats.js';

/** How far up a text's card is looked for (a card's title sits deeper than the link laid over it)... */
const CARD_DEPTH = 10;
/** ...and how much text a card holds at most (beyond it, the ancestor is a section, not a card). */
const CARD_CHARS = 600;
/** A repeat shorter than this is a word a card may well say twice ("New", "$20", a label such as "Connect only"), not a name said again. */
const MIN_CHARS = 16;
/** A table says the same thing in several cells on purpose, code repeats its names, a paragraph is prose (a layout's copy of it is not this pass's). */
const KEPT_REPEATS = new Set(['td', 'th', 'pre', 'code', 'p']);

/**
 * A shop's card often says its item's name twice or three times: on the link laid over the card, under the picture,
 * in the title (Sam's Club, Shopify themes, Magento grids). Read as text, the grid says every name again; the later
 * copies of a text already said in the same card go. A text is an element with no child element (a name's span, a
 * link) standing alone, not a word of a sentence; its card is its largest ancestor, a few levels up, small enough to be one item's.
 */
export function dropRepeatedCardText(root: Element, stats: TextStatsMap, elements = new ContentElements(root)): void {
  const said = new Map<Element, Set<string>>();
  // The text through `elements`: a card's short lines are those the passes before read (read once, content-elements.ts).
  for (const leaf of elements.where((element) => isTextLeaf(element, elements))) {
    const text = elements.text(leaf).toLowerCase();
    if (text.length < MIN_CHARS || withinNamed(leaf, KEPT_REPEATS) || inSentence(leaf)) continue;
    const card = cardOf(leaf, root, stats);
    if (!card) continue;
    const texts = said.get(card) ?? said.set(card, new Set()).get(card)!;
    if (texts.has(text)) elements.remove(leaf);
    else texts.add(text);
  }
}

function isTextLeaf(element: Element, elements: ContentElements): boolean {
  return element.firstElementChild === null && elements.text(element) !== '';
}

function cardOf(leaf: Element, root: Element, stats: TextStatsMap): Element | null {
  let card: Element | null = null;
  for (let node = leaf.parentElement, depth = 0; node && node !== root && depth < CARD_DEPTH; node = node.parentElement, depth += 1) {
    if ((stats.get(node)?.chars ?? Infinity) > CARD_CHARS) break;
    card = node;
  }
  return card;
}
