import { IsOptional } from 'class-validator';
import { StrictBoolean } from '../../../common/validation/boolean-text.js';
import type { ContentFormat } from '../../../infra/content/page-content.js';
import { FormatParam, OutputParam, SelectorsParam } from '../../jobs/dto/content-query.js';
import type { Output } from '../../jobs/dto/content-query.js';
import { StrictPageQuery } from '../../jobs/dto/page-query.dto.js';

/** POST /crawl's query: the shared page parameters as JSON-style booleans, and the content ones (decisions.md 8.1). */
export class RecipeQuery extends StrictPageQuery {
  @FormatParam() format?: ContentFormat;
  @IsOptional() @StrictBoolean() main_content?: boolean;
  @SelectorsParam() include_selectors?: string[];
  @SelectorsParam() exclude_selectors?: string[];
  @OutputParam() output?: Output;
}
