import { ValidateIf } from 'class-validator';
/** Validates the field when the key is given: unlike @IsOptional(), an explicit null is still checked (and refused). */
export const WhenPresent = () => ValidateIf((_, value) => value !== undefined);
/** Validates the field unless it is absent or null; for fields where null means "clear the override". */
export const WhenNotNull = () => ValidateIf((_, value) => value !== undefined && value !== null);
/** Credits moved in one call; keeps balances far inside the 32-bit integer columns. */
export const MAX_CREDITS = 1_000_000_000;
