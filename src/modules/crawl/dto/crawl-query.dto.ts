import { Transform } from 'class-transformer';
import { ParamDoc } from '../../../common/openapi/param-doc.js';
import { BooleanText } from '../../../common/validation/boolean-text.js';
import { IsOptional, IsString, registerDecorator } from 'class-validator';
import { lastValue } from '../../../common/validation/query-params.js';
import { withContentParams } from '../../jobs/dto/content-query.js';
import { PageQuery } from '../../jobs/dto/page-query.dto.js';
import { MAX_AGE_LIMIT_MS } from '../../page-cache/page-copy.js';

const MAX_AGE_RANGE = `max_age must be an integer from 0 to ${MAX_AGE_LIMIT_MS} (milliseconds)`;

/** One rule and one message for max_age, whatever is wrong with it; its schema is stated for OpenAPI. */
function MillisecondsUpTo(max: number): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => registerDecorator({
    name: 'millisecondsUpTo',
    target: target.constructor,
    propertyName: propertyName as string,
    constraints: [{ openapi: { type: 'integer', minimum: 0, maximum: max } }],
    options: { message: MAX_AGE_RANGE },
    validator: { validate: (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= max },
  });
}

/** Digits only: an empty, signed, fractional or hexadecimal text is refused rather than read as some number. */
const toMilliseconds = ({ value }: { value: unknown }) => {
  const text = lastValue({ value });
  if (text === undefined) return undefined;
  return /^\d{1,15}$/.test(String(text)) ? Number(text) : Number.NaN;
};

/** GET /crawl: the shared page parameters and the content ones (decisions.md 8.1). */
export class CrawlQuery extends withContentParams(PageQuery, BooleanText) {
  /** Parsed and checked by parseStructuredParams (decisions.md 8.2); declared so that the query accepts them. */
  @ParamDoc({
    description:
      'JSON rules mapping names to a CSS selector (the first match\'s text) or {selector, type: item|list, output: text|html|markdown|@<attribute>, fields: {...}}; ' +
      'at most 10,000 characters, 50 rules, nesting depth 3, 1,000 entries a list; read from the whole document; answers data.extracted (free)',
    example: '{"name": "h1", "links": {"selector": "a", "type": "list", "output": "@href"}}',
  })
  @IsOptional() @Transform(lastValue) @IsString() extract?: string;
  @ParamDoc({
    description:
      'A JSON Schema (draft 2020-12, root {"type": "object"}, at most 10,000 characters) that the model\'s answer must conform to, asked once more with the errors ' +
      'when it does not; answers data.json (+5 credits, once, also with ai_query); still not conforming: 500 ai_invalid_output, billed (decisions 9, amending 8.2)',
    example: '{"type": "object", "properties": {"price": {"type": "number"}}, "required": ["price"]}',
  })
  @IsOptional() @Transform(lastValue) @IsString() ai_schema?: string;
  @ParamDoc({
    description:
      'decisions.md 9.6: answer from this organization\'s stored copy of the page (same URL key, same fetch options) when it is younger than this many ' +
      `milliseconds (0 to ${MAX_AGE_LIMIT_MS}; 0, the default, always fetches). A hit costs cache_hit (1) plus any ai_query/ai_schema surcharge and says X-Cache: hit`,
    example: '3600000',
  })
  @IsOptional() @Transform(toMilliseconds) @MillisecondsUpTo(MAX_AGE_LIMIT_MS)
  max_age?: number;
  @ParamDoc('Keep this fetch\'s page as the stored copy that max_age answers from (default true; only 2xx answers are stored)')
  @IsOptional() @BooleanText() store?: boolean;
}
