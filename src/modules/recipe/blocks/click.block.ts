import { IsBoolean, IsOptional } from 'class-validator';
import { IsCssSelector } from '../dto/recipe-validators.js';
import { actionFailed, release } from './action-failure.js';
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

/**
 * Clicks each element in order until one starts a navigation; an element the page removed meanwhile is skipped. A
 * navigation can start just after its click returned: a failure of the next click is then the old document's end.
 */
async function clickEach(elements: readonly PageControl[], navigating: () => boolean): Promise<void> {
  for (const [index, element] of elements.entries()) {
    if (navigating()) return;
    try {
      if (await element.evaluate((node) => node.isConnected)) await clickControl(element);
    } catch (error) {
      if (index > 0 && navigating()) return;
      if (error instanceof Error && UNCLICKABLE.test(error.message)) throw actionFailed(`the element could not be clicked (${error.message})`);
      throw error;
    }
  }
}

/** Clicks the first match (every match with `all`), then waits for a navigation the clicks started. */
export const clickBlock: BlockRunner<ClickDetails> = {
  type: 'click',
  details: ClickDetails,
  async run(context, details) {
    const { page } = context.session;
    const elements = details.all ? await page.$$(details.selector) : [await page.$(details.selector)].filter((element) => element !== null);
    if (elements.length === 0) throw actionFailed(`no element matches ${JSON.stringify(details.selector)}`);
    try {
      await context.session.afterAction((navigating) => clickEach(elements, navigating));
    } finally {
      await release(elements);
    }
    context.session.assertNotBlocked();
  },
};
