import { Transform } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { ParamDoc } from '../../common/openapi/param-doc.js';
import { BooleanText } from '../../common/validation/boolean-text.js';
import { characterCount } from '../../common/validation/max-characters.js';
import { OneRule } from '../../common/validation/one-rule.js';
import { lastValue as last } from '../../common/validation/query-params.js';
import { GeographyQuery } from '../jobs/dto/geography-query.dto.js';

export const PROMPT_MAX_CHARS = 1000;

/** Characters are code points: one key press each when the prompt is typed. */
function promptProblem(value: unknown): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return 'prompt is required';
  if (typeof value !== 'string') return 'prompt must be text';
  if (characterCount(value) > PROMPT_MAX_CHARS) return `prompt must be at most ${PROMPT_MAX_CHARS} characters`;
  return null;
}

/** One rule, one message: a missing prompt is not also reported as too long and not a string. */
const IsPrompt = () =>
  // JSON Schema's lengths count code points, as this rule does.
  OneRule({ name: 'isPrompt', openapi: { type: 'string', minLength: 1, maxLength: PROMPT_MAX_CHARS }, problem: promptProblem });

/** GET /chat query parameters (spec, GET /chat). */
export class ChatQuery extends GeographyQuery {
  @ParamDoc({ description: 'The question, typed into the assistant as a person would', required: true })
  @Transform(last) @IsPrompt()
  prompt!: string;

  @ParamDoc('Premium proxy pool')
  @IsOptional() @BooleanText()
  premium?: boolean;

}
