import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsDefined, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { BLOCK_TYPES } from '../blocks/block-registry.js';

/** decisions.md 8.3: at most 50 blocks, `start` included. */
export const MAX_BLOCKS = 50;

// Validated with stopAtFirstError, which tries the decorator nearest the property first: type checks sit last.

/** POST /crawl's body, apart from the blocks' own fields (validated one by one, see parse-recipe.ts). */
export class RecipeBodyDto {
  @IsOptional()
  @MaxLength(200)
  @IsString()
  name?: string;

  @IsOptional()
  @MaxLength(100)
  @IsString()
  expectedOutput?: string;

  @IsDefined({ message: 'blocks is required' })
  @ArrayMaxSize(MAX_BLOCKS)
  @ArrayNotEmpty({ message: 'blocks must hold at least one block' })
  @IsArray()
  blocks!: unknown[];
}

/** One block's envelope; its `details` are validated by the DTO of its type (blocks/<type>.block.ts). */
export class BlockDto {
  @IsDefined({ message: 'type is required' })
  @IsIn(BLOCK_TYPES, { message: `type must be a supported block type: ${BLOCK_TYPES.join(', ')}` })
  type!: string;

  @IsOptional()
  @MaxLength(100)
  @IsNotEmpty()
  @IsString()
  id?: string;

  @IsOptional()
  @IsBoolean()
  optional?: boolean;

  @IsDefined({ message: 'details is required' })
  @IsObject({ message: 'details must be an object' })
  details!: Record<string, unknown>;
}
