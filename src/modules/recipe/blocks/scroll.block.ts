import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import type { FieldErrors } from '../../../common/errors/app-error.js';
import { IsCssSelector } from '../dto/recipe-validators.js';
import { findElement, release } from './action-failure.js';
import type { BlockRunner } from './block-runner.js';

export class ScrollDetails {
  @IsOptional()
  @IsIn(['down', 'up'])
  direction?: 'down' | 'up';

  @IsOptional()
  @Max(1_000_000)
  @Min(1)
  @IsInt()
  pixels?: number;

  @IsOptional()
  @IsCssSelector()
  selector?: string;
}

/** Runs in the page: `instant`, so a page's smooth scrolling does not leave the window half-way when the block ends. */
function scrollWindow(sign: number, pixels: number | null): void {
  window.scrollBy({ top: sign * (pixels ?? window.innerHeight), behavior: 'instant' });
}

/** Scrolls the window `pixels` (default one viewport) down or up, or brings the element matching `selector` into view. */
export const scrollBlock: BlockRunner<ScrollDetails> = {
  type: 'scroll',
  details: ScrollDetails,
  check(details): FieldErrors {
    if (details.selector === undefined || (details.direction === undefined && details.pixels === undefined)) return {};
    return { selector: ['scroll to a selector, or by direction and pixels, not both'] };
  },
  async run(context, details) {
    const { page } = context.session;
    if (details.selector === undefined) {
      await page.evaluate(scrollWindow, details.direction === 'up' ? -1 : 1, details.pixels ?? null);
      return;
    }
    const element = await findElement(page, details.selector);
    try {
      await element.evaluate((node) => node.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' }));
    } finally {
      await release([element]);
    }
  },
};
