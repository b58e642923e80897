import { IsString } from 'class-validator';
import { MaxCharacters } from '../../../common/validation/max-characters.js';
import { typeLikeAPerson } from '../../../infra/browser/human-typing.js';
import { IsCssSelector } from '../dto/recipe-validators.js';
import { findElement, release } from './action-failure.js';
import type { BlockRunner } from './block-runner.js';

export class TypeDetails {
  @IsCssSelector()
  selector!: string;

  @MaxCharacters(1000)
  @IsString()
  text!: string;
}

/** Focuses the element and types `text` one key press per character, as GET /chat types its prompt. */
export const typeBlock: BlockRunner<TypeDetails> = {
  type: 'type',
  details: TypeDetails,
  async run(context, details) {
    const { page } = context.session;
    const element = await findElement(page, details.selector);
    try {
      await element.focus();
    } finally {
      await release([element]);
    }
    await typeLikeAPerson(page, details.text, { newline: 'enter', beforeKey: () => void context.assertTimeLeft() });
  },
};
