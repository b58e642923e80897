import { Equals } from 'class-validator';
import { IsHttpUrl } from '../dto/recipe-validators.js';
import type { Recipe } from '../recipe.types.js';
import type { BlockRunner } from './block-runner.js';

export class StartDetails {
  @Equals('url', { message: 'type must be "url"' })
  type!: 'url';

  @IsHttpUrl()
  source!: string;
}

/** The recipe's starting URL; parseRecipe guarantees the first block is the only start block. */
export function startUrl(recipe: Recipe): string {
  return (recipe.blocks[0].details as unknown as StartDetails).source;
}

/** Opens `source`. A paginate that repeats from here goes on with the page it reached instead. */
export const startBlock: BlockRunner<StartDetails> = {
  type: 'start',
  details: StartDetails,
  async run(context, details) {
    if (context.pagesRead > 0) return;
    const navigation = await context.session.goto(details.source);
    context.session.assertNotBlocked();
    await context.begin(navigation);
  },
};
