import type { BrowserPage } from '../../../infra/browser/page-options.js';
import { IsKeyName } from '../dto/recipe-validators.js';
import type { BlockRunner } from './block-runner.js';

type KeyName = Parameters<BrowserPage['keyboard']['press']>[0];

export class PressDetails {
  @IsKeyName()
  key!: string;
}

/** Presses one key (Enter submits the form of the focused field), then waits for a navigation it started. */
export const pressBlock: BlockRunner<PressDetails> = {
  type: 'press',
  details: PressDetails,
  async run(context, details) {
    const { page } = context.session;
    await context.session.afterAction(() => page.keyboard.press(details.key as KeyName));
    context.session.assertNotBlocked();
  },
};
