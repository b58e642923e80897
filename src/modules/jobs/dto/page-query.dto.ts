import { Transform } from 'class-transformer';
import { lastValue as last, OneOfParam, UserAgentParam } from '../../../common/validation/query-params.js';
import { IsNumber, IsOptional, IsString, Matches, MaxLength, Min, Max } from 'class-validator';
import { ParamDoc } from '../../../common/openapi/param-doc.js';
import { BooleanText, StrictBoolean } from '../../../common/validation/boolean-text.js';
import { WAIT_UNTIL } from '../../../infra/browser/page-options.js';
import type { WaitUntil } from '../../../infra/browser/page-options.js';
import { GeographyQuery } from './geography-query.dto.js';
import { DEVICE_SCALE_FACTOR } from './viewport-bounds.js';

const DPR_RANGE = `device_scale_factor must be between ${DEVICE_SCALE_FACTOR.min} and ${DEVICE_SCALE_FACTOR.max}`;

/** A number written in decimal digits (`2`, `1.5`, `.5`), as a viewport's sides are: not `0x2`, `1e0`, ` 2` or `Infinity`, which Number() reads. */
const DECIMAL = /^(?:\d+(?:\.\d+)?|\.\d+)$/;

const toNumber = ({ value }: { value: unknown }) => {
  const text = last({ value });
  if (text === undefined || text === '' || typeof text === 'number') return text;
  return typeof text === 'string' && DECIMAL.test(text) ? Number(text) : Number.NaN;
};

/** The flags' meaning, the same whether read as boolean text (GET) or strict booleans (POST). */
const FLAG = {
  premium: { description: 'Premium proxy pool', default: 'false' },
  js: { description: 'Render with JavaScript', default: 'true' },
  // Its default is the route's: no single value to state.
  images: { description: 'Load images (default: false on GET /crawl and POST /crawl, true on GET /screenshot)' },
  adblock: { description: 'Block ads and trackers', default: 'true' },
  mobile: { description: 'Mobile emulation (requires viewport)', default: 'false' },
  landscape: { description: 'Landscape orientation (requires viewport)', default: 'false' },
  touch: { description: 'Touch events (requires viewport)', default: 'false' },
} as const;

/** How the page is loaded and shown: shared by GET /crawl, GET /screenshot and POST /crawl, apart from the flags. */
export class PageOptionsQuery extends GeographyQuery {
  @ParamDoc({ description: 'When the page counts as loaded', default: 'networkidle0' })
  @OneOfParam(WAIT_UNTIL)
  wait_until?: WaitUntil;

  @ParamDoc({ description: 'WIDTHxHEIGHT, each side 1 to 4000', default: '1920x1080', example: '1920x1080' })
  @IsOptional() @Transform(last) @Matches(/^[1-9]\d{0,4}x[1-9]\d{0,4}$/, { message: 'viewport must be WIDTHxHEIGHT with positive integers, e.g. 1920x1080' })
  viewport?: string;

  @ParamDoc('Device pixel ratio (requires viewport)')
  @IsOptional() @Transform(toNumber) @IsNumber({}, { message: 'device_scale_factor must be a number' })
  @Min(DEVICE_SCALE_FACTOR.min, { message: DPR_RANGE }) @Max(DEVICE_SCALE_FACTOR.max, { message: DPR_RANGE })
  device_scale_factor?: number;

  @ParamDoc('User-Agent to send')
  @UserAgentParam()
  user_agent?: string;
}

/** GET /crawl and GET /screenshot: the page named in the query, and the model's question about it. */
export class PageQueryBase extends PageOptionsQuery {
  @ParamDoc({ description: 'The page, http or https', required: true, format: 'uri' })
  @IsOptional() @Transform(last) @IsString() @MaxLength(8192)
  url?: string;

  @ParamDoc('A question about the page, answered by the model (+5 credits on GET /crawl; free on GET /screenshot)')
  @IsOptional() @Transform(last) @IsString() @MaxLength(2000)
  ai_query?: string;
}

/** TypeScript's mixin form: a base constructor taking `any[]` (query classes take no arguments). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type QueryClass = new (...args: any[]) => object;

/**
 * The page flags declared on `Base`, each optional, documented by FLAG and read by `flag`: one list, so the GET and POST
 * routes cannot drift apart in which flags they take.
 */
function withPageFlags<B extends QueryClass>(Base: B, flag: () => PropertyDecorator) {
  class PageFlags extends Base {
    premium?: boolean;
    js?: boolean;
    images?: boolean;
    adblock?: boolean;
    mobile?: boolean;
    landscape?: boolean;
    touch?: boolean;
  }
  // In the order a decorator list `@ParamDoc @IsOptional @flag` applies: the nearest first.
  for (const name of Object.keys(FLAG) as Array<keyof typeof FLAG>) for (const decorate of [flag(), IsOptional(), ParamDoc(FLAG[name])]) decorate(PageFlags.prototype, name);
  return PageFlags;
}

/** GET routes: flags are boolean text in any case. */
export class PageQuery extends withPageFlags(PageQueryBase, BooleanText) {}

/** POST /crawl: flags are JSON-style booleans, exactly `true` or `false`; the page is the recipe's start block. */
export class StrictPageQuery extends withPageFlags(PageOptionsQuery, StrictBoolean) {}
