import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { CITY_CHARACTERS, CITY_MAX_LENGTH, COUNTRY_CODE } from './geography.js';

/**
 * The one value of a query parameter. A repeated parameter never reaches a route (single-valued-query.interceptor.ts
 * refuses it first): an array here is a caller other than HTTP's query parser, and its last value is taken.
 */
export const lastValue = ({ value }: { value: unknown }) => (Array.isArray(value) ? value[value.length - 1] : value);

/** A parameter that takes one of `values` (its last value); anything else is refused with the list it takes. */
export function OneOfParam(values: readonly string[]): PropertyDecorator {
  return (target, propertyKey) =>
    applyDecorators(IsOptional(), Transform(lastValue), IsIn([...values], { message: `${String(propertyKey)} must be one of ${values.join(', ')}` }))(target, propertyKey);
}

/** `country`: an officially assigned ISO 3166-1 alpha-2 code, any case (a country name, UK or EU is refused). */
export const CountryParam = () =>
  applyDecorators(IsOptional(), Transform(lastValue), Matches(COUNTRY_CODE, { message: 'country must be an officially assigned ISO 3166-1 alpha-2 code (GB, not UK)' }));

/** `city`: letters, digits, hyphens and underscores only (so `.` and `;` are refused), each rule with its own message. */
export const CityParam = () =>
  applyDecorators(
    IsOptional(),
    Transform(lastValue),
    Matches(CITY_CHARACTERS, { message: 'city may hold only ASCII letters, digits, hyphens and underscores' }),
    MaxLength(CITY_MAX_LENGTH, { message: `city must be at most ${CITY_MAX_LENGTH} characters` }),
  );

/** `key`: the API key for callers that cannot set a header (the guard reads it). */
export const KeyParam = () => applyDecorators(IsOptional(), Transform(lastValue), IsString());

/**
 * What a header value may hold (RFC 9110 field-value: visible ASCII, space, tab, and the obs-text bytes): a line
 * break or a NUL would end or split the header, and Chromium and Node refuse it only once the job runs.
 */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** `user_agent`: sent as the User-Agent header, so a header value of at most 512 characters. */
export const UserAgentParam = () =>
  applyDecorators(IsOptional(), Transform(lastValue), IsString(), MaxLength(512),
    Matches(HEADER_VALUE, { message: 'user_agent may not hold control characters (line breaks, NUL) or characters beyond U+00FF' }));
