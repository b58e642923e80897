import { Transform } from 'class-transformer';
import { IsString, Matches, MaxLength, NotEquals } from 'class-validator';
import { trim } from './create-organization.dto.js';
import { IsIntBetween } from '../../../common/validation/validators.js';
import { MAX_CREDITS } from './max-credits.js';

/** POST /admin/organizations/:id/credits (also `cli credits:grant`): a negative amount corrects. */
export class GrantCreditsDto {
  @IsIntBetween(-MAX_CREDITS, MAX_CREDITS) @NotEquals(0, { message: 'amount must not be 0' })
  amount!: number;

  @MaxLength(255) @Matches(/\S/, { message: 'reason must not be blank' }) @IsString() @Transform(trim)
  reason!: string;
}
