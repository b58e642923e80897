import { selectorTest } from '../selector-test.js';
import type { TextStatsMap } from './text-stats.js';
import { ContentElements } from './content-elements.js';

/** Elementor's Posts widget: a grid of other posts' teasers (title, date, excerpt, "Read More"). */
const IS_POST_WIDGET = selectorTest('.elementor-widget-posts');
/** A teaser's excerpt: a grid of titles alone is often kept as the page's own links (a service's "our insights"). */
const EXCERPT = '.elementor-post__excerpt';
/** A widget holding this share of the content is the content: a blog's own listing of its posts. */
const CONTENT_SHARE = 0.5;

/**
 * Drops the post widgets in the selection: on a post's page built with Elementor the "Recent posts" grid sits in
 * the same container as the story (WCXB dev: law firms' and agencies' blogs), and its teasers' excerpts read as
 * prose. A grid of titles alone stays: WCXB's gold keeps a service page's two "Read More" cards.
 */
export function dropPostWidgets(root: Element, stats: TextStatsMap, elements = new ContentElements(root)): void {
  const total = stats.get(root)?.chars ?? 0;
  for (const widget of elements.outermost(IS_POST_WIDGET)) {
    // One query a widget, of which a page has one or two.
    if ((stats.get(widget)?.chars ?? total) < total * CONTENT_SHARE && widget.querySelector(EXCERPT)) elements.remove(widget);
  }
}
