import { Transform } from 'class-transformer';
import { IsOptional, registerDecorator } from 'class-validator';
import { ParamDoc } from '../../common/openapi/param-doc.js';
import { BooleanText } from '../../common/validation/boolean-text.js';
import { lastValue as last } from '../../common/validation/query-params.js';
import { GeographyQuery } from '../jobs/dto/geography-query.dto.js';

export const PROMPT_MAX_CHARS = 1000;

/** Characters are code points: one key press each when the prompt is typed. */
function promptProblem(value: unknown): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return 'prompt is required';
  if (typeof value !== 'string') return 'prompt must be text';
  if ([...value].length > PROMPT_MAX_CHARS) return `prompt must be at most ${PROMPT_MAX_CHARS} characters`;
  return null;
}

/** One rule, one message: a missing prompt is not also reported as too long and not a string. */
function IsPrompt(): PropertyDecorator {
  return (target: object, propertyKey: string | symbol) =>
    registerDecorator({
      name: 'isPrompt',
      target: target.constructor,
      propertyName: propertyKey as string,
      // JSON Schema's lengths count code points, as this rule does.
      constraints: [{ openapi: { type: 'string', minLength: 1, maxLength: PROMPT_MAX_CHARS } }],
      validator: {
        validate: (value: unknown) => promptProblem(value) === null,
        defaultMessage: (args) => promptProblem(args?.value) ?? 'prompt is invalid',
      },
    });
}

/** GET /chat query parameters (spec, GET /chat). */
export class ChatQuery extends GeographyQuery {
  @ParamDoc({ description: 'The question, typed into the assistant as a person would', required: true })
  @Transform(last) @IsPrompt()
  prompt!: string;

  @ParamDoc('Premium proxy pool')
  @IsOptional() @BooleanText()
  premium?: boolean;

}
