import { Transform } from 'class-transformer';
import { IsDefined, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { BooleanText } from '../../common/validation/boolean-text.js';

const last = ({ value }: { value: unknown }) => (Array.isArray(value) ? value[value.length - 1] : value);

export const PROMPT_MAX_CHARS = 1000;

/** GET /chat query parameters (spec, GET /chat). */
export class ChatQuery {
  // MaxLength counts a surrogate pair (an emoji) as one character, like the one key press that types it.
  @IsDefined({ message: 'prompt is required' })
  @Transform(last)
  @IsString()
  @Matches(/\S/, { message: 'prompt must not be empty' })
  @MaxLength(PROMPT_MAX_CHARS, { message: `prompt must be at most ${PROMPT_MAX_CHARS} characters` })
  prompt!: string;

  @IsOptional() @BooleanText()
  premium?: boolean;

  @IsOptional() @Transform(last) @Matches(/^[A-Za-z]{2}$/, { message: 'country must be a two-letter ISO 3166-1 alpha-2 code' })
  country?: string;

  @IsOptional() @Transform(last) @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'city may hold only letters, digits, hyphens and underscores' })
  city?: string;

  @IsOptional() @Transform(last) @IsString()
  key?: string;
}
