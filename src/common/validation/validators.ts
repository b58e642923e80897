import { registerDecorator, ValidateIf } from 'class-validator';

/** Validates the field when the key is given: unlike @IsOptional(), an explicit null is still checked (and refused). */
export const WhenPresent = (): PropertyDecorator => ValidateIf((_, value) => value !== undefined);

/** Validates the field unless it is absent or null; for fields where null means "clear the override". */
export const WhenNotNull = (): PropertyDecorator => ValidateIf((_, value) => value !== undefined && value !== null);

/** An integer within [min, max], with one message instead of three (@IsInt, @Min and @Max each complain about text). */
export function IsIntBetween(min: number, max: number): PropertyDecorator {
  return (target: object, propertyKey: string | symbol) =>
    registerDecorator({
      name: 'isIntBetween',
      target: target.constructor,
      propertyName: propertyKey as string,
      constraints: [min, max],
      options: { message: `${String(propertyKey)} must be an integer from ${min} to ${max}` },
      validator: { validate: (value: unknown) => Number.isInteger(value) && (value as number) >= min && (value as number) <= max },
    });
}
