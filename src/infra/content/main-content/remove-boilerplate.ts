import { BOILERPLATE_NAMES, BOILERPLATE_ROLES, BOILERPLATE_TAGS, CONTENT_NAMES, HIDDEN_STYLE } from './boilerplate-patterns.js';
import { linkDensity, TextStatsMap } from './text-stats.js';

/** A boilerplate-looking element is kept when it holds this share of the page's text (a page-wide wrapper)... */
const WRAPPER_SHARE = 0.5;
/** ...or this share, as prose rather than links (a layout class such as `sidebar-first` on the content column). */
const PROSE_SHARE = 0.25;
const PROSE_LINK_DENSITY = 0.35;

/**
 * The clean step: removes hidden elements and boilerplate (by tag, ARIA role, or class/id words) from the body,
 * except an element that holds the page's headline or most of its text.
 */
export function removeBoilerplate(body: Element, stats: TextStatsMap): void {
  const total = stats.get(body)?.chars ?? 0;
  const doomed: Element[] = [];
  const walk = (element: Element): void => {
    for (const child of element.children) {
      if (isBoilerplate(child) && !isWrapper(child, stats, total)) doomed.push(child);
      else walk(child);
    }
  };
  walk(body);
  for (const element of doomed) element.remove();
}

export function isBoilerplate(element: Element): boolean {
  if (BOILERPLATE_TAGS.has(element.localName) || isHidden(element)) return true;
  const role = element.getAttribute('role');
  if (role && BOILERPLATE_ROLES.has(role.toLowerCase())) return true;
  if (element.localName === 'header') return element.closest('article') === null && element.querySelector('h1') === null;
  const names = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
  return BOILERPLATE_NAMES.test(names) && !CONTENT_NAMES.test(names);
}

function isHidden(element: Element): boolean {
  return element.hasAttribute('hidden') || element.getAttribute('aria-hidden') === 'true' || HIDDEN_STYLE.test(element.getAttribute('style') ?? '');
}

function isWrapper(element: Element, stats: TextStatsMap, total: number): boolean {
  const own = stats.get(element);
  const chars = own?.chars ?? 0;
  if (chars >= total * WRAPPER_SHARE) return true;
  if (chars >= total * PROSE_SHARE && linkDensity(own) < PROSE_LINK_DENSITY) return true;
  return element.querySelector('h1') !== null;
}
