/** Replies that hold this share of a thread page's text, without its header, footer and menus, are the thread's content. */
const REPLIES_SHARE = 0.5;

/** What the clean step's survey of the page found (remove-boilerplate.ts), in characters. */
export interface ReplyCounts {
  readonly commentChars: number;
  readonly chromeChars: number;
  readonly blogComments: boolean;
}

/**
 * Whether the comment blocks of a page that says it is a discussion (page-hints.ts) are its replies, to keep: they
 * hold half its text once the header, footer and menus are set aside. The first post may be long prose of its own
 * (WallStreetOasis), which on a page without the hint reads as an article with comments under it.
 */
export function areThreadReplies(survey: ReplyCounts, total: number, threadPage: boolean): boolean {
  const content = total - survey.chromeChars;
  return threadPage && content > 0 && !survey.blogComments && survey.commentChars >= content * REPLIES_SHARE;
}
