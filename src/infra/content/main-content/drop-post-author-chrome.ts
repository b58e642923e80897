import { selectorTest } from '../selector-test.js';
import { ContentElements } from './content-elements.js';

/**
 * The parts of a forum post's header that describe the author's standing, not the post (XenForo, vBulletin,
 * Invision): the member title ("Well-known member"), banners ("Moderator", "Supporting member"), the statistics
 * block (joined, messages, reactions: often icons with numbers, which drop-member-stats.ts cannot read as labels),
 * the post's number ("#12") and the share link beside it, and Invision's author pane under the name. The author's
 * name and the post's date stay: they say whose post it is and when.
 */
const AUTHOR_CHROME = [
  '.message-userTitle', '.message-userBanner', '.userBanner', '.message-userExtras', '.message-attribution-opposite',
  // VerticalScope's XenForo theme: "410 posts · Joined 2002" and the "Discussion starter" mark.
  '.MessageCard__user-details', '.message-attribution-discussion-starter',
  '.usertitle',
  // Invision: the pane under the name, its copy for phones, and the badges ("Author", "Level 5") over each post.
  '.cAuthorPane_info', '.cAuthorPane_mobile', '.ipsComment_badges',
].join(', ');
const IS_AUTHOR_CHROME = selectorTest(AUTHOR_CHROME);

/** Drops the author chrome of each post in the selection. */
export function dropPostAuthorChrome(root: Element, elements = new ContentElements(root)): void {
  for (const element of elements.where(IS_AUTHOR_CHROME)) elements.remove(element);
}
