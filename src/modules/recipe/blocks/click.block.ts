import { IsBoolean, IsOptional } from 'class-validator';
import { IsCssSelector } from '../dto/recipe-validators.js';
import type { BrowserPage } from '../../../infra/browser/page-options.js';
import { actionFailed } from './action-failure.js';
import type { BlockRunner } from './block-runner.js';
import { clickControl, PageControl } from './page-turn.js';

export class ClickDetails {
  @IsCssSelector()
  selector!: string;

  @IsOptional()
  @IsBoolean()
  all?: boolean;
}

/** Puppeteer's words for an element with no point to click. */
const UNCLICKABLE = /not clickable|not an Element|detached|not visible/i;

/** The matches of a click, looked up once: a count, and each element's handle made only when its turn comes. */
interface Matches {
  readonly count: number;
  elementAt(index: number): Promise<PageControl | null>;
  dispose(): Promise<void>;
}

/**
 * The selector's matches as one list held in the page (every match with `all`, else the first): a page of a million
 * matches costs one handle, not a million at once (a handle is made per click and let go after it).
 */
async function findMatches(page: BrowserPage, selector: string, all: boolean): Promise<Matches> {
  const list = await page.evaluateHandle((query, every) => (every ? Array.from(document.querySelectorAll(query)) : [document.querySelector(query)].filter((node) => node !== null)), selector, all);
  return {
    count: await list.evaluate((nodes) => nodes.length),
    elementAt: async (index) => (await list.evaluateHandle((nodes, at) => nodes[at], index)).asElement() as PageControl | null,
    dispose: () => list.dispose().catch(() => undefined),
  };
}

/**
 * Clicks each element in order until one starts a navigation; an element the page removed meanwhile is skipped. A
 * navigation can start just after its click returned: a failure of the next click is then the old document's end.
 */
async function clickEach(matches: Matches, navigating: () => boolean, assertTimeLeft: () => unknown): Promise<void> {
  for (let index = 0; index < matches.count; index++) {
    if (navigating()) return;
    // The count is the page's to tell (its own querySelectorAll): the job's time bounds the clicks, not the page.
    assertTimeLeft();
    let element: PageControl | null = null;
    try {
      element = await matches.elementAt(index);
      if (element && (await element.evaluate((node) => node.isConnected))) await clickControl(element);
    } catch (error) {
      if (index > 0 && navigating()) return;
      if (error instanceof Error && UNCLICKABLE.test(error.message)) throw actionFailed(`the element could not be clicked (${error.message})`);
      throw error;
    } finally {
      await element?.dispose().catch(() => undefined);
    }
  }
}

/** Clicks the first match (every match with `all`), then waits for a navigation the clicks started. */
export const clickBlock: BlockRunner<ClickDetails> = {
  type: 'click',
  details: ClickDetails,
  async run(context, details) {
    const matches = await findMatches(context.session.page, details.selector, details.all === true);
    try {
      if (matches.count === 0) throw actionFailed(`no element matches ${JSON.stringify(details.selector)}`);
      await context.session.afterAction((navigating) => clickEach(matches, navigating, () => context.assertTimeLeft()));
    } finally {
      await matches.dispose();
    }
    context.session.assertNotBlocked();
  },
};
