import { Transform } from 'class-transformer';
import { IsInt, IsString, Matches, Max, MaxLength, Min, NotEquals } from 'class-validator';
import { trim } from './create-organization.dto.js';
import { MAX_CREDITS } from './present.js';

/** POST /admin/organizations/:id/credits (also `cli credits:grant`): a negative amount corrects. */
export class GrantCreditsDto {
  @IsInt({ message: 'amount must be an integer' }) @NotEquals(0, { message: 'amount must not be 0' }) @Min(-MAX_CREDITS) @Max(MAX_CREDITS)
  amount!: number;

  @Transform(trim) @IsString() @Matches(/\S/, { message: 'reason must not be blank' }) @MaxLength(255)
  reason!: string;
}
