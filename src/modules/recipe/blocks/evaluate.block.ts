import { IsNotEmpty, IsString } from 'class-validator';
import { MaxCharacters } from '../../../common/validation/max-characters.js';
import { EvaluationFailure } from '../../../infra/browser/bounded-evaluation.js';
import { actionFailed } from './action-failure.js';
import type { BlockRunner } from './block-runner.js';

/** decisions.md 8.3: the script's time and its value's size. */
export const EVALUATE_TIMEOUT_MS = 5000;
export const EVALUATE_MAX_BYTES = 1024 * 1024;

export class EvaluateDetails {
  @MaxCharacters(10_000)
  @IsNotEmpty()
  @IsString()
  script!: string;
}

/**
 * Runs the caller's expression in the page (its main world: the page is the sandbox, as for its own scripts), awaits
 * a promise, and appends the JSON value (undefined as null) to `data.evaluations`.
 */
export const evaluateBlock: BlockRunner<EvaluateDetails> = {
  type: 'evaluate',
  details: EvaluateDetails,
  list: 'evaluations',
  needsScripts: true,
  async run(context, details) {
    let value: unknown;
    try {
      value = await context.session.evaluateScript(details.script, { timeoutMs: EVALUATE_TIMEOUT_MS, maxBytes: EVALUATE_MAX_BYTES });
    } catch (error) {
      if (error instanceof EvaluationFailure) throw actionFailed(error.message);
      throw error;
    }
    context.append('evaluations', value);
  },
};
