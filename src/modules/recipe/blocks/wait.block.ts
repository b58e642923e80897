import { setTimeout as sleep } from 'node:timers/promises';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import type { FieldErrors } from '../../../common/errors/app-error.js';
import { IsCssSelector } from '../dto/recipe-validators.js';
import { actionFailed } from './action-failure.js';
import type { BlockRunner } from './block-runner.js';

/** decisions.md 8.3: a selector must show within 10 s; the recipe's waits, as written, add up to at most 60 s. */
export const SELECTOR_WAIT_MS = 10_000;
export const MAX_TOTAL_WAIT_MS = 60_000;

export class WaitDetails {
  @IsOptional()
  @Max(10_000)
  @Min(1)
  @IsInt()
  milliseconds?: number;

  @IsOptional()
  @IsCssSelector()
  selector?: string;
}

function waitedBefore(earlier: readonly { type: string; details: Readonly<Record<string, unknown>> }[]): number {
  return earlier.reduce((sum, block) => sum + (block.type === 'wait' ? Number(block.details.milliseconds ?? 0) : 0), 0);
}

/** Waits `milliseconds`, or until an element matching `selector` is present and visible (action_failed after 10 s). */
export const waitBlock: BlockRunner<WaitDetails> = {
  type: 'wait',
  details: WaitDetails,
  check(details, { earlier }): FieldErrors {
    const given = [details.milliseconds, details.selector].filter((value) => value !== undefined).length;
    if (given !== 1) return { milliseconds: ['a wait block takes exactly one of milliseconds and selector'] };
    if (details.milliseconds === undefined || waitedBefore(earlier) + details.milliseconds <= MAX_TOTAL_WAIT_MS) return {};
    return { milliseconds: [`the wait blocks of a recipe add up to at most ${MAX_TOTAL_WAIT_MS} milliseconds`] };
  },
  async run(context, details) {
    if (details.milliseconds !== undefined) {
      await sleep(Math.min(details.milliseconds, context.assertTimeLeft()));
      return;
    }
    const selector = details.selector!;
    const timeout = Math.min(SELECTOR_WAIT_MS, context.assertTimeLeft());
    const found = await context.session.page.waitForSelector(selector, { visible: true, timeout }).catch((error: unknown) => {
      if ((error as Error | null)?.name === 'TimeoutError') return null;
      throw error;
    });
    if (found) return void (await found.dispose().catch(() => undefined));
    context.assertTimeLeft();
    throw actionFailed(`no element matching ${JSON.stringify(selector)} was present and visible within ${SELECTOR_WAIT_MS / 1000} s`);
  },
};
