import { Transform } from 'class-transformer';
import { lastValue as last } from '../../../common/validation/query-params.js';
import { IsIn, IsNumber, IsOptional, IsString, Matches, MaxLength, Min, Max } from 'class-validator';
import { BooleanText, StrictBoolean } from '../../../common/validation/boolean-text.js';
import { WAIT_UNTIL } from '../../../infra/browser/page-options.js';
import type { WaitUntil } from '../../../infra/browser/page-options.js';
import { GeographyQuery } from './geography-query.dto.js';
import { DEVICE_SCALE_FACTOR } from './viewport-bounds.js';

const DPR_RANGE = `device_scale_factor must be between ${DEVICE_SCALE_FACTOR.min} and ${DEVICE_SCALE_FACTOR.max}`;

const toNumber = ({ value }: { value: unknown }) => {
  const text = last({ value });
  return text === undefined || text === '' ? text : Number(text);
};

/** Query parameters shared by GET /crawl, GET /screenshot and POST /crawl, apart from the flags. */
export class PageQueryBase extends GeographyQuery {
  @IsOptional() @Transform(last) @IsString() @MaxLength(8192)
  url?: string;

  @IsOptional() @Transform(last) @IsString() @MaxLength(2000)
  ai_query?: string;

  @IsOptional() @Transform(last) @IsIn(WAIT_UNTIL, { message: `wait_until must be one of ${WAIT_UNTIL.join(', ')}` })
  wait_until?: WaitUntil;

  @IsOptional() @Transform(last) @Matches(/^[1-9]\d{0,4}x[1-9]\d{0,4}$/, { message: 'viewport must be WIDTHxHEIGHT with positive integers, e.g. 1920x1080' })
  viewport?: string;

  @IsOptional() @Transform(toNumber) @IsNumber({}, { message: 'device_scale_factor must be a number' })
  @Min(DEVICE_SCALE_FACTOR.min, { message: DPR_RANGE }) @Max(DEVICE_SCALE_FACTOR.max, { message: DPR_RANGE })
  device_scale_factor?: number;

  @IsOptional() @Transform(last) @IsString() @MaxLength(512)
  user_agent?: string;
}

/** GET routes: flags are boolean text in any case. */
export class PageQuery extends PageQueryBase {
  @IsOptional() @BooleanText() premium?: boolean;
  @IsOptional() @BooleanText() js?: boolean;
  @IsOptional() @BooleanText() images?: boolean;
  @IsOptional() @BooleanText() adblock?: boolean;
  @IsOptional() @BooleanText() mobile?: boolean;
  @IsOptional() @BooleanText() landscape?: boolean;
  @IsOptional() @BooleanText() touch?: boolean;
}

/** POST /crawl: flags are JSON-style booleans, exactly `true` or `false`. */
export class StrictPageQuery extends PageQueryBase {
  @IsOptional() @StrictBoolean() premium?: boolean;
  @IsOptional() @StrictBoolean() js?: boolean;
  @IsOptional() @StrictBoolean() images?: boolean;
  @IsOptional() @StrictBoolean() adblock?: boolean;
  @IsOptional() @StrictBoolean() mobile?: boolean;
  @IsOptional() @StrictBoolean() landscape?: boolean;
  @IsOptional() @StrictBoolean() touch?: boolean;
}
