import { Transform } from 'class-transformer';
import { IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { PLAN_NAMES } from '../../../config/json-files.js';
import type { PlanName } from '../../../config/json-files.js';
import { IsIntBetween, WhenPresent } from '../../../common/validation/validators.js';
import { MAX_CREDITS } from './max-credits.js';

export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
export const PLAN_MESSAGE = `plan must be one of ${PLAN_NAMES.join(', ')}`;

/** POST /admin/organizations (also `cli org:create`). */
export class CreateOrganizationDto {
  @MaxLength(200) @Matches(/\S/, { message: 'name must not be blank' }) @IsString() @Transform(trim)
  name!: string;

  @WhenPresent() @IsIn(PLAN_NAMES, { message: PLAN_MESSAGE })
  plan?: PlanName;

  /** Default: the free allowance for `free`, else 0. */
  @WhenPresent() @IsIntBetween(0, MAX_CREDITS)
  credits?: number;
}
