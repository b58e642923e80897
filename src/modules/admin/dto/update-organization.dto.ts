import { IsIn, registerDecorator } from 'class-validator';
import { PLAN_NAMES } from '../../../config/json-files.js';
import type { PlanName } from '../../../config/json-files.js';
import { PLAN_MESSAGE } from './create-organization.dto.js';
import { IsIntBetween, WhenNotNull, WhenPresent } from '../../../common/validation/validators.js';

/** `daily_limit: "unlimited"` lifts the daily limit for this organization whatever its plan says. */
export const UNLIMITED = 'unlimited';
const MAX_DAILY_LIMIT = 100_000_000;

/** An integer count, or the word "unlimited". */
function IsDailyLimit(): PropertyDecorator {
  return (target: object, propertyKey: string | symbol) =>
    registerDecorator({
      name: 'isDailyLimit',
      target: target.constructor,
      propertyName: propertyKey as string,
      options: { message: `daily_limit must be an integer from 0 to ${MAX_DAILY_LIMIT}, "${UNLIMITED}" or null` },
      validator: {
        validate: (value: unknown) => value === UNLIMITED || (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_DAILY_LIMIT),
      },
    });
}

/**
 * PATCH /admin/organizations/:id. An absent field is left alone; null clears the organization's override
 * (back to the plan's value).
 */
export class UpdateOrganizationDto {
  @WhenPresent() @IsIn(PLAN_NAMES, { message: PLAN_MESSAGE })
  plan?: PlanName;

  @WhenNotNull() @IsIntBetween(1, 100_000)
  concurrency?: number | null;

  @WhenNotNull() @IsDailyLimit()
  daily_limit?: number | typeof UNLIMITED | null;
}
