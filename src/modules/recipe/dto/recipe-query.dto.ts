import { IsOptional } from 'class-validator';
import { ParamDoc } from '../../../common/openapi/param-doc.js';
import { StrictBoolean } from '../../../common/validation/boolean-text.js';
import type { ContentFormat } from '../../../infra/content/page-content.js';
import { CONTENT_DOCS, FormatParam, OutputParam, SelectorsParam } from '../../jobs/dto/content-query.js';
import type { Output } from '../../jobs/dto/content-query.js';
import { StrictPageQuery } from '../../jobs/dto/page-query.dto.js';

/** POST /crawl's query: the shared page parameters as JSON-style booleans, and the content ones (decisions.md 8.1). */
export class RecipeQuery extends StrictPageQuery {
  @ParamDoc(CONTENT_DOCS.format) @FormatParam() format?: ContentFormat;
  @ParamDoc(CONTENT_DOCS.main_content) @IsOptional() @StrictBoolean() main_content?: boolean;
  @ParamDoc(CONTENT_DOCS.include_selectors) @SelectorsParam() include_selectors?: string[];
  @ParamDoc(CONTENT_DOCS.exclude_selectors) @SelectorsParam() exclude_selectors?: string[];
  @ParamDoc(CONTENT_DOCS.output) @OutputParam() output?: Output;
}
