import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import type { FieldErrors } from '../../../common/errors/app-error.js';
import { IsCssSelector } from '../dto/recipe-validators.js';
import type { BlockContext, BlockRunner } from './block-runner.js';
import { isDisabled, turnPage } from './page-turn.js';

export class PaginateDetails {
  @IsCssSelector()
  selector!: string;

  @MaxLength(100)
  @IsNotEmpty()
  @IsString()
  startBlock!: string;
}

/** Clicks to the next page; true when a page not read before was reached. */
async function nextPage(context: BlockContext, selector: string): Promise<boolean> {
  const { page } = context.session;
  const control = await page.$(selector);
  if (!control) return false;
  try {
    if (await isDisabled(control)) return false;
    await turnPage(context.session, control, context.assertTimeLeft());
  } finally {
    // After a navigation the handle's document is gone; disposing it then is harmless.
    await control.dispose().catch(() => undefined);
  }
  context.session.assertNotBlocked();
  return context.arrive();
}

/**
 * Clicks `selector` and repeats from the block whose id is `startBlock`. Stops (and the recipe goes on with the
 * next block) when the control is missing or disabled, when a page repeats, or when maxPages pages were read.
 */
export const paginateBlock: BlockRunner<PaginateDetails> = {
  type: 'paginate',
  details: PaginateDetails,
  /** It runs the recipe again from an earlier block: one after it, or itself, would skip blocks or extract nothing. */
  check(details, { ids, earlier }): FieldErrors {
    if (earlier.some((block) => block.id === details.startBlock)) return {};
    const problem = ids.has(details.startBlock) ? 'names no block before this paginate block' : 'names no block of this recipe';
    return { startBlock: [`startBlock "${details.startBlock}" ${problem}`] };
  },
  async run(context, details) {
    if (context.pagesRead >= context.maxPages) return;
    if (await nextPage(context, details.selector)) return { repeatFrom: details.startBlock };
  },
};
